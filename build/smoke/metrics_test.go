package smoke

import (
	"image"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 34: in WebKitGTK under LANG=C.UTF-8 (minimal installs, WSL,
// containers) navigator.language was "C", uPlot threw as it loaded and every
// chart of the Metrics tab stayed an empty box while the page looked fine.
// This opens a running cluster's Metrics tab in the real window in that
// locale and checks that the workers chart holds drawn pixels.
func TestDesktopSmokeMetricsChartDraws(t *testing.T) {
	bin, artifacts := desktopEnv(t)
	t.Setenv("LANG", "C.UTF-8")
	t.Setenv("LC_ALL", "")
	app := startDesktop(t, bin, t.TempDir())
	require.True(t, app.logs.waitFor("clusters:first-rows-painted", 60*time.Second), "no rows; log:\n%s", app.logs)

	// Positions in the 1440x900 Xvfb screen of `make desktop-smoke`: the
	// Demo workspace's first row (shared-analytics, running and pinned), then
	// the cluster page's Metrics tab, clicked until the page says a chart drew
	// (the tab shows once the cluster's details are in).
	click(t, 362, 367)
	deadline := time.Now().Add(60 * time.Second)
	for !app.logs.contains("metrics:chart-") && time.Now().Before(deadline) {
		click(t, 795, 243)
		app.logs.waitFor("metrics:chart-", 3*time.Second)
	}
	shot := filepath.Join(artifacts, "desktop-metrics.png")
	require.False(t, app.logs.contains("metrics:chart-failed"), "a chart said it could not draw; log:\n%s", app.logs)
	require.True(t, app.logs.contains("metrics:chart-drawn"), "the Metrics tab drew no chart; log:\n%s", app.logs)

	// The workers chart with its y axis: the area under the line is filled,
	// so a drawn chart covers much of it in colour, with the axis labels and
	// grid beside it; the bug left the box one flat colour.
	plot := image.Rect(290, 390, 1340, 545)
	var colours, filled int
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
		img, err := screenshot(shot)
		require.NoError(t, err)
		if colours, filled = plotPixels(img, plot); colours > 3 && filled > plot.Dx()*plot.Dy()/8 {
			break
		}
	}
	t.Logf("screenshot %s: %d colours, %d of %d pixels filled in the plot area", shot, colours, filled, plot.Dx()*plot.Dy())
	assert.Greater(t, colours, 3, "the workers chart's area is blank (see %s)", shot)
	assert.Greater(t, filled, plot.Dx()*plot.Dy()/8, "the workers chart has no filled area (see %s)", shot)
	app.stop(t)
}

// plotPixels counts the distinct colours in r and the pixels whose blue
// stands out from red and green (the chart's blue line and its fill).
func plotPixels(img image.Image, r image.Rectangle) (colours, filled int) {
	seen := map[[3]int]struct{}{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			c := [3]int{int(cr >> 8), int(cg >> 8), int(cb >> 8)}
			seen[c] = struct{}{}
			if c[2]-c[0] > 8 && c[2]-c[1] > 4 {
				filled++
			}
		}
	}
	return len(seen), filled
}
