package drafts

import (
	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// DraftView is one draft as the edit view shows it. The spec travels as API
// JSON (an object), the shape the JSON editor and the form both use, with
// the libraries under "libraries" and the draft's extra keys merged in.
type DraftView struct {
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	WorkspaceID string         `json:"workspaceId"`
	PolicyID    string         `json:"policyId"`
	Notes       string         `json:"notes"`
	Spec        map[string]any `json:"spec"`
	Libraries   []LibraryLabel `json:"libraries"`
	Source      string         `json:"source"`
	CreatedAt   string         `json:"createdAt"`
	UpdatedAt   string         `json:"updatedAt"`
	Revision    int            `json:"revision"`
	Applied     []AppliedView  `json:"applied"`
	// SpecText is JSON typed in the editor that does not parse yet; Spec is
	// the last version that did. Empty when the text is the spec.
	SpecText string `json:"specText"`
	// Recovery is set when the draft's file was damaged and the previous
	// version was restored on this read.
	Recovery *DraftRecovery `json:"recovery,omitempty"`
}

// DraftRecovery tells the editor that it shows a restored previous version.
type DraftRecovery struct {
	Message         string `json:"message"`
	Reason          string `json:"reason"`
	RestoredSavedAt string `json:"restoredSavedAt"` // RFC 3339; empty if unknown
	DamagedFile     string `json:"damagedFile"`     // where the bad file was kept
}

// LibraryLabel is a library kept with a draft (installed after create).
type LibraryLabel struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

// AppliedView says where a draft went: the cluster it became in a
// workspace, or a create whose outcome is not known yet.
type AppliedView struct {
	WorkspaceID   string `json:"workspaceId"`
	WorkspaceName string `json:"workspaceName"`
	ClusterID     string `json:"clusterId"`
	AppliedAt     string `json:"appliedAt"`
	Pending       bool   `json:"pending"`
}

// DraftInput is what the page sends to create a draft.
type DraftInput struct {
	Name        string         `json:"name"`
	WorkspaceID string         `json:"workspaceId"`
	PolicyID    string         `json:"policyId"`
	Notes       string         `json:"notes"`
	Spec        map[string]any `json:"spec"`
}

// DraftSave is what autosave sends: the editable content and the revision
// it was based on.
type DraftSave struct {
	ID          string         `json:"id"`
	Revision    int            `json:"revision"`
	Name        string         `json:"name"`
	WorkspaceID string         `json:"workspaceId"`
	PolicyID    string         `json:"policyId"`
	Notes       string         `json:"notes"`
	Spec        map[string]any `json:"spec"`
	// SpecText is the editor's JSON text when it does not parse: saved so
	// that nothing typed is lost. Empty when Spec is what was typed.
	SpecText string `json:"specText"`
}

// DraftRow is one line of the drafts list, with its offline check.
type DraftRow struct {
	ID            string        `json:"id"`
	Name          string        `json:"name"`
	ClusterName   string        `json:"clusterName"`
	WorkspaceID   string        `json:"workspaceId"`
	WorkspaceName string        `json:"workspaceName"`
	UpdatedAt     string        `json:"updatedAt"`
	Check         CheckSummary  `json:"check"`
	Applied       []AppliedView `json:"applied"`
}

// DraftList is the Drafts page: the rows and the files that could not be read.
type DraftList struct {
	Drafts   []DraftRow `json:"drafts"`
	Problems []Problem  `json:"problems"`
}

// TrashRow is a deleted draft.
type TrashRow struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	ClusterName string `json:"clusterName"`
	DeletedAt   string `json:"deletedAt"`
}

// ImportView is what an import made.
type ImportView struct {
	Drafts   []DraftView `json:"drafts"`
	Warnings []string    `json:"warnings"`
}

// PlanView is what applying a draft to a workspace will do, checked online.
type PlanView struct {
	DraftID       string      `json:"draftId"`
	WorkspaceID   string      `json:"workspaceId"`
	WorkspaceName string      `json:"workspaceName"`
	Plan          *apply.Plan `json:"plan"`
	Check         CheckView   `json:"check"`
	// Blocked: the policy or the API's rules refuse the draft; nothing can be applied.
	Blocked bool `json:"blocked"`
	// PendingCreate: an earlier create's outcome is unknown; applying looks
	// for its cluster first and never creates a second.
	PendingCreate bool `json:"pendingCreate"`
	// Fingerprint names the plan the user reviewed; Apply refuses when the
	// cluster has changed since (PLAN_STALE).
	Fingerprint string `json:"fingerprint"`
}

// ApplyOutcome is what apply did; the page then opens the cluster.
type ApplyOutcome struct {
	Action      string    `json:"action"`
	WorkspaceID string    `json:"workspaceId"`
	ClusterID   string    `json:"clusterId"`
	Started     bool      `json:"started"`
	Adopted     bool      `json:"adopted"` // an earlier create had made it
	Libraries   int       `json:"libraries"`
	Draft       DraftView `json:"draft"`
}

// View is a draft as the edit view shows it, workspaces named.
func (s *Service) View(dr Draft) (DraftView, error) {
	spec, err := dr.Document().Map()
	if err != nil {
		return DraftView{}, err
	}
	v := DraftView{ID: dr.ID, Name: dr.Name, WorkspaceID: dr.WorkspaceID, PolicyID: dr.PolicyID, Notes: dr.Notes,
		Spec: spec, Source: dr.Source, CreatedAt: catalog.RFC3339(dr.CreatedAt), UpdatedAt: catalog.RFC3339(dr.UpdatedAt),
		Revision: dr.Revision, Applied: s.appliedViews(dr.Applied), Libraries: []LibraryLabel{}, SpecText: dr.SpecText}
	for _, l := range dr.Libraries {
		kind, label := clusterspec.DescribeLibrary(l)
		v.Libraries = append(v.Libraries, LibraryLabel{Kind: kind, Label: label})
	}
	return v, nil
}

func (s *Service) appliedViews(recs []ApplyRecord) []AppliedView {
	out := make([]AppliedView, 0, len(recs))
	names := s.workspaceNames()
	for _, r := range recs {
		if r.ClusterID == "" && r.PendingRequestID == "" {
			continue
		}
		out = append(out, AppliedView{WorkspaceID: r.WorkspaceID, WorkspaceName: names[r.WorkspaceID],
			ClusterID: r.ClusterID, AppliedAt: catalog.RFC3339(r.AppliedAt), Pending: r.PendingRequestID != ""})
	}
	return out
}

func (s *Service) workspaceNames() map[string]string {
	out := map[string]string{}
	for _, p := range s.cfg.Workspaces() {
		out[p.ID] = p.Name
	}
	return out
}
