package metrics

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// SpendDays is how far back actual spend goes: the last 30 days, today included.
const SpendDays = 30

// spendTop is how many clusters the workspace view ranks.
const spendTop = 10

// Where the $ of a spend view come from.
const (
	PricesList     = "list"     // system.billing.list_prices, in effect on each day
	PricesEstimate = "estimate" // the user's own price per DBU (list prices not readable)
	PricesMixed    = "mixed"    // list prices, with the user's for SKUs the list lacks
)

// usageRow is one row of usageSQL: DBUs of one SKU (and cluster) on one day.
type usageRow struct {
	day       string // usage_date, YYYY-MM-DD
	sku       string
	cloud     string
	cluster   string // "" for usage with no cluster (SQL warehouses, serverless)
	warehouse string // usage_metadata.warehouse_id: "" for usage of no SQL warehouse
	dbus      float64
}

// listPrice is one row of listPricesSQL: a SKU's price per DBU over a window.
type listPrice struct {
	sku, cloud string
	price      float64
	from, to   time.Time // to zero: still in effect
}

// SpendSKU is one SKU's DBUs and $ per day.
type SpendSKU struct {
	SKU          string    `json:"sku"`
	DBUs         []float64 `json:"dbus"`
	Dollars      []float64 `json:"dollars"`
	TotalDBUs    float64   `json:"totalDbus"`
	TotalDollars float64   `json:"totalDollars"`
}

// SpendCluster is one cluster's total over the window.
type SpendCluster struct {
	ClusterID string  `json:"clusterId"`
	Name      string  `json:"name"` // "" when the cluster is gone
	DBUs      float64 `json:"dbus"`
	Dollars   float64 `json:"dollars"`
}

// SpendWarehouse is one SQL warehouse's total over the window (the page
// names it from its own list of warehouses; one deleted since keeps its id).
type SpendWarehouse struct {
	WarehouseID string  `json:"warehouseId"`
	DBUs        float64 `json:"dbus"`
	Dollars     float64 `json:"dollars"`
}

// Spend is actual usage per day from system.billing.usage, priced.
type Spend struct {
	Warehouse   string         `json:"warehouse"`
	Days        []string       `json:"days"` // YYYY-MM-DD, oldest first
	X           []int64        `json:"x"`    // each day's start (UTC), seconds since the epoch
	DBUs        []float64      `json:"dbus"`
	Dollars     []float64      `json:"dollars"`
	BySKU       []SpendSKU     `json:"bySku"`
	TopClusters []SpendCluster `json:"topClusters"`
	// ByWarehouse is every SQL warehouse that billed, most $ first.
	ByWarehouse  []SpendWarehouse `json:"byWarehouse"`
	TotalDBUs    float64          `json:"totalDbus"`
	TotalDollars float64          `json:"totalDollars"`
	Prices       string           `json:"prices"`     // PricesList, PricesEstimate or PricesMixed
	PricesNote   string           `json:"pricesNote"` // why the $ are (partly) estimates
	Unpriced     []string         `json:"unpriced"`   // SKUs with no price at all ($0 counted)
	Rows         int              `json:"rows"`
	StatementID  string           `json:"statementId"`
	Truncated    bool             `json:"truncated"`
}

// spendWindow is the days shown: SpendDays ending today (UTC), and the
// bounds bound into the query (usage_date >= from AND usage_date < to).
func spendWindow(now time.Time) (days []string, from, to time.Time) {
	today := now.UTC().Truncate(24 * time.Hour)
	from = today.AddDate(0, 0, -(SpendDays - 1))
	for d := from; !d.After(today); d = d.AddDate(0, 0, 1) {
		days = append(days, d.Format(time.DateOnly))
	}
	return days, from, today.AddDate(0, 0, 1)
}

