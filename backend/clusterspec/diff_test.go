package clusterspec

import (
	"encoding/json"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiffIgnoresServerDefaultsAndRequestTag(t *testing.T) {
	requested := compute.ClusterSpec{ClusterName: "x", SparkVersion: "auto:latest-lts", NodeTypeId: "n1", NumWorkers: 2}
	current := &compute.ClusterDetails{ClusterId: "c", ClusterName: "x", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "n1",
		DriverNodeTypeId: "n1", NumWorkers: 2, State: compute.StateRunning, Spec: &requested,
		CustomTags: map[string]string{RequestIDTag: "cd-1"}, DefaultTags: map[string]string{"Vendor": "Databricks"}}
	changes, err := Diff(current, requested)
	require.NoError(t, err)
	assert.Empty(t, changes, "alias and defaulted driver are not changes")

	draft := requested
	draft.SparkConf = map[string]string{"spark.a.b": "1"}
	draft.NumWorkers = 0
	changes, err = Diff(current, draft)
	require.NoError(t, err)
	require.Len(t, changes, 2)
	assert.Equal(t, Change{Path: "num_workers", Field: "num_workers", Kind: Changed, Old: json.Number("2"), New: json.Number("0")}, changes[0])
	assert.Equal(t, Change{Path: "spark_conf.spark.a.b", Field: "spark_conf", Kind: Added, New: "1"}, changes[1])
	assert.True(t, changes[0].IsSize())
	assert.False(t, changes[1].IsSize())

	changes, err = DiffSpecs(draft, requested)
	require.NoError(t, err)
	assert.Equal(t, Removed, changes[1].Kind)
}

func TestCleanPoolsAndAutoscale(t *testing.T) {
	s := Clean(compute.ClusterSpec{InstancePoolId: "p", NodeTypeId: "n", DriverInstancePoolId: "p", DriverNodeTypeId: "n",
		AzureAttributes: &compute.AzureAttributes{}, Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 2}, NumWorkers: 5,
		ApplyPolicyDefaultValues: true, ForceSendFields: []string{"NumWorkers"}})
	assert.Empty(t, s.NodeTypeId)
	assert.Empty(t, s.DriverNodeTypeId)
	assert.Nil(t, s.AzureAttributes)
	assert.Zero(t, s.NumWorkers)
	assert.False(t, s.ApplyPolicyDefaultValues)
	assert.Nil(t, s.ForceSendFields)
	raw, err := json.Marshal(Clean(compute.ClusterSpec{SparkVersion: "v"}))
	require.NoError(t, err)
	assert.JSONEq(t, `{"spark_version": "v", "num_workers": 0}`, string(raw), "single node sends num_workers 0")
}

func TestValueText(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string
	}{
		{nil, "(not set)"},
		{"Small", "Small"},
		{float64(30), "30"},
		{true, "true"},
		{map[string]any{"name": "CHANNEL_NAME_PREVIEW"}, `{"name":"CHANNEL_NAME_PREVIEW"}`},
	} {
		assert.Equal(t, c.want, ValueText(c.in), "%v", c.in)
	}
}
