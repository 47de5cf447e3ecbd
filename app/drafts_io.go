package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ImportView is what an import made.
type ImportView struct {
	Drafts   []DraftView `json:"drafts"`
	Warnings []string    `json:"warnings"`
}

// ExportView is an export's text and suggested file name, and what the
// format could not hold (libraries in API JSON or a bundle), said plainly.
type ExportView struct {
	Format   string   `json:"format"`
	FileName string   `json:"fileName"`
	Content  string   `json:"content"`
	Warnings []string `json:"warnings"`
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

var errUnreadableImport = errors.New("the text cannot be read as a cluster definition")

// MaxImportBytes bounds pasted or chosen text: cluster specs are small.
const MaxImportBytes = boundedfile.SpecLimit

// Import reads API JSON or bundle YAML (chosen by the file name, else the
// content) and makes one draft per cluster found, targeted at workspaceID.
func (d *Drafts) Import(filename, content, workspaceID string) (ImportView, error) {
	if err := d.ready(); err != nil {
		return ImportView{}, err
	}
	if strings.TrimSpace(content) == "" {
		return ImportView{}, d.fail(&drafts.FieldError{Field: "content", Err: drafts.ErrNothingToImport,
			Msg: "paste a cluster definition or choose a file"})
	}
	if len(content) > MaxImportBytes {
		return ImportView{}, d.fail(&drafts.FieldError{Field: "content", Err: drafts.ErrNothingToImport,
			Msg: (&boundedfile.TooLargeError{Name: "the text", Limit: MaxImportBytes, What: "an import"}).Error() +
				"; a cluster definition is far smaller — is this the right file?"})
	}
	found, err := drafts.Import(filename, []byte(content))
	if err != nil {
		var pe *drafts.PositionError
		if !errors.As(err, &pe) && !errors.Is(err, drafts.ErrNothingToImport) {
			// Unreadable without a place: still an input error, next to the text.
			err = &drafts.FieldError{Field: "content", Err: errUnreadableImport, Msg: err.Error()}
		}
		return ImportView{}, d.fail(err)
	}
	kind := "bundle"
	if ext := strings.ToLower(filepath.Ext(filename)); ext == ".json" || (ext == "" && strings.HasPrefix(strings.TrimSpace(content), "{")) {
		kind = "json"
	}
	out := ImportView{Drafts: []DraftView{}, Warnings: []string{}}
	for _, im := range found {
		dr, err := d.store.Create(im.NewDraft("import:"+kind, workspaceID))
		if err != nil {
			return forPage(out), d.fail(err)
		}
		v, err := d.toView(dr)
		if err != nil {
			return forPage(out), err
		}
		out.Drafts = append(out.Drafts, v)
		for _, w := range im.Warnings {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s: %s", dr.Name, w))
		}
	}
	return forPage(out), nil
}

// Export renders drafts as API JSON (one draft), bundle YAML or Terraform.
func (d *Drafts) Export(format string, ids []string) (ExportView, error) {
	if err := d.ready(); err != nil {
		return ExportView{}, err
	}
	f := drafts.Format(format)
	switch f {
	case drafts.FormatJSON, drafts.FormatBundle, drafts.FormatBundleProject, drafts.FormatTerraform:
	default:
		return ExportView{}, d.fail(&drafts.FieldError{Field: "format", Err: errBadFormat,
			Msg: fmt.Sprintf("%q is not an export format; use json, bundle, bundle-project or terraform", format)})
	}
	list := make([]drafts.Draft, 0, len(ids))
	for _, id := range ids {
		dr, _, err := d.store.Get(id)
		if err != nil {
			return ExportView{}, err
		}
		list = append(list, dr)
	}
	if len(list) == 0 {
		return ExportView{}, d.fail(&drafts.FieldError{Field: "drafts", Err: errBadFormat, Msg: "choose at least one draft to export"})
	}
	if f == drafts.FormatJSON && len(list) > 1 {
		return ExportView{}, d.fail(&drafts.FieldError{Field: "format", Err: errBadFormat,
			Msg: "API JSON holds one cluster: export one draft, or choose bundle YAML or Terraform"})
	}
	target := d.exportTarget(list)
	raw, name, err := drafts.ExportTo(f, target, list...)
	if err != nil {
		return ExportView{}, err
	}
	warnings := drafts.ExportWarnings(f, list...)
	if target.Host == "" && f == drafts.FormatBundleProject {
		// Terraform's provider falls back to DATABRICKS_HOST and the config
		// file by itself: only the bundle is worth a word.
		warnings = append(warnings, "No workspace host was written: the drafts target different workspaces, none, or the Demo workspace (whose address changes each run). "+
			"Set targets.dev.workspace.host in the file, or use DATABRICKS_HOST or a profile.")
	}
	return forPage(ExportView{Format: format, FileName: name, Content: string(raw), Warnings: warnings}), nil
}

// exportTarget is the one workspace the drafts target, when they share one
// with a stable host (not the Demo workspace, whose port changes each run).
func (d *Drafts) exportTarget(list []drafts.Draft) drafts.Target {
	id := list[0].WorkspaceID
	for _, dr := range list {
		if dr.WorkspaceID != id {
			return drafts.Target{}
		}
	}
	if id == "" || id == workspaces.DemoID {
		return drafts.Target{}
	}
	for _, p := range d.workspaces() {
		if p.ID == id {
			return drafts.Target{Host: p.Host}
		}
	}
	return drafts.Target{}
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
