package app

import (
	"github.com/clusterdeck/clusterdeck/backend/finder"
)

// Finder is the command palette's reach into every workspace, not only the
// one shown: the names it can open, from what the app already holds.
type Finder struct {
	src finder.Sources
	ids func() []string
}

// Entries lists the clusters, pools and policies known in every workspace,
// without calling any (a workspace not listed this run has its cached pools
// and policies only).
func (f *Finder) Entries() ([]finder.Entry, error) {
	return forPage(finder.Index(f.src, f.ids())), nil
}
