package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeededWorkspaceLooksLived(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	byName := map[string]compute.ClusterDetails{}
	states := map[compute.State]int{}
	for _, c := range all {
		byName[c.ClusterName] = c
		states[c.State]++
	}
	assert.GreaterOrEqual(t, len(all), 12)
	assert.NotContains(t, byName, "q3-forecast-archive", "terminated over 30 days ago: not listed")
	assert.GreaterOrEqual(t, states[compute.StateRunning], 3)
	assert.Equal(t, 1, states[compute.StateError])
	assert.Equal(t, 1, states[compute.StatePending])

	reasons := map[string]compute.TerminationReasonCode{
		"Priya Sharma's Personal Compute Cluster": compute.TerminationReasonCodeInactivity,
		"ml-training-gpu":                         compute.TerminationReasonCodeUserRequest,
		"gpu-v100-experiment":                     compute.TerminationReasonCodeAzureQuotaExceededException,
		"data-science-shared":                     compute.TerminationReasonCodeCloudProviderResourceStockout,
		"init-script-test":                        compute.TerminationReasonCodeInitScriptFailure,
		"job-771204563-run-3318902":               compute.TerminationReasonCodeJobFinished,
	}
	for name, code := range reasons {
		c, ok := byName[name]
		require.True(t, ok, name)
		require.NotNil(t, c.TerminationReason, name)
		assert.Equal(t, code, c.TerminationReason.Code, name)
	}
	assert.Equal(t, compute.StateRunning, byName["shared-analytics"].State)
	assert.Equal(t, compute.ClusterSourceJob, byName["job-771204563-run-3320117"].ClusterSource)

	evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: byName["shared-analytics"].ClusterId})
	require.NoError(t, err)
	assert.Greater(t, len(evs), 8)
	page, err := w.Clusters.Events(ctx, compute.GetEvents{ClusterId: byName["shared-analytics"].ClusterId, Limit: 3}).Next(ctx)
	require.NoError(t, err)
	assert.NotZero(t, page.Timestamp)

	libs, err := w.Libraries.ClusterStatusByClusterId(ctx, byName["shared-analytics"].ClusterId)
	require.NoError(t, err)
	assert.Len(t, libs.LibraryStatuses, 3)
	pools, err := w.InstancePools.ListAll(ctx)
	require.NoError(t, err)
	assert.Len(t, pools, 3)
	policies, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	assert.Len(t, policies, 5)
}
