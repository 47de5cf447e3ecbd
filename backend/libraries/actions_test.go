package libraries

import (
	"slices"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

func TestActionsByState(t *testing.T) {
	for _, tc := range []struct {
		state   compute.State
		restart bool
		queued  bool
	}{
		{compute.StateRunning, true, false},
		{compute.StateTerminated, false, true},
		{compute.StateTerminating, false, true},
		{compute.StatePending, false, false},
	} {
		t.Run(string(tc.state), func(t *testing.T) {
			a := Actions(tc.state)
			assert.Contains(t, a, ActionInstall)
			assert.Equal(t, tc.restart, slices.Contains(a, ActionRestart))
			assert.Equal(t, tc.queued, strings.Contains(installNote(tc.state), "next start"))
		})
	}
	assert.Empty(t, Actions(compute.StateUnknown))
}

func TestOnlyInstallStepsKeepTheTabPolling(t *testing.T) {
	for s, want := range map[compute.LibraryInstallStatus]bool{
		compute.LibraryInstallStatusPending: true, compute.LibraryInstallStatusResolving: true, compute.LibraryInstallStatusInstalling: true,
		compute.LibraryInstallStatusInstalled: false, compute.LibraryInstallStatusFailed: false, compute.LibraryInstallStatusRestored: false,
		compute.LibraryInstallStatusSkipped: false, compute.LibraryInstallStatusUninstallOnRestart: false,
	} {
		assert.Equal(t, want, transitional[s], s)
	}
}
