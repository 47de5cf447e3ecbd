package drafts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestImportJSONShapes(t *testing.T) {
	get := `{
  "cluster_id": "0301-123456-abc",
  "cluster_name": "shared",
  "spark_version": "15.4.x-scala2.12",
  "node_type_id": "Standard_DS3_v2",
  "driver_node_type_id": "Standard_DS3_v2",
  "num_workers": 2,
  "state": "RUNNING",
  "default_tags": {"Vendor": "Databricks"},
  "custom_tags": {"team": "bi", "clusterdeck_request_id": "r-1"},
  "cluster_cores": 12,
  "executors": [{"host_private_ip": "10.0.0.1"}],
  "spec": {"cluster_name": "shared"}
}`
	ims, err := ImportJSON([]byte(get))
	require.NoError(t, err)
	require.Len(t, ims, 1)
	s := ims[0].Spec
	assert.Equal(t, "shared", ims[0].Name)
	assert.Equal(t, 2, s.NumWorkers)
	assert.Equal(t, map[string]string{"team": "bi"}, s.CustomTags)
	assert.Empty(t, ims[0].Warnings)

	list := `{"clusters": [{"cluster_name": "a", "spark_version": "v", "num_workers": 1, "state": "TERMINATED"},
 {"cluster_name": "b", "spark_version": "v", "autoscale": {"min_workers": 1, "max_workers": 3}}]}`
	ims, err = ImportJSON([]byte(list))
	require.NoError(t, err)
	require.Len(t, ims, 2)
	assert.Equal(t, "b", ims[1].Name)
	assert.Equal(t, 3, ims[1].Spec.Autoscale.MaxWorkers)
	assert.Equal(t, "clusters[1]", ims[1].Origin)

	job := `{"new_cluster": {"spark_version": "v", "num_workers": 0}, "notebook_task": {}}`
	ims, err = ImportJSON([]byte(job))
	require.NoError(t, err)
	require.Len(t, ims, 1)
	assert.Contains(t, ims[0].Spec.ForceSendFields, "NumWorkers", "0 workers is kept as a value")

	create := `{"cluster_name": "c", "spark_version": "v", "num_workers": 1, "apply_policy_default_values": true,
 "libraries": [{"pypi": {"package": "x"}}], "permissions": [{"level": "CAN_MANAGE"}]}`
	ims, err = ImportJSON([]byte(create))
	require.NoError(t, err)
	assert.False(t, ims[0].Spec.ApplyPolicyDefaultValues)
	require.Len(t, ims[0].Libraries, 1)
	assert.Equal(t, "x", ims[0].Libraries[0].Pypi.Package)
	assert.Equal(t, []string{`ignored "permissions": not a field of the Clusters API`}, ims[0].Warnings)
}

func TestImportJSONErrors(t *testing.T) {
	cases := []struct {
		name, in  string
		line, col int
		contains  string
	}{
		{"syntax", "{\n  \"cluster_name\": \"a\",\n  \"num_workers\": 2,,\n}", 3, 20, "invalid character"},
		{"truncated", "{\n  \"cluster_name\": \"a\",\n", 3, 1, "EOF"},
		{"type", "{\n  \"cluster_name\": \"a\",\n  \"num_workers\": \"many\"\n}", 3, 18, "num_workers"},
		{"nested type", "{\n  \"autoscale\": {\"min_workers\": true}\n}", 2, 16, "autoscale"},
		{"not an object", "[1, 2]", 1, 1, "expected a JSON object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ImportJSON([]byte(c.in))
			var pe *PositionError
			require.ErrorAs(t, err, &pe, "%v", err)
			assert.Equal(t, c.line, pe.Line, "%v", err)
			assert.Equal(t, c.col, pe.Column, "%v", err)
			assert.Contains(t, err.Error(), c.contains)
		})
	}
	_, err := ImportJSON([]byte(`{"clusters": []}`))
	assert.ErrorIs(t, err, ErrNothingToImport)
}

