package demo

import (
	"container/heap"
	"time"
)

// scheduler holds timed actions of one workspace. It is not goroutine-safe: the
// workspace lock guards it. Actions run in time order when a request arrives,
// each stamped with its own due time, so events carry the instant they
// "happened" rather than the instant somebody looked.
type scheduler struct {
	q   timerQueue
	seq int64
}

type timer struct {
	at  time.Time
	seq int64
	fn  func(at time.Time)
}

type timerQueue []*timer

func (q timerQueue) Len() int { return len(q) }
func (q timerQueue) Less(i, j int) bool {
	if q[i].at.Equal(q[j].at) {
		return q[i].seq < q[j].seq
	}
	return q[i].at.Before(q[j].at)
}
func (q timerQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *timerQueue) Push(x any)   { *q = append(*q, x.(*timer)) }
func (q *timerQueue) Pop() any {
	old := *q
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	*q = old[:n-1]
	return t
}

// at schedules fn to run at t.
func (s *scheduler) at(t time.Time, fn func(at time.Time)) {
	s.seq++
	heap.Push(&s.q, &timer{at: t, seq: s.seq, fn: fn})
}

// runUntil runs every action due at or before now, including ones scheduled
// by the actions themselves, and says how many ran. The bound stops a
// runaway self-rescheduler.
func (s *scheduler) runUntil(now time.Time) int {
	ran := 0
	for ; ran < 1_000_000 && s.q.Len() > 0; ran++ {
		next := s.q[0]
		if next.at.After(now) {
			return ran
		}
		heap.Pop(&s.q)
		next.fn(next.at)
	}
	return ran
}

func (s *scheduler) reset() { s.q = nil }
