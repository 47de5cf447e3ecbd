package demo

import (
	"context"
	"time"
)

// pendingAnswer is a handler's answer that is not ready yet (a statement
// that waits for its result, sql_statements.go). The request waits for it
// without the workspace lock, so other calls go on meanwhile, and on the
// demo clock: the answer is looked at again every awaitPoll of real time,
// under the lock and at the clock's now, so a stepped clock (tests) or a
// fast one (the interactive demo) ends the wait as it moves.
type pendingAnswer interface {
	// realLimit bounds the wait in real time too, so a frozen clock that
	// nobody steps holds a caller no longer than the real service would.
	realLimit() time.Duration
	// poll is the answer at now, and whether it is final; timedOut says
	// the real limit, the caller or the server ended the wait.
	poll(now time.Time, timedOut bool) (any, bool)
}

const awaitPoll = 20 * time.Millisecond

// await waits for p and returns its answer.
func (s *Server) await(ctx context.Context, ws *workspace, p pendingAnswer) any {
	limit := time.NewTimer(p.realLimit())
	defer limit.Stop()
	tick := time.NewTicker(awaitPoll)
	defer tick.Stop()
	for {
		timedOut := false
		select {
		case <-tick.C:
		case <-limit.C:
			timedOut = true
		case <-ctx.Done():
			timedOut = true
		case <-s.closing:
			timedOut = true
		}
		now := s.clock.Now()
		ws.mu.Lock()
		ws.advance(now)
		res, done := p.poll(now, timedOut)
		ws.mu.Unlock()
		if done || timedOut {
			return res
		}
	}
}