// skuFamily is the family of a SKU name the user's prices are set by
// (usage SKUs carry a tier: PREMIUM_JOBS_COMPUTE_(PHOTON) → JOBS_COMPUTE_(PHOTON);
// SQL warehouses' by kind, some with a region after: PREMIUM_SERVERLESS_SQL_COMPUTE_US_EAST
// → SERVERLESS_SQL_COMPUTE); "" for SKUs the user sets no price for (serverless jobs, ...).
func skuFamily(sku string) string {
	s := strings.ToUpper(sku)
	switch {
	case strings.Contains(s, SKUSQLServerless):
		return SKUSQLServerless
	case strings.Contains(s, SKUSQLPro):
		return SKUSQLPro
	case strings.HasSuffix(s, "_"+SKUSQLClassic) || s == SKUSQLClassic:
		return SKUSQLClassic
	}
	photon := strings.HasSuffix(s, "_(PHOTON)")
	base := ""
	switch {
	case strings.HasSuffix(strings.TrimSuffix(s, "_(PHOTON)"), "ALL_PURPOSE_COMPUTE"):
		base = SKUAllPurpose
	case strings.HasSuffix(strings.TrimSuffix(s, "_(PHOTON)"), "JOBS_COMPUTE"):
		base = SKUJobs
	default:
		return ""
	}
	if photon {
		return base + "_(PHOTON)"
	}
	return base
}

// priceOn is the list price of sku on cloud in effect at the start of day
// (price_start_time <= day < price_end_time, an open end still in effect).
// Prices change rarely; pricing by day rather than by hour keeps the query
// one row per day and SKU.
func priceOn(list []listPrice, sku, cloud string, day time.Time) (float64, bool) {
	for _, p := range list {
		if p.sku != sku || (p.cloud != "" && cloud != "" && p.cloud != cloud) {
			continue
		}
		if !p.from.After(day) && (p.to.IsZero() || day.Before(p.to)) {
			return p.price, true
		}
	}
	return 0, false
}

