package fleet

import (
	"context"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// A running warehouse's recent use, for its flags: whether anything ran on
// it in the last hour, and its busiest moment over the last week. Both come
// from the Query History API, so they are read in the background while the
// page is open, a few warehouses at a time, and kept between reads: a
// render reads the cache only.

// UseReader reads a warehouse's use (warehouses.Service does).
type UseReader interface {
	// RanSince: a query started at or after since, or runs or waits now.
	RanSince(ctx context.Context, ws, warehouseID string, since time.Time) (bool, error)
	// Peak: the most queries at once since since.
	Peak(ctx context.Context, ws, warehouseID string, since time.Time) (warehouses.LoadPeak, error)
}

// Use is what the fleet knows of a warehouse's use; nil is unknown (not
// read yet, or the read failed), and raises no flag.
type Use struct {
	RanLastHour *bool
	Peak        *warehouses.LoadPeak // over PeakWindow
}

const (
	// UseEvery is how often "ran in the last hour" is read again: the
	// fleet's own interval (its pollers list every 30 s, warehouses.PollSlow).
	UseEvery = warehouses.PollSlow
	// PeakEvery: a week's peak barely moves in minutes, and reading it is
	// up to a few pages of history.
	PeakEvery   = 15 * time.Minute
	PeakWindow  = 7 * 24 * time.Hour
	useReaders  = 4 // history reads at once, over every workspace
	readTimeout = 30 * time.Second
)

// useKey is one warehouse of one workspace.
type useKey struct{ ws, id string }

type useEntry struct {
	use           Use
	ranAt, peakAt time.Time // when last read (zero: never)
	busy          bool
}

// useCache keeps each warehouse's use and reads it again when it is due.
type useCache struct {
	reader UseReader
	sem    chan struct{}
	mu     sync.Mutex
	byKey  map[useKey]*useEntry
}

func newUseCache(r UseReader) *useCache {
	return &useCache{reader: r, sem: make(chan struct{}, useReaders), byKey: map[useKey]*useEntry{}}
}

// get is the warehouse's use as last read.
func (c *useCache) get(ws, id string) Use {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.byKey[useKey{ws, id}]; e != nil {
		return e.use
	}
	return Use{}
}

// refresh starts a read of each of the workspace's running warehouses
// whose use is due, unless one is under way; bg counts the reads (Close
// waits for them). Its warehouses no longer running are forgotten.
func (c *useCache) refresh(ctx context.Context, bg *sync.WaitGroup, ws string, running []string, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := make(map[useKey]bool, len(running))
	for _, id := range running {
		k := useKey{ws, id}
		keep[k] = true
		e := c.byKey[k]
		if e == nil {
			e = &useEntry{}
			c.byKey[k] = e
		}
		ran, peak := now.Sub(e.ranAt) >= UseEvery, now.Sub(e.peakAt) >= PeakEvery
		if e.busy || (!ran && !peak) {
			continue
		}
		e.busy = true
		bg.Add(1)
		go func() {
			defer bg.Done()
			c.read(ctx, k, now, ran, peak)
		}()
	}
	for k, e := range c.byKey {
		if k.ws == ws && !keep[k] && !e.busy {
			delete(c.byKey, k)
		}
	}
}

// read reads what is due of one warehouse's use; a failed read leaves
// that part unknown until the next.
func (c *useCache) read(ctx context.Context, k useKey, now time.Time, ran, peak bool) {
	select {
	case c.sem <- struct{}{}:
		defer func() { <-c.sem }()
	case <-ctx.Done():
		c.done(k, func(*useEntry) {})
		return
	}
	// A read that hangs must not hold the next ones (nor Close) for long.
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	var got Use
	if ran {
		if r, err := c.reader.RanSince(ctx, k.ws, k.id, now.Add(-IdleFor)); err == nil {
			got.RanLastHour = &r
		}
	}
	if peak {
		if p, err := c.reader.Peak(ctx, k.ws, k.id, now.Add(-PeakWindow)); err == nil {
			got.Peak = &p
		}
	}
	if parent.Err() != nil { // the page closed: read again when it opens
		c.done(k, func(*useEntry) {})
		return
	}
	c.done(k, func(e *useEntry) {
		if ran {
			e.use.RanLastHour, e.ranAt = got.RanLastHour, now
		}
		if peak {
			e.use.Peak, e.peakAt = got.Peak, now
		}
	})
}

func (c *useCache) done(k useKey, set func(*useEntry)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byKey[k]
	if e == nil {
		e = &useEntry{}
		c.byKey[k] = e
	}
	set(e)
	e.busy = false
}
