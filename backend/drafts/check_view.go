package drafts

import (
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
)

// Check states, worst first.
const (
	CheckErrors   = "errors"
	CheckWarnings = "warnings"
	CheckOK       = "ok"
)

// CheckItem is one finding, tied to a field path of the spec.
type CheckItem struct {
	Path     string `json:"path"`
	Message  string `json:"message"`
	Severity string `json:"severity"` // error or warning
	Source   string `json:"source"`   // spec (the API's rules) or policy
}

// CacheInfo says how old the cached catalog of a workspace is: every offline
// check is only as good as that.
type CacheInfo struct {
	Cached     bool   `json:"cached"`
	FetchedAt  string `json:"fetchedAt"`
	AgeSeconds int64  `json:"ageSeconds"`
}

// CheckSummary is the list's validation column.
type CheckSummary struct {
	State    string    `json:"state"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
	Cache    CacheInfo `json:"cache"`
	// Partial explains what could not be checked (no target, nothing cached).
	Partial string `json:"partial"`
}

// CheckView is a full offline check of a spec against the target
// workspace's cached catalog and the chosen policy.
type CheckView struct {
	State      string      `json:"state"`
	Errors     int         `json:"errors"`
	Warnings   int         `json:"warnings"`
	Cache      CacheInfo   `json:"cache"`
	Partial    string      `json:"partial"`
	Items      []CheckItem `json:"items"`
	PolicyName string      `json:"policyName"`
	Notes      []string    `json:"notes"`
}

// CheckViewOf is the drafts' view of a check: policy problems apart, every
// other rule reads "spec".
func CheckViewOf(r check.Report) CheckView {
	v := CheckView{Items: make([]CheckItem, 0, len(r.Problems)), Errors: r.Errors, Warnings: r.Warnings, Partial: r.Partial,
		PolicyName: r.PolicyName, Notes: r.Notes, State: CheckOK}
	for _, p := range r.Problems {
		src := "spec"
		if p.Source == check.SourcePolicy {
			src = "policy"
		}
		v.Items = append(v.Items, CheckItem{Path: p.Path, Message: p.Message, Severity: p.Severity, Source: src})
	}
	v.Cache = cacheInfoAt(r.CatalogFetchedAt, r.CatalogAge)
	switch {
	case v.Errors > 0:
		v.State = CheckErrors
	case v.Warnings > 0:
		v.State = CheckWarnings
	}
	return v
}

// Summary is the list's column of the check.
func (v CheckView) Summary() CheckSummary {
	return CheckSummary{State: v.State, Errors: v.Errors, Warnings: v.Warnings, Cache: v.Cache, Partial: v.Partial}
}

// cacheInfoAt: a zero time is nothing cached.
func cacheInfoAt(at time.Time, age time.Duration) CacheInfo {
	if at.IsZero() {
		return CacheInfo{}
	}
	return CacheInfo{Cached: true, FetchedAt: catalog.RFC3339(at), AgeSeconds: int64(age / time.Second)}
}
