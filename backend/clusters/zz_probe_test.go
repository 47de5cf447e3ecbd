package clusters

import (
	"encoding/json"
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/stretchr/testify/require"
)

type nopSink struct{ done chan struct{} }

func (n nopSink) Delta(d Delta) {
	if d.Complete {
		select {
		case n.done <- struct{}{}:
		default:
		}
	}
}
func (nopSink) Status(ViewStatus)   {}
func (nopSink) Detail(DetailUpdate) {}
func (nopSink) Notice(Notice)       {}

func heapMB() float64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

func TestZZProbeHeap(t *testing.T) {
	base := heapMB()
	_, src := startDemo(t, demo.Options{ExtraClusters: 10_000})
	afterDemo := heapMB()
	sink := nopSink{done: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := NewService(ctx, Options{Clients: src, Sink: sink})
	defer s.Close()
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	select {
	case <-sink.done:
	case <-time.After(60 * time.Second):
		t.Fatal("no complete")
	}
	time.Sleep(200 * time.Millisecond)
	afterList := heapMB()
	t.Logf("base %.1f demo +%.1f list +%.1f", base, afterDemo-base, afterList-afterDemo)
	f, _ := os.Create("/tmp/probe/svcheap.out")
	pprof.Lookup("heap").WriteTo(f, 0)
	f.Close()
}

type capSink struct {
	nopSink
	rows *[]Row
}

func (c capSink) Delta(d Delta) {
	*c.rows = append(*c.rows, d.Upserts...)
	c.nopSink.Delta(d)
}

func TestZZRowJSON(t *testing.T) {
	_, src := startDemo(t, demo.Options{ExtraClusters: 1000})
	var rows []Row
	sink := capSink{nopSink{done: make(chan struct{}, 1)}, &rows}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := NewService(ctx, Options{Clients: src, Sink: sink})
	defer s.Close()
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	<-sink.done
	b, _ := json.Marshal(rows)
	t.Logf("%d rows %d bytes %.0f per row", len(rows), len(b), float64(len(b))/float64(len(rows)))
	one, _ := json.Marshal(rows[len(rows)-1])
	t.Logf("%s", one)
	one, _ = json.Marshal(rows[len(rows)-500])
	t.Logf("%s", one)
}
