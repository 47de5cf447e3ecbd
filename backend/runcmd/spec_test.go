package runcmd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadSpecFormats(t *testing.T) {
	t.Parallel()
	s, _, err := loadSpec(write(t, "flowyml.yaml", stack), "")
	require.NoError(t, err)
	assert.Equal(t, "flowyml-training", s.ClusterName)
	assert.Equal(t, 1, s.NumWorkers)
	assert.Equal(t, "16.4.x-scala2.12", s.SparkVersion)

	auto := "compute:\n  cluster_name: flowyml-autoscale\n  node_type_id: i3.xlarge\n  spark_version: 14.3.x-scala2.12\n  autoscale:\n    min_workers: 1\n    max_workers: 8\n"
	s, _, err = loadSpec(write(t, "auto.yml", auto), "")
	require.NoError(t, err)
	require.NotNil(t, s.Autoscale)
	assert.Equal(t, 8, s.Autoscale.MaxWorkers)

	s, _, err = loadSpec(write(t, "c.json", `{"new_cluster":{"cluster_name":"etl","spark_version":"16.4.x-scala2.12","node_type_id":"x","num_workers":2}}`), "")
	require.NoError(t, err)
	assert.Equal(t, 2, s.NumWorkers)

	draft := `{"schema":1,"id":"d1","name":"ETL","spec":{"cluster_name":"etl-draft","spark_version":"16.4.x-scala2.12","node_type_id":"x","num_workers":3},"libraries":[{"pypi":{"package":"pandas"}}]}`
	s, libs, err := loadSpec(write(t, "draft.json", draft), "")
	require.NoError(t, err)
	assert.Equal(t, "etl-draft", s.ClusterName)
	assert.Len(t, libs, 1)

	two := stack + "  dev:\n    compute:\n      cluster_name: dev\n      node_type_id: x\n      num_workers: 0\n      spark_version: y\n"
	_, _, err = loadSpec(write(t, "two.yaml", two), "")
	assert.ErrorContains(t, err, "choose one with --stack")
	s, _, err = loadSpec(write(t, "two.yaml", two), "dev")
	require.NoError(t, err)
	assert.Equal(t, "dev", s.ClusterName)
	assert.Contains(t, s.ForceSendFields, "NumWorkers", "0 workers is sent")

	_, _, err = loadSpec(write(t, "bad.yaml", "compute:\n  cluster_name: x\n"), "")
	assert.ErrorContains(t, err, "compute.node_type_id, compute.num_workers (or compute.autoscale), compute.spark_version")
	_, _, err = loadSpec(write(t, "k8s.yaml", "compute:\n  backend: kubernetes\n  cluster_name: x\n"), "")
	assert.ErrorContains(t, err, `"kubernetes", not databricks`)
}
