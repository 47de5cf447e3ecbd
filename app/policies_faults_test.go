package app

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/policies"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// A policy edit on a laptop network: the impact read before saving and the
// save itself, through a proxy that refuses, black-holes, answers with a
// portal's page or loses the answer. Each says plainly what happened; the
// export, made from the cached policy, still saves offline; a lost edit is
// never reported as refused.
func TestPolicyEditImpactSaveAndExportThroughFaults(t *testing.T) {
	f := newFixture(t, fixtureOptions{clients: true, client: workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 2 * time.Second}})
	t.Cleanup(func() { f.app.Shutdown(context.Background()) })
	p, err := faultproxy.Start(f.demo.URL(), 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	view, err := f.app.Workspaces.Create(workspaces.Form{Name: "Via proxy", Host: p.URL(), AuthType: "pat", Token: f.demo.Token()})
	require.NoError(t, err)
	ws := view.ID
	_, err = f.app.Workspaces.RefreshCatalog(ws)
	require.NoError(t, err)
	list, err := f.app.Policies.List(ws)
	require.NoError(t, err)
	var id string
	for _, pol := range list.Policies {
		if pol.FamilyID == "" {
			id = pol.ID
		}
	}
	require.NotEmpty(t, id, "a policy of its own definition in the seed")
	got, err := f.app.Policies.Get(ws, id)
	require.NoError(t, err)
	form := policies.Form{Name: got.Info.Name, Description: got.Info.Description, MaxClustersPerUser: got.Info.MaxClustersPerUser,
		Definition: `{"autotermination_minutes": {"type": "range", "maxValue": 90}}`}
	_, err = f.app.Policies.EditImpact(ws, id, form)
	require.NoError(t, err, "through a proxy that passes everything")

	for _, tt := range []struct {
		name  string
		fault faultproxy.Fault
		code  string // what the impact read says
	}{
		{"refused", faultproxy.Fault{Mode: faultproxy.Refuse}, "UNREACHABLE"},
		{"black-holed", faultproxy.Fault{Mode: faultproxy.BlackHole}, "TIMEOUT"},
		{"a portal's page", faultproxy.Fault{Mode: faultproxy.HTML}, "NOT_A_WORKSPACE"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, p.Set(tt.fault))
			t.Cleanup(func() { _ = p.Set(faultproxy.Fault{Mode: faultproxy.Pass}) })
			_, err := f.app.Policies.EditImpact(ws, id, form)
			require.Error(t, err)
			ui := f.app.FormatError(err).(UIError)
			assert.Equal(t, tt.code, ui.Code, "%s | %s", ui.Message, ui.Hint)
			for _, g := range goText {
				assert.NotContains(t, ui.Message+ui.Hint, g)
			}
			saver := &recordingSaver{}
			f.app.Policies.files = saver
			file, err := f.app.Policies.SaveExport(ws, id, "terraform")
			require.NoError(t, err, "the export is made from the cached policy")
			assert.True(t, file.Saved)
			assert.Contains(t, saver.data, `resource "databricks_cluster_policy"`)
		})
	}

	t.Run("the edit's answer is lost", func(t *testing.T) {
		require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.LoseAnswer, Hang: true, Path: "/policies/clusters/edit"}))
		t.Cleanup(func() { _ = p.Set(faultproxy.Fault{Mode: faultproxy.Pass}) })
		err := f.app.Policies.Edit(ws, id, form)
		if err != nil {
			ui := f.app.FormatError(err).(UIError)
			assert.Equal(t, "OUTCOME_UNKNOWN", ui.Code, "%s | %s", ui.Message, ui.Detail)
		}
		direct, err := workspaceapi.New(&config.Config{Host: f.demo.URL(), Token: f.demo.Token(), Loaders: []config.Loader{config.ConfigAttributes}})
		require.NoError(t, err)
		pol, err := direct.ClusterPolicies.GetByPolicyId(context.Background(), id)
		require.NoError(t, err)
		assert.Contains(t, pol.Definition, `"maxValue": 90`, "the edit arrived; the page must not have said it was refused")
	})
}
