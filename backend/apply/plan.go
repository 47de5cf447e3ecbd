// Package apply turns a draft into a cluster: "ensure cluster by name" (find
// clusters with the draft's name, diff, classify the change) and an
// idempotent create that never makes two clusters for one request.
package apply

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Action is what applying a draft will do.
type Action string

const (
	ActionCreate Action = "create" // no cluster has the name
	ActionResize Action = "resize" // only the worker count differs and the cluster runs: no restart
	ActionEdit   Action = "edit"   // the spec differs; a RUNNING cluster restarts
	ActionNoop   Action = "noop"   // the cluster already matches
	ActionChoose Action = "choose" // several clusters have the name: the user picks one (PlanFor)
)

// Candidate is a cluster that carries the draft's name.
type Candidate struct {
	ClusterID  string                `json:"clusterId"`
	Name       string                `json:"name"`
	State      compute.State         `json:"state"`
	Creator    string                `json:"creator"`
	Source     compute.ClusterSource `json:"source"`
	NumWorkers int                   `json:"numWorkers"`
	Autoscale  *compute.AutoScale    `json:"autoscale,omitempty"`
}

// Plan says what applying a draft to a workspace means, before anything is sent.
type Plan struct {
	Action      Action      `json:"action"`
	ClusterName string      `json:"clusterName"`
	Candidates  []Candidate `json:"candidates"` // every cluster with the name
	// ClusterID and State describe the cluster acted on (resize, edit, noop).
	ClusterID string               `json:"clusterId,omitempty"`
	State     compute.State        `json:"state,omitempty"`
	Changes   []clusterspec.Change `json:"changes"` // current → draft
	// RestartRequired: the edit restarts a RUNNING cluster.
	RestartRequired bool `json:"restartRequired"`
	// OfferStart: the cluster is TERMINATED; it can be started after (or,
	// for noop, instead of) applying.
	OfferStart bool `json:"offerStart"`
	// WaitReason is set when the cluster is between states (PENDING,
	// RESIZING, ...): resize and edit must wait until it settles.
	WaitReason string `json:"waitReason,omitempty"`
	// Libraries are installed after the save (kind and coordinates, one a
	// line): a plan with libraries does something even when the spec is
	// unchanged (ActionNoop installs them).
	Libraries []LibraryInstall `json:"libraries"`
	// Fingerprint names this plan: applying is refused (ErrPlanStale) when
	// planning again gives another one.
	Fingerprint string `json:"fingerprint"`
}

// LibraryInstall is one library a plan installs.
type LibraryInstall struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

// AddLibraries records the libraries saving will install.
func (p *Plan) AddLibraries(libs []compute.Library) {
	for _, l := range libs {
		kind, label := clusterspec.DescribeLibrary(l)
		p.Libraries = append(p.Libraries, LibraryInstall{Kind: kind, Label: label})
	}
}

// HasWork reports whether applying the plan changes or installs anything.
func (p *Plan) HasWork() bool {
	return p.Action != ActionNoop || len(p.Libraries) > 0
}

// ErrNoName means the draft's spec has no cluster_name to ensure by.
var ErrNoName = errors.New("the draft has no cluster name")

// ErrNotCandidate means PlanFor was given a cluster that does not carry the name.
var ErrNotCandidate = errors.New("the chosen cluster does not have the draft's name")

// userSources are the clusters a person manages; job and pipeline clusters
// cannot be edited and are never a match.
var userSources = []compute.ClusterSource{compute.ClusterSourceUi, compute.ClusterSourceApi}

