package smoke

import (
	"fmt"
	"image"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The page keeps its choices (theme, compute columns) in localStorage. In the
// Linux window that is WebKitGTK's, which Wails leaves on the default,
// persistent data manager: $XDG_DATA_HOME/clusterdeck/localstorage. This
// proves a choice survives a restart: pick Dark in Settings, quit, start
// again with the same HOME, and the window opens dark.
func TestDesktopSmokeKeepsThemeAcrossRestart(t *testing.T) {
	bin, artifacts := desktopEnv(t)
	home := t.TempDir()

	first := startDesktop(t, bin, home)
	// Positions in the 1440x900 Xvfb screen of `make desktop-smoke`: the
	// Settings entry of the side bar, then the Dark button of Appearance.
	// A moved control fails here, on the first run, not as "not kept".
	click(t, 120, 603)
	click(t, 506, 216)
	require.True(t, waitForLuma(t, filepath.Join(artifacts, "theme-first-run.png"), dark),
		"choosing Dark in Settings did not darken the window (see theme-first-run.png)")
	first.stop(t)

	second := startDesktop(t, bin, home)
	require.True(t, waitForLuma(t, filepath.Join(artifacts, "theme-after-restart.png"), dark),
		"the window opened light after a restart: the theme was not kept (see theme-after-restart.png)")
	second.stop(t)
}

// click presses slowly: WebKitGTK ignores xdotool's instant click.
func click(t *testing.T, x, y int) {
	t.Helper()
	steps := [][]string{{"mousemove", fmt.Sprint(x), fmt.Sprint(y)}, {"mousedown", "1"}, {"mouseup", "1"}}
	for _, args := range steps {
		require.NoError(t, exec.Command("xdotool", args...).Run(), "xdotool %v", args)
		time.Sleep(200 * time.Millisecond)
	}
}

func dark(luma float64) bool { return luma < 100 }

// waitForLuma screenshots until the screen's mean brightness passes ok.
func waitForLuma(t *testing.T, shot string, ok func(float64) bool) bool {
	t.Helper()
	luma := 0.0
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		img, err := screenshot(shot)
		require.NoError(t, err)
		if luma = meanLuma(img); ok(luma) {
			return true
		}
	}
	t.Logf("%s: mean brightness %.0f", shot, luma)
	return false
}

// meanLuma is the screen's mean brightness, 0 (black) to 255 (white).
func meanLuma(img image.Image) float64 {
	var sum, n float64
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, _ := img.At(x, y).RGBA()
			sum += (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
			n++
		}
	}
	return sum / n
}
