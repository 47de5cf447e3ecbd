package smoke

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The binary users get holds no test-only code (issues 37 and 39): the
// loopback bridge is not linked in, and the test commands and flags are
// refused as bad usage (exit 2) with a sentence that says they are test-only.
// `make dist-test` runs it on the packaged /usr/bin/clusterdeck too.
func TestDesktopSmokeReleaseHoldsNoTestCode(t *testing.T) {
	bin, _ := desktopEnv(t)
	refusesTestOnly(t, bin)
}

func refusesTestOnly(t *testing.T, bin string) {
	t.Helper()
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	assert.False(t, bytes.Contains(data, []byte("CLUSTERDECK_BRIDGE_URL=")), "the bridge's code is in %s", bin)
	for _, args := range [][]string{
		{"bridge"}, {"bridge", "--demo-control"}, {"bridge", "--save-dir", os.TempDir()},
		{"demo-api", "--control"}, {"demo-api", "-control=true"},
		{"--demo-clusters=10"}, {"--demo-control"}, {"window", "--demo-time-scale=60"},
	} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "%v ran in the release binary: %s", args, out)
		assert.Equal(t, 2, exit.ExitCode(), "%v: %s", args, out)
		assert.Contains(t, string(out), "test-only", "%v", args)
	}
	out, err := exec.Command(bin, "--save-dir", os.TempDir()).CombinedOutput()
	assert.Error(t, err, "the window took --save-dir: %s", out)
}

// The binary says what it is and what it takes (issue 39).
func TestDesktopSmokeVersionAndHelp(t *testing.T) {
	bin, _ := desktopEnv(t)
	saysVersionAndHelp(t, bin)
}

func saysVersionAndHelp(t *testing.T, bin string) {
	t.Helper()
	out, err := exec.Command(bin, "--version").Output()
	require.NoError(t, err)
	assert.Regexp(t, `^clusterdeck \S+\n$`, string(out))
	assert.NotEqual(t, "clusterdeck dev\n", string(out), "the build did not set main.version")
	out, err = exec.Command(bin, "--help").Output()
	require.NoError(t, err)
	for _, command := range []string{"window", "demo-api", "validate", "ensure", "run"} {
		assert.Contains(t, string(out), "  "+command+" ")
	}
}