func TestImportBundle(t *testing.T) {
	src := `bundle:
  name: analytics
variables:
  workers:
    default: 2
resources:
  clusters:
    shared_bi:
      cluster_name: Shared BI
      spark_version: 15.4.x-scala2.12
      node_type_id: Standard_DS3_v2
      autoscale:
        min_workers: 1
        max_workers: 4
      spark_conf:
        spark.sql.shuffle.partitions: 64
        spark.databricks.delta.preview.enabled: true
      custom_tags:
        team: bi
      permissions:
        - level: CAN_RESTART
          group_name: analysts
    unnamed:
      spark_version: 15.4.x-scala2.12
      num_workers: 1
      single_user_name: ${workspace.current_user.userName}
  jobs:
    nightly:
      name: nightly
      job_clusters:
        - job_cluster_key: main
          new_cluster:
            spark_version: 15.4.x-scala2.12
            node_type_id: Standard_DS4_v2
            num_workers: 8
`
	ims, err := ImportBundle([]byte(src))
	require.NoError(t, err)
	require.Len(t, ims, 3)
	bi := ims[0]
	assert.Equal(t, "Shared BI", bi.Name)
	assert.Equal(t, "resources.clusters.shared_bi", bi.Origin)
	assert.Equal(t, map[string]string{"spark.sql.shuffle.partitions": "64", "spark.databricks.delta.preview.enabled": "true"}, bi.Spec.SparkConf)
	assert.Equal(t, [2]int{1, 4}, [2]int{bi.Spec.Autoscale.MinWorkers, bi.Spec.Autoscale.MaxWorkers})
	assert.Equal(t, []string{`ignored "permissions": not a field of the Clusters API`}, bi.Warnings)
	assert.Equal(t, "unnamed", ims[1].Name, "the resource key names it")
	require.Len(t, ims[1].Warnings, 1)
	assert.Contains(t, ims[1].Warnings[0], "single_user_name (line 26) uses a bundle variable")
	assert.Equal(t, "nightly / main", ims[2].Name)
	assert.Equal(t, 8, ims[2].Spec.NumWorkers)
	assert.Equal(t, "resources.jobs.nightly.job_clusters[0].new_cluster", ims[2].Origin)
}

func TestImportBundleErrors(t *testing.T) {
	_, err := ImportBundle([]byte("resources:\n  clusters:\n    a:\n      num_workers: [1\n"))
	require.Error(t, err)
	var syntax *PositionError
	require.ErrorAs(t, err, &syntax, "the library's line number")
	assert.Positive(t, syntax.Line, "as the YAML parser reports it")
	assert.Contains(t, err.Error(), "not valid YAML")

	_, err = ImportBundle([]byte("resources:\n  clusters:\n    a:\n      spark_version: v\n      num_workers: ${var.workers}\n"))
	var pe *PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 5, pe.Line)
	assert.Equal(t, 20, pe.Column)
	assert.Contains(t, err.Error(), "resources.clusters.a")
	assert.Contains(t, err.Error(), `num_workers must be a whole number from 0 to 2147483647, not the text "${var.workers}".`)

	_, err = ImportBundle([]byte("bundle:\n  name: x\n"))
	assert.ErrorIs(t, err, ErrNothingToImport)
	_, err = ImportBundle([]byte("- a\n- b\n"))
	assert.ErrorAs(t, err, &pe)
	_, err = ImportBundle(nil)
	assert.ErrorIs(t, err, ErrNothingToImport)
}

func TestImportDispatch(t *testing.T) {
	ims, err := Import("c.json", []byte(`{"cluster_name": "x", "spark_version": "v"}`))
	require.NoError(t, err)
	assert.Equal(t, "x", ims[0].Name)
	ims, err = Import("databricks.yml", []byte("resources:\n  clusters:\n    y:\n      spark_version: v\n"))
	require.NoError(t, err)
	assert.Equal(t, "y", ims[0].Name)
	ims, err = Import("", []byte(`  {"cluster_name": "z"}`))
	require.NoError(t, err)
	assert.Equal(t, "z", ims[0].Name)

	s, _ := openStore(t)
	d, err := s.Create(ims[0].NewDraft("import:json", "ws"))
	require.NoError(t, err)
	assert.Equal(t, "z", d.Name)
	assert.Equal(t, "import:json", d.Source)
}

func TestImportBundleSyntaxErrorHasItsLine(t *testing.T) {
	_, err := ImportBundle([]byte("resources:\n  clusters:\n    etl:\n      num_workers: [\n"))
	var pe *PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 4, pe.Line)
	assert.Equal(t, 0, pe.Column, "the YAML parser does not say the column")
	assert.Contains(t, err.Error(), "not valid YAML")
}
