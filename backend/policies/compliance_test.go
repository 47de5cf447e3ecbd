package policies

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// tighten makes the seeded Shared Compute policy stricter than the running
// shared-analytics cluster (120 minutes, up to 8 workers), so it violates.
func tighten(t *testing.T, s *Service) PolicyView {
	t.Helper()
	shared, ok := byName(t, s, "Shared Compute")
	require.True(t, ok)
	form := Form{Name: shared.Info.Name, Description: shared.Info.Description, FamilyID: shared.Info.FamilyID,
		Definition: `{"autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 60, "defaultValue": 60},
		 "autoscale.max_workers": {"type": "range", "maxValue": 4, "defaultValue": 4, "isOptional": true}}`}
	require.NoError(t, s.Edit(testCtx(t), "w", shared.Info.ID, form))
	return shared
}

// withoutCompliance is a proxy to the demo that answers the compliance
// API as a workspace without it does (404 ENDPOINT_NOT_FOUND).
func withoutCompliance(t *testing.T, target string) string {
	u, err := url.Parse(target)
	require.NoError(t, err)
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "compliance") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"error_code": "ENDPOINT_NOT_FOUND", "message": "No API found for 'GET /policies/clusters/list-compliance'"}`))
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func useNamed(u UsageView, name string) ClusterUse {
	for _, c := range u.Clusters {
		if c.Name == name {
			return c
		}
	}
	return ClusterUse{}
}

func paths(u ClusterUse) []string {
	out := []string{}
	for _, v := range u.Violations {
		out = append(out, v.Path)
	}
	return out
}

// The server's compliance call and the offline evaluator must agree on the
// demo workspace: on every seeded policy, and on a tightened one.
func TestServerAndOfflineComplianceAgree(t *testing.T) {
	s, _ := startLive(t, "")
	ctx := testCtx(t)
	tighten(t, s)
	list, err := s.List("w")
	require.NoError(t, err)
	violating := 0
	for _, p := range list.Policies {
		server, err := s.Usage(ctx, "w", p.ID)
		require.NoError(t, err)
		assert.Equal(t, SourceServer, server.Source)
		eval, err := s.offlineEvaluator(ctx, "w", p.ID)
		require.NoError(t, err)
		for _, u := range server.Clusters {
			w, err := s.clients.Client(ctx, "w")
			require.NoError(t, err)
			details, err := w.Clusters.GetByClusterId(ctx, u.ID)
			require.NoError(t, err)
			offline := eval(*details)
			assert.Equal(t, u.Violations, offline, "%s on %s", p.Name, u.Name)
			if !u.Compliant {
				violating++
			}
		}
	}
	assert.Positive(t, violating, "the tightened policy has a violating cluster")
}

func TestUsageShowsTheViolationsOfEachCluster(t *testing.T) {
	s, l := startLive(t, "")
	ctx := testCtx(t)
	shared := tighten(t, s)
	u, err := s.Usage(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	require.NotEmpty(t, u.Clusters)
	analytics := useNamed(u, "shared-analytics")
	require.Equal(t, "shared-analytics", analytics.Name)
	assert.False(t, analytics.Compliant)
	assert.Equal(t, []string{"autoscale.max_workers", "autotermination_minutes"}, paths(analytics))

	// A workspace without the compliance API: the offline evaluator answers the same.
	l.w = clientFor(t, l.srv, l.srv.Token(), withoutCompliance(t, l.srv.URL()))
	off, err := s.Usage(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	assert.Equal(t, SourceOffline, off.Source)
	assert.NotEmpty(t, off.Note)
	assert.Equal(t, u.Clusters, off.Clusters)
}

func TestEnforcePreviewsThenApplies(t *testing.T) {
	s, l := startLive(t, "")
	ctx := testCtx(t)
	shared := tighten(t, s)
	u, err := s.Usage(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	id := useNamed(u, "shared-analytics").ID
	require.NotEmpty(t, id)
	before, err := l.w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	require.Equal(t, compute.StateRunning, before.State)

	plan, err := s.Enforce(ctx, "w", id, false)
	require.NoError(t, err)
	assert.True(t, plan.Restarts, "a running cluster restarts")
	assert.False(t, plan.Applied)
	fields := map[string]string{}
	for _, c := range plan.Changes {
		fields[c.Field] = c.PreviousValue + " → " + c.NewValue
	}
	assert.Equal(t, "120 → 60", fields["autotermination_minutes"])
	same, err := l.w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, before.AutoterminationMinutes, same.AutoterminationMinutes, "a preview changes nothing")

	plan, err = s.Enforce(ctx, "w", id, true)
	require.NoError(t, err)
	assert.True(t, plan.Applied)
	after, err := l.w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 60, after.AutoterminationMinutes)
	assert.NotEqual(t, compute.StateRunning, after.State, "applying restarts the running cluster")
	u, err = s.Usage(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	for _, c := range u.Clusters {
		if c.ID == id {
			assert.True(t, c.Compliant, "%+v", c.Violations)
		}
	}
}

// The policies page checks dbus_per_hour with the user's DBU rate table, as
// the editor does (it used the built-in one, so the two could disagree).
func TestOfflineComplianceUsesTheUsersRateTable(t *testing.T) {
	s, _ := startLive(t, "")
	ctx := testCtx(t)
	shared, ok := byName(t, s, "Shared Compute")
	require.True(t, ok)
	form := Form{Name: shared.Info.Name, Description: shared.Info.Description, FamilyID: shared.Info.FamilyID,
		Definition: `{"dbus_per_hour": {"type": "range", "maxValue": 1000}}`}
	require.NoError(t, s.Edit(ctx, "w", shared.Info.ID, form))
	u, err := s.Usage(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	analytics := useNamed(u, "shared-analytics")
	require.NotEmpty(t, analytics.ID)
	w, err := s.clients.Client(ctx, "w")
	require.NoError(t, err)
	details, err := w.Clusters.GetByClusterId(ctx, analytics.ID)
	require.NoError(t, err)

	eval, err := s.offlineEvaluator(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	assert.Empty(t, eval(*details), "the built-in rates keep it under 1,000 DBU/h")

	s.WithRates(func() policyeval.RateTable {
		return policyeval.RateTable{Rates: map[string]float64{details.NodeTypeId: 500, details.DriverNodeTypeId: 500}}
	})
	eval, err = s.offlineEvaluator(ctx, "w", shared.Info.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"dbus_per_hour"}, paths(ClusterUse{Violations: eval(*details)}))
}
