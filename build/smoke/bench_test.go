package smoke

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestBenchDesktop prints the desktop figures of `make bench` (issue 18):
// memory and start-up of the real window on 10,000 demo clusters, beside
// the smallest Wails app (build/bench/hello) measured in the same run, at
// the same window size. Figures, never pass/fail: it runs only when
// CLUSTERDECK_BENCH is set.
func TestBenchDesktop(t *testing.T) {
	if os.Getenv("CLUSTERDECK_BENCH") == "" {
		t.Skip("a benchmark that prints figures (it launches 9 windows, about 40 s), not a check: `make bench` runs it with CLUSTERDECK_BENCH=1")
	}
	bin, _ := desktopEnv(t)
	hello := filepath.Join(t.TempDir(), "hello")
	build := exec.Command("go", "build", "-tags", "desktop,production,webkit2_41,benchhello", "-ldflags", "-w -s",
		"-o", hello, "./build/bench/hello")
	build.Dir = filepath.Join("..", "..")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "build the hello-world app: %s", out)

	const runs = 3
	var helloStart, helloRSS, deskStart, deskRSS, bigStart, smallRSS []float64
	var helloSplit, smallSplit, deskSplit string // the last run's, per process (MB)
	for i := 0; i < runs; i++ {
		ms, mb, split := measure(t, hello, "hello painted", "")
		helloStart, helloRSS, helloSplit = append(helloStart, ms), append(helloRSS, mb), split
		// Start on the Demo workspace as a user gets it; memory with 10,000 clusters.
		ms, mb, split = measure(t, bin, "clusters:first-rows-painted", "clusters:all-rows-painted")
		deskStart, smallRSS, smallSplit = append(deskStart, ms), append(smallRSS, mb), split
		ms, mb, split = measure(t, bin, "clusters:first-rows-painted", "clusters:all-rows-painted", "--demo-clusters=10000")
		bigStart, deskRSS, deskSplit = append(bigStart, ms), append(deskRSS, mb), split
	}
	fmt.Println("desktop window beside a minimal Wails app (medians of " + strconv.Itoa(runs) + " runs):")
	fmt.Printf("BENCH desktop_rss_mb %.0f          # real window, 10,000 clusters loaded, all processes (%s)\n", median(deskRSS), list(deskRSS))
	fmt.Printf("BENCH hello_rss_mb %.0f            # the minimal Wails app, same run, same window size (%s)\n", median(helloRSS), list(helloRSS))
	fmt.Printf("BENCH desktop_start_ms %.0f        # exec → first rows painted, Demo workspace (%s)\n", median(deskStart), list(deskStart))
	fmt.Printf("BENCH hello_start_ms %.0f          # exec → painted (%s)\n", median(helloStart), list(helloStart))
	fmt.Printf("BENCH desktop_rss_seed_mb %.0f     # the Demo workspace as seeded, 10 clusters (%s)\n", median(smallRSS), list(smallRSS))
	fmt.Printf("BENCH desktop_start_10k_ms %.0f    # exec → first rows painted, 10,000 clusters (%s)\n", median(bigStart), list(bigStart))
	fmt.Printf("per process, last run (MB): 10,000 clusters: %s; seeded: %s; hello: %s\n", deskSplit, smallSplit, helloSplit)
}

// measure starts bin, times exec → the log line `painted`, waits for
// `loaded` (if any) and a moment for the page to settle, then sums the RSS
// of the process and every process under it (WebKit's web and network
// processes), in MB.
func measure(t *testing.T, bin, painted, loaded string, args ...string) (startMs, rssMB float64, split string) {
	t.Helper()
	d := launch(t, bin, t.TempDir(), args...)
	defer func() {
		_ = d.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-d.exited:
		case <-time.After(20 * time.Second):
			_ = d.cmd.Process.Kill()
		}
	}()
	// Bounds on how long to wait, not targets.
	require.True(t, d.logs.waitFor(painted, 120*time.Second), "%s never logged %q; log:\n%s", bin, painted, d.logs)
	at, _ := d.logs.seenAt(painted)
	if loaded != "" {
		require.True(t, d.logs.waitFor(loaded, 120*time.Second), "%s never logged %q; log:\n%s", bin, loaded, d.logs)
	}
	time.Sleep(3 * time.Second) // let the page settle (garbage collected, idle) before reading memory
	kb, split := treeRSS(t, d.cmd.Process.Pid)
	return float64(at.Sub(d.started).Milliseconds()), float64(kb) / 1024, split
}

// treeRSS sums VmRSS (kB) of pid and all its descendants, and says how it
// splits between the app's own process and WebKit's (web, network).
func treeRSS(t *testing.T, pid int) (int, string) {
	t.Helper()
	children := map[int][]int{}
	entries, err := os.ReadDir("/proc")
	require.NoError(t, err)
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // gone since the listing
		}
		// The command name is in parentheses and may hold spaces: read after it.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) > 1 {
			ppid, _ := strconv.Atoi(fields[1])
			children[ppid] = append(children[ppid], p)
		}
	}
	total := 0
	var order []string
	byKind := map[string]int{}
	for queue := []int{pid}; len(queue) > 0; queue = queue[1:] {
		p := queue[0]
		kb := rssKB(p)
		total += kb
		kind := processKind(p, pid)
		if _, seen := byKind[kind]; !seen {
			order = append(order, kind)
		}
		byKind[kind] += kb
		queue = append(queue, children[p]...)
	}
	parts := make([]string, 0, len(order))
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%s %d", k, byKind[k]/1024))
	}
	return total, strings.Join(parts, " · ")
}

// processKind names a process of the tree: the app itself, or WebKit's.
func processKind(pid, root int) string {
	if pid == root {
		return "app"
	}
	comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	switch name := strings.TrimSpace(string(comm)); {
	case strings.HasPrefix(name, "WebKitWeb"):
		return "web"
	case strings.HasPrefix(name, "WebKitNetwork"):
		return "network"
	default:
		return name
	}
}

func rssKB(pid int) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb
		}
	}
	return 0
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func list(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strings.Join(parts, ", ")
}
