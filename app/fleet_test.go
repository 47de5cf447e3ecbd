package app

import (
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fleet reads the demo through the clusters pollers: its rows are the
// demo's running compute, and its total is the sum of its rows.
func TestFleetFacadeListsEveryWorkspaceAndExportsCSV(t *testing.T) {
	a, _ := newClustersApp(t)
	require.NoError(t, a.Fleet.Watch())
	t.Cleanup(func() { _ = a.Fleet.Unwatch() })
	var v FleetView
	require.Eventually(t, func() bool {
		var err error
		v, err = a.Fleet.View("workspace")
		return err == nil && len(v.Fleet.Workspaces) == 1 && v.Fleet.Workspaces[0].ListedAt != "" && len(v.Fleet.Rows) > 0
	}, 20*time.Second, 20*time.Millisecond)
	sum := 0
	for _, r := range v.Fleet.Rows {
		assert.Contains(t, []string{"RUNNING", "RESIZING", "PENDING", "RESTARTING"}, r.State)
		assert.Equal(t, "demo", r.Workspace)
		sum++
	}
	assert.Equal(t, sum, v.Fleet.Total.Clusters)
	assert.Equal(t, v.Fleet.Total.Clusters, v.Fleet.Workspaces[0].Total.Clusters)
	assert.Contains(t, v.TagKeys, "team")

	saved, err := a.Fleet.Export("tag:team")
	require.NoError(t, err)
	assert.False(t, saved.Saved, "no save dialog in the bridge: the text comes back")
	recs, err := csv.NewReader(strings.NewReader(saved.Content)).ReadAll()
	require.NoError(t, err)
	assert.Len(t, recs, len(v.Fleet.Rows)+1)
}
