package apply

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// steps records the progress events of one service.
type steps struct {
	mu  sync.Mutex
	all []ProgressEvent
}

func (s *steps) add(ev ProgressEvent) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all = append(s.all, ev)
}

func (s *steps) of(op string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, ev := range s.all {
		if ev.OperationID == op {
			out = append(out, ev.Step)
		}
	}
	return out
}

func testService(w *workspaceapi.Client, rec *steps) *Service {
	clients := func(context.Context, string) (*workspaceapi.Client, error) { return w, nil }
	b := InteractiveBudgets()
	b.Attempt = 20 * time.Second // the hang lasts until the user cancels
	svc := NewService(clients, nil, nil, b, rec.add)
	svc.every = 0 // every step reported: the test reads them all (TestThrottle covers the 100 ms)
	return svc
}

// A create the user cancels after it reached the workspace (which made the
// cluster, but the answer has not come) says CANCELLED with the request
// still pending; creating again with the same request id looks first and
// adopts that cluster: one cluster, never two.
func TestCancelledCreateKeepsTheRequestPendingAndRetryAdopts(t *testing.T) {
	srv := startDemo(t)
	proxy := newDropProxy(t, srv.URL(), 1, true)
	w := sdkClient(t, proxy.URL, srv.Token())
	rec := &steps{}
	svc := testService(w, rec)
	req := CreateRequest{WorkspaceID: "demo", RequestID: NewRequestID(), Spec: baseSpec("cancelled")}

	type answer struct {
		res Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := svc.Create(context.Background(), req, "op-1")
		done <- answer{res, err}
	}()
	require.Eventually(t, func() bool { return len(clustersNamed(t, w, "cancelled")) == 1 },
		30*time.Second, 50*time.Millisecond, "the create reached the server")
	require.Eventually(t, func() bool { return slices.Contains(rec.of("op-1"), "Sending create (attempt 1 of 3)") },
		5*time.Second, 10*time.Millisecond, "the page was told the create is being sent")
	start := time.Now()
	require.True(t, svc.Cancel("op-1"))
	got := <-done
	assert.Less(t, time.Since(start), 5*time.Second, "a cancel answers at once")
	var c *CancelledError
	require.ErrorAs(t, got.err, &c)
	assert.ErrorIs(t, got.err, ErrCancelled)
	assert.Equal(t, CancelCreatePending, c.State)
	assert.Equal(t, req.RequestID, c.RequestID)
	assert.False(t, svc.Cancel("op-1"), "finished: nothing left to cancel")

	again, err := svc.Create(context.Background(), req, "op-2")
	require.NoError(t, err)
	assert.True(t, again.Create.Adopted, "found by its request id instead of created again")
	assert.Contains(t, rec.of("op-2"), "Looking for the cluster this request made")
	found := clustersNamed(t, w, "cancelled")
	require.Len(t, found, 1, "never two clusters")
	assert.Equal(t, found[0].ClusterId, again.ClusterID)
	assert.EqualValues(t, 1, proxy.forwarded.Load(), "the retry sent no second create")
}

// Cancelled before anything was sent: nothing is pending, so the next
// create goes out without looking first.
func TestCancelBeforeSendingLeavesNothingPending(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	rec := &steps{}
	started := make(chan struct{})
	svc := testService(w, rec)
	svc.checker = checkerFunc(func(ctx context.Context) error {
		close(started)
		<-ctx.Done()
		return ctx.Err()
	})
	done := make(chan error, 1)
	go func() {
		_, err := svc.Create(context.Background(), CreateRequest{WorkspaceID: "demo", RequestID: "cd-never-sent", Spec: baseSpec("never")}, "op-x")
		done <- err
	}()
	<-started
	require.True(t, svc.Cancel("op-x"))
	err := <-done
	var c *CancelledError
	require.ErrorAs(t, err, &c)
	assert.Equal(t, CancelNothingSent, c.State)
	assert.False(t, svc.sent.mayExist("cd-never-sent"))
	assert.Empty(t, clustersNamed(t, w, "never"))
}

type checkerFunc func(ctx context.Context) error

func (f checkerFunc) Refuse(ctx context.Context, _, _ string, _ compute.ClusterSpec, _ []compute.Library) error {
	return f(ctx)
}

// A refusal by the checker is ErrRefused and sends nothing.
func TestServiceSendsNothingTheCheckerRefuses(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	svc := testService(w, &steps{})
	problems := errors.New("2 problems")
	svc.checker = checkerFunc(func(context.Context) error { return problems })
	_, err := svc.Create(testCtx(t), CreateRequest{WorkspaceID: "demo", Spec: baseSpec("refused")}, "")
	assert.ErrorIs(t, err, ErrRefused)
	assert.ErrorIs(t, err, problems)
	assert.Empty(t, clustersNamed(t, w, "refused"))
}

// Edit carries out only the plan the user reviewed: a fingerprint from
// before the cluster changed is refused with ErrPlanStale.
func TestEditNeedsTheReviewedPlansFingerprint(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	svc := testService(w, &steps{})
	id := createRunning(t, srv, w, baseSpec("fp"))
	spec := baseSpec("fp")
	spec.AutoterminationMinutes = 90
	plan, err := svc.PlanEdit(testCtx(t), "demo", id, spec, nil)
	require.NoError(t, err)
	require.Equal(t, ActionEdit, plan.Action)
	require.True(t, plan.RestartRequired)

	_, err = svc.Edit(testCtx(t), EditRequest{WorkspaceID: "demo", ClusterID: id, Spec: spec, Fingerprint: "edit|other"}, "")
	require.ErrorIs(t, err, ErrPlanStale)

	res, err := svc.Edit(testCtx(t), EditRequest{WorkspaceID: "demo", ClusterID: id, Spec: spec, Fingerprint: plan.Fingerprint}, "")
	require.NoError(t, err)
	assert.Equal(t, ActionEdit, res.Action)
	assert.True(t, res.Restarted)
	_, err = svc.Edit(testCtx(t), EditRequest{WorkspaceID: "demo", ClusterID: id, Spec: spec, Fingerprint: plan.Fingerprint}, "")
	assert.ErrorIs(t, err, ErrPlanStale, "the cluster is restarting now: the reviewed plan no longer holds")
}
