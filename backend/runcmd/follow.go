package runcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/libraries"
	"github.com/clusterdeck/clusterdeck/backend/runs"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

type cmd struct {
	o      options
	d      Deps
	stdout io.Writer
	stderr io.Writer
}

// fixed is the one workspace client of a command, as runs.Service wants it.
type fixed struct{ w *workspaceapi.Client }

func (f fixed) Client(context.Context, string) (*workspaceapi.Client, error) { return f.w, nil }

func (c *cmd) say(format string, args ...any) {
	fmt.Fprintf(c.stderr, "%s "+format+"\n", append([]any{c.d.Now().Format("15:04:05")}, args...)...)
}

func (c *cmd) fail(code int, err error) int {
	fmt.Fprintf(c.stderr, "clusterdeck %s: %v\n", c.o.command, err)
	return code
}

func (c *cmd) run(ctx context.Context) int {
	spec, libs, err := loadSpec(c.o.spec, c.o.stack)
	if err != nil {
		return c.fail(ExitUsage, err)
	}
	var req runs.SubmitRequest
	if c.o.command == "run" {
		task, _ := c.o.task()
		req = runs.SubmitRequest{Task: task, RunName: c.o.runName, TimeoutSeconds: c.o.timeout, IdempotencyToken: c.o.token}
		if ps := req.Check(); len(ps) > 0 {
			for _, p := range ps {
				fmt.Fprintf(c.stderr, "%s: %s\n", p.Field, p.Message)
			}
			return ExitUsage
		}
	}
	w, workspaceID, used, err := client(ctx, c.o, c.d)
	if err != nil {
		if errors.Is(err, errUsage) || errors.Is(err, ErrNoCredentials) {
			return c.fail(ExitUsage, err)
		}
		if ctx.Err() != nil {
			return c.fail(ExitInterrupted, fmt.Errorf("interrupted while reaching the workspace: %w", err))
		}
		return c.fail(ExitError, err)
	}
	fmt.Fprintf(c.stderr, "clusterdeck %s: using %s\n", c.o.command, used)

	applier := c.applyService(w)
	ensured, err := runs.Ensure(ctx, runs.Workspace{ID: workspaceID, Client: w, Apply: applier}, spec, runs.EnsureOptions{
		WaitRunning: c.o.command == "ensure" && !c.o.noWait, PollEvery: c.d.PollEvery,
		OperationID: apply.NewOperationID(), Progress: func(s string) { c.say("%s", s) },
	})
	if err != nil {
		if errors.Is(err, apply.ErrRefused) {
			return c.fail(ExitUsage, err) // the spec, not the workspace: nothing was sent
		}
		if ctx.Err() != nil {
			return c.fail(ExitInterrupted, fmt.Errorf("interrupted while preparing the cluster: %w", err))
		}
		return c.fail(ExitError, err)
	}
	// The spec's libraries (a draft's), on a cluster found or made: only
	// those it lacks are sent. A run needs them installed before it starts,
	// and ensure waits for them as it waits for the cluster.
	wait := c.o.command == "run" || !c.o.noWait
	if _, err := libraries.EnsureInstalled(ctx, w, ensured.ClusterID, libs, libraries.EnsureOptions{
		Wait: wait, PollEvery: c.d.PollEvery, Progress: func(s string) { c.say("%s", s) },
	}); err != nil {
		if ctx.Err() != nil {
			return c.fail(ExitInterrupted, fmt.Errorf("interrupted while installing the libraries: %w", err))
		}
		return c.fail(ExitError, err)
	}
	if c.o.command == "ensure" {
		fmt.Fprintln(c.stdout, ensured.ClusterID)
		return ExitSucceeded
	}

	req.ClusterID = ensured.ClusterID
	if req.IdempotencyToken == "" {
		req.IdempotencyToken = runs.NewIdempotencyToken()
	}
	runID, err := runs.SubmitWith(ctx, w, req)
	if err != nil {
		return c.fail(ExitError, fmt.Errorf("%w (to retry without a second run: --idempotency-token %s)", err, req.IdempotencyToken))
	}
	svc := runs.NewService(fixed{w}, applier)
	return c.follow(ctx, svc, runID)
}

