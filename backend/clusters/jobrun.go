package clusters

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// JobRun is the job run that owns a job cluster.
type JobRun struct {
	JobID int64 `json:"jobId"`
	RunID int64 `json:"runId"`
}

// jobClusterName is how the Jobs service names the cluster it makes for a
// run's task: job-<job id>-run-<task run id>.
var jobClusterName = regexp.MustCompile(`^job-(\d+)-run-(\d+)$`)

// JobRunOf is the run that owns a job cluster; nil for any other cluster,
// or a job cluster whose name does not say.
func JobRunOf(d *compute.ClusterDetails) *JobRun {
	if d.ClusterSource != compute.ClusterSourceJob {
		return nil
	}
	m := jobClusterName.FindStringSubmatch(d.ClusterName)
	if m == nil {
		return nil
	}
	job, jerr := strconv.ParseInt(m[1], 10, 64)
	run, rerr := strconv.ParseInt(m[2], 10, 64)
	if jerr != nil || rerr != nil {
		return nil
	}
	return &JobRun{JobID: job, RunID: run}
}

// RunURL is the run's page in the workspace's web app.
func RunURL(host string, r JobRun) string {
	return fmt.Sprintf("%s/#job/%d/run/%d", strings.TrimSuffix(host, "/"), r.JobID, r.RunID)
}
