package metrics

import (
	"context"
	"fmt"
	"math"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// Prices are what the user pays per DBU in a workspace, by SKU (list
// prices differ by cloud, tier and contract; no API returns them).
type Prices struct {
	AllPurpose       float64 `json:"allPurpose"`
	AllPurposePhoton float64 `json:"allPurposePhoton"`
	Jobs             float64 `json:"jobs"`
	JobsPhoton       float64 `json:"jobsPhoton"`
	// SQL warehouses bill by kind: serverless SQL, SQL Pro, SQL Classic.
	SQLServerless float64 `json:"sqlServerless"`
	SQLPro        float64 `json:"sqlPro"`
	SQLClassic    float64 `json:"sqlClassic"`
}

func (p Prices) valid() error {
	for _, v := range []float64{p.AllPurpose, p.AllPurposePhoton, p.Jobs, p.JobsPhoton, p.SQLServerless, p.SQLPro, p.SQLClassic} {
		if v < 0 || v > 100 || math.IsNaN(v) {
			return fmt.Errorf("%w: a price per DBU is from $0 to $100", ErrBadPrice)
		}
	}
	return nil
}

// For is the price of a SKU ("" when none is set).
func (p Prices) For(sku string) float64 {
	return map[string]float64{SKUAllPurpose: p.AllPurpose, SKUAllPurposePhoton: p.AllPurposePhoton,
		SKUJobs: p.Jobs, SKUJobsPhoton: p.JobsPhoton,
		SKUSQLServerless: p.SQLServerless, SKUSQLPro: p.SQLPro, SKUSQLClassic: p.SQLClassic}[sku]
}

// The SKUs a cluster bills under, as system.billing.usage names their family.
const (
	SKUAllPurpose       = "ALL_PURPOSE_COMPUTE"
	SKUAllPurposePhoton = "ALL_PURPOSE_COMPUTE_(PHOTON)"
	SKUJobs             = "JOBS_COMPUTE"
	SKUJobsPhoton       = "JOBS_COMPUTE_(PHOTON)"
	// A SQL warehouse's SKU follows its kind.
	SKUSQLServerless = "SERVERLESS_SQL_COMPUTE"
	SKUSQLPro        = "SQL_PRO_COMPUTE"
	SKUSQLClassic    = "SQL_COMPUTE"
)

// SKU is the family a cluster bills under: jobs compute for job clusters,
// all-purpose otherwise; Photon where the runtime engine is Photon.
func SKU(source compute.ClusterSource, engine compute.RuntimeEngine) string {
	sku := SKUAllPurpose
	if source == compute.ClusterSourceJob {
		sku = SKUJobs
	}
	if engine == compute.RuntimeEnginePhoton {
		sku += "_(PHOTON)"
	}
	return sku
}

// Cost is the estimate of what a cluster costs per hour at its size now.
type Cost struct {
	DBUsPerHour    float64 `json:"dbusPerHour"`
	SKU            string  `json:"sku"`
	PricePerDBU    float64 `json:"pricePerDbu"` // 0: no price set for this SKU
	DollarsPerHour float64 `json:"dollarsPerHour"`
	Workers        int     `json:"workers"`
	Prices         Prices  `json:"prices"`
}

// Cost estimates DBU/h from the rate table (node types × workers, Photon)
// and $/h from the workspace's price for the cluster's SKU.
func (s *Service) Cost(ctx context.Context, ws, clusterID string) (Cost, error) {
	if s.Rates == nil {
		return Cost{}, fmt.Errorf("%w: no DBU rate table", policyeval.ErrNoRate)
	}
	w, err := s.clients.Client(ctx, ws)
	if err != nil {
		return Cost{}, err
	}
	c, err := w.Clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return Cost{}, fmt.Errorf("cluster %s: %w", clusterID, err)
	}
	nodes, err := w.Clusters.ListNodeTypes(ctx)
	if err != nil {
		return Cost{}, fmt.Errorf("node types: %w", err)
	}
	sizing := clusters.SizingOf(c)
	var pools []compute.InstancePoolAndStats
	if sizing.Pool != "" || sizing.DriverPool != "" {
		pools, _ = leanread.Pools(ctx, w.Pages) // a pool not listed makes the estimate say so
	}
	est, err := Estimate(s.Rates(), sizing, nodes.NodeTypes, pools)
	if err != nil {
		return Cost{}, fmt.Errorf("estimate for %s: %w", clusterID, err)
	}
	prices := s.prefs.Prices(ws)
	out := Cost{DBUsPerHour: est.DBUsPerHour, SKU: skuOf(sizing), Workers: est.Workers, Prices: prices}
	out.PricePerDBU = prices.For(out.SKU)
	out.DollarsPerHour = dollars(out.DBUsPerHour, out.PricePerDBU)
	return out, nil
}

// Estimate is the DBU rate of a cluster of this sizing, by the policy
// evaluator's one rule (the rate table, node types or pools, Photon).
func Estimate(t policyeval.RateTable, s clusters.Sizing, nodes []compute.NodeType, pools []compute.InstancePoolAndStats) (policyeval.Estimate, error) {
	spec := map[string]any{"num_workers": float64(s.Workers)}
	for k, v := range map[string]string{"node_type_id": s.NodeType, "driver_node_type_id": s.DriverNodeType,
		"instance_pool_id": s.Pool, "driver_instance_pool_id": s.DriverPool} {
		if v != "" {
			spec[k] = v
		}
	}
	if s.Photon {
		spec["runtime_engine"] = string(compute.RuntimeEnginePhoton)
	}
	return t.Estimate(spec, nodes, pools)
}

func skuOf(s clusters.Sizing) string {
	engine := compute.RuntimeEngineStandard
	if s.Photon {
		engine = compute.RuntimeEnginePhoton
	}
	return SKU(s.Source, engine)
}

// dollars is DBU/h × price, to the cent.
func dollars(dbus, price float64) float64 { return math.Round(dbus*price*100) / 100 }

// DollarsPerHour is what dbus DBU/h of sku cost at these prices, to the
// cent, and whether a price is set for it (without one only DBU/h is
// known): the one $ = DBU × price rule for kinds priced outside this
// package (SQL warehouses).
func (p Prices) DollarsPerHour(sku string, dbus float64) (usd float64, priced bool) {
	price := p.For(sku)
	return dollars(dbus, price), price > 0
}

// SetPrices remembers the workspace's prices per DBU.
func (s *Service) SetPrices(ws string, p Prices) error {
	if err := p.valid(); err != nil {
		return err
	}
	return s.prefs.SetPrices(ws, p)
}

// Prices are the workspace's prices per DBU (zero where none is set).
func (s *Service) Prices(ws string) Prices { return s.prefs.Prices(ws) }

// NewClusterCost is what a cluster made from the editor (all-purpose
// compute, Photon as estimated) costs per hour at the workspace's prices;
// PricePerDBU is 0 when none is set for its SKU, and only DBU/h is known.
func NewClusterCost(p Prices, est policyeval.Estimate) Cost {
	engine := compute.RuntimeEngineStandard
	if est.Photon {
		engine = compute.RuntimeEnginePhoton
	}
	sku := SKU(compute.ClusterSourceUi, engine)
	price := p.For(sku)
	return Cost{DBUsPerHour: est.DBUsPerHour, SKU: sku, PricePerDBU: price,
		DollarsPerHour: dollars(est.DBUsPerHour, price), Workers: est.Workers, Prices: p}
}
