package app

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/policies"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/session"
)

func TestPoliciesFacadeIsBoundAndExplainsItsErrors(t *testing.T) {
	a := New(Deps{})
	assert.Contains(t, a.Bindings(), any(a.Policies))
	_, err := a.Policies.List("w")
	assert.ErrorIs(t, err, errNotWired)
	_, err = a.Policies.Get("w", "p")
	assert.ErrorIs(t, err, errNotWired)
	ui := a.errors.UIError(policies.ErrInvalidForm)
	assert.Equal(t, "POLICY_INVALID", ui.Code)
	assert.Equal(t, "POLICY_NOT_FOUND", a.errors.UIError(policies.ErrUnknownPolicy).Code)
}

// The list holds summaries (a workspace of 1,000 policies lists in
// kilobytes); Get gives the one policy the page opens, rules and all.
func TestPoliciesListSummariesThenGetOne(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	a, refresher := newCatalogTestApp(t, srv.URL(), srv.Token())

	// Nothing fetched yet: an empty listing that says so, not an error.
	list, err := a.Policies.List("demo")
	require.NoError(t, err)
	assert.False(t, list.Cache.Cached)
	assert.Empty(t, list.Policies)

	_, err = refresher.RefreshNow(ctx, "demo")
	require.NoError(t, err)
	list, err = a.Policies.List("demo")
	require.NoError(t, err)
	assert.True(t, list.Cache.Cached)
	assert.True(t, list.Admin)
	byName := map[string]policies.Summary{}
	var order []string
	for _, p := range list.Policies {
		byName[p.Name] = p
		order = append(order, p.Name)
	}
	assert.IsIncreasing(t, order)
	// Job-only policies are listed too (the editor offers only all-purpose ones).
	require.Contains(t, byName, "Job Compute")
	assert.Equal(t, []policyeval.ClusterType{policyeval.Job}, byName["Job Compute"].ClusterTypes)
	require.Contains(t, byName, "Personal Compute")
	assert.Equal(t, "personal-vm", byName["Personal Compute"].FamilyID)

	personal, err := a.Policies.Get("demo", byName["Personal Compute"].ID)
	require.NoError(t, err)
	assert.Empty(t, personal.Problem)
	assert.Equal(t, int64(1), personal.Info.MaxClustersPerUser)
	assert.Equal(t, "personal-vm", personal.Info.FamilyID)
	assert.NotEmpty(t, personal.Info.Constraints)
	assert.NotEmpty(t, personal.Actions)

	_, err = a.Policies.Get("demo", "0000000000000000")
	assert.ErrorIs(t, err, policies.ErrUnknownPolicy)
	_, err = a.Policies.List("nope")
	assert.ErrorIs(t, err, session.ErrUnknownWorkspace)
}

// The page reads only the cache: with the workspace unreachable it still
// lists what was fetched, with its age; a malformed policy is listed and
// opens with its problem.
func TestPoliciesReadOnlyTheCache(t *testing.T) {
	a, refresher := newCatalogTestApp(t, "http://127.0.0.1:1", "unused")
	fetched := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	require.NoError(t, refresher.Cache().Save(catalog.Snapshot{
		SchemaVersion: catalog.SchemaVersion, WorkspaceID: "demo",
		Policies: catalog.Section[[]compute.Policy]{FetchedAt: fetched,
			Items: []compute.Policy{{PolicyId: "bad", Name: "Broken", Definition: "{not json", MaxClustersPerUser: 2},
				{PolicyId: "ok", Name: "allowed", Definition: `{"autotermination_minutes": {"type": "range", "maxValue": 60}}`}}},
	}))

	list, err := a.Policies.List("demo")
	require.NoError(t, err)
	assert.GreaterOrEqual(t, list.Cache.AgeSeconds, int64(3600), "the policies section's own age")
	require.Len(t, list.Policies, 2)
	assert.Equal(t, "allowed", list.Policies[0].Name)
	assert.Equal(t, "Broken", list.Policies[1].Name)
	assert.Empty(t, list.Policies[1].ClusterTypes, "an unreadable definition offers no cluster type")

	allowed, err := a.Policies.Get("demo", "ok")
	require.NoError(t, err)
	require.Len(t, allowed.Info.Constraints, 1)
	assert.Equal(t, "autotermination_minutes", allowed.Info.Constraints[0].Path)
	broken, err := a.Policies.Get("demo", "bad")
	require.NoError(t, err)
	assert.NotEmpty(t, broken.Problem, "a malformed definition opens with its problem")
	assert.Equal(t, int64(2), broken.Info.MaxClustersPerUser)
}

// The policy export saves as the pool export does, and its Terraform names
// the provider with the workspace's host (the Demo workspace's too: real
// clients run against it).
func TestPolicySaveExportWritesTheProviderBlock(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	a, refresher := newCatalogTestApp(t, srv.URL(), srv.Token())
	_, err = refresher.RefreshNow(ctx, "demo")
	require.NoError(t, err)
	list, err := a.Policies.List("demo")
	require.NoError(t, err)
	require.NotEmpty(t, list.Policies)
	id := list.Policies[0].ID

	saver := &recordingSaver{}
	a.Policies.files = saver
	file, err := a.Policies.SaveExport("demo", id, "terraform")
	require.NoError(t, err)
	assert.True(t, file.Saved)
	assert.Contains(t, saver.data, `source = "databricks/databricks"`)
	assert.Contains(t, saver.data, `provider "databricks" {`)
	assert.Contains(t, saver.data, srv.URL())
	assert.Contains(t, saver.data, `resource "databricks_cluster_policy"`)

	a.Policies.files = nil // the browser bridge: nothing saved, the page offers the text
	file, err = a.Policies.SaveExport("demo", id, "json")
	require.NoError(t, err)
	assert.False(t, file.Saved)
}
