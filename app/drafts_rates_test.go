package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/services"
)

// The editor and the drafts use the one rate store main.go injects: a
// broken user file is reported by both, and saving fixes it for both.
func TestEditorAndDraftsShareTheInjectedRateStore(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, policyeval.RateFileName)
	require.NoError(t, os.WriteFile(path, []byte(`{"rates":{"Standard_DS3_v2":"cheap"}}`), 0o600))
	store, err := drafts.Open(filepath.Join(dir, "data"), drafts.Options{})
	require.NoError(t, err)
	a := New(Deps{Inputs: services.Inputs{Drafts: store, Rates: rates.NewStore(path)}})

	s, err := a.Editor.RateSettings()
	require.NoError(t, err)
	assert.Contains(t, s.LoadError, "not valid JSON")
	spec := map[string]any{"cluster_name": "x", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2", "num_workers": 1}
	chk, err := a.Drafts.Check("", "", spec)
	require.NoError(t, err)
	require.Len(t, chk.Notes, 1)
	assert.Contains(t, chk.Notes[0], "built-in rates are used")

	_, err = a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"Standard_DS3_v2": 9}})
	require.NoError(t, err)
	chk, err = a.Drafts.Check("", "", spec)
	require.NoError(t, err)
	assert.Empty(t, chk.Notes, "the drafts see the saved table at once")
}
