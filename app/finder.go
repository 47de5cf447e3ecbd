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

// newFinder reads the same sources as the Fleet page: the clusters
// service's last listings and each workspace's cached catalog.
func newFinder(f *Fleet) *Finder {
	return &Finder{src: finder.Sources{Clusters: f.clusters.Fleet, Catalog: f.catalog}, ids: f.ids}
}

// Entries lists the clusters, pools and policies known in every workspace,
// without calling any (a workspace not listed this run has its cached pools
// and policies only).
func (f *Finder) Entries() ([]finder.Entry, error) {
	return forPage(finder.Index(f.src, f.ids())), nil
}
