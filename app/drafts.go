package app

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// CatalogCache is the part of catalog.Cache the drafts facade uses.
type CatalogCache interface {
	Load(id string) (catalog.Snapshot, error)
	Refresh(ctx context.Context, id string, w *workspaceapi.Client, now func() time.Time) (catalog.Snapshot, error)
}

type workspaceClient = workspaceapi.Client

// ClientFunc returns a workspace's SDK client (workspaces.Manager.Client).
type ClientFunc func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)

// Drafts is the facade of the Drafts page, the draft editor and the apply
// flow. Everything but refresh, plan and apply works with no network.
type Drafts struct {
	store      *drafts.Store
	catalog    CatalogCache
	clients    ClientFunc
	workspaces func() []workspaces.Profile
	files      FileSaver
	errors     *ErrorFormatter
	now        func() time.Time
	ctx        context.Context
	// checker reads the catalog cache only: a draft's check never touches
	// the network (the editor's may fetch a catalog not cached yet).
	checker *check.Checker
	// session learns of refused credentials (a create answered 401).
	session *session.Session
	svc     *drafts.Service // check, plan and apply (apply wired in app.go)
}

var (
	errDraftsUnavailable = errors.New("drafts are not available in this run")
	errBadSpec           = drafts.ErrBadSpec
	errNoWorkspace       = errors.New("no target workspace")
	errOffline           = errors.New("this needs the workspace online")
)

func (d *Drafts) ready() error {
	if d.store == nil {
		return errDraftsUnavailable
	}
	return nil
}

func (d *Drafts) workspaceNames() map[string]string {
	out := map[string]string{}
	for _, p := range d.workspaces() {
		out[p.ID] = p.Name
	}
	return out
}

// List returns every readable draft with its offline check, most recently
// edited first, and the files that could not be read.
func (d *Drafts) List() (DraftList, error) {
	if err := d.ready(); err != nil {
		return DraftList{}, err
	}
	sums, problems, err := d.store.List()
	if err != nil {
		return DraftList{}, err
	}
	names := d.workspaceNames()
	out := DraftList{Drafts: make([]DraftRow, 0, len(sums)), Problems: problems}
	if out.Problems == nil {
		out.Problems = []drafts.Problem{}
	}
	for _, s := range sums {
		row := DraftRow{ID: s.ID, Name: s.Name, ClusterName: s.ClusterName, WorkspaceID: s.WorkspaceID,
			WorkspaceName: names[s.WorkspaceID], UpdatedAt: catalog.RFC3339(s.UpdatedAt), Applied: d.appliedViews(s.Applied)}
		if full, _, err := d.store.Get(s.ID); err == nil {
			row.Check = d.svc.Check(d.ctx, full.Document(), full.WorkspaceID, full.PolicyID).Summary()
		}
		out.Drafts = append(out.Drafts, row)
	}
	return forPage(out), nil
}

// Get returns one draft. When its file was damaged and the previous version
// restored, the view says so (Recovery): the editor must not show older
// content as if nothing happened.
func (d *Drafts) Get(id string) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	dr, report, err := d.store.Get(id)
	if err != nil {
		return DraftView{}, err
	}
	v, err := d.toView(dr)
	if err != nil {
		return DraftView{}, err
	}
	if report != nil && report.Recovered {
		v.Recovery = &DraftRecovery{Message: report.Message, Reason: report.Reason,
			RestoredSavedAt: report.RestoredSavedAt, DamagedFile: report.MovedTo}
	}
	return forPage(v), nil
}

// Create stores a new draft.
func (d *Drafts) Create(in DraftInput) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	ps, err := drafts.SplitPageSpec(in.Spec)
	if err != nil {
		return DraftView{}, draftInputError(d.errors, err)
	}
	if ps.Spec.ClusterName == "" {
		ps.Spec.ClusterName = strings.TrimSpace(in.Name)
	}
	dr, err := d.store.Create(drafts.NewDraft{Name: in.Name, WorkspaceID: in.WorkspaceID, PolicyID: in.PolicyID,
		Notes: in.Notes, Spec: ps.Spec, Libraries: ps.Libraries, Extra: ps.Extra, Source: "new"})
	if err != nil {
		return DraftView{}, draftInputError(d.errors, err)
	}
	return forPageErr(d.toView(dr))
}

// Save stores the editor's content. Unchanged content writes nothing, so
// autosave may call it freely; a stale revision fails (DRAFT_CONFLICT).
func (d *Drafts) Save(in DraftSave) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	cur, _, err := d.store.Get(in.ID)
	if err != nil {
		return DraftView{}, err
	}
	// The page's spec holds the libraries and any extra keys too (see
	// clusterspec.Document): what it sends replaces them.
	ps, err := drafts.SplitPageSpec(in.Spec)
	if err != nil {
		return DraftView{}, draftInputError(d.errors, err)
	}
	cur.Revision, cur.Name, cur.WorkspaceID, cur.PolicyID, cur.Notes, cur.SpecText =
		in.Revision, in.Name, in.WorkspaceID, in.PolicyID, in.Notes, in.SpecText
	cur.Spec, cur.Libraries, cur.Extra = ps.Spec, ps.Libraries, ps.Extra
	saved, err := d.store.Save(cur)
	if err != nil {
		return DraftView{}, draftInputError(d.errors, err)
	}
	return forPageErr(d.toView(saved))
}

