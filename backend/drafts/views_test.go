package drafts

import (
	"errors"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func TestCheckViewOf(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		name   string
		report check.Report
		state  string
		source []string
		cache  CacheInfo
	}{
		{name: "nothing found, nothing cached", report: check.Report{}, state: CheckOK, source: []string{}},
		{name: "a warning", state: CheckWarnings, source: []string{"spec"},
			report: check.Report{Warnings: 1, Problems: []check.Problem{{Path: "x", Severity: "warning", Source: check.SourceCatalog}}}},
		{name: "errors win, policy kept apart", state: CheckErrors, source: []string{"policy", "spec"},
			report: check.Report{Errors: 1, Warnings: 1, CatalogFetchedAt: at, CatalogAge: 90 * time.Second, Problems: []check.Problem{
				{Path: "a", Severity: "error", Source: check.SourcePolicy}, {Path: "b", Severity: "warning", Source: check.SourceUnknownField}}},
			cache: CacheInfo{Cached: true, FetchedAt: "2026-11-23T10:00:00Z", AgeSeconds: 90}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := CheckViewOf(c.report)
			assert.Equal(t, c.state, v.State)
			got := []string{}
			for _, it := range v.Items {
				got = append(got, it.Source)
			}
			assert.Equal(t, c.source, got)
			assert.Equal(t, c.cache, v.Cache)
			assert.Equal(t, CheckSummary{State: v.State, Errors: v.Errors, Warnings: v.Warnings, Cache: v.Cache}, v.Summary())
		})
	}
}

func TestTargetViewOfOffersPoliciesByName(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	p := workspaces.Profile{ID: "w1", Name: "Prod", IsProduction: true}
	none := TargetViewOf(p, nil, now)
	assert.Equal(t, TargetView{ID: "w1", Name: "Prod", Production: true, Policies: []PolicyOption{}}, none)

	snap := catalog.Snapshot{}
	snap.Policies.FetchedAt = now.Add(-time.Hour)
	snap.Policies.Items = []compute.Policy{{PolicyId: "2", Name: "zeta"}, {PolicyId: "1", Name: "Alpha"}, {PolicyId: "3", Name: "beta"}}
	v := TargetViewOf(p, &snap, now)
	assert.Equal(t, []PolicyOption{{ID: "1", Name: "Alpha"}, {ID: "3", Name: "beta"}, {ID: "2", Name: "zeta"}}, v.Policies)
	assert.Equal(t, CacheInfo{Cached: true, FetchedAt: "2026-11-23T09:00:00Z", AgeSeconds: 3600}, v.Cache)
}

func TestSplitPageSpecPlacesTheBadValue(t *testing.T) {
	cases := []struct {
		name  string
		spec  map[string]any
		field string
	}{
		{name: "good", spec: map[string]any{"cluster_name": "a", "num_workers": 2}},
		{name: "wrong type", spec: map[string]any{"num_workers": "two"}, field: "spec.num_workers"},
		{name: "bad library", spec: map[string]any{"libraries": []any{map[string]any{"pypi": "x"}}}, field: "libraries"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := SplitPageSpec(c.spec)
			if c.field == "" {
				require.NoError(t, err)
				assert.Equal(t, "a", doc.Spec.ClusterName)
				return
			}
			var fe *FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.field, fe.Field)
			assert.ErrorIs(t, err, ErrBadSpec)
		})
	}
}

func TestUnparsedRefusesTextThatDoesNotParse(t *testing.T) {
	assert.NoError(t, Draft{}.Unparsed())
	err := Draft{SpecText: `{"cluster_name": `}.Unparsed()
	assert.True(t, errors.Is(err, ErrBadSpec))
}

func TestApplyMemoryKeepsThePendingRequestThenLinks(t *testing.T) {
	s, err := Open(t.TempDir(), Options{})
	require.NoError(t, err)
	d, err := s.Create(NewDraft{Name: "etl", WorkspaceID: "w1", Spec: compute.ClusterSpec{ClusterName: "etl"}})
	require.NoError(t, err)
	m := s.ApplyMemory(d.ID, "w1")
	require.NoError(t, m.Pending("req-1"))
	got, _, err := s.Get(d.ID)
	require.NoError(t, err)
	rec, ok := got.Record("w1")
	require.True(t, ok)
	assert.Equal(t, "req-1", rec.PendingRequestID)
	assert.Nil(t, m.Linked)

	require.NoError(t, m.Settled("c-1"))
	require.NotNil(t, m.Linked)
	rec, _ = m.Linked.Record("w1")
	assert.Equal(t, ApplyRecord{WorkspaceID: "w1", ClusterID: "c-1", AppliedAt: rec.AppliedAt}, rec)
}
