package clusters

import (
	"bytes"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// runningPollers counts the goroutines of pollers that have not ended.
func runningPollers() int {
	var buf bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&buf, 2)
	return strings.Count(buf.String(), "clusters.(*Poller).run(")
}

// Opening clusters in quick succession (the page's calls run concurrently)
// must leave one detail poller, and closing the detail must stop it: a
// replaced poller that keeps running polls, and reports, a cluster the page
// no longer shows.
func TestConcurrentWatchDetailLeavesNoPoller(t *testing.T) {
	s, _, _, src := newService(t, demo.Options{})
	id := clusterID(t, src, "init-script-test")
	before := runningPollers()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.WatchDetail("demo", id)
		}()
	}
	wg.Wait()
	s.UnwatchDetail()
	// Stop waits for the poller's done signal; the goroutine ends just after.
	require.Eventually(t, func() bool { return runningPollers() == before }, 10*time.Second, 10*time.Millisecond,
		"a replaced detail poller still runs")
}
