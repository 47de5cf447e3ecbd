package app

import (
	"github.com/clusterdeck/clusterdeck/backend/fleet"
)

// Fleet is the Fleet page: the compute running in every workspace at once
// (fleet.Service).
type Fleet struct {
	facade
	svc   *fleet.Service
	files FileSaver
}

// FleetView is the page: the fleet and the tag keys it can be grouped by.
type FleetView struct {
	Fleet   fleet.View `json:"fleet"`
	TagKeys []string   `json:"tagKeys"`
}

// FleetSaved is a CSV export: where it went (desktop), or its text (bridge).
type FleetSaved struct {
	FileName string `json:"fileName"`
	Path     string `json:"path"`
	Saved    bool   `json:"saved"`
	Content  string `json:"content"`
}

// Watch keeps every workspace's compute listed while the page is open (the
// clusters list's own pollers: one pass per view per interval).
func (f *Fleet) Watch() error {
	f.svc.Watch(f.ctx)
	return nil
}

// Unwatch: the page closed.
func (f *Fleet) Unwatch() error {
	f.svc.Unwatch()
	return nil
}

// View builds the page from every workspace's last lists; groupBy is
// "workspace", "creator" or "tag:<key>".
func (f *Fleet) View(groupBy string) (FleetView, error) {
	v, keys := f.svc.View(groupBy)
	return forPage(FleetView{Fleet: v, TagKeys: keys}), nil
}

// Export saves the fleet as CSV through the save dialog (the bridge, which
// has none, returns the text).
func (f *Fleet) Export(groupBy string) (FleetSaved, error) {
	data := f.svc.CSV(groupBy)
	out := FleetSaved{FileName: "clusterdeck-fleet.csv"}
	if f.files == nil {
		out.Content = string(data)
	}
	saved, err := saveAs(f.ctx, f.files, out.FileName, string(data))
	out.Path, out.Saved = saved.Path, saved.Saved
	return out, err
}
