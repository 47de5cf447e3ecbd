package demo

import (
	"encoding/json"
	"strconv"
	"strings"
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

// Generated clusters' event logs must tell the same story as their details:
// only autoscaling clusters resize, UPSIZE_COMPLETED follows growth only,
// and the last worker count is the cluster's num_workers.
func TestGeneratedScaleHistoryIsConsistent(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true, ExtraClusters: 80, EventHistory: 6})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, all, 80)
	resized := 0
	for _, c := range all {
		events, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: c.ClusterId, Order: compute.GetEventsOrderAsc})
		require.NoError(t, err)
		workers, resizes := -1, 0
		for _, e := range events {
			switch e.Type {
			case compute.EventTypeRunning:
				workers = e.Details.CurrentNumWorkers
			case compute.EventTypeResizing:
				resizes++
				require.NotNil(t, c.Autoscale, "%s: a fixed-size cluster does not autoscale", c.ClusterName)
				assert.Equal(t, compute.EventDetailsCauseAutoscale, e.Details.Cause)
				assert.Equal(t, workers, e.Details.CurrentNumWorkers, c.ClusterName)
				assert.NotEqual(t, e.Details.CurrentNumWorkers, e.Details.TargetNumWorkers, c.ClusterName)
				assert.GreaterOrEqual(t, e.Details.TargetNumWorkers, c.Autoscale.MinWorkers, c.ClusterName)
				assert.LessOrEqual(t, e.Details.TargetNumWorkers, c.Autoscale.MaxWorkers, c.ClusterName)
				workers = e.Details.TargetNumWorkers // shrinking completes without an event
			case compute.EventTypeUpsizeCompleted:
				assert.Equal(t, workers, e.Details.CurrentNumWorkers, "%s: completes the resize before it", c.ClusterName)
				prev := events[0]
				for _, p := range events {
					if p.Type == compute.EventTypeResizing && p.Timestamp <= e.Timestamp {
						prev = p
					}
				}
				assert.Greater(t, prev.Details.TargetNumWorkers, prev.Details.CurrentNumWorkers, "%s: only growth completes an upsize", c.ClusterName)
			}
		}
		if c.Autoscale != nil {
			resized += resizes
			assert.Equal(t, 6, resizes, c.ClusterName)
		}
		assert.Equal(t, c.NumWorkers, workers, "%s: the last event's size is the cluster's", c.ClusterName)
	}
	assert.Positive(t, resized, "some generated clusters autoscale")
}

// Generated clusters that stopped say why as the real service does, and a
// reason shared between them stays each one's own: stopping one again
// changes only its reason.
func TestGeneratedTerminationReasons(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true, ExtraClusters: 120})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	var idle []compute.ClusterDetails
	jobs := 0
	for _, c := range all {
		if c.State != compute.StateTerminated {
			assert.Nil(t, c.TerminationReason, c.ClusterName)
			continue
		}
		require.NotNil(t, c.TerminationReason, c.ClusterName)
		if c.ClusterSource == compute.ClusterSourceJob {
			jobs++
			assert.Equal(t, compute.TerminationReasonCodeJobFinished, c.TerminationReason.Code, c.ClusterName)
			assert.Equal(t, "Job run finished.", c.StateMessage)
			continue
		}
		idle = append(idle, c)
		assert.Equal(t, compute.TerminationReasonCodeInactivity, c.TerminationReason.Code, c.ClusterName)
		minutes := strconv.Itoa(c.AutoterminationMinutes)
		assert.Equal(t, map[string]string{"inactivity_duration_min": minutes}, c.TerminationReason.Parameters, c.ClusterName)
		assert.Equal(t, "Inactive cluster terminated (inactive for "+minutes+" minutes).", c.StateMessage)
	}
	require.Positive(t, jobs)
	require.Greater(t, len(idle), 2)

	// Two that stopped for the same idle time: start one and stop it by hand.
	var a, b *compute.ClusterDetails
	for i := range idle {
		for j := i + 1; j < len(idle) && a == nil; j++ {
			if idle[i].AutoterminationMinutes == idle[j].AutoterminationMinutes {
				a, b = &idle[i], &idle[j]
			}
		}
	}
	require.NotNil(t, a)
	_, err = w.Clusters.Start(ctx, compute.StartCluster{ClusterId: a.ClusterId})
	require.NoError(t, err)
	stepUntil(t, srv, w, a.ClusterId, compute.StateRunning)
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: a.ClusterId})
	require.NoError(t, err)
	got := stepUntil(t, srv, w, a.ClusterId, compute.StateTerminated)
	assert.Equal(t, compute.TerminationReasonCodeUserRequest, got.TerminationReason.Code)
	other, err := w.Clusters.GetByClusterId(ctx, b.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, b.TerminationReason, other.TerminationReason, "the other keeps its reason")
	assert.Equal(t, b.StateMessage, other.StateMessage)
}

