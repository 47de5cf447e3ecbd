// Package drafts keeps cluster designs that are not (yet) clusters: one JSON
// file per draft under the app's data directory, written atomically with the
// previous version kept, a trash to restore from, and import/export in the
// formats people already use (API JSON, bundle YAML, Terraform HCL).
package drafts

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// SchemaVersion is the version of the file format written by this build.
// Files with a higher version are left untouched and reported.
const SchemaVersion = 1

// MaxNameLength bounds a draft's name (cluster names allow 100 characters).
const MaxNameLength = 100

// Draft is a cluster design. Spec is what the create call would receive;
// Libraries are installed after create (the create call has no field for
// them). PolicyID is the policy the draft is designed for: it is kept equal
// to Spec.PolicyId on every save. WorkspaceID (a workspace profile id) is
// where it is meant to go; empty means "not decided".
type Draft struct {
	Schema      int                 `json:"schema"`
	ID          string              `json:"id"`
	Name        string              `json:"name"`
	WorkspaceID string              `json:"workspace_id,omitempty"`
	PolicyID    string              `json:"policy_id,omitempty"`
	Notes       string              `json:"notes,omitempty"`
	Spec        compute.ClusterSpec `json:"spec"`
	// SpecText is JSON the user typed that does not parse (yet). It is kept
	// so nothing typed is lost; Spec stays the last version that parsed.
	// Empty once the text parses again.
	SpecText  string            `json:"spec_text,omitempty"`
	Libraries []compute.Library `json:"libraries,omitempty"`
	// Extra holds top-level keys of the typed spec that the Clusters API
	// does not know, kept so nothing typed is lost. They are never sent to
	// the API and exports leave them out.
	Extra map[string]json.RawMessage `json:"extra,omitempty"`
	// Source says where the draft came from ("new", "cluster:<id>",
	// "import:json", "duplicate:<id>", ...), for the list and for support.
	Source    string    `json:"source,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Revision grows by one on every save; a save naming an older revision
	// fails with ErrConflict instead of overwriting newer work.
	Revision int `json:"revision"`
	// Applied records, per workspace, the cluster this draft became and a
	// create still in flight (see RecordApply). Save never changes it.
	Applied []ApplyRecord `json:"applied,omitempty"`
}

// Summary is one row of the drafts list.
type Summary struct {
	ID          string        `json:"id"`
	Name        string        `json:"name"`
	ClusterName string        `json:"clusterName"`
	WorkspaceID string        `json:"workspaceId"`
	PolicyID    string        `json:"policyId"`
	UpdatedAt   time.Time     `json:"updatedAt"`
	CreatedAt   time.Time     `json:"createdAt"`
	Applied     []ApplyRecord `json:"applied,omitempty"`
}

func (d *Draft) summary() Summary {
	return Summary{ID: d.ID, Name: d.Name, ClusterName: d.Spec.ClusterName, WorkspaceID: d.WorkspaceID,
		PolicyID: d.PolicyID, UpdatedAt: d.UpdatedAt, CreatedAt: d.CreatedAt, Applied: d.Applied}
}

// Errors callers match with errors.Is.
var (
	ErrNotFound    = errors.New("draft not found")
	ErrConflict    = errors.New("draft was changed elsewhere")
	ErrInvalidName = errors.New("invalid draft name")
	ErrInvalidID   = errors.New("invalid draft id")
	ErrNewerSchema = errors.New("draft written by a newer Clusterdeck")
	ErrCorrupt     = errors.New("draft file is unreadable")
)

// FieldError is a validation failure tied to one input field.
type FieldError struct {
	Field string
	Err   error
	Msg   string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }
func (e *FieldError) Unwrap() error { return e.Err }

// validateName trims and checks a draft name.
func validateName(name string) (string, error) {
	n := strings.TrimSpace(name)
	switch {
	case n == "":
		return "", &FieldError{"name", ErrInvalidName, "give the draft a name"}
	case utf8.RuneCountInString(n) > MaxNameLength:
		return "", &FieldError{"name", ErrInvalidName, fmt.Sprintf("use at most %d characters (is %d)", MaxNameLength, utf8.RuneCountInString(n))}
	case strings.ContainsFunc(n, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "", &FieldError{"name", ErrInvalidName, "remove line breaks and control characters"}
	}
	return n, nil
}

// validID accepts only ids this package makes: they become file names.
func validID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
