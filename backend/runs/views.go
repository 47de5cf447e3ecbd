package runs

import (
	"time"

	"github.com/databricks/databricks-sdk-go/service/jobs"
)

// Row is one run as the tab lists it: the mapped status with the raw
// states beside it.
type Row struct {
	RunID     int64  `json:"runId"`
	TaskRunID int64  `json:"taskRunId"` // whose output get-output reads
	RunName   string `json:"runName"`
	Kind      Kind   `json:"kind"`
	What      string `json:"what"` // the notebook, file, wheel or class with its parameters
	ClusterID string `json:"clusterId"`
	// NewCluster: the run made its own job cluster.
	NewCluster      bool     `json:"newCluster"`
	Status          Status   `json:"status"`
	LifeCycleState  string   `json:"lifeCycleState"`
	ResultState     string   `json:"resultState"`
	StatusState     string   `json:"statusState"`     // the newer status.state
	TerminationCode string   `json:"terminationCode"` // status.termination_details.code
	StateMessage    string   `json:"stateMessage"`
	Creator         string   `json:"creator"`
	StartTime       int64    `json:"startTime"` // ms since the epoch
	EndTime         int64    `json:"endTime"`   // 0 while running
	DurationMs      int64    `json:"durationMs"`
	RunPageURL      string   `json:"runPageUrl"`
	Actions         []Action `json:"actions"`
}

// Output is what a run printed or returned, for the output view.
type Output struct {
	Row            Row    `json:"row"`
	NotebookResult string `json:"notebookResult"` // dbutils.notebook.exit()
	ResultTrunc    bool   `json:"resultTruncated"`
	Logs           string `json:"logs"` // stdout/stderr of Python, wheel and JAR tasks
	LogsTruncated  bool   `json:"logsTruncated"`
	Error          string `json:"error"`
	ErrorTrace     string `json:"errorTrace"`
	Info           string `json:"info"`
}

// rowOf builds the row of a run (runs/get or runs/list with tasks).
func rowOf(r jobs.Run, now time.Time) Row {
	row := Row{RunID: r.RunId, RunName: r.RunName, Creator: r.CreatorUserName, StartTime: r.StartTime,
		EndTime: r.EndTime, RunPageURL: r.RunPageUrl, Status: MapStatus(r.State, r.Status)}
	if r.State != nil {
		row.LifeCycleState, row.ResultState, row.StateMessage = string(r.State.LifeCycleState), string(r.State.ResultState), r.State.StateMessage
	}
	if r.Status != nil {
		row.StatusState = string(r.Status.State)
		if d := r.Status.TerminationDetails; d != nil {
			row.TerminationCode = string(d.Code)
			if row.StateMessage == "" {
				row.StateMessage = d.Message
			}
		}
	}
	if len(r.Tasks) > 0 {
		t := r.Tasks[0]
		row.TaskRunID = t.RunId
		row.Kind, row.What = Describe(t)
		row.ClusterID, row.NewCluster = t.ExistingClusterId, t.NewCluster != nil
		if t.ClusterInstance != nil && t.ClusterInstance.ClusterId != "" {
			row.ClusterID = t.ClusterInstance.ClusterId
		}
	}
	switch {
	case r.EndTime > 0:
		row.DurationMs = r.EndTime - r.StartTime
	case r.StartTime > 0:
		row.DurationMs = max(now.UnixMilli()-r.StartTime, 0)
	}
	row.Actions = Actions(row.Status)
	return row
}

// onCluster reports whether a task of the run ran (or waits to run) on the cluster.
func onCluster(tasks []jobs.RunTask, clusterID string) bool {
	for _, t := range tasks {
		if t.ExistingClusterId == clusterID || (t.ClusterInstance != nil && t.ClusterInstance.ClusterId == clusterID) {
			return true
		}
	}
	return false
}

func outputOf(row Row, o *jobs.RunOutput) Output {
	out := Output{Row: row, Logs: o.Logs, LogsTruncated: o.LogsTruncated, Error: o.Error, ErrorTrace: o.ErrorTrace, Info: o.Info}
	if o.NotebookOutput != nil {
		out.NotebookResult, out.ResultTrunc = o.NotebookOutput.Result, o.NotebookOutput.Truncated
	}
	return out
}
