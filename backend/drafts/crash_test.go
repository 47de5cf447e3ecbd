package drafts

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const crashChildEnv = "CLUSTERDECK_DRAFTS_CRASH_CHILD"

// crashDrafts is how many drafts the child rewrites in turn.
const crashDrafts = 4

// versionSpec is a spec whose every value encodes v, so a torn or mixed
// file cannot pass the check.
func versionSpec(v int) compute.ClusterSpec {
	conf := map[string]string{}
	for i := 0; i < 40; i++ {
		conf[fmt.Sprintf("spark.clusterdeck.k%02d", i)] = strconv.Itoa(v)
	}
	return compute.ClusterSpec{ClusterName: "v" + strconv.Itoa(v), SparkVersion: "15.4.x-scala2.12",
		NodeTypeId: "n", NumWorkers: v % 7, SparkConf: conf}
}

func versionOf(t *testing.T, d Draft) int {
	t.Helper()
	v, err := strconv.Atoi(d.Notes)
	require.NoError(t, err, "notes hold the version")
	want := versionSpec(v)
	assert.Equal(t, want.SparkConf, d.Spec.SparkConf, "every field from the same version")
	assert.Equal(t, want.ClusterName, d.Spec.ClusterName)
	return v
}

// TestCrashChild is the writer re-executed by TestCrashSafety; it does
// nothing in a normal run. It saves the drafts round-robin, forever, and
// prints "id version" after each save has returned.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashChildEnv)
	if dir == "" {
		t.Skip("only runs as the child of TestCrashSafety")
	}
	s, err := Open(dir, Options{})
	if err != nil {
		panic(err)
	}
	list, _, err := s.List()
	if err != nil {
		panic(err)
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	_ = out.Flush()
	for i := 0; ; i++ {
		d, err := s.Get(list[i%len(list)].ID)
		if err != nil {
			panic(err)
		}
		v, _ := strconv.Atoi(d.Notes)
		d.Notes = strconv.Itoa(v + 1)
		d.Spec = versionSpec(v + 1)
		if _, err := s.Save(d); err != nil {
			panic(err)
		}
		fmt.Fprintf(out, "%s %d\n", d.ID, v+1)
		_ = out.Flush()
	}
}

// TestCrashSafety kills a writing process at random moments and checks that
// each draft is then exactly the last acknowledged version or the one being
// written: never missing, never torn, never older.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary many times")
	}
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	require.NoError(t, err)
	acked := map[string]int{}
	for i := 0; i < crashDrafts; i++ {
		d, err := s.Create(NewDraft{Name: fmt.Sprintf("draft %d", i), Notes: "0", Spec: versionSpec(0)})
		require.NoError(t, err)
		acked[d.ID] = 0
	}

	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	deadline := time.Now().Add(20 * time.Second)
	kills, totalSaves := 0, 0
	for kills < 40 && time.Now().Before(deadline) {
		lines, err := runAndKill(t, dir, time.Duration(rnd.IntN(40_000))*time.Microsecond)
		require.NoError(t, err)
		kills++
		for _, l := range lines {
			id, vs, ok := strings.Cut(l, " ")
			require.True(t, ok, "child line %q", l)
			v, err := strconv.Atoi(vs)
			require.NoError(t, err)
			acked[id] = v
			totalSaves++
		}

		check, err := Open(dir, Options{})
		require.NoError(t, err)
		list, problems, err := check.List()
		require.NoError(t, err)
		require.Empty(t, problems, "after kill %d", kills)
		require.Len(t, list, crashDrafts, "no draft missing after kill %d", kills)
		for id, want := range acked {
			d, err := check.Get(id)
			require.NoError(t, err)
			got := versionOf(t, d)
			if !assert.Contains(t, []int{want, want + 1}, got, "draft %s after kill %d", id, kills) {
				return
			}
			acked[id] = got // a write that landed but was not acknowledged counts
		}
	}
	t.Logf("%d kills, %d acknowledged saves", kills, totalSaves)
	assert.Greater(t, totalSaves, 0, "the child made progress")
}

// runAndKill starts the child, lets it write for about d after it is ready,
// SIGKILLs it and returns the lines it printed.
func runAndKill(t *testing.T, dir string, d time.Duration) ([]string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+dir)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var lines []string
	var wg sync.WaitGroup
	ready := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		sc := bufio.NewScanner(stdout)
		first := true
		for sc.Scan() {
			l := sc.Text()
			if first && l == "ready" {
				close(ready)
				first = false
				continue
			}
			if !first && strings.Count(l, " ") == 1 {
				lines = append(lines, l)
			}
		}
		if first {
			close(ready)
		}
	}()
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
	}
	time.Sleep(d)
	_ = cmd.Process.Kill() // SIGKILL on Unix
	wg.Wait()
	_ = cmd.Wait()
	return lines, nil
}
