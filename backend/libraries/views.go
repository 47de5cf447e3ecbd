package libraries

import (
	"encoding/json"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// View is the Libraries tab of one cluster.
type View struct {
	ClusterID    string   `json:"clusterId"`
	ClusterState string   `json:"clusterState"`
	Libraries    []Entry  `json:"libraries"`
	Changing     bool     `json:"changing"` // a status will change by itself: poll
	Actions      []Action `json:"actions"`
	// InstallNote says whether an install runs now or waits for a start.
	InstallNote string `json:"installNote"`
}

// Entry is one library on the cluster.
type Entry struct {
	Key      string          `json:"key"` // identifies the library across clusters
	Kind     string          `json:"kind"`
	Label    string          `json:"label"`
	Detail   string          `json:"detail,omitempty"` // repository, exclusions
	Library  compute.Library `json:"library"`
	Status   string          `json:"status"`
	Messages []string        `json:"messages"`
	Changing bool            `json:"changing"`
	// FromPolicy: the cluster's policy (or the all-clusters setting)
	// installs it, so it cannot be removed here.
	FromPolicy bool   `json:"fromPolicy"`
	Removable  bool   `json:"removable"`
	Why        string `json:"why,omitempty"` // why it cannot be removed
}

// Form is the install form: one library of one kind.
type Form struct {
	Kind        string   `json:"kind"` // pypi, maven, cran, jar, whl, requirements
	Package     string   `json:"package"`
	Repo        string   `json:"repo"`
	Coordinates string   `json:"coordinates"`
	Exclusions  []string `json:"exclusions"`
	Path        string   `json:"path"`
}

// FieldProblem is a problem placed next to a form field (package, repo,
// coordinates, exclusions, path or kind).
type FieldProblem struct {
	Field    string `json:"field"`
	Message  string `json:"message"`
	Severity string `json:"severity"`
}

// Outcome is what an install or uninstall answers: the new view, what
// happens next, and (install) problems that stopped or accompany it.
type Outcome struct {
	View     View           `json:"view"`
	Done     bool           `json:"done"` // false: nothing was sent, see Problems
	Note     string         `json:"note"`
	Problems []FieldProblem `json:"problems"`
}

// Elsewhere is another cluster that carries the same library.
type Elsewhere struct {
	ClusterID   string `json:"clusterId"`
	ClusterName string `json:"clusterName"`
	Status      string `json:"status"`
}

// Key identifies a library by its content (what the API matches on).
func Key(l compute.Library) string {
	raw, _ := json.Marshal(l)
	return string(raw)
}

// Library builds the API library from the form.
func (f Form) Library() compute.Library {
	trim := strings.TrimSpace
	switch f.Kind {
	case "pypi":
		return compute.Library{Pypi: &compute.PythonPyPiLibrary{Package: trim(f.Package), Repo: trim(f.Repo)}}
	case "maven":
		var ex []string
		for _, e := range f.Exclusions {
			if e = trim(e); e != "" {
				ex = append(ex, e)
			}
		}
		return compute.Library{Maven: &compute.MavenLibrary{Coordinates: trim(f.Coordinates), Repo: trim(f.Repo), Exclusions: ex}}
	case "cran":
		return compute.Library{Cran: &compute.RCranLibrary{Package: trim(f.Package), Repo: trim(f.Repo)}}
	case "jar":
		return compute.Library{Jar: trim(f.Path)}
	case "whl":
		return compute.Library{Whl: trim(f.Path)}
	case "requirements":
		return compute.Library{Requirements: trim(f.Path)}
	}
	return compute.Library{}
}

// check runs the spec's library rules (clusterspec) and places each
// problem on a form field.
func (f Form) check() []FieldProblem {
	out := []FieldProblem{}
	for _, v := range clusterspec.ValidateLibraries([]compute.Library{f.Library()}) {
		out = append(out, FieldProblem{Field: formField(v.Path), Message: v.Message, Severity: string(v.Severity)})
	}
	return out
}

// formField maps libraries.0.maven.exclusions.1 to exclusions, etc.
func formField(path string) string {
	parts := strings.Split(path, ".")
	switch {
	case len(parts) < 3:
		return "kind"
	case len(parts) == 3: // libraries.0.jar
		return "path"
	}
	return parts[3]
}

func blocking(ps []FieldProblem) bool {
	for _, p := range ps {
		if p.Severity == string(clusterspec.Error) {
			return true
		}
	}
	return false
}

// viewOf builds the tab from the cluster, its statuses and the libraries
// its policy installs.
func viewOf(d *compute.ClusterDetails, st []compute.LibraryFullStatus, policy map[string]bool) View {
	v := View{ClusterID: d.ClusterId, ClusterState: string(d.State), Libraries: []Entry{},
		Actions: Actions(d.State), InstallNote: installNote(d.State)}
	for _, s := range st {
		if s.Library == nil {
			continue
		}
		kind, label := clusterspec.DescribeLibrary(*s.Library)
		e := Entry{Key: Key(*s.Library), Kind: kind, Label: label, Detail: detail(*s.Library), Library: *s.Library,
			Status: string(s.Status), Messages: s.Messages, Changing: transitional[s.Status]}
		if e.Messages == nil {
			e.Messages = []string{}
		}
		e.FromPolicy = s.IsLibraryForAllClusters || policy[e.Key]
		switch {
		case e.FromPolicy:
			e.Why = "Installed by the cluster's policy: change the policy to remove it."
		case s.Status == compute.LibraryInstallStatusUninstallOnRestart:
			e.Why = "Already marked for removal at the next restart."
		default:
			e.Removable = true
		}
		v.Changing = v.Changing || e.Changing
		v.Libraries = append(v.Libraries, e)
	}
	return v
}

func detail(l compute.Library) string {
	var parts []string
	switch {
	case l.Pypi != nil && l.Pypi.Repo != "":
		parts = append(parts, "index "+l.Pypi.Repo)
	case l.Cran != nil && l.Cran.Repo != "":
		parts = append(parts, "repository "+l.Cran.Repo)
	case l.Maven != nil:
		if l.Maven.Repo != "" {
			parts = append(parts, "repository "+l.Maven.Repo)
		}
		if len(l.Maven.Exclusions) > 0 {
			parts = append(parts, "excluding "+strings.Join(l.Maven.Exclusions, ", "))
		}
	}
	return strings.Join(parts, "; ")
}
