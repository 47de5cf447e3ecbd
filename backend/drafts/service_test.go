package drafts

import (
	"context"
	"errors"
	"net"
	"syscall"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// serviceOnDemo is a drafts service whose apply service reaches an empty
// demo workspace; fetched counts catalog fetches, fetchErr is their answer.
func serviceOnDemo(t *testing.T, fetchErr error) (*Service, *Store, *int) {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	srv, err := demo.Start(context.Background(), demo.Options{Seed: 7, Empty: true, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, srv.Close()) })
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 20, RateLimitPerSecond: 10000})
	require.NoError(t, err)
	clients := func(context.Context, string) (*workspaceapi.Client, error) { return w, nil }
	checker := check.New(nil, nil)
	applier := apply.NewService(clients, checker, nil, apply.InteractiveBudgets(), nil)
	store, err := Open(t.TempDir(), Options{})
	require.NoError(t, err)
	fetched := 0
	fetch := func(context.Context, string) error { fetched++; return fetchErr }
	return NewService(Config{Store: store, Checker: checker, Apply: applier, Fetch: fetch}), store, &fetched
}

func goodSpec(name string) compute.ClusterSpec {
	return compute.ClusterSpec{ClusterName: name, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
		NumWorkers: 1, AutoterminationMinutes: 30}
}

func TestServicePlanChecksOnFreshDataThenPlans(t *testing.T) {
	svc, store, fetched := serviceOnDemo(t, nil)
	ctx := context.Background()
	dr, err := store.Create(NewDraft{Name: "etl", WorkspaceID: "w1", Spec: goodSpec("etl")})
	require.NoError(t, err)

	res, err := svc.Plan(ctx, dr.ID, "w1", "")
	require.NoError(t, err)
	assert.Equal(t, 1, *fetched, "the catalog is fetched before the check")
	assert.Equal(t, apply.ActionCreate, res.Plan.Action)
	assert.NotEmpty(t, res.Plan.Fingerprint)
	assert.False(t, res.Blocked)
	assert.False(t, res.PendingCreate)

	out, linked, err := svc.Apply(ctx, ApplyRequest{DraftID: dr.ID, WorkspaceID: "w1", Fingerprint: res.Plan.Fingerprint})
	require.NoError(t, err)
	assert.Equal(t, apply.ActionCreate, out.Action)
	require.NotNil(t, linked, "the draft now names its cluster")
	rec, ok := linked.Record("w1")
	require.True(t, ok)
	assert.Equal(t, out.ClusterID, rec.ClusterID)
	assert.Empty(t, rec.PendingRequestID)

	again, err := svc.Plan(ctx, dr.ID, "w1", "")
	require.NoError(t, err)
	assert.Equal(t, apply.ActionNoop, again.Plan.Action, "applied: the cluster matches")
}

func TestServicePlanRefusals(t *testing.T) {
	offline := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	cases := []struct {
		name      string
		fetchErr  error
		draft     NewDraft
		field     string
		offline   bool
		fetches   int
		blocked   bool
		wantNoErr bool
	}{
		{name: "text that does not parse", draft: NewDraft{Name: "a", Spec: goodSpec("a"), SpecText: `{"cluster_name": `}, field: "spec"},
		{name: "no cluster name", draft: NewDraft{Name: "b", Spec: goodSpec("")}, field: "spec.cluster_name", fetches: 1},
		{name: "offline", fetchErr: offline, draft: NewDraft{Name: "c", Spec: goodSpec("c")}, offline: true, fetches: 1},
		{name: "a fetch that fails online still plans", fetchErr: errors.New("403 on pools"), draft: NewDraft{Name: "d", Spec: goodSpec("d")},
			fetches: 1, wantNoErr: true},
		{name: "the API's rules block", draft: NewDraft{Name: "e", Spec: compute.ClusterSpec{ClusterName: "e", NumWorkers: -1}},
			fetches: 1, blocked: true, wantNoErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svc, store, fetched := serviceOnDemo(t, c.fetchErr)
			dr, err := store.Create(c.draft)
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			res, err := svc.Plan(ctx, dr.ID, "w1", "")
			assert.Equal(t, c.fetches, *fetched)
			switch {
			case c.wantNoErr:
				require.NoError(t, err)
				assert.Equal(t, c.blocked, res.Blocked)
			case c.offline:
				assert.ErrorIs(t, err, offline)
			default:
				var fe *FieldError
				require.ErrorAs(t, err, &fe)
				assert.Equal(t, c.field, fe.Field)
			}
		})
	}
}
