package warehouses

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/metrics"
)

// PickerList lists the warehouses the metrics and spend pickers offer: this
// page's own list (live, or the cache while offline), less those being
// deleted, so a picker never offers what the page does not show.
func (s *Service) PickerList(ctx context.Context, ws string) ([]metrics.Warehouse, error) {
	v, err := s.Live(ctx, ws)
	if err != nil {
		return nil, err
	}
	out := make([]metrics.Warehouse, 0, len(v.Warehouses))
	for _, w := range v.Warehouses {
		if w.State == "DELETING" || w.State == "DELETED" {
			continue
		}
		out = append(out, metrics.Warehouse{ID: w.ID, Name: w.Name, State: w.State, Size: w.Size, Serverless: w.Kind == KindServerless})
	}
	return out, nil
}
