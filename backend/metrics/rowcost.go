package metrics

import (
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// RowPricer puts the cost per hour on the clusters list's rows that bill,
// with the same estimate as the cluster page (Estimate) but no API call:
// node types and pools come from the workspace's cached catalog.
type RowPricer struct {
	Rates   func() policyeval.RateTable
	Catalog func(ws string) (catalog.Snapshot, error)
	Prefs   *Prefs
}

// PriceRows sets Cost on the rows that bill; a row whose node type the
// catalog or rate table does not know keeps none (the page shows "—").
func (p *RowPricer) PriceRows(ws string, rows []clusters.Row) {
	var (
		snap   catalog.Snapshot
		prices Prices
		rates  policyeval.RateTable
		loaded bool
	)
	for i := range rows {
		s := rows[i].Sizing()
		if !s.Up {
			continue
		}
		if !loaded {
			loaded = true
			var err error
			if snap, err = p.Catalog(ws); err != nil {
				return // no catalog yet: no estimate rather than a wrong one
			}
			rates, prices = p.Rates(), p.Prefs.Prices(ws)
		}
		est, err := Estimate(rates, s, snap.NodeTypes.Items, snap.Pools.Items)
		if err != nil {
			continue
		}
		price := prices.For(skuOf(s))
		rows[i].Cost = &clusters.RowCost{DBUsPerHour: est.DBUsPerHour, DollarsPerHour: dollars(est.DBUsPerHour, price), Priced: price > 0}
	}
}
