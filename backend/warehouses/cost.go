package warehouses

import (
	"math"

	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// Cost is a warehouse's estimated cost per hour: DBU/h of one cluster of
// its size (the rate table) × the clusters it runs, priced at the
// workspace's price per DBU for its kind's SKU.
type Cost struct {
	DBUsPerHour    float64 `json:"dbusPerHour"` // 0 when it is not running
	DollarsPerHour float64 `json:"dollarsPerHour"`
	Priced         bool    `json:"priced"` // a price is set for its SKU (else only DBU/h is known)
	SKU            string  `json:"sku"`
	Clusters       int     `json:"clusters"` // the clusters counted (0 when not running)
	// AtMin is what it costs running at its minimum clusters, so a stopped
	// warehouse still says what starting it would cost.
	AtMinDBUsPerHour    float64 `json:"atMinDbusPerHour"`
	AtMinDollarsPerHour float64 `json:"atMinDollarsPerHour"`
	Label               string  `json:"label"` // the rate table's: it is an estimate
}

// SKUOf is the SKU a warehouse's DBUs bill under, by its kind.
func SKUOf(k Kind) string {
	switch k {
	case KindServerless:
		return metrics.SKUSQLServerless
	case KindPro:
		return metrics.SKUSQLPro
	default:
		return metrics.SKUSQLClassic
	}
}

// Billing says whether a state bills: running, or starting (clusters are
// being acquired); a stopped warehouse costs nothing.
func Billing(state string) bool { return state == "RUNNING" || state == "STARTING" }

// Pricer puts Cost on warehouse rows from the user's rate table and the
// workspace's prices (both injected: the rates store and the metrics prefs).
type Pricer struct {
	Rates  func() policyeval.RateTable
	Prices func(ws string) metrics.Prices
}

// Price sets Cost on each row whose size the rate table knows (the others
// keep none: the page shows "—" rather than a wrong figure). A nil Pricer
// prices nothing.
func (p *Pricer) Price(ws string, rows []WarehouseView) {
	if p == nil || p.Rates == nil || p.Prices == nil || len(rows) == 0 {
		return
	}
	rates, prices := p.Rates(), p.Prices(ws)
	for i := range rows {
		rows[i].Cost = CostOf(rows[i], rates, prices)
	}
}

// CostOf estimates one warehouse: the clusters it runs now, and its
// minimum when it runs but the API counts none yet (starting).
func CostOf(w WarehouseView, rates policyeval.RateTable, prices metrics.Prices) *Cost {
	perCluster, err := rates.WarehouseRate(w.Size)
	if err != nil {
		return nil
	}
	minimum := max(w.MinClusters, 1)
	c := &Cost{SKU: SKUOf(w.Kind), Label: rates.Label}
	c.AtMinDBUsPerHour = round3(perCluster * float64(minimum))
	c.AtMinDollarsPerHour, c.Priced = prices.DollarsPerHour(c.SKU, c.AtMinDBUsPerHour)
	if !Billing(w.State) {
		return c
	}
	c.Clusters = w.Clusters
	if c.Clusters == 0 {
		c.Clusters = minimum
	}
	c.DBUsPerHour = round3(perCluster * float64(c.Clusters))
	c.DollarsPerHour, _ = prices.DollarsPerHour(c.SKU, c.DBUsPerHour)
	return c
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// WithPricer estimates each row's cost per hour with p.
func (s *Service) WithPricer(p *Pricer) *Service {
	s.pricer = p
	return s
}
