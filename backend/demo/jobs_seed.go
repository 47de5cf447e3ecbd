package demo

// The job definitions behind the seeded runs. A job's runs are named after
// it and run on a job cluster made from its job_clusters[].new_cluster, so
// the seeds build the job first and its clusters and runs from it: jobs/get,
// jobs/runs/get and clusters/get then agree on ids, names and specs.

import (
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
)

// jobClusterKey is the one job cluster each seeded job declares, under the
// key the Jobs UI gives a job's first cluster.
const jobClusterKey = "Job_cluster"

// addJob stores a job definition; a seeded job keeps the id its runs name.
func (ws *workspace) addJob(j *jobs.Job) *jobs.Job {
	if ws.jobs == nil {
		ws.jobs = map[int64]*jobs.Job{}
	}
	ws.jobs[j.JobId] = j
	return j
}

// scheduledNotebookJob is a one-task job that runs notebook on its own job
// cluster (spec) on a daily schedule, as a team's nightly job is set up.
func scheduledNotebookJob(id int64, name, owner, notebook, cron string, spec compute.ClusterSpec, created time.Time) *jobs.Job {
	return &jobs.Job{
		JobId: id, CreatorUserName: owner, RunAsUserName: owner, CreatedTime: millis(created),
		Settings: &jobs.JobSettings{
			Name: name, Format: jobs.FormatMultiTask, MaxConcurrentRuns: 1,
			EmailNotifications:   &jobs.JobEmailNotifications{OnFailure: []string{owner}},
			WebhookNotifications: &jobs.WebhookNotifications{},
			Schedule:             &jobs.CronSchedule{QuartzCronExpression: cron, TimezoneId: "UTC", PauseStatus: jobs.PauseStatusUnpaused},
			JobClusters:          []jobs.JobCluster{{JobClusterKey: jobClusterKey, NewCluster: &spec}},
			Tasks: []jobs.Task{{TaskKey: "main", JobClusterKey: jobClusterKey, RunIf: jobs.RunIfAllSuccess,
				NotebookTask:       &jobs.NotebookTask{NotebookPath: notebook, Source: jobs.SourceWorkspace},
				EmailNotifications: &jobs.TaskEmailNotifications{}}},
			Queue: &jobs.QueueSettings{Enabled: true},
			RunAs: &jobs.JobRunAs{UserName: owner},
		},
	}
}

// jobNotebook is the notebook the job's one task runs.
func jobNotebook(j *jobs.Job) string { return j.Settings.Tasks[0].NotebookTask.NotebookPath }

// jobClusterSpec is the spec the job's clusters are made from.
func jobClusterSpec(j *jobs.Job) compute.ClusterSpec { return *j.Settings.JobClusters[0].NewCluster }

// seedClusterOf is the seeded job cluster a run of job j makes.
func seedClusterOf(j *jobs.Job, runID int64) seedCluster {
	spec := jobClusterSpec(j)
	return seedCluster{name: jobClusterName(j.JobId, runID), creator: j.CreatorUserName, node: spec.NodeTypeId, version: spec.SparkVersion,
		workers: spec.NumWorkers, autoscale: spec.Autoscale, source: compute.ClusterSourceJob, mode: spec.DataSecurityMode,
		singleUser: spec.SingleUserName, tags: spec.CustomTags}
}

// nightlyOrdersJob is the seeded team's nightly ETL job (seed.go runs it).
func nightlyOrdersJob(owner string, tags map[string]string, created time.Time) *jobs.Job {
	const id = 771204563
	return scheduledNotebookJob(id, "nightly-orders-etl", owner, "/Repos/"+owner+"/etl/nightly_orders", "0 0 2 * * ?",
		compute.ClusterSpec{SparkVersion: lts164, NodeTypeId: "Standard_D4ds_v5", NumWorkers: 2,
			DataSecurityMode: compute.DataSecurityModeSingleUser, SingleUserName: owner, CustomTags: tags}, created)
}

// generatedJob is the generated nightly job jobID (generatedJobID), made
// the first time one of its runs is: three per team, each with its own
// owner, node type and size, so the job clusters a team's jobs made differ.
func (ws *workspace) generatedJob(jobID int64, tags map[string]string, now time.Time) *jobs.Job {
	if j, ok := ws.jobs[jobID]; ok {
		return j
	}
	n := int(jobID - generatedJobBase)
	teamIdx, k := n/10, n%10
	team := scaleTeams[teamIdx]
	owners := []string{adminUserName, "priya.sharma@example.com", "marco.rossi@example.com"}
	spec := compute.ClusterSpec{SparkVersion: []string{lts164, lts173, "15.4.x-scala2.12"}[k],
		NodeTypeId:       []string{"Standard_D8ds_v5", "Standard_E8ds_v4", "Standard_DS4_v2"}[k],
		DataSecurityMode: compute.DataSecurityModeUserIsolation, CustomTags: tags}
	if k == 2 {
		spec.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 6}
	} else {
		spec.NumWorkers = 2 + 2*k
	}
	// Older than every run: generated clusters are at most 25 days old.
	created := now.Add(-time.Duration(30*24+teamIdx*3+k) * time.Hour)
	return ws.addJob(scheduledNotebookJob(jobID, generatedJobName(jobID), owners[(teamIdx+k)%len(owners)],
		"/Repos/"+team+"/pipelines/nightly", fmt.Sprintf("0 %d %d * * ?", 10*k, 1+teamIdx%4), spec, created))
}

// useJobSpec makes a generated cluster the job cluster of job j: its spec
// and creator are the job's.
func useJobSpec(d *compute.ClusterDetails, j *jobs.Job) {
	spec := jobClusterSpec(j)
	d.SparkVersion, d.NodeTypeId, d.DriverNodeTypeId = spec.SparkVersion, spec.NodeTypeId, spec.NodeTypeId
	d.NumWorkers, d.Autoscale = spec.NumWorkers, spec.Autoscale
	d.DataSecurityMode, d.CustomTags = spec.DataSecurityMode, spec.CustomTags
	d.CreatorUserName = j.CreatorUserName
}

// runOfJob gives a run of job j the job's clusters and its task the job
// cluster's key, as a job's runs show them.
func runOfJob(r *jobs.Run, j *jobs.Job) {
	if j == nil {
		return
	}
	r.JobClusters = j.Settings.JobClusters
	for i := range r.Tasks {
		r.Tasks[i].JobClusterKey = jobClusterKey
	}
}
