package runs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ClientSource gives the SDK client of a workspace (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// ErrNoCluster means a submit named neither an existing cluster nor a new one.
var ErrNoCluster = errors.New("a run needs a cluster: an existing one or a new cluster spec")

// Service submits, lists, reads and cancels one-time runs through the SDK.
type Service struct {
	clients ClientSource
	// apply checks a draft's spec before a run's cluster is made from it;
	// nil: no draft is submitted (SubmitOnDraft says so).
	apply *apply.Service
	now   func() time.Time
}

// NewService builds the service over the workspaces' clients; applier is
// the app's one apply service, whose check a draft's spec must pass.
func NewService(clients ClientSource, applier *apply.Service) *Service {
	return &Service{clients: clients, apply: applier, now: time.Now}
}

// SubmitRequest is the submit form.
type SubmitRequest struct {
	Task    Task   `json:"task"`
	RunName string `json:"runName"`
	// ClusterID runs the task on an existing cluster; else NewCluster.
	ClusterID  string               `json:"clusterId"`
	NewCluster *compute.ClusterSpec `json:"newCluster,omitempty"`
	// Libraries are installed for the task (a draft's, on its new cluster).
	Libraries []compute.Library `json:"-"`
	// TimeoutSeconds ends the run as TIMEDOUT after so long (0: none).
	TimeoutSeconds int `json:"timeoutSeconds"`
	// IdempotencyToken names this submit: sending it again (a retry after a
	// lost answer) returns the run it made instead of a second one. The page
	// makes one per form; empty makes a new one.
	IdempotencyToken string `json:"idempotencyToken"`
}

// Submitted is what a submit answers: the problems that stopped it, or the run.
type Submitted struct {
	Problems []Problem `json:"problems"`
	Run      *Row      `json:"run,omitempty"`
}

// NewIdempotencyToken returns a fresh token (the API takes up to 64 characters).
func NewIdempotencyToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("runs: crypto/rand failed: %v", err))
	}
	return "cd-run-" + hex.EncodeToString(b[:])
}

// Check returns the form's problems, each keyed to its field.
func (r SubmitRequest) Check() []Problem {
	ps := r.Task.Check()
	if r.TimeoutSeconds < 0 {
		ps = append(ps, Problem{"timeoutSeconds", "The timeout is a number of seconds, 0 for none."})
	}
	if len(r.IdempotencyToken) > 64 {
		ps = append(ps, Problem{"idempotencyToken", "An idempotency token has at most 64 characters."})
	}
	return ps
}

// Build makes the API's request; call Check first.
func (r SubmitRequest) Build() (jobs.SubmitRun, error) {
	st, err := r.Task.SubmitTask("main")
	if err != nil {
		return jobs.SubmitRun{}, err
	}
	switch {
	case strings.TrimSpace(r.ClusterID) != "":
		st.ExistingClusterId = strings.TrimSpace(r.ClusterID)
	case r.NewCluster != nil:
		st.NewCluster = r.NewCluster
		st.Libraries = append(st.Libraries, r.Libraries...)
	default:
		return jobs.SubmitRun{}, ErrNoCluster
	}
	name := strings.TrimSpace(r.RunName)
	if name == "" {
		_, what := Describe(jobs.RunTask{NotebookTask: st.NotebookTask, SparkPythonTask: st.SparkPythonTask,
			PythonWheelTask: st.PythonWheelTask, SparkJarTask: st.SparkJarTask})
		name = "Clusterdeck: " + what
		if len(name) > 100 {
			name = name[:100]
		}
	}
	token := r.IdempotencyToken
	if token == "" {
		token = NewIdempotencyToken()
	}
	return jobs.SubmitRun{RunName: name, Tasks: []jobs.SubmitTask{st}, TimeoutSeconds: r.TimeoutSeconds, IdempotencyToken: token}, nil
}

