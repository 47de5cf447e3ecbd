package demo

import (
	"sync"
	"time"
)

// Clock is the time source of a demo server. Life cycles read it lazily on each
// request, so a clock that is stepped (tests) or runs faster than real time (the
// interactive demo) drives every transition without background goroutines.
type Clock interface {
	Now() time.Time
}

// VirtualClock is a Clock that runs at Scale times real time from a chosen start
// and can be stepped forward with Advance. Scale 0 freezes it between steps.
type VirtualClock struct {
	mu        sync.Mutex
	real      func() time.Time
	anchorV   time.Time // virtual time at anchorR
	anchorR   time.Time // real time when the anchor was taken
	scale     float64
	lastValue time.Time // never go backwards, even if real time does
}

// NewVirtualClock starts a clock at start, running at scale × real time.
func NewVirtualClock(start time.Time, scale float64) *VirtualClock {
	return newVirtualClock(start, scale, time.Now)
}

func newVirtualClock(start time.Time, scale float64, real func() time.Time) *VirtualClock {
	if scale < 0 {
		scale = 0
	}
	return &VirtualClock{real: real, anchorV: start, anchorR: real(), scale: scale}
}

// Now returns the current virtual time.
func (c *VirtualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nowLocked()
}

func (c *VirtualClock) nowLocked() time.Time {
	elapsed := c.real().Sub(c.anchorR)
	now := c.anchorV.Add(time.Duration(float64(elapsed) * c.scale))
	if now.Before(c.lastValue) {
		now = c.lastValue
	}
	c.lastValue = now
	return now
}

// Advance steps the clock forward by d (negative values are ignored).
func (c *VirtualClock) Advance(d time.Duration) {
	if d <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.anchorV = c.nowLocked().Add(d)
	c.anchorR = c.real()
	c.lastValue = c.anchorV
}

// SetScale changes how fast the clock runs from now on.
func (c *VirtualClock) SetScale(scale float64) {
	if scale < 0 {
		scale = 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.anchorV = c.nowLocked()
	c.anchorR = c.real()
	c.scale = scale
}

// Scale reports the current speed factor.
func (c *VirtualClock) Scale() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scale
}

func millis(t time.Time) int64 { return t.UnixMilli() }
