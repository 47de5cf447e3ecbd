package app

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/finder"
)

// The palette's names come from what the app holds: once the demo's list
// has been watched, its all-purpose clusters are there by name and state,
// in the demo workspace, without another call.
func TestFinderListsTheWatchedWorkspacesClusters(t *testing.T) {
	a, _ := newClustersApp(t)
	entries, err := a.Finder.Entries()
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing listed yet, nothing cached")

	require.NoError(t, a.Fleet.Watch())
	t.Cleanup(func() { _ = a.Fleet.Unwatch() })
	require.Eventually(t, func() bool {
		entries, err = a.Finder.Entries()
		return err == nil && len(entries) > 0
	}, 20*time.Second, 20*time.Millisecond)
	names := map[string]finder.Entry{}
	for _, e := range entries {
		assert.Equal(t, "demo", e.Workspace)
		names[e.Name] = e
	}
	require.Contains(t, names, "shared-analytics")
	assert.Equal(t, finder.Cluster, names["shared-analytics"].Kind)
	assert.Equal(t, "running", names["shared-analytics"].Detail)
}
