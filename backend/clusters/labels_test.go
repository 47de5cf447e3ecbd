package clusters

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

func TestRuntimeLabel(t *testing.T) {
	for key, want := range map[string]string{
		"15.4.x-gpu-ml-scala2.12":  "15.4 LTS ML (GPU, Scala 2.12)",
		"15.4.x-cpu-ml-scala2.12":  "15.4 LTS ML (Scala 2.12)",
		"16.4.x-scala2.12":         "16.4 LTS (Scala 2.12)",
		"17.3.x-scala2.13":         "17.3 LTS (Scala 2.13)",
		"16.1.x-photon-scala2.12":  "16.1 Photon (Scala 2.12)",
		"13.3.x-aarch64-scala2.12": "13.3 LTS (ARM, Scala 2.12)",
		"12.2.x-scala2.12":         "12.2 LTS (Scala 2.12)",
		"16.2.x-scala2.12":         "16.2 (Scala 2.12)",
		"custom:my-image":          "custom:my-image",
		"":                         "",
	} {
		assert.Equal(t, want, RuntimeLabel(key), key)
	}
}

func TestAccessModeLabel(t *testing.T) {
	assert.Equal(t, "Dedicated (single user)", AccessModeLabel(compute.DataSecurityModeSingleUser))
	assert.Equal(t, "Standard (shared)", AccessModeLabel(compute.DataSecurityModeUserIsolation))
	assert.Equal(t, "No isolation shared", AccessModeLabel(compute.DataSecurityModeNone))
	assert.Equal(t, "Not set", AccessModeLabel(""))
}

func TestExplainTermination(t *testing.T) {
	quota := ExplainTermination(&compute.TerminationReason{Code: compute.TerminationReasonCodeAzureQuotaExceededException,
		Type: compute.TerminationReasonTypeClientError, Parameters: map[string]string{"azure_error_code": "QuotaExceeded"}})
	assert.True(t, quota.Failure)
	assert.Contains(t, quota.Summary, "no core quota left")
	assert.Contains(t, quota.Fix, "pick a node type from another family")
	assert.Equal(t, "AZURE_QUOTA_EXCEEDED_EXCEPTION", quota.Code)

	user := ExplainTermination(&compute.TerminationReason{Code: compute.TerminationReasonCodeUserRequest,
		Type: compute.TerminationReasonTypeSuccess, Parameters: map[string]string{"username": "priya@example.com"}})
	assert.False(t, user.Failure)
	assert.Equal(t, "Terminated by priya@example.com.", user.Summary)

	idle := ExplainTermination(&compute.TerminationReason{Code: compute.TerminationReasonCodeInactivity,
		Parameters: map[string]string{"inactivity_duration_min": "60"}})
	assert.Equal(t, "Stopped automatically after 60 minutes without activity.", idle.Summary)

	unknown := ExplainTermination(&compute.TerminationReason{Code: "CLOUD_PROVIDER_DISK_LIMIT_EXCEEDED", Type: compute.TerminationReasonTypeCloudFailure})
	assert.Equal(t, "Cloud provider disk limit exceeded.", unknown.Summary)
	assert.NotEmpty(t, unknown.Fix)
	assert.Nil(t, ExplainTermination(nil))
}

func TestDescribeWorkers(t *testing.T) {
	assert.Equal(t, "3", describeWorkers(&compute.ClusterDetails{NumWorkers: 3}))
	assert.Equal(t, "Single node", describeWorkers(&compute.ClusterDetails{}))
	assert.Equal(t, "2–8 (4 now)", describeWorkers(&compute.ClusterDetails{State: compute.StateRunning, NumWorkers: 4,
		Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}}))
	assert.Equal(t, "2–8", describeWorkers(&compute.ClusterDetails{State: compute.StateTerminated,
		Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}}))
}

// The ready notice counts workers right: not "1 workers" nor "(1–6 (1 now) workers)".
func TestWorkersPhrase(t *testing.T) {
	tests := []struct {
		d    *compute.ClusterDetails
		want string
	}{
		{&compute.ClusterDetails{NumWorkers: 1}, "1 worker"},
		{&compute.ClusterDetails{NumWorkers: 3}, "3 workers"},
		{&compute.ClusterDetails{}, "a single node"},
		{&compute.ClusterDetails{State: compute.StateRunning, NumWorkers: 1, Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 6}}, "1–6 workers (1 now)"},
		{&compute.ClusterDetails{State: compute.StateTerminated, Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}}, "2–8 workers"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			assert.Equal(t, tt.want, workersPhrase(describeWorkers(tt.d)))
		})
	}
}

func TestDiff(t *testing.T) {
	a := Row{ID: "a", Name: "a", State: "RUNNING", Tags: map[string]string{"team": "x"}}
	b := Row{ID: "b", Name: "b", State: "TERMINATED"}
	c := Row{ID: "c", Name: "c", State: "PENDING"}
	prev := NewRowSet([]Row{a, b})

	up, rm := Diff(prev, []Row{a, b})
	assert.Empty(t, up, "nothing changed")
	assert.Empty(t, rm)

	b2 := b
	b2.State = "PENDING"
	a2 := a
	a2.Tags = map[string]string{"team": "y"}
	up, rm = Diff(prev, []Row{a2, b2, c})
	assert.Equal(t, []Row{a2, b2, c}, up, "changed state, changed tag and a new row")
	assert.Empty(t, rm)

	up, rm = Diff(prev, []Row{b})
	assert.Empty(t, up)
	assert.Equal(t, []string{"a"}, rm)

	withReason := b
	withReason.Termination = &Explanation{Code: "INACTIVITY", Summary: "idle"}
	up, _ = Diff(prev, []Row{a, withReason})
	assert.Equal(t, []Row{withReason}, up, "a new termination reason is a change")
}