// Submit checks the form and, when nothing is wrong, submits the run.
func (s *Service) Submit(ctx context.Context, workspaceID string, req SubmitRequest) (Submitted, error) {
	if ps := req.Check(); len(ps) > 0 {
		return Submitted{Problems: ps}, nil
	}
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Submitted{}, err
	}
	runID, err := SubmitWith(ctx, w, req)
	if err != nil {
		return Submitted{}, err
	}
	row, err := s.row(ctx, w, runID)
	if err != nil {
		// The run exists: a failed read of it is no failed submit (and a
		// retry would only find the same run). The list's next read fills it in.
		row = rowOf(jobs.Run{RunId: runID, State: &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStatePending,
			StateMessage: "Submitted. Its details could not be read yet; they follow on the next refresh."}}, s.now())
	}
	return Submitted{Problems: []Problem{}, Run: &row}, nil
}

// SubmitWith submits a checked request on w and returns the run id.
func SubmitWith(ctx context.Context, w *workspaceapi.Client, req SubmitRequest) (int64, error) {
	api, err := req.Build()
	if err != nil {
		return 0, err
	}
	wait, err := w.Jobs.Submit(ctx, api)
	if err != nil {
		return 0, fmt.Errorf("submit run %q: %w", api.RunName, err)
	}
	return wait.Response.RunId, nil
}

// Get returns one run's row.
func (s *Service) Get(ctx context.Context, workspaceID string, runID int64) (Row, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Row{}, err
	}
	return s.row(ctx, w, runID)
}

func (s *Service) row(ctx context.Context, w *workspaceapi.Client, runID int64) (Row, error) {
	r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: runID})
	if err != nil {
		return Row{}, fmt.Errorf("get run %d: %w", runID, err)
	}
	return rowOf(*r, s.now()), nil
}

// listScan bounds how many recent one-time runs List reads: the API has no
// filter by cluster, so the runs are read newest first and filtered here.
const listScan = 200

// List returns the one-time runs on the cluster, newest first.
func (s *Service) List(ctx context.Context, workspaceID, clusterID string) ([]Row, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	it := w.Jobs.ListRuns(ctx, jobs.ListRunsRequest{RunType: jobs.RunTypeSubmitRun, ExpandTasks: true, Limit: 25})
	rows := []Row{}
	for n := 0; n < listScan && it.HasNext(ctx); n++ {
		b, err := it.Next(ctx)
		if err != nil {
			return nil, fmt.Errorf("list runs: %w", err)
		}
		if onCluster(b.Tasks, clusterID) {
			rows = append(rows, rowOf(baseToRun(b), s.now()))
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].StartTime != rows[j].StartTime {
			return rows[i].StartTime > rows[j].StartTime
		}
		return rows[i].RunID > rows[j].RunID
	})
	return rows, nil
}

func baseToRun(b jobs.BaseRun) jobs.Run {
	return jobs.Run{RunId: b.RunId, RunName: b.RunName, CreatorUserName: b.CreatorUserName, StartTime: b.StartTime,
		EndTime: b.EndTime, RunPageUrl: b.RunPageUrl, State: b.State, Status: b.Status, Tasks: b.Tasks}
}

// Output returns the run's output: the notebook's result, the logs, the
// error and its trace (of its first task: Clusterdeck submits one).
func (s *Service) Output(ctx context.Context, workspaceID string, runID int64) (Output, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Output{}, err
	}
	return OutputWith(ctx, w, runID, s.now())
}

// OutputWith reads the output of run runID on w.
func OutputWith(ctx context.Context, w *workspaceapi.Client, runID int64, now time.Time) (Output, error) {
	r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: runID})
	if err != nil {
		return Output{}, fmt.Errorf("get run %d: %w", runID, err)
	}
	row := rowOf(*r, now)
	id := row.TaskRunID
	if id == 0 {
		id = runID
	}
	o, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: id})
	if err != nil {
		return Output{}, fmt.Errorf("get the output of run %d: %w", runID, err)
	}
	return outputOf(row, o), nil
}

// Cancel asks the workspace to cancel the run; it ends as CANCELED shortly.
func (s *Service) Cancel(ctx context.Context, workspaceID string, runID int64) (Row, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Row{}, err
	}
	if _, err := w.Jobs.CancelRun(ctx, jobs.CancelRun{RunId: runID}); err != nil {
		return Row{}, fmt.Errorf("cancel run %d: %w", runID, err)
	}
	return s.row(ctx, w, runID)
}
