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
		t.Skip("a benchmark that prints figures (it launches 9 windows, about 90 s), not a check: `make bench` runs it with CLUSTERDECK_BENCH=1")
	}
	bin, _ := desktopEnv(t)
	hello := filepath.Join(t.TempDir(), "hello")
	build := exec.Command("go", "build", "-tags", "desktop,production,webkit2_41,benchhello", "-ldflags", "-w -s",
		"-o", hello, "./build/bench/hello")
	build.Dir = filepath.Join("..", "..")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "build the hello-world app: %s", out)

	const runs = 3
	var helloStart, helloRSS, helloIdle, deskStart, deskRSS, bigStart, smallRSS, smallIdle []float64
	var helloSplit, smallSplit, deskSplit string // the last run's, per process (MB)
	for i := 0; i < runs; i++ {
		h := measure(t, hello, "hello painted", "")
		helloStart, helloRSS, helloIdle, helloSplit = append(helloStart, h.startMs), append(helloRSS, h.rssMB), append(helloIdle, h.idleCPU), h.split
		// Start on the Demo workspace as a user gets it; memory with 10,000 clusters.
		s := measure(t, bin, "clusters:first-rows-painted", "clusters:all-rows-painted")
		deskStart, smallRSS, smallIdle, smallSplit = append(deskStart, s.startMs), append(smallRSS, s.rssMB), append(smallIdle, s.idleCPU), s.split
		b := measure(t, bin, "clusters:first-rows-painted", "clusters:all-rows-painted", "--demo-clusters=10000")
		bigStart, deskRSS, deskSplit = append(bigStart, b.startMs), append(deskRSS, b.rssMB), b.split
	}
	fmt.Println("desktop window beside a minimal Wails app (medians of " + strconv.Itoa(runs) + " runs):")
	fmt.Printf("BENCH desktop_rss_mb %.0f          # real window, 10,000 clusters loaded, all processes (%s)\n", median(deskRSS), list(deskRSS, 0))
	fmt.Printf("BENCH hello_rss_mb %.0f            # the minimal Wails app, same run, same window size (%s)\n", median(helloRSS), list(helloRSS, 0))
	fmt.Printf("BENCH desktop_start_ms %.0f        # exec → first rows painted, Demo workspace (%s)\n", median(deskStart), list(deskStart, 0))
	fmt.Printf("BENCH hello_start_ms %.0f          # exec → painted (%s)\n", median(helloStart), list(helloStart, 0))
	// Each run's two starts come a few seconds apart, so their ratio holds
	// when the machine's speed drifts between runs (hello varied 390–760 ms).
	ratios := make([]float64, runs)
	for i := range ratios {
		ratios[i] = deskStart[i] / helloStart[i]
	}
	fmt.Printf("BENCH desktop_start_ratio %.2f     # desktop ÷ hello start, run by run (%s); target ≤ 1.3\n", median(ratios), list(ratios, 2))
	fmt.Printf("BENCH desktop_rss_seed_mb %.0f     # the Demo workspace as seeded, 10 clusters (%s)\n", median(smallRSS), list(smallRSS, 0))
	fmt.Printf("BENCH desktop_start_10k_ms %.0f    # exec → first rows painted, 10,000 clusters (%s)\n", median(bigStart), list(bigStart, 0))
	fmt.Printf("BENCH desktop_idle_cpu_pct %.1f    # seeded Demo workspace left alone (a cluster starting), all processes, %% of one core (%s)\n", median(smallIdle), list(smallIdle, 1))
	fmt.Printf("BENCH hello_idle_cpu_pct %.1f      # the minimal Wails app left alone (%s)\n", median(helloIdle), list(helloIdle, 1))
	fmt.Printf("per process, last run (MB): 10,000 clusters: %s; seeded: %s; hello: %s\n", deskSplit, smallSplit, helloSplit)
}

// sample is one launch's figures.
type sample struct {
	startMs, rssMB float64
	idleCPU        float64 // % of one core used by the whole tree while left alone
	split          string  // RSS per process (MB)
}

// idleWindow is how long a launched window is left alone to read its CPU use.
const idleWindow = 5 * time.Second

// measure starts bin, times exec → the moment the line `painted` marks, waits for
// `loaded` (if any) and a moment for the page to settle, then sums the RSS
// of the process and every process under it (WebKit's web and network
// processes), in MB, and their CPU use over idleWindow.
func measure(t *testing.T, bin, painted, loaded string, args ...string) sample {
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
	at, _ := d.logs.markedAt(painted)
	if loaded != "" {
		require.True(t, d.logs.waitFor(loaded, 120*time.Second), "%s never logged %q; log:\n%s", bin, loaded, d.logs)
	}
	time.Sleep(3 * time.Second) // let the page settle (garbage collected, idle) before reading memory
	kb, split := treeRSS(t, d.cmd.Process.Pid)
	pids := tree(t, d.cmd.Process.Pid)
	before, from := treeCPU(pids), time.Now()
	time.Sleep(idleWindow)
	used := treeCPU(pids) - before
	return sample{
		startMs: float64(at.Sub(d.started).Milliseconds()), rssMB: float64(kb) / 1024, split: split,
		idleCPU: 100 * used.Seconds() / time.Since(from).Seconds(),
	}
}

// treeCPU is the user and system time the processes have used so far.
func treeCPU(pids []int) time.Duration {
	var ticks int
	for _, p := range pids {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p))
		if err != nil {
			continue
		}
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) > 12 {
			utime, _ := strconv.Atoi(fields[11])
			stime, _ := strconv.Atoi(fields[12])
			ticks += utime + stime
		}
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ is 100 on Linux
}

// tree is pid and all its descendants, pid first.
func tree(t *testing.T, pid int) []int {
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
	var all []int
	for queue := []int{pid}; len(queue) > 0; queue = queue[1:] {
		all = append(all, queue[0])
		queue = append(queue, children[queue[0]]...)
	}
	return all
}

// treeRSS sums VmRSS (kB) of pid and all its descendants, and says how it
// splits between the app's own process and WebKit's (web, network).
func treeRSS(t *testing.T, pid int) (int, string) {
	t.Helper()
	total := 0
	var order []string
	byKind := map[string]int{}
	for _, p := range tree(t, pid) {
		kb := rssKB(p)
		total += kb
		kind := processKind(p, pid)
		if _, seen := byKind[kind]; !seen {
			order = append(order, kind)
		}
		byKind[kind] += kb
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

// list shows each run's figure, with prec decimals.
func list(v []float64, prec int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatFloat(x, 'f', prec, 64)
	}
	return strings.Join(parts, ", ")
}
