package runs

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Decision is what ensuring a cluster by name does with what it found.
type Decision string

const (
	DecisionReuse  Decision = "reuse"  // one RUNNING or RESIZING cluster has the name
	DecisionStart  Decision = "start"  // one TERMINATED cluster: start it
	DecisionWait   Decision = "wait"   // one PENDING, RESTARTING or TERMINATING cluster: wait, then decide again
	DecisionCreate Decision = "create" // none: create it from the spec
)

// ErrDuplicateName means several clusters carry the name (DuplicateError lists them).
var ErrDuplicateName = errors.New("several clusters have this name")

// ErrUnusable means the one cluster with the name is in a state no run can use.
var ErrUnusable = errors.New("the cluster cannot be used")

// DuplicateError lists the clusters that share the name.
type DuplicateError struct {
	Name     string
	Clusters []compute.ClusterDetails
}

func (e *DuplicateError) Error() string {
	parts := make([]string, 0, len(e.Clusters))
	for _, c := range e.Clusters {
		parts = append(parts, fmt.Sprintf("%s (%s, created by %s)", c.ClusterId, c.State, c.CreatorUserName))
	}
	return fmt.Sprintf("%d clusters are named %q: %s; rename or delete all but one", len(e.Clusters), e.Name, strings.Join(parts, ", "))
}

func (e *DuplicateError) Is(target error) bool { return target == ErrDuplicateName }

// Decide is the ensure table (seed 002): reuse one RUNNING or RESIZING
// cluster, start a TERMINATED one, wait for one on its way (PENDING,
// RESTARTING, or TERMINATING and then start it), create one when none has
// the name; two with the name is an error that lists them.
func Decide(name string, found []compute.ClusterDetails) (Decision, error) {
	switch len(found) {
	case 0:
		return DecisionCreate, nil
	case 1:
	default:
		return "", &DuplicateError{Name: name, Clusters: found}
	}
	switch d := found[0]; d.State {
	case compute.StateRunning, compute.StateResizing:
		return DecisionReuse, nil
	case compute.StateTerminated:
		return DecisionStart, nil
	case compute.StatePending, compute.StateRestarting, compute.StateTerminating:
		return DecisionWait, nil
	default:
		return "", fmt.Errorf("%w: %s is %s: %s", ErrUnusable, d.ClusterId, d.State, d.StateMessage)
	}
}

// EnsureOptions tunes Ensure; the zero value creates, starts and returns
// without waiting for RUNNING.
type EnsureOptions struct {
	// WaitRunning waits until the cluster runs (a run could wait on its
	// own, but a script wants to know the cluster came up).
	WaitRunning bool
	// PollEvery is the pause between looks while waiting (default 10 s).
	PollEvery time.Duration
	// RequestID resumes an earlier create (see apply.CreateRequest.Resume):
	// its cluster is adopted if it made one.
	RequestID string
	// OperationID names the create to the apply service: its steps go to
	// the service's progress, and Service.Cancel(OperationID) stops it.
	OperationID string
	// Progress hears each of Ensure's own steps; may be nil.
	Progress func(step string)
}

// Workspace is where Ensure works: Client finds, starts and waits for
// clusters; Apply creates them, so the create is checked, reported and
// cancellable as the editor's is. Apply's clients must give Client for ID.
type Workspace struct {
	ID     string // as Apply knows it: whose cached catalog the check reads ("" none)
	Client *workspaceapi.Client
	Apply  *apply.Service
}

// ErrNoApply means Ensure was given no apply service: it never creates
// around the one protocol.
var ErrNoApply = errors.New("no apply service to create the cluster with")

// Ensured is what Ensure did.
type Ensured struct {
	ClusterID string        `json:"clusterId"`
	Decision  Decision      `json:"decision"` // the first decision: reuse, start, wait or create
	State     compute.State `json:"state"`    // when Ensure returned
	RequestID string        `json:"requestId,omitempty"`
}