// Check validates a spec offline against the workspace's cached catalog and
// the policy, as the editor holds it (saved or not).
func (d *Drafts) Check(workspaceID, policyID string, spec map[string]any) (CheckView, error) {
	ps, err := drafts.SplitPageSpec(spec)
	if err != nil {
		return CheckView{}, draftInputError(d.errors, err)
	}
	return forPage(d.svc.Check(d.ctx, ps, workspaceID, policyID)), nil
}

// Rename changes a draft's name only.
func (d *Drafts) Rename(id, name string) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	dr, err := d.store.Rename(id, name)
	if err != nil {
		return DraftView{}, draftInputError(d.errors, err)
	}
	return forPageErr(d.toView(dr))
}

// Duplicate copies a draft; an empty name gives "<name> (copy)".
func (d *Drafts) Duplicate(id, name string) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	dr, err := d.store.Duplicate(id, name)
	if err != nil {
		return DraftView{}, draftInputError(d.errors, err)
	}
	return forPageErr(d.toView(dr))
}

// Delete moves a draft to the trash.
func (d *Drafts) Delete(id string) error {
	if err := d.ready(); err != nil {
		return err
	}
	return d.store.Delete(id)
}

// Restore brings a draft back from the trash.
func (d *Drafts) Restore(id string) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	dr, err := d.store.Restore(id)
	if err != nil {
		return DraftView{}, err
	}
	return forPageErr(d.toView(dr))
}

// Trash lists deleted drafts, most recently deleted first.
func (d *Drafts) Trash() ([]TrashRow, error) {
	if err := d.ready(); err != nil {
		return nil, err
	}
	entries, err := d.store.ListTrash()
	if err != nil {
		return nil, err
	}
	out := make([]TrashRow, 0, len(entries))
	for _, e := range entries {
		out = append(out, TrashRow{ID: e.ID, Name: e.Name, ClusterName: e.ClusterName, DeletedAt: catalog.RFC3339(e.DeletedAt)})
	}
	return forPage(out), nil
}

// Purge deletes a draft from the trash for good.
func (d *Drafts) Purge(id string) error {
	if err := d.ready(); err != nil {
		return err
	}
	return d.store.Purge(id)
}

// fetchCatalog fetches a workspace's catalog into the cache now.
func (d *Drafts) fetchCatalog(ctx context.Context, workspaceID string) error {
	if d.catalog == nil {
		return nil
	}
	w, err := d.client(ctx, workspaceID)
	if err != nil {
		return err
	}
	_, err = d.catalog.Refresh(ctx, workspaceID, w, d.now)
	return err
}

// ImportView is what an import made.
type ImportView struct {
	Drafts   []DraftView `json:"drafts"`
	Warnings []string    `json:"warnings"`
}

// ExportView is an export's text, file name and warnings (drafts.ExportDrafts).
type ExportView = drafts.Exported

// SavedExport tells whether the export went to a file (desktop) or is
// only text to copy (no save dialog, or the user cancelled).
type SavedExport struct {
	Format   string   `json:"format"`
	FileName string   `json:"fileName"`
	Content  string   `json:"content"`
	Warnings []string `json:"warnings"`
	Path     string   `json:"path"`
	Saved    bool     `json:"saved"`
}

// errUnreadableImport is matched by the error formatter.
var errUnreadableImport = drafts.ErrUnreadableImport

// MaxImportBytes bounds pasted or chosen text: cluster specs are small.
const MaxImportBytes = drafts.MaxImportBytes

// Import reads API JSON or bundle YAML (chosen by the file name, else the
// content) and makes one draft per cluster found, targeted at workspaceID.
func (d *Drafts) Import(filename, content, workspaceID string) (ImportView, error) {
	if err := d.ready(); err != nil {
		return ImportView{}, err
	}
	created, warnings, err := d.store.ImportText(filename, content, workspaceID)
	out := ImportView{Drafts: []DraftView{}, Warnings: warnings}
	for _, dr := range created {
		v, err := d.toView(dr)
		if err != nil {
			return forPage(out), err
		}
		out.Drafts = append(out.Drafts, v)
	}
	if err != nil {
		if len(created) == 0 {
			return ImportView{}, draftInputError(d.errors, err)
		}
		return forPage(out), draftInputError(d.errors, err)
	}
	return forPage(out), nil
}

// Export renders drafts as API JSON (one draft), bundle YAML or Terraform.
func (d *Drafts) Export(format string, ids []string) (ExportView, error) {
	if err := d.ready(); err != nil {
		return ExportView{}, err
	}
	ex, err := d.store.ExportDrafts(format, ids, d.workspaces())
	if err != nil {
		return ExportView{}, draftInputError(d.errors, err)
	}
	return forPage(ex), nil
}

// SaveExport exports and, on the desktop, asks where to save the file. In
// the browser bridge there is no dialog: the text comes back to copy.
func (d *Drafts) SaveExport(format string, ids []string) (SavedExport, error) {
	ex, err := d.Export(format, ids)
	if err != nil {
		return SavedExport{}, err
	}
	out := SavedExport{Format: ex.Format, FileName: ex.FileName, Content: ex.Content, Warnings: ex.Warnings}
	if d.files == nil {
		return forPage(out), nil
	}
	path, err := d.files.SaveFile(d.ctx, ex.FileName, []byte(ex.Content))
	if err != nil {
		return forPage(out), err
	}
	out.Path, out.Saved = path, path != ""
	return forPage(out), nil
}
