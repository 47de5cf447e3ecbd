package app

import (
	"context"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A draft's offline check uses the editor's DBU rate table, so a
// dbus_per_hour cap is caught offline with the server's own words.
func TestDraftCheckCatchesADBUCapOfflineAsTheServerDoes(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	_, err := d.RefreshCatalog("demo")
	require.NoError(t, err)
	targets, err := d.Targets()
	require.NoError(t, err)
	var personal string
	for _, p := range targets[0].Policies {
		if p.Name == "Personal Compute" {
			personal = p.ID
		}
	}
	require.NotEmpty(t, personal)

	cases := []struct {
		name     string
		nodeType string
		over     bool
	}{
		// Over first: the policy allows one cluster per user, which the passing case uses.
		{"large node over the cap", "Standard_DS5_v2", true},
		{"small node within the cap", "Standard_DS3_v2", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			spec := map[string]any{"cluster_name": "personal-" + tc.nodeType, "spark_version": "16.4.x-scala2.12",
				"node_type_id": tc.nodeType, "num_workers": 0, "policy_id": personal, "apply_policy_default_values": true,
				"data_security_mode": "SINGLE_USER", "single_user_name": "demo.user@example.com",
				"spark_conf":  map[string]any{"spark.databricks.cluster.profile": "singleNode", "spark.master": "local[*, 4]"},
				"custom_tags": map[string]any{"ResourceClass": "SingleNode"}}
			e.srv.SetOutage(true, 0)
			chk, err := d.Check("demo", personal, spec)
			e.srv.SetOutage(false, 0)
			require.NoError(t, err)
			offline := itemAt(chk.Items, "dbus_per_hour")

			w, err := e.mgr.Client(context.Background(), "demo")
			require.NoError(t, err)
			_, serverErr := w.Clusters.Create(context.Background(), compute.CreateCluster{ClusterName: spec["cluster_name"].(string),
				SparkVersion: "16.4.x-scala2.12", NodeTypeId: tc.nodeType, PolicyId: personal, ApplyPolicyDefaultValues: true,
				DataSecurityMode: compute.DataSecurityModeSingleUser, SingleUserName: "demo.user@example.com",
				SparkConf:  map[string]string{"spark.databricks.cluster.profile": "singleNode", "spark.master": "local[*, 4]"},
				CustomTags: map[string]string{"ResourceClass": "SingleNode"}})
			if !tc.over {
				assert.Nil(t, offline, "%+v", chk.Items)
				assert.NoError(t, serverErr)
				return
			}
			require.NotNil(t, offline, "the offline check sees the cap: %+v notes %v server %v", chk.Items, chk.Notes, serverErr)
			assert.Equal(t, "policy", offline.Source)
			require.Error(t, serverErr)
			assert.Contains(t, serverErr.Error(), offline.Message, "same reason as the server")
		})
	}
}
