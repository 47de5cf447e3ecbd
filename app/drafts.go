package app

import (
	"errors"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// Drafts is the facade of the Drafts page, the draft editor and the apply
// flow (drafts.Service). Everything but refresh, plan and apply works with
// no network.
type Drafts struct {
	facade
	svc    *drafts.Service
	files  FileSaver
	errors *ErrorFormatter
}

var errPolicyBlocked = errors.New("the draft does not pass its checks")

// MaxImportBytes bounds pasted or chosen text: cluster specs are small.
const MaxImportBytes = drafts.MaxImportBytes

// List returns every readable draft with its offline check, most recently
// edited first, and the files that could not be read.
func (d *Drafts) List() (drafts.DraftList, error) { return forPageErr(d.svc.List(d.ctx)) }

// Get returns one draft, saying so when a damaged file's previous version
// was restored.
func (d *Drafts) Get(id string) (drafts.DraftView, error) { return forPageErr(d.svc.Get(id)) }

// Create stores a new draft.
func (d *Drafts) Create(in drafts.DraftInput) (drafts.DraftView, error) {
	v, err := d.svc.Create(in)
	return forPage(v), draftInputError(d.errors, err)
}

// Save stores the editor's content. Unchanged content writes nothing, so
// autosave may call it freely; a stale revision fails (DRAFT_CONFLICT).
func (d *Drafts) Save(in drafts.DraftSave) (drafts.DraftView, error) {
	v, err := d.svc.Save(in)
	return forPage(v), draftInputError(d.errors, err)
}

// Check validates a spec offline against the workspace's cached catalog and
// the policy, as the editor holds it (saved or not).
func (d *Drafts) Check(workspaceID, policyID string, spec map[string]any) (drafts.CheckView, error) {
	v, err := d.svc.CheckPage(d.ctx, workspaceID, policyID, spec)
	return forPage(v), draftInputError(d.errors, err)
}

// Rename changes a draft's name only.
func (d *Drafts) Rename(id, name string) (drafts.DraftView, error) {
	v, err := d.svc.Rename(id, name)
	return forPage(v), draftInputError(d.errors, err)
}

// Duplicate copies a draft; an empty name gives "<name> (copy)".
func (d *Drafts) Duplicate(id, name string) (drafts.DraftView, error) {
	v, err := d.svc.Duplicate(id, name)
	return forPage(v), draftInputError(d.errors, err)
}

// Delete moves a draft to the trash.
func (d *Drafts) Delete(id string) error { return d.svc.Delete(id) }

// Restore brings a draft back from the trash.
func (d *Drafts) Restore(id string) (drafts.DraftView, error) { return forPageErr(d.svc.Restore(id)) }

// Trash lists deleted drafts, most recently deleted first.
func (d *Drafts) Trash() ([]drafts.TrashRow, error) { return forPageErr(d.svc.Trash()) }

// Purge deletes a draft from the trash for good.
func (d *Drafts) Purge(id string) error { return d.svc.Purge(id) }

// Import reads API JSON or bundle YAML (chosen by the file name, else the
// content) and makes one draft per cluster found, targeted at workspaceID.
// Drafts made before a problem are returned with it.
func (d *Drafts) Import(filename, content, workspaceID string) (drafts.ImportView, error) {
	out, err := d.svc.Import(filename, content, workspaceID)
	if err != nil && len(out.Drafts) == 0 {
		return drafts.ImportView{}, draftInputError(d.errors, err)
	}
	return forPage(out), draftInputError(d.errors, err)
}

// Export renders drafts as API JSON (one draft), bundle YAML or Terraform.
func (d *Drafts) Export(format string, ids []string) (drafts.Exported, error) {
	ex, err := d.svc.Export(format, ids)
	if err != nil {
		return drafts.Exported{}, draftInputError(d.errors, err)
	}
	return forPage(ex), nil
}

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

// SaveExport exports and, on the desktop, asks where to save the file. In
// the browser bridge there is no dialog: the text comes back to copy.
func (d *Drafts) SaveExport(format string, ids []string) (SavedExport, error) {
	ex, err := d.Export(format, ids)
	if err != nil {
		return SavedExport{}, err
	}
	out := SavedExport{Format: ex.Format, FileName: ex.FileName, Content: ex.Content, Warnings: ex.Warnings}
	saved, err := saveAs(d.ctx, d.files, ex.FileName, ex.Content)
	out.Path, out.Saved = saved.Path, saved.Saved
	return forPage(out), err
}
