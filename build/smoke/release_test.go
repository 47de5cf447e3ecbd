package smoke

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The binary users get holds no test-only code (issue 37): the loopback
// bridge is not linked in, and the test commands and flags say so.
func TestDesktopSmokeReleaseHoldsNoTestCode(t *testing.T) {
	bin, _ := desktopEnv(t)
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	assert.False(t, bytes.Contains(data, []byte("CLUSTERDECK_BRIDGE_URL=")), "the bridge's code is in %s", bin)
	for _, args := range [][]string{{"bridge"}, {"demo-api", "--control"}, {"--demo-clusters=10"}} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		assert.Error(t, err, "%v ran in the release binary: %s", args, out)
		assert.Contains(t, string(out), "test-only", "%v", args)
	}
}