// shapeSpend prices the usage rows by day and SKU: list prices where
// readable (list non-nil), else the user's own prices by SKU family.
func shapeSpend(rows []usageRow, list []listPrice, own Prices, now time.Time) Spend {
	days, from, _ := spendWindow(now)
	index := map[string]int{}
	out := Spend{Days: days, X: make([]int64, len(days)), DBUs: make([]float64, len(days)), Dollars: make([]float64, len(days)),
		BySKU: []SpendSKU{}, TopClusters: []SpendCluster{}, ByWarehouse: []SpendWarehouse{}, Unpriced: []string{}}
	for i, d := range days {
		index[d] = i
		out.X[i] = from.AddDate(0, 0, i).Unix()
	}
	skus := map[string]*SpendSKU{}
	clusters := map[string]*SpendCluster{}
	warehouses := map[string]*SpendWarehouse{}
	unpriced := map[string]bool{}
	usedList, usedOwn := false, false
	for _, r := range rows {
		i, ok := index[r.day]
		if !ok || r.dbus == 0 {
			continue
		}
		price, fromList := 0.0, false
		if list != nil {
			price, fromList = priceOn(list, r.sku, r.cloud, from.AddDate(0, 0, i))
		}
		if !fromList {
			if price = own.For(skuFamily(r.sku)); price > 0 {
				usedOwn = true
			} else {
				unpriced[r.sku] = true
			}
		} else {
			usedList = true
		}
		cost := r.dbus * price
		s := skus[r.sku]
		if s == nil {
			s = &SpendSKU{SKU: r.sku, DBUs: make([]float64, len(days)), Dollars: make([]float64, len(days))}
			skus[r.sku] = s
		}
		s.DBUs[i] += r.dbus
		s.Dollars[i] += cost
		out.DBUs[i] += r.dbus
		out.Dollars[i] += cost
		if r.cluster != "" {
			c := clusters[r.cluster]
			if c == nil {
				c = &SpendCluster{ClusterID: r.cluster}
				clusters[r.cluster] = c
			}
			c.DBUs += r.dbus
			c.Dollars += cost
		}
		if r.warehouse != "" {
			w := warehouses[r.warehouse]
			if w == nil {
				w = &SpendWarehouse{WarehouseID: r.warehouse}
				warehouses[r.warehouse] = w
			}
			w.DBUs += r.dbus
			w.Dollars += cost
		}
	}
	for i := range days {
		out.DBUs[i], out.Dollars[i] = round2(out.DBUs[i]), round2(out.Dollars[i])
		out.TotalDBUs += out.DBUs[i]
		out.TotalDollars += out.Dollars[i]
	}
	out.TotalDBUs, out.TotalDollars = round2(out.TotalDBUs), round2(out.TotalDollars)
	for _, s := range skus {
		for i := range days {
			s.DBUs[i], s.Dollars[i] = round2(s.DBUs[i]), round2(s.Dollars[i])
			s.TotalDBUs += s.DBUs[i]
			s.TotalDollars += s.Dollars[i]
		}
		s.TotalDBUs, s.TotalDollars = round2(s.TotalDBUs), round2(s.TotalDollars)
		out.BySKU = append(out.BySKU, *s)
	}
	// Largest first; the name breaks ties so the order is stable.
	sort.Slice(out.BySKU, func(i, j int) bool {
		a, b := out.BySKU[i], out.BySKU[j]
		return a.TotalDBUs > b.TotalDBUs || (a.TotalDBUs == b.TotalDBUs && a.SKU < b.SKU)
	})
	for _, c := range clusters {
		c.DBUs, c.Dollars = round2(c.DBUs), round2(c.Dollars)
		out.TopClusters = append(out.TopClusters, *c)
	}
	sort.Slice(out.TopClusters, func(i, j int) bool {
		a, b := out.TopClusters[i], out.TopClusters[j]
		return costlier(a.Dollars, a.DBUs, a.ClusterID, b.Dollars, b.DBUs, b.ClusterID)
	})
	if len(out.TopClusters) > spendTop {
		out.TopClusters = out.TopClusters[:spendTop]
	}
	// Every warehouse (a workspace has few), ranked as the clusters are.
	for _, w := range warehouses {
		w.DBUs, w.Dollars = round2(w.DBUs), round2(w.Dollars)
		out.ByWarehouse = append(out.ByWarehouse, *w)
	}
	sort.Slice(out.ByWarehouse, func(i, j int) bool {
		a, b := out.ByWarehouse[i], out.ByWarehouse[j]
		return costlier(a.Dollars, a.DBUs, a.WarehouseID, b.Dollars, b.DBUs, b.WarehouseID)
	})
	for s := range unpriced {
		out.Unpriced = append(out.Unpriced, s)
	}
	sort.Strings(out.Unpriced)
	switch {
	case list == nil || !usedList && usedOwn:
		out.Prices = PricesEstimate
	case usedOwn:
		out.Prices = PricesMixed
	default:
		out.Prices = PricesList
	}
	return out
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// usageRows reads usageSQL's rows (usage_date, sku_name, cloud,
// cluster_id, warehouse_id, dbus).
func usageRows(raw [][]*string) []usageRow {
	out := make([]usageRow, 0, len(raw))
	for _, r := range raw {
		if len(r) < 6 || r[0] == nil || r[1] == nil || r[5] == nil {
			continue
		}
		dbus, err := strconv.ParseFloat(*r[5], 64)
		if err != nil {
			continue
		}
		day := *r[0]
		if len(day) > len(time.DateOnly) {
			day = day[:len(time.DateOnly)]
		}
		out = append(out, usageRow{day: day, sku: *r[1], cloud: deref(r[2]), cluster: deref(r[3]), warehouse: deref(r[4]), dbus: dbus})
	}
	return out
}

// listPriceRows reads listPricesSQL's rows (sku_name, cloud, price, start, end).
func listPriceRows(raw [][]*string) []listPrice {
	out := make([]listPrice, 0, len(raw))
	for _, r := range raw {
		if len(r) < 5 || r[0] == nil || r[2] == nil || r[3] == nil {
			continue
		}
		price, err := strconv.ParseFloat(*r[2], 64)
		if err != nil {
			continue
		}
		from, err := parseTime(*r[3])
		if err != nil {
			continue
		}
		p := listPrice{sku: *r[0], cloud: deref(r[1]), price: price, from: from}
		if r[4] != nil {
			if p.to, err = parseTime(*r[4]); err != nil {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// costlier ranks spend rows: most dollars first, then most DBUs, then the
// id, so the order is stable.
func costlier(aDollars, aDBUs float64, aID string, bDollars, bDBUs float64, bID string) bool {
	if aDollars != bDollars {
		return aDollars > bDollars
	}
	if aDBUs != bDBUs {
		return aDBUs > bDBUs
	}
	return aID < bID
}