// Ensure makes sure a cluster named spec.ClusterName exists and is on its
// way to RUNNING (or runs, with WaitRunning). It finds clusters by name
// (apply.FindByName) and creates through apply.Service, as the editor and
// the drafts do: the spec is checked first (a refusal is apply.ErrRefused
// and sends nothing), and a retried create never makes two.
func Ensure(ctx context.Context, ws Workspace, spec compute.ClusterSpec, opts EnsureOptions) (Ensured, error) {
	w := ws.Client
	name := strings.TrimSpace(spec.ClusterName)
	if name == "" {
		return Ensured{}, apply.ErrNoName
	}
	if opts.PollEvery <= 0 {
		opts.PollEvery = 10 * time.Second
	}
	say := func(format string, args ...any) {
		if opts.Progress != nil {
			opts.Progress(fmt.Sprintf(format, args...))
		}
	}
	found, err := apply.FindByName(ctx, w, name)
	if err != nil {
		return Ensured{}, err
	}
	decision, err := Decide(name, found)
	if err != nil {
		return Ensured{}, err
	}
	res := Ensured{Decision: decision}
	if decision == DecisionCreate {
		say("Creating cluster %q", name)
		if err := createThroughApply(ctx, ws, spec, opts, &res); err != nil {
			return res, err
		}
		if !opts.WaitRunning {
			return res, nil
		}
		return res, waitRunning(ctx, w, &res, opts, say)
	}
	res.ClusterID, res.State = found[0].ClusterId, found[0].State
	if decision == DecisionReuse {
		say("Reusing cluster %s (%s)", res.ClusterID, res.State)
		return res, nil
	}
	return res, waitRunning(ctx, w, &res, opts, say)
}

// createThroughApply makes the cluster through the apply service and says which
// request it sent, so a failed or cancelled create can be resumed.
func createThroughApply(ctx context.Context, ws Workspace, spec compute.ClusterSpec, opts EnsureOptions, res *Ensured) error {
	if ws.Apply == nil {
		return ErrNoApply
	}
	r, err := ws.Apply.Create(ctx, apply.CreateRequest{WorkspaceID: ws.ID, RequestID: opts.RequestID,
		Resume: opts.RequestID != "", Spec: spec}, opts.OperationID)
	res.ClusterID = r.ClusterID
	if r.ClusterID != "" {
		res.State = compute.StatePending
	}
	if r.Create != nil {
		res.RequestID = r.Create.RequestID
	}
	var c *apply.CancelledError
	if errors.As(err, &c) && c.RequestID != "" {
		res.RequestID = c.RequestID
	}
	return err
}

// waitRunning starts the cluster when it is (or becomes) TERMINATED and,
// with WaitRunning, polls until it runs. Without it, it returns once a
// start was asked for or the cluster is on its way up.
func waitRunning(ctx context.Context, w *workspaceapi.Client, res *Ensured, opts EnsureOptions, say func(string, ...any)) error {
	started, said := false, compute.State("")
	for {
		d, err := w.Clusters.GetByClusterId(ctx, res.ClusterID)
		if err != nil {
			return fmt.Errorf("get cluster %s: %w", res.ClusterID, err)
		}
		res.State = d.State
		switch d.State {
		case compute.StateRunning, compute.StateResizing:
			say("Cluster %s is %s", res.ClusterID, d.State)
			return nil
		case compute.StateTerminated:
			if started {
				return fmt.Errorf("%w: %s terminated while starting: %s", ErrUnusable, res.ClusterID, reason(d))
			}
			say("Starting cluster %s", res.ClusterID)
			if _, err := w.Clusters.Start(ctx, compute.StartCluster{ClusterId: res.ClusterID}); err != nil {
				return fmt.Errorf("start cluster %s: %w", res.ClusterID, err)
			}
			started = true
			res.State = compute.StatePending
			if !opts.WaitRunning {
				return nil
			}
		case compute.StateError, compute.StateUnknown:
			return fmt.Errorf("%w: %s is %s: %s", ErrUnusable, res.ClusterID, d.State, reason(d))
		default: // PENDING, RESTARTING, TERMINATING
			if !opts.WaitRunning && d.State != compute.StateTerminating {
				return nil
			}
			if d.State != said { // once per state, not once per look
				say("Waiting: cluster %s is %s", res.ClusterID, d.State)
				said = d.State
			}
		}
		t := time.NewTimer(opts.PollEvery)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func reason(d *compute.ClusterDetails) string {
	if d.TerminationReason != nil && d.TerminationReason.Code != "" {
		return fmt.Sprintf("%s %s", d.TerminationReason.Code, d.StateMessage)
	}
	return d.StateMessage
}
