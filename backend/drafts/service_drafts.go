package drafts

import (
	"context"
	"errors"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// ErrNoStore means this run has no drafts folder.
var ErrNoStore = errors.New("drafts are not available in this run")

func (s *Service) ready() error {
	if s.cfg.Store == nil {
		return ErrNoStore
	}
	return nil
}

// List returns every readable draft with its offline check, most recently
// edited first, and the files that could not be read.
func (s *Service) List(ctx context.Context) (DraftList, error) {
	if err := s.ready(); err != nil {
		return DraftList{}, err
	}
	sums, problems, err := s.cfg.Store.List()
	if err != nil {
		return DraftList{}, err
	}
	names := s.workspaceNames()
	out := DraftList{Drafts: make([]DraftRow, 0, len(sums)), Problems: problems}
	if out.Problems == nil {
		out.Problems = []Problem{}
	}
	for _, sum := range sums {
		row := DraftRow{ID: sum.ID, Name: sum.Name, ClusterName: sum.ClusterName, WorkspaceID: sum.WorkspaceID,
			WorkspaceName: names[sum.WorkspaceID], UpdatedAt: catalog.RFC3339(sum.UpdatedAt), Applied: s.appliedViews(sum.Applied)}
		if full, _, err := s.cfg.Store.Get(sum.ID); err == nil {
			row.Check = s.Check(ctx, full.Document(), full.WorkspaceID, full.PolicyID).Summary()
		}
		out.Drafts = append(out.Drafts, row)
	}
	return out, nil
}

// Get returns one draft. When its file was damaged and the previous version
// restored, the view says so (Recovery): the editor must not show older
// content as if nothing happened.
func (s *Service) Get(id string) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	dr, report, err := s.cfg.Store.Get(id)
	if err != nil {
		return DraftView{}, err
	}
	v, err := s.View(dr)
	if err != nil {
		return DraftView{}, err
	}
	if report != nil && report.Recovered {
		v.Recovery = &DraftRecovery{Message: report.Message, Reason: report.Reason,
			RestoredSavedAt: report.RestoredSavedAt, DamagedFile: report.MovedTo}
	}
	return v, nil
}

// Create stores a new draft; a spec without a cluster name takes the draft's.
func (s *Service) Create(in DraftInput) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	ps, err := SplitPageSpec(in.Spec)
	if err != nil {
		return DraftView{}, err
	}
	if ps.Spec.ClusterName == "" {
		ps.Spec.ClusterName = strings.TrimSpace(in.Name)
	}
	return s.viewOf(s.cfg.Store.Create(NewDraft{Name: in.Name, WorkspaceID: in.WorkspaceID, PolicyID: in.PolicyID,
		Notes: in.Notes, Spec: ps.Spec, Libraries: ps.Libraries, Extra: ps.Extra, Source: "new"}))
}

// Save stores the editor's content over the revision it was based on.
// Unchanged content writes nothing, so autosave may call it freely; a
// stale revision fails (ErrConflict).
func (s *Service) Save(in DraftSave) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	cur, _, err := s.cfg.Store.Get(in.ID)
	if err != nil {
		return DraftView{}, err
	}
	// The page's spec holds the libraries and any extra keys too (see
	// clusterspec.Document): what it sends replaces them.
	ps, err := SplitPageSpec(in.Spec)
	if err != nil {
		return DraftView{}, err
	}
	cur.Revision, cur.Name, cur.WorkspaceID, cur.PolicyID, cur.Notes, cur.SpecText =
		in.Revision, in.Name, in.WorkspaceID, in.PolicyID, in.Notes, in.SpecText
	cur.Spec, cur.Libraries, cur.Extra = ps.Spec, ps.Libraries, ps.Extra
	return s.viewOf(s.cfg.Store.Save(cur))
}

// CheckPage checks a spec as the editor holds it (saved or not), offline.
func (s *Service) CheckPage(ctx context.Context, workspaceID, policyID string, spec map[string]any) (CheckView, error) {
	ps, err := SplitPageSpec(spec)
	if err != nil {
		return CheckView{}, err
	}
	return s.Check(ctx, ps, workspaceID, policyID), nil
}

// Rename changes a draft's name only.
func (s *Service) Rename(id, name string) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	return s.viewOf(s.cfg.Store.Rename(id, name))
}

// Duplicate copies a draft; an empty name gives "<name> (copy)".
func (s *Service) Duplicate(id, name string) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	return s.viewOf(s.cfg.Store.Duplicate(id, name))
}

// Restore brings a draft back from the trash.
func (s *Service) Restore(id string) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	return s.viewOf(s.cfg.Store.Restore(id))
}

// Delete moves a draft to the trash.
func (s *Service) Delete(id string) error {
	if err := s.ready(); err != nil {
		return err
	}
	return s.cfg.Store.Delete(id)
}

// Purge deletes a draft from the trash for good.
func (s *Service) Purge(id string) error {
	if err := s.ready(); err != nil {
		return err
	}
	return s.cfg.Store.Purge(id)
}

// Trash lists deleted drafts, most recently deleted first.
func (s *Service) Trash() ([]TrashRow, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	entries, err := s.cfg.Store.ListTrash()
	if err != nil {
		return nil, err
	}
	out := make([]TrashRow, 0, len(entries))
	for _, e := range entries {
		out = append(out, TrashRow{ID: e.ID, Name: e.Name, ClusterName: e.ClusterName, DeletedAt: catalog.RFC3339(e.DeletedAt)})
	}
	return out, nil
}

// Import reads API JSON or bundle YAML (chosen by the file name, else the
// content) and makes one draft per cluster found, targeted at workspaceID.
// What was made before an error is returned with it.
func (s *Service) Import(filename, content, workspaceID string) (ImportView, error) {
	if err := s.ready(); err != nil {
		return ImportView{}, err
	}
	created, warnings, err := s.cfg.Store.ImportText(filename, content, workspaceID)
	out := ImportView{Drafts: []DraftView{}, Warnings: warnings}
	for _, dr := range created {
		v, verr := s.View(dr)
		if verr != nil {
			return out, verr
		}
		out.Drafts = append(out.Drafts, v)
	}
	return out, err
}

// Export renders drafts as API JSON (one draft), bundle YAML or Terraform.
func (s *Service) Export(format string, ids []string) (Exported, error) {
	if err := s.ready(); err != nil {
		return Exported{}, err
	}
	return s.cfg.Store.ExportDrafts(format, ids, s.cfg.Workspaces())
}

func (s *Service) viewOf(dr Draft, err error) (DraftView, error) {
	if err != nil {
		return DraftView{}, err
	}
	return s.View(dr)
}
