package logs

import (
	"context"
	"runtime"
	"testing"
)

// fakeLog is a 200 MB driver log that exists only as arithmetic: byte i is
// part of fixed 100-byte lines, built on demand for the range asked.
type fakeLog struct{ size int64 }

func (f fakeLog) list(context.Context, string) ([]File, error) {
	return []File{{Name: "stdout", Kind: "stdout", Active: true, Size: f.size, Readable: true}}, nil
}

func (f fakeLog) readAt(_ context.Context, _ string, off, n int64) ([]byte, error) {
	n = min(n, f.size-off)
	out := make([]byte, n)
	line := []byte("26/11/23 10:00:05 INFO DAGScheduler: Job finished: save at DeltaLog.scala, a line of a big log.....\n")
	for i := range out {
		out[i] = line[(off+int64(i))%int64(len(line))]
	}
	return out, nil
}

// BenchmarkFollow200MB follows a 200 MB log from its start to its end one
// window at a time, as the tab does while a cluster writes, and reports the
// heap in use at its largest (flat: one window at a time) and the bytes
// allocated per MB followed (garbage, not growth).
func BenchmarkFollow200MB(b *testing.B) {
	const size = 200 << 20
	st := fakeLog{size: size}
	ctx := context.Background()
	var peak uint64
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, allocStart := ms.HeapInuse, ms.TotalAlloc
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var at int64
		for at < size {
			win, err := readWindow(ctx, st, "stdout", "stdout", size, Range{Before: -1, After: at})
			if err != nil {
				b.Fatal(err)
			}
			at = win.End
			if win.End/MaxWindow%64 == 0 { // sample every 16 MB
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(peak-min(peak, base))/(1<<20), "heap-growth-MB")
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-inuse-MB")
	b.ReportMetric(float64(ms.TotalAlloc-allocStart)/float64(b.N)/200, "alloc-B/MB-followed")
}