// A generated cluster answers with the spec it was created from, and a
// resize or an edit changes that spec as it does any cluster's.
func TestGeneratedClustersKeepTheirSpec(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true, ExtraClusters: 60})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	var fixedRunning, stopped *compute.ClusterDetails
	for i, c := range all {
		require.NotNil(t, c.Spec, c.ClusterName)
		want := compute.ClusterSpec{ClusterName: c.ClusterName, SparkVersion: c.SparkVersion, NodeTypeId: c.NodeTypeId,
			DriverNodeTypeId: c.DriverNodeTypeId, AutoterminationMinutes: c.AutoterminationMinutes,
			DataSecurityMode: c.DataSecurityMode, CustomTags: c.CustomTags, Autoscale: c.Autoscale}
		if c.Autoscale == nil {
			want.NumWorkers = c.NumWorkers // fixed size: asked for what it has
		}
		got := *c.Spec
		got.ForceSendFields = nil
		assert.Equal(t, want, got, c.ClusterName)
		got2, err := w.Clusters.GetByClusterId(ctx, c.ClusterId)
		require.NoError(t, err)
		assert.Equal(t, c.Spec, got2.Spec, "get and list agree: %s", c.ClusterName)
		switch {
		case fixedRunning == nil && c.Autoscale == nil && c.State == compute.StateRunning:
			fixedRunning = &all[i]
		case stopped == nil && c.State == compute.StateTerminated && c.ClusterSource != compute.ClusterSourceJob:
			stopped = &all[i]
		}
	}
	require.NotNil(t, fixedRunning)
	require.NotNil(t, stopped)

	_, err = w.Clusters.Resize(ctx, compute.ResizeCluster{ClusterId: fixedRunning.ClusterId, NumWorkers: fixedRunning.NumWorkers + 3})
	require.NoError(t, err)
	resized, err := w.Clusters.GetByClusterId(ctx, fixedRunning.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, fixedRunning.NumWorkers+3, resized.Spec.NumWorkers, "a resize asks for the new size")
	assert.Equal(t, fixedRunning.ClusterName, resized.Spec.ClusterName)

	_, err = w.Clusters.Edit(ctx, compute.EditCluster{ClusterId: stopped.ClusterId, ClusterName: stopped.ClusterName,
		SparkVersion: stopped.SparkVersion, NodeTypeId: stopped.NodeTypeId, NumWorkers: 2, AutoterminationMinutes: 45,
		DataSecurityMode: stopped.DataSecurityMode})
	require.NoError(t, err)
	edited, err := w.Clusters.GetByClusterId(ctx, stopped.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, 45, edited.Spec.AutoterminationMinutes)
	assert.Equal(t, 2, edited.Spec.NumWorkers)
	events, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: stopped.ClusterId, EventTypes: []compute.EventType{compute.EventTypeEdited}})
	require.NoError(t, err)
	require.NotEmpty(t, events)
	require.NotNil(t, events[0].Details.PreviousAttributes, "the edit event says what the spec was")
	assert.Equal(t, stopped.AutoterminationMinutes, events[0].Details.PreviousAttributes.AutoterminationMinutes)
	assert.Equal(t, 45, events[0].Details.Attributes.AutoterminationMinutes)
}

// Generated policies must pass the demo's own checks (a bad one would be
// silently missing) and resolve their family overrides.
func TestGeneratedPoliciesAreAllListed(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true, ExtraPolicies: 40})
	all, err := w.ClusterPolicies.ListAll(testCtx(t), compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	generated, families := 0, 0
	for _, p := range all {
		if !strings.HasPrefix(p.Description, "Generated team policy") {
			continue // the families' default policies are always there
		}
		generated++
		var rules map[string]map[string]any
		require.NoError(t, json.Unmarshal([]byte(p.Definition), &rules), p.Name)
		assert.Contains(t, rules, "autotermination_minutes", p.Name)
		if p.PolicyFamilyId != "" {
			families++
			assert.LessOrEqual(t, rules["autotermination_minutes"]["maxValue"], float64(120), p.Name)
		}
	}
	assert.Equal(t, 40, generated)
	assert.Equal(t, 10, families)
}
