package drafts

import (
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ErrBadExport: the export asked for cannot be made (format, count).
var ErrBadExport = errors.New("unknown export format")

// Exported is an export's text and suggested file name, and what the
// format could not hold (libraries in API JSON or a bundle), said plainly.
type Exported struct {
	Format   string   `json:"format"`
	FileName string   `json:"fileName"`
	Content  string   `json:"content"`
	Warnings []string `json:"warnings"`
}

// noHostWarning is said when a databricks.yml is written without a host.
const noHostWarning = "No workspace host was written: the drafts target different workspaces, none, or the Demo workspace (whose address changes each run). " +
	"Set targets.dev.workspace.host in the file, or use DATABRICKS_HOST or a profile."

// ExportDrafts renders the stored drafts ids as API JSON (one draft), bundle
// YAML, a bundle project or Terraform. profiles are the open workspaces: a
// host is written when all the drafts target one of them with a stable host.
// A request that cannot be met is a FieldError matching ErrBadExport.
func (s *Store) ExportDrafts(format string, ids []string, profiles []workspaces.Profile) (Exported, error) {
	f := Format(format)
	switch f {
	case FormatJSON, FormatBundle, FormatBundleProject, FormatTerraform:
	default:
		return Exported{}, &FieldError{Field: "format", Err: ErrBadExport,
			Msg: fmt.Sprintf("%q is not an export format; use json, bundle, bundle-project or terraform", format)}
	}
	list := make([]Draft, 0, len(ids))
	for _, id := range ids {
		dr, _, err := s.Get(id)
		if err != nil {
			return Exported{}, err
		}
		list = append(list, dr)
	}
	if len(list) == 0 {
		return Exported{}, &FieldError{Field: "drafts", Err: ErrBadExport, Msg: "choose at least one draft to export"}
	}
	if f == FormatJSON && len(list) > 1 {
		return Exported{}, &FieldError{Field: "format", Err: ErrBadExport,
			Msg: "API JSON holds one cluster: export one draft, or choose bundle YAML or Terraform"}
	}
	target := TargetOf(list, profiles)
	raw, name, err := ExportTo(f, target, list...)
	if err != nil {
		return Exported{}, err
	}
	warnings := ExportWarnings(f, list...)
	if target.Host == "" && f == FormatBundleProject {
		// Terraform's provider falls back to DATABRICKS_HOST and the config
		// file by itself: only the bundle is worth a word.
		warnings = append(warnings, noHostWarning)
	}
	return Exported{Format: format, FileName: name, Content: string(raw), Warnings: warnings}, nil
}

// TargetOf is the one workspace the drafts target, when they share one
// with a stable host (not the Demo workspace, whose port changes each run).
func TargetOf(list []Draft, profiles []workspaces.Profile) Target {
	if len(list) == 0 {
		return Target{}
	}
	id := list[0].WorkspaceID
	for _, dr := range list {
		if dr.WorkspaceID != id {
			return Target{}
		}
	}
	if id == "" || id == workspaces.DemoID {
		return Target{}
	}
	for _, p := range profiles {
		if p.ID == id {
			return Target{Host: p.Host}
		}
	}
	return Target{}
}
