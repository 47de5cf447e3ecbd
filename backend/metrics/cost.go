package metrics

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/policy"
)

// Prices are what the user pays per DBU in a workspace, by SKU (list
// prices differ by cloud, tier and contract; no API returns them).
type Prices struct {
	AllPurpose       float64 `json:"allPurpose"`
	AllPurposePhoton float64 `json:"allPurposePhoton"`
	Jobs             float64 `json:"jobs"`
	JobsPhoton       float64 `json:"jobsPhoton"`
}

func (p Prices) valid() error {
	for _, v := range []float64{p.AllPurpose, p.AllPurposePhoton, p.Jobs, p.JobsPhoton} {
		if v < 0 || v > 100 || math.IsNaN(v) {
			return fmt.Errorf("%w: a price per DBU is from $0 to $100", ErrBadPrice)
		}
	}
	return nil
}

// For is the price of a SKU ("" when none is set).
func (p Prices) For(sku string) float64 {
	return map[string]float64{SKUAllPurpose: p.AllPurpose, SKUAllPurposePhoton: p.AllPurposePhoton,
		SKUJobs: p.Jobs, SKUJobsPhoton: p.JobsPhoton}[sku]
}

// The SKUs a cluster bills under, as system.billing.usage names their family.
const (
	SKUAllPurpose       = "ALL_PURPOSE_COMPUTE"
	SKUAllPurposePhoton = "ALL_PURPOSE_COMPUTE_(PHOTON)"
	SKUJobs             = "JOBS_COMPUTE"
	SKUJobsPhoton       = "JOBS_COMPUTE_(PHOTON)"
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
		return Cost{}, fmt.Errorf("%w: no DBU rate table", policy.ErrNoRate)
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
	b, err := json.Marshal(c)
	if err != nil {
		return Cost{}, fmt.Errorf("cluster %s: %w", clusterID, err)
	}
	var spec map[string]any
	if err := json.Unmarshal(b, &spec); err != nil {
		return Cost{}, fmt.Errorf("cluster %s: %w", clusterID, err)
	}
	if c.State == compute.StateRunning || c.State == compute.StateResizing {
		// Priced at the size it has now, not its autoscale range.
		delete(spec, "autoscale")
		spec["num_workers"] = c.NumWorkers
	}
	var pools []compute.InstancePoolAndStats
	if c.InstancePoolId != "" || c.DriverInstancePoolId != "" {
		pools, _ = w.InstancePools.ListAll(ctx) // a pool not listed makes the estimate say so
	}
	est, err := s.Rates().Estimate(spec, nodes.NodeTypes, pools)
	if err != nil {
		return Cost{}, fmt.Errorf("estimate for %s: %w", clusterID, err)
	}
	prices := s.prefs.Prices(ws)
	out := Cost{DBUsPerHour: est.DBUsPerHour, SKU: SKU(c.ClusterSource, c.RuntimeEngine), Workers: est.Workers, Prices: prices}
	out.PricePerDBU = prices.For(out.SKU)
	out.DollarsPerHour = math.Round(out.DBUsPerHour*out.PricePerDBU*100) / 100
	return out, nil
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
