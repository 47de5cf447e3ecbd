// Package libraries is the Libraries tab's resource kind: the libraries on a
// cluster with their install status, installs checked by the spec's library
// rules (clusterspec) before they are sent, uninstalls that take effect at a
// restart, and the other clusters carrying the same library. The service is
// what the facade calls (service.go), the tab's view is built in views.go,
// and what each cluster state allows in actions.go.
package libraries

import (
	"context"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ErrPolicyLibrary: the library comes from the cluster's policy.
var ErrPolicyLibrary = errors.New("this library is installed by the cluster's policy")

// ClientSource gives the SDK client of a workspace (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Service reads and changes a cluster's libraries through the SDK.
type Service struct{ clients ClientSource }

// NewService builds the service over the workspaces' clients.
func NewService(clients ClientSource) *Service { return &Service{clients: clients} }

// Get returns the cluster's libraries with their status.
func (s *Service) Get(ctx context.Context, workspaceID, clusterID string) (View, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, w, clusterID)
}

// Install checks the form and, when nothing blocks it, installs the library.
func (s *Service) Install(ctx context.Context, workspaceID, clusterID string, f Form) (Outcome, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Problems: f.check()}
	if !blocking(out.Problems) {
		if err := w.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: clusterID, Libraries: []compute.Library{f.Library()}}); err != nil {
			return Outcome{}, fmt.Errorf("install a library on cluster %s: %w", clusterID, err)
		}
		out.Done = true
	}
	if out.View, err = s.view(ctx, w, clusterID); err != nil {
		return Outcome{}, err
	}
	if out.Done {
		out.Note = out.View.InstallNote
	}
	return out, nil
}

// Uninstall marks the library (by its key) for removal at the next restart.
func (s *Service) Uninstall(ctx context.Context, workspaceID, clusterID, key string) (Outcome, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Outcome{}, err
	}
	cur, err := s.view(ctx, w, clusterID)
	if err != nil {
		return Outcome{}, err
	}
	var lib *Entry
	for i := range cur.Libraries {
		if cur.Libraries[i].Key == key {
			lib = &cur.Libraries[i]
		}
	}
	switch {
	case lib == nil:
		return Outcome{View: cur, Note: "This library is no longer on the cluster.", Problems: []FieldProblem{}}, nil
	case lib.FromPolicy:
		return Outcome{}, fmt.Errorf("remove %s: %w", lib.Label, ErrPolicyLibrary)
	}
	if err := w.Libraries.Uninstall(ctx, compute.UninstallLibraries{ClusterId: clusterID, Libraries: []compute.Library{lib.Library}}); err != nil {
		return Outcome{}, fmt.Errorf("uninstall %s from cluster %s: %w", lib.Label, clusterID, err)
	}
	v, err := s.view(ctx, w, clusterID)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{View: v, Done: true, Note: uninstallNote(compute.State(v.ClusterState)), Problems: []FieldProblem{}}, nil
}

// Elsewhere lists the other clusters that carry the library (by its key).
func (s *Service) Elsewhere(ctx context.Context, workspaceID, clusterID, key string) ([]Elsewhere, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	all, err := w.Libraries.AllClusterStatusesAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the libraries of all clusters: %w", err)
	}
	names := map[string]string{}
	clusters, err := leanread.Clusters(ctx, w.Pages, compute.ListClustersRequest{})
	if err != nil {
		return nil, fmt.Errorf("list the clusters: %w", err)
	}
	for _, c := range clusters {
		names[c.ClusterId] = c.ClusterName
	}
	out := []Elsewhere{}
	for _, c := range all {
		if c.ClusterId == clusterID {
			continue
		}
		for _, st := range c.LibraryStatuses {
			if st.Library != nil && Key(*st.Library) == key {
				out = append(out, Elsewhere{ClusterID: c.ClusterId, ClusterName: names[c.ClusterId], Status: string(st.Status)})
			}
		}
	}
	return out, nil
}

func (s *Service) view(ctx context.Context, w *workspaceapi.Client, clusterID string) (View, error) {
	d, err := w.Clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return View{}, fmt.Errorf("read cluster %s: %w", clusterID, err)
	}
	st, err := w.Libraries.ClusterStatusByClusterId(ctx, clusterID)
	if err != nil {
		return View{}, fmt.Errorf("read the libraries of cluster %s: %w", clusterID, err)
	}
	policy := map[string]bool{}
	if d.PolicyId != "" {
		// A policy we may not read only loses the marks, not the tab.
		if p, err := w.ClusterPolicies.GetByPolicyId(ctx, d.PolicyId); err == nil {
			for _, l := range p.Libraries {
				policy[Key(l)] = true
			}
		}
	}
	return viewOf(d, st.LibraryStatuses, policy), nil
}
