package apply

import (
	"context"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// ErrPlanStale means the cluster changed state since the plan was made: plan again.
var ErrPlanStale = errors.New("the cluster changed since the plan was made")

// ErrMustWait means the cluster is between states; see Plan.WaitReason.
var ErrMustWait = errors.New("the cluster is busy")

// ApplyOptions are the user's choices for Apply.
type ApplyOptions struct {
	// Start a TERMINATED cluster after applying (Plan.OfferStart).
	Start bool
	// Libraries to install on the cluster after create or edit.
	Libraries []compute.Library
	// Create tunes the idempotent create (keep RequestID with the draft).
	Create CreateOptions
	// Progress hears each step; may be nil.
	Progress Progress
}

// Result tells what Apply did.
type Result struct {
	Action    Action        `json:"action"`
	ClusterID string        `json:"clusterId"`
	Create    *CreateResult `json:"create,omitempty"`
	Started   bool          `json:"started"`
	Restarted bool          `json:"restarted"` // the edit restarted a running cluster
	Libraries int           `json:"libraries"` // installed
}

// Applier carries out plans. It never waits for a cluster to reach a state:
// callers poll (the SDK's EditAndWait misreports edits of terminated clusters).
type Applier struct {
	clusters  compute.ClustersInterface
	libraries compute.LibrariesInterface
	creator   *Creator
}

// NewApplier builds an Applier; creator comes from NewCreator on the same client.
func NewApplier(clusters compute.ClustersInterface, libraries compute.LibrariesInterface, creator *Creator) *Applier {
	return &Applier{clusters: clusters, libraries: libraries, creator: creator}
}

// Apply carries out p for spec. For resize, edit and noop it first checks
// that the cluster is still in the state the plan saw (else ErrPlanStale).
func (a *Applier) Apply(ctx context.Context, p *Plan, spec compute.ClusterSpec, opts ApplyOptions) (Result, error) {
	res := Result{Action: p.Action, ClusterID: p.ClusterID}
	switch p.Action {
	case ActionChoose:
		return res, fmt.Errorf("several clusters are named %q: choose one first", p.ClusterName)
	case ActionCreate:
		cr, err := a.creator.Create(ctx, spec, opts.Create)
		res.Create, res.ClusterID = &cr, cr.ClusterID
		if err != nil {
			return res, err
		}
		return res, a.install(ctx, &res, opts.Libraries, opts.Progress)
	}
	if p.WaitReason != "" {
		return res, fmt.Errorf("%w: %s", ErrMustWait, p.WaitReason)
	}
	cur, err := a.clusters.GetByClusterId(ctx, p.ClusterID)
	if err != nil {
		return res, fmt.Errorf("get cluster %s: %w", p.ClusterID, err)
	}
	if cur.State != p.State {
		return res, fmt.Errorf("%w: it was %s and is now %s", ErrPlanStale, p.State, cur.State)
	}
	switch p.Action {
	case ActionResize:
		opts.Progress.step("Resizing the cluster")
		req := compute.ResizeCluster{ClusterId: p.ClusterID}
		if spec.Autoscale != nil {
			req.Autoscale = spec.Autoscale
		} else {
			req.NumWorkers = spec.NumWorkers
			req.ForceSendFields = []string{"NumWorkers"}
		}
		if _, err := a.clusters.Resize(ctx, req); err != nil {
			return res, fmt.Errorf("resize cluster %s: %w", p.ClusterID, err)
		}
	case ActionEdit:
		if p.RestartRequired {
			opts.Progress.step("Saving the changes (the cluster restarts)")
		} else {
			opts.Progress.step("Saving the changes")
		}
		if err := a.save(ctx, p, clusterspec.Clean(spec)); err != nil {
			return res, err
		}
		res.Restarted = p.RestartRequired
	}
	if err := a.install(ctx, &res, opts.Libraries, opts.Progress); err != nil {
		return res, err
	}
	if opts.Start && cur.State == compute.StateTerminated {
		opts.Progress.step("Starting the cluster")
		if _, err := a.clusters.Start(ctx, compute.StartCluster{ClusterId: p.ClusterID}); err != nil {
			return res, fmt.Errorf("start cluster %s: %w", p.ClusterID, err)
		}
		res.Started = true
	}
	return res, nil
}

// save sends an edit's changes as a partial update (clusters/update) that
// names only the fields the plan changes, so fields this app's SDK does not
// know (added to the API since) or does not show keep their values; a full
// clusters/edit would reset them. The spec is Clean: it never asks for
// apply_policy_default_values, which the update cannot carry.
func (a *Applier) save(ctx context.Context, p *Plan, spec compute.ClusterSpec) error {
	fields := make([]string, 0, len(p.Changes))
	for _, c := range p.Changes {
		fields = append(fields, c.Field)
	}
	req, err := clusterspec.ToUpdate(p.ClusterID, spec, fields)
	if err != nil {
		return err
	}
	if _, err := a.clusters.Update(ctx, req); err != nil {
		return fmt.Errorf("update cluster %s: %w", p.ClusterID, err)
	}
	return nil
}

func (a *Applier) install(ctx context.Context, res *Result, libs []compute.Library, progress Progress) error {
	if len(libs) == 0 || res.ClusterID == "" {
		return nil
	}
	progress.step(fmt.Sprintf("Installing %s", plural(len(libs), "library", "libraries")))
	if err := a.libraries.Install(ctx, compute.InstallLibraries{ClusterId: res.ClusterID, Libraries: libs}); err != nil {
		return fmt.Errorf("install libraries on %s: %w", res.ClusterID, err)
	}
	res.Libraries = len(libs)
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