// FindByName lists the UI- and API-made clusters named exactly name. The
// API has no name filter, so this pages through the list once (lean: see
// leanread) and reads each match whole.
func FindByName(ctx context.Context, w *workspaceapi.Client, name string) ([]compute.ClusterDetails, error) {
	all, err := leanread.Clusters(ctx, w.Pages, compute.ListClustersRequest{
		FilterBy: &compute.ListClustersFilterBy{ClusterSources: userSources},
	})
	if err != nil {
		return nil, err
	}
	var out []compute.ClusterDetails
	for _, c := range all {
		if c.ClusterName != name {
			continue
		}
		d, err := w.Clusters.GetByClusterId(ctx, c.ClusterId)
		if errors.Is(err, apierr.ErrResourceDoesNotExist) {
			continue // deleted since the list: no longer a match
		}
		if err != nil {
			return nil, fmt.Errorf("get cluster %s: %w", c.ClusterId, err)
		}
		if d.ClusterName == name { // renamed meanwhile: no longer a match
			out = append(out, *d)
		}
	}
	return out, nil
}

// PlanEnsure finds the clusters named like spec and classifies the change.
// With several matches the plan is ActionChoose; call PlanFor with the
// user's pick.
func PlanEnsure(ctx context.Context, w *workspaceapi.Client, spec compute.ClusterSpec) (*Plan, error) {
	name := strings.TrimSpace(spec.ClusterName)
	if name == "" {
		return nil, ErrNoName
	}
	found, err := FindByName(ctx, w, spec.ClusterName)
	if err != nil {
		return nil, err
	}
	p := &Plan{ClusterName: spec.ClusterName, Candidates: candidates(found)}
	switch len(found) {
	case 0:
		p.Action = ActionCreate
		p.Changes, err = clusterspec.DiffSpecs(compute.ClusterSpec{}, spec)
		return p, err
	case 1:
		return p, classify(p, &found[0], spec)
	}
	p.Action = ActionChoose
	return p, nil
}

// PlanFor plans applying spec to one chosen cluster, which must carry the
// spec's name (the list comes from PlanEnsure's candidates).
func PlanFor(ctx context.Context, clusters compute.ClustersInterface, spec compute.ClusterSpec, clusterID string) (*Plan, error) {
	d, err := clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return nil, fmt.Errorf("get cluster %s: %w", clusterID, err)
	}
	if d.ClusterName != spec.ClusterName {
		return nil, fmt.Errorf("%w: %s is named %q, the draft %q", ErrNotCandidate, clusterID, d.ClusterName, spec.ClusterName)
	}
	p := &Plan{ClusterName: spec.ClusterName, Candidates: candidates([]compute.ClusterDetails{*d})}
	return p, classify(p, d, spec)
}

// classify fills the plan for one existing cluster.
func classify(p *Plan, d *compute.ClusterDetails, spec compute.ClusterSpec) error {
	changes, err := clusterspec.Diff(d, spec)
	if err != nil {
		return err
	}
	p.ClusterID, p.State, p.Changes = d.ClusterId, d.State, changes
	sizeOnly := true
	for _, c := range changes {
		if !c.IsSize() {
			sizeOnly = false
		}
	}
	running := d.State == compute.StateRunning
	terminated := d.State == compute.StateTerminated
	p.OfferStart = terminated
	switch {
	case len(changes) == 0:
		p.Action = ActionNoop
		return nil
	case sizeOnly && running:
		p.Action = ActionResize
	default:
		// A terminated cluster takes an edit (resize needs RUNNING) and
		// keeps it for its next start.
		p.Action = ActionEdit
		p.RestartRequired = running
	}
	if !running && !terminated {
		p.WaitReason = fmt.Sprintf("The cluster is %s. Changes can be applied once it is running or terminated.", d.State)
	}
	return nil
}

func candidates(found []compute.ClusterDetails) []Candidate {
	out := make([]Candidate, 0, len(found))
	for _, c := range found {
		out = append(out, Candidate{ClusterID: c.ClusterId, Name: c.ClusterName, State: c.State,
			Creator: c.CreatorUserName, Source: c.ClusterSource, NumWorkers: c.NumWorkers, Autoscale: c.Autoscale})
	}
	return out
}