// follow prints the run's status changes until it ends, then its output;
// when ctx ends first (Ctrl+C) it cancels the run and waits for it to end.
func (c *cmd) follow(ctx context.Context, svc *runs.Service, runID int64) int {
	last := ""
	var failingSince time.Time // the first of the failed reads in a row
	for failures := 0; ; {
		row, err := svc.Get(ctx, "", runID)
		if ctx.Err() != nil {
			return c.interrupt(ctx, svc, runID)
		}
		if err != nil {
			if !workspaces.Transient(err) {
				return c.fail(ExitError, err)
			}
			if failures == 0 {
				failingSince = c.d.Now()
				c.say("Run %d: the workspace did not answer (%v); still following", runID, err)
			}
			failures++
			if c.d.Now().Sub(failingSince) >= c.d.FollowPatience {
				return c.fail(ExitLost, fmt.Errorf("run %d may still be running: the workspace has not answered for %s: %w",
					runID, c.d.FollowPatience, err))
			}
			if !c.pause(ctx, backoff(c.d.PollEvery, failures)) {
				return c.interrupt(ctx, svc, runID)
			}
			continue
		}
		if failures > 0 {
			c.say("Run %d: the workspace answers again", runID)
			failures = 0
		}
		if last == "" {
			c.say("Run %d submitted on cluster %s: %s", runID, row.ClusterID, row.RunPageURL)
		}
		if k := describe(row); k != last {
			c.say("%s", k)
			last = k
		}
		if row.Status.Ended() {
			return c.finish(ctx, svc, row)
		}
		if !c.pause(ctx, c.d.PollEvery) {
			return c.interrupt(ctx, svc, runID)
		}
	}
}

// pause waits d; false when ctx ended first (Ctrl+C).
func (c *cmd) pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// backoff is the pause after the n-th failed read in a row: the poll
// interval doubled each time, at most 30 s.
func backoff(poll time.Duration, n int) time.Duration {
	d := poll
	for i := 1; i < n && d < 30*time.Second; i++ {
		d *= 2
	}
	return min(d, 30*time.Second)
}

// describe is a status line: the mapped status with the raw states.
func describe(r runs.Row) string {
	raw := []string{r.LifeCycleState}
	if r.ResultState != "" {
		raw = append(raw, r.ResultState)
	}
	if r.TerminationCode != "" {
		raw = append(raw, r.TerminationCode)
	}
	s := fmt.Sprintf("%s (%s)", r.Status, strings.Join(raw, ", "))
	if r.StateMessage != "" {
		s += ": " + r.StateMessage
	}
	return s
}

func exitCode(s runs.Status) int {
	switch s {
	case runs.StatusSucceeded:
		return ExitSucceeded
	case runs.StatusCancelled:
		return ExitCancelled
	}
	return ExitFailed
}

// finish prints the output of an ended run and returns its exit code.
func (c *cmd) finish(ctx context.Context, svc *runs.Service, row runs.Row) int {
	out, err := svc.Output(ctx, "", row.RunID)
	if err != nil {
		fmt.Fprintf(c.stderr, "clusterdeck run: the output could not be read: %v\n", err)
	} else {
		c.printOutput(out)
	}
	c.say("Run %d %s", row.RunID, row.Status)
	return exitCode(row.Status)
}

func (c *cmd) printOutput(out runs.Output) {
	section := func(title, text string, truncated bool) {
		if strings.TrimSpace(text) == "" {
			return
		}
		fmt.Fprintf(c.stdout, "--- %s ---\n%s\n", title, strings.TrimRight(text, "\n"))
		if truncated {
			fmt.Fprintf(c.stdout, "(%s truncated by the workspace)\n", title)
		}
	}
	section("notebook result", out.NotebookResult, out.ResultTrunc)
	section("logs", out.Logs, out.LogsTruncated)
	section("error", out.Error, false)
	section("error trace", out.ErrorTrace, false)
	section("info", out.Info, false)
}

// interrupt cancels the run (on a context of its own: ctx has ended) and
// waits, bounded, until the workspace says it ended.
func (c *cmd) interrupt(ctx context.Context, svc *runs.Service, runID int64) int {
	wait := c.d.CancelWait
	if wait <= 0 {
		wait = 2 * time.Minute
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wait)
	defer cancel()
	aborted := make(chan struct{})
	go func() {
		select {
		case <-c.d.Abort: // a second Ctrl+C: stop waiting for the workspace
			close(aborted)
			cancel()
		case <-cctx.Done():
		}
	}()
	c.say("Interrupted: cancelling run %d (Ctrl+C again to stop waiting)", runID)
	row, err := svc.Cancel(cctx, "", runID)
	for err == nil && !row.Status.Ended() {
		t := time.NewTimer(min(c.d.PollEvery, 2*time.Second))
		select {
		case <-cctx.Done():
			t.Stop()
			err = cctx.Err()
		case <-t.C:
			row, err = svc.Get(cctx, "", runID)
		}
	}
	select {
	case <-aborted:
		return c.fail(ExitInterrupted, fmt.Errorf("stopped waiting: run %d may still be running; cancel it in the workspace (Job runs)", runID))
	default:
	}
	if err != nil {
		return c.fail(ExitInterrupted, fmt.Errorf("run %d may still be running: %w", runID, err))
	}
	c.say("%s", describe(row))
	c.say("Run %d %s", runID, row.Status)
	return ExitInterrupted
}
