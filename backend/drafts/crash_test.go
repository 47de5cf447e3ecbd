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
// nothing in a normal run. Forever, it saves the drafts round-robin and now
// and then creates or deletes one, printing after each call has returned:
// "save ID VERSION", "create ID" or "delete ID".
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
	live := make([]string, 0, len(list))
	for _, d := range list {
		live = append(live, d.ID)
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	_ = out.Flush()
	for i := 0; ; i++ {
		// Random, not by i: each child lives for only a few writes.
		op := rand.IntN(5)
		switch {
		case op == 0:
			d, err := s.Create(NewDraft{Name: fmt.Sprintf("made %d", i), Notes: "0", Spec: versionSpec(0)})
			if err != nil {
				panic(err)
			}
			live = append(live, d.ID)
			fmt.Fprintf(out, "create %s\n", d.ID)
		case op == 1 && len(live) > 2:
			k := rand.IntN(len(live))
			id := live[k]
			if err := s.Delete(id); err != nil {
				panic(err)
			}
			live = append(live[:k], live[k+1:]...)
			fmt.Fprintf(out, "delete %s\n", id)
		default:
			d, _, err := s.Get(live[i%len(live)])
			if err != nil {
				panic(err)
			}
			v, _ := strconv.Atoi(d.Notes)
			d.Notes = strconv.Itoa(v + 1)
			d.Spec = versionSpec(v + 1)
			if _, err := s.Save(d); err != nil {
				panic(err)
			}
			fmt.Fprintf(out, "save %s %d\n", d.ID, v+1)
		}
		_ = out.Flush()
	}
}

// TestCrashSafety kills a writing process at random moments and checks that
// each draft is then exactly the last acknowledged version or the one being
// written: never missing, never torn, never older. A create that returned
// is there; a delete that returned is in the trash and only there; one cut
// short left the draft whole on one side or the other.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary many times")
	}
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	require.NoError(t, err)
	acked := map[string]int{} // live drafts and their last acknowledged version
	deleted := map[string]bool{}
	for i := 0; i < crashDrafts; i++ {
		d, err := s.Create(NewDraft{Name: fmt.Sprintf("draft %d", i), Notes: "0", Spec: versionSpec(0)})
		require.NoError(t, err)
		acked[d.ID] = 0
	}

	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	// Bounded both ways so the test stays short on a slow machine, but it
	// goes on past the deadline until the child has acknowledged a save: on
	// a busy machine (slow fsync) a child may be killed before any write
	// returns, so a run that acknowledged nothing widens the kill window.
	deadline := time.Now().Add(8 * time.Second)
	window := 30 * time.Millisecond
	kills, saves, creates, deletes := 0, 0, 0, 0
	for kills < 100 && (time.Now().Before(deadline) || saves == 0) {
		lines, err := runAndKill(t, dir, time.Duration(rnd.Int64N(int64(window))))
		require.NoError(t, err)
		kills++
		if len(lines) == 0 {
			window = min(2*window, 2*time.Second)
		}
		for _, l := range lines {
			f := strings.Fields(l)
			switch {
			case len(f) == 3 && f[0] == "save":
				v, err := strconv.Atoi(f[2])
				require.NoError(t, err)
				acked[f[1]] = v
				saves++
			case len(f) == 2 && f[0] == "create":
				acked[f[1]] = 0
				creates++
			case len(f) == 2 && f[0] == "delete":
				delete(acked, f[1])
				deleted[f[1]] = true
				deletes++
			default:
				t.Fatalf("child line %q", l)
			}
		}

		check, err := Open(dir, Options{})
		require.NoError(t, err)
		list, problems, err := check.List()
		require.NoError(t, err)
		require.Empty(t, problems, "after kill %d", kills)
		trash, err := check.ListTrash()
		require.NoError(t, err)
		inList, inTrash := map[string]bool{}, map[string]bool{}
		for _, d := range list {
			inList[d.ID] = true
		}
		for _, e := range trash {
			inTrash[e.ID] = true
		}
		for id := range deleted {
			require.True(t, inTrash[id] && !inList[id], "deleted draft %s is in the trash only, after kill %d", id, kills)
		}
		for id, want := range acked {
			if !inList[id] {
				// Only a delete cut short may take a draft away, and then to the trash.
				require.True(t, inTrash[id], "draft %s missing after kill %d", id, kills)
				delete(acked, id)
				deleted[id] = true
				continue
			}
			d, _, err := check.Get(id)
			require.NoError(t, err)
			got := versionOf(t, d)
			if !assert.Contains(t, []int{want, want + 1}, got, "draft %s after kill %d", id, kills) {
				return
			}
			acked[id] = got // a write that landed but was not acknowledged counts
		}
		for _, d := range list {
			if _, known := acked[d.ID]; !known {
				// A create cut short after its file landed: whole, first version.
				full, _, err := check.Get(d.ID)
				require.NoError(t, err)
				require.Equal(t, 0, versionOf(t, full), "unacknowledged create %s", d.ID)
				acked[d.ID] = 0
			}
		}
	}
	t.Logf("%d kills; acknowledged: %d saves, %d creates, %d deletes", kills, saves, creates, deletes)
	assert.Greater(t, saves, 0, "the child made progress")
	assert.Greater(t, creates+deletes, 0, "creates and deletes were exercised")
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
			if !first && strings.Contains(l, " ") {
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
