package workspaceapi_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The SDK's root package builds every service client there is; importing it
// anywhere in the app (even for an error alias) links them all back in.
func TestTheAppDoesNotLinkEveryService(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-tags", "desktop,production", "../..").CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := strings.Fields(string(out))
	assert.True(t, slices.Contains(deps, "github.com/databricks/databricks-sdk-go/service/compute"), "the listing names the services")
	assert.False(t, slices.Contains(deps, "github.com/databricks/databricks-sdk-go"),
		"the app imports the SDK's root package: use workspaceapi.New and apierr instead")
}
