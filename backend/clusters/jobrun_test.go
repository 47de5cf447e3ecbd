package clusters

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

func TestJobRunOf(t *testing.T) {
	cases := []struct {
		name   string
		source compute.ClusterSource
		want   *JobRun
	}{
		{"job-771204563-run-3320117", compute.ClusterSourceJob, &JobRun{JobID: 771204563, RunID: 3320117}},
		{"job-771204563-run-3320117", compute.ClusterSourceUi, nil}, // named like one, made by hand
		{"nightly-etl", compute.ClusterSourceJob, nil},
		{"job-1-run-2-retry", compute.ClusterSourceJob, nil},
		{"job-99999999999999999999-run-1", compute.ClusterSourceJob, nil}, // past int64
	}
	for _, c := range cases {
		t.Run(c.name+" "+string(c.source), func(t *testing.T) {
			assert.Equal(t, c.want, JobRunOf(&compute.ClusterDetails{ClusterName: c.name, ClusterSource: c.source}))
		})
	}
}

func TestRunURLAndTheRowAndDetailCarryIt(t *testing.T) {
	d := &compute.ClusterDetails{ClusterId: "0101-1", ClusterName: "job-12-run-34", ClusterSource: compute.ClusterSourceJob}
	assert.Equal(t, "https://adb-1.2.azuredatabricks.net/#job/12/run/34", RunURL("https://adb-1.2.azuredatabricks.net/", JobRun{12, 34}))
	assert.Equal(t, &JobRun{JobID: 12, RunID: 34}, RowOf(d, false).JobRun)
	assert.Equal(t, "https://h/#job/12/run/34", DetailOf(d, false, "https://h").RunURL)
	ui := &compute.ClusterDetails{ClusterId: "0101-2", ClusterName: "bi", ClusterSource: compute.ClusterSourceUi}
	assert.Nil(t, RowOf(ui, false).JobRun)
	assert.Empty(t, DetailOf(ui, false, "https://h").RunURL)
}
