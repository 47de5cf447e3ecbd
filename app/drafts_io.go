package app

import (
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

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
			return ImportView{}, d.fail(err)
		}
		return forPage(out), d.fail(err)
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
		return ExportView{}, d.fail(err)
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
