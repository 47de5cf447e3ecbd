// Package smoke launches the production desktop binary in a real window.
// `make desktop-smoke` runs it under Xvfb and dbus-run-session; plain
// `go test ./...` skips it because there is no binary or display to use.
// It also checks the binary `wails generate module` runs (bindings_test.go).
package smoke

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// accent is the brand colour (#2f5bea) the shell paints in its logo and
// switcher; finding it proves our page rendered, not a blank or error view.
var accent = [3]int{0x2f, 0x5b, 0xea}

func TestDesktopSmoke(t *testing.T) {
	bin, artifacts := desktopEnv(t)
	app := startDesktop(t, bin, t.TempDir())

	out, err := exec.Command("xdotool", "search", "--sync", "--onlyvisible", "--name", "^Clusterdeck$").Output()
	require.NoError(t, err, "no visible window titled Clusterdeck")
	assert.NotEmpty(t, strings.TrimSpace(string(out)))

	shot := filepath.Join(artifacts, "desktop-smoke.png")
	var accentPixels, colours int
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		img, err := screenshot(shot)
		require.NoError(t, err)
		accentPixels, colours = analyse(img)
		if accentPixels > 40 && colours > 100 {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Logf("screenshot %s: %d accent pixels, %d distinct colours", shot, accentPixels, colours)
	assert.Greater(t, colours, 100, "the window looks blank")
	assert.Greater(t, accentPixels, 40, "the shell's brand colour is not on screen")

	app.stop(t)
}

func screenshot(path string) (image.Image, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	data, err := exec.CommandContext(ctx, "import", "-window", "root", "png:-").Output()
	if err != nil {
		return nil, fmt.Errorf("screenshot: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return nil, fmt.Errorf("keep screenshot: %w", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode screenshot: %w", err)
	}
	return img, nil
}

// analyse counts pixels close to the accent colour and distinct colours.
func analyse(img image.Image) (accentPixels, colours int) {
	seen := map[[3]int]struct{}{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)}
			seen[c] = struct{}{}
			if abs(c[0]-accent[0]) < 24 && abs(c[1]-accent[1]) < 24 && abs(c[2]-accent[2]) < 24 {
				accentPixels++
			}
		}
	}
	return accentPixels, len(seen)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// lineLog collects a process's output lines and lets a test wait for one.
type lineLog struct {
	mu    sync.Mutex
	lines []string
	at    []time.Time // when each line was read
}

func (l *lineLog) consume(r io.Reader) {
	s := bufio.NewScanner(r)
	for s.Scan() {
		l.mu.Lock()
		l.lines = append(l.lines, s.Text())
		l.at = append(l.at, time.Now())
		l.mu.Unlock()
	}
}

// seenAt is when the first line holding part was read.
func (l *lineLog) seenAt(part string) (time.Time, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, line := range l.lines {
		if strings.Contains(line, part) {
			return l.at[i], true
		}
	}
	return time.Time{}, false
}

// markedAt is when the page says the moment in the first line holding part
// happened (its at_unix_ms, by the page's clock), else when the line came.
func (l *lineLog) markedAt(part string) (time.Time, bool) {
	at, ok := l.seenAt(part)
	if !ok {
		return at, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		if !strings.Contains(line, part) {
			continue
		}
		if m := unixMsField.FindStringSubmatch(line); m != nil {
			if ms, err := strconv.ParseInt(m[1], 10, 64); err == nil {
				return time.UnixMilli(ms), true
			}
		}
		break
	}
	return at, true
}

// unixMsField is how a page mark logs its moment (app/shell.go Mark).
var unixMsField = regexp.MustCompile(`at_unix_ms=(\d+)`)

func (l *lineLog) contains(part string) bool {
	_, ok := l.seenAt(part)
	return ok
}

func (l *lineLog) waitFor(part string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if l.contains(part) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

func (l *lineLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}
