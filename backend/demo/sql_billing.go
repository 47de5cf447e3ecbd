package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
)

// system.billing.usage and system.billing.list_prices, as the SQL
// Statement Execution API answers them. Usage is what the workspace's
// clusters ran: each cluster's DBU/h (the rate table of dbu.go at its
// size) × the hours it ran that day, under its SKU; seeded clusters also
// bill a plausible 30 days before their first run here, and each running
// SQL warehouse bills its type's SQL SKU on weekdays, its id in
// usage_metadata.warehouse_id. Real usage records are hourly;
// here there is one record per cluster, SKU and day (the sums are the
// same). Records lag real time by billingLag.
const (
	billingLag     = time.Hour
	billingHistory = 30 * 24 * time.Hour
	billingTier    = "PREMIUM_"
	billingCloud   = "AZURE"
)

// usageColumns are the columns of system.billing.usage the demo answers
// (usage_metadata and billing_origin_product flattened to their fields).
var usageColumns = []string{"record_id", "account_id", "workspace_id", "sku_name", "cloud", "usage_start_time",
	"usage_end_time", "usage_date", "usage_unit", "usage_quantity", "usage_metadata.cluster_id",
	"usage_metadata.warehouse_id", "billing_origin_product"}

var usageTypes = map[string]sql.ColumnInfoTypeName{"usage_start_time": sql.ColumnInfoTypeNameTimestamp,
	"usage_end_time": sql.ColumnInfoTypeNameTimestamp, "usage_date": sql.ColumnInfoTypeNameDate,
	"usage_quantity": sql.ColumnInfoTypeNameDecimal}

var listPriceColumns = []string{"price_start_time", "price_end_time", "account_id", "sku_name", "cloud", "currency_code",
	"usage_unit", "pricing.default"}

var listPriceTypes = map[string]sql.ColumnInfoTypeName{"price_start_time": sql.ColumnInfoTypeNameTimestamp,
	"price_end_time": sql.ColumnInfoTypeNameTimestamp, "pricing.default": sql.ColumnInfoTypeNameDecimal}

// demoListPrices are published-looking USD prices per DBU (Azure Premium,
// with AWS rows and an ended price so the join's cloud and window matter).
var demoListPrices = []struct {
	sku, cloud, price, from, to string
}{
	{"PREMIUM_ALL_PURPOSE_COMPUTE", "AZURE", "0.55", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_ALL_PURPOSE_COMPUTE_(PHOTON)", "AZURE", "0.55", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_JOBS_COMPUTE", "AZURE", "0.25", "2021-01-01T00:00:00.000Z", "2023-01-01T00:00:00.000Z"},
	{"PREMIUM_JOBS_COMPUTE", "AZURE", "0.30", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_JOBS_COMPUTE_(PHOTON)", "AZURE", "0.30", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_SQL_COMPUTE", "AZURE", "0.22", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_SQL_PRO_COMPUTE", "AZURE", "0.55", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_SERVERLESS_SQL_COMPUTE", "AZURE", "0.70", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_ALL_PURPOSE_COMPUTE", "AWS", "0.55", "2023-01-01T00:00:00.000Z", ""},
	{"PREMIUM_JOBS_COMPUTE", "AWS", "0.15", "2023-01-01T00:00:00.000Z", ""},
}

// warehouseDBUs is a SQL warehouse's DBU/h by size (one cluster).
var warehouseDBUs = map[string]float64{"2X-Small": 4, "X-Small": 6, "Small": 12, "Medium": 24, "Large": 40}

var (
	reFrom    = regexp.MustCompile(`(?i)\bfrom\s+([\w.` + "`" + `]+)`)
	reGroupBy = regexp.MustCompile(`(?i)\bgroup\s+by\b`)
	reSum     = regexp.MustCompile(`(?i)^sum\(\s*([\w.]+)\s*\)$`)
	reAlias   = regexp.MustCompile(`(?i)^(.+?)(?:\s+(?:as\s+)?(\w+))?$`)
	reBefore  = regexp.MustCompile(`(?is)^(.*?)\s+(?:group\s+by|order\s+by|limit)\b.*$`)
)

// runQuery answers a statement by the table it reads.
func (ws *workspace) runQuery(stmt string, params []sql.StatementParameterListItem, now time.Time) ([]sql.ColumnInfo, [][]string, *sql.ServiceError) {
	switch statementTable(stmt) {
	case "system.billing.usage":
		return ws.billingQuery(stmt, params, usageColumns, usageTypes, ws.usageRecords(now))
	case "system.billing.list_prices":
		return ws.billingQuery(stmt, params, listPriceColumns, listPriceTypes, ws.listPriceRecords())
	case "system.compute.warehouse_events":
		return ws.billingQuery(stmt, params, warehouseEventColumns, warehouseEventTypes, ws.warehouseEventRecords())
	}
	return ws.runTimelineQuery(stmt, params, now)
}

func (ws *workspace) listPriceRecords() []billingRecord {
	out := make([]billingRecord, 0, len(demoListPrices))
	for _, p := range demoListPrices {
		out = append(out, billingRecord{"price_start_time": p.from, "price_end_time": p.to, "account_id": demoAccountID,
			"sku_name": p.sku, "cloud": p.cloud, "currency_code": "USD", "usage_unit": "DBU", "pricing.default": p.price})
	}
	return out
}

const demoAccountID = "7c0e6d3a-55b1-4d2a-9a8e-3f1b2c4d5e6f"

// usageSKU is the SKU a cluster bills under (Premium tier).
func usageSKU(d *compute.ClusterDetails) string {
	sku := "ALL_PURPOSE_COMPUTE"
	if d.ClusterSource == compute.ClusterSourceJob {
		sku = "JOBS_COMPUTE"
	}
	if d.RuntimeEngine == compute.RuntimeEnginePhoton || strings.Contains(d.SparkVersion, "-photon-") {
		sku += "_(PHOTON)"
	}
	return billingTier + sku
}

// warehouseSKU is the SKU (less its tier) a SQL warehouse bills under, by
// its type: serverless, pro or classic. Its records carry its id in
// usage_metadata.warehouse_id and no cluster id.
func warehouseSKU(info *sql.EndpointInfo) string {
	switch {
	case info.EnableServerlessCompute:
		return "SERVERLESS_SQL_COMPUTE"
	case info.WarehouseType == sql.EndpointInfoWarehouseTypeClassic:
		return "SQL_COMPUTE"
	}
	return "SQL_PRO_COMPUTE"
}

// billingRate is a cluster's DBU/h as billed: the rate table at its size
// (an autoscaling cluster at the middle of its range).
func (ws *workspace) billingRate(cl *cluster) float64 {
	doc, err := docOf(&cl.d)
	if err != nil {
		return 0
	}
	workers := cl.d.NumWorkers
	if a := cl.d.Autoscale; a != nil {
		workers = (a.MinWorkers + a.MaxWorkers + 1) / 2
	}
	delete(doc, "autoscale")
	doc["num_workers"] = workers
	rate, _ := ws.dbusPerHour(doc)
	return rate
}

// UsageHours is the hours a cluster billed on each day (YYYY-MM-DD) of the
// last 30 days up to now minus the billing lag: its recorded runs, and
// for a seeded cluster a plausible past up to its first run.
func (ws *workspace) usageHours(cl *cluster, now time.Time) map[string]float64 {
	upTo := now.Add(-billingLag)
	start := upTo.Add(-billingHistory).UTC().Truncate(24 * time.Hour)
	hours := map[string]float64{}
	add := func(from, to time.Time) {
		from, to = maxTime(from, start), minTime(to, upTo)
		for from.Before(to) {
			dayEnd := from.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
			end := minTime(dayEnd, to)
			hours[from.UTC().Format(time.DateOnly)] += end.Sub(from).Hours()
			from = end
		}
	}
	first := time.UnixMilli(cl.d.StartTime)
	for _, iv := range cl.uptime {
		to := iv.to
		if to.IsZero() {
			to = upTo
		}
		add(iv.from, to)
		first = minTime(first, iv.from)
	}
	if cl.pastUsage {
		for day := start; day.Before(first); day = day.Add(24 * time.Hour) {
			if h := pastHours(cl, day); h > 0 {
				add(day, minTime(day.Add(time.Duration(h*float64(time.Hour))), first))
			}
		}
	}
	return hours
}

// pastHours is a plausible day of a seeded cluster: clusters with no
// auto-termination run all day, job clusters an hour or two, others a
// working day on weekdays and rarely at weekends.
func pastHours(cl *cluster, day time.Time) float64 {
	h := fnv.New32a()
	_, _ = fmt.Fprintf(h, "%s/%s", cl.d.ClusterId, day.Format(time.DateOnly))
	n := float64(h.Sum32() % 1000)
	weekend := day.Weekday() == time.Saturday || day.Weekday() == time.Sunday
	switch {
	case cl.d.AutoterminationMinutes == 0 && cl.d.ClusterSource != compute.ClusterSourceJob:
		return 24
	case cl.d.ClusterSource == compute.ClusterSourceJob:
		return 1 + math.Round(n/1000*4)/4
	case weekend:
		if n < 800 {
			return 0
		}
		return 1 + math.Round((n-800)/200*4)/4
	}
	return 3 + math.Round(n/1000*6*4)/4
}

// usageRecords is the workspace's usage, one record per cluster (or
// warehouse), SKU and day.
func (ws *workspace) usageRecords(now time.Time) []billingRecord {
	var out []billingRecord
	wsID := strconv.FormatInt(ws.id, 10)
	rec := func(day, sku string, qty float64, cluster, warehouse, product string) billingRecord {
		d, _ := time.Parse(time.DateOnly, day)
		return billingRecord{"record_id": fmt.Sprintf("%x", fnvSum(wsID+day+sku+cluster+warehouse)), "account_id": demoAccountID,
			"workspace_id": wsID, "sku_name": sku, "cloud": billingCloud,
			"usage_start_time": d.Format("2006-01-02T15:04:05.000Z"), "usage_end_time": d.Add(24 * time.Hour).Format("2006-01-02T15:04:05.000Z"),
			"usage_date": day, "usage_unit": "DBU", "usage_quantity": strconv.FormatFloat(math.Round(qty*1e6)/1e6, 'f', -1, 64),
			"usage_metadata.cluster_id": cluster, "usage_metadata.warehouse_id": warehouse, "billing_origin_product": product}
	}
	for _, id := range sortedClusterIDs(ws.clusters) {
		cl := ws.clusters[id]
		rate := ws.billingRate(cl)
		if rate == 0 {
			continue
		}
		product := "ALL_PURPOSE"
		if cl.d.ClusterSource == compute.ClusterSourceJob {
			product = "JOBS"
		}
		sku := usageSKU(&cl.d)
		for day, h := range ws.usageHours(cl, now) {
			if h > 0 {
				out = append(out, rec(day, sku, rate*h, id, "", product))
			}
		}
	}
	// The running warehouse answers dashboards on weekdays.
	start := now.Add(-billingLag - billingHistory).UTC().Truncate(24 * time.Hour)
	for _, wh := range ws.warehouseList() {
		if wh.info.State != sql.StateRunning {
			continue
		}
		sku := billingTier + warehouseSKU(&wh.info)
		for day := start; day.Before(now.Add(-billingLag)); day = day.Add(24 * time.Hour) {
			if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
				continue
			}
			h := 1 + float64(fnvSum(wh.info.Id+day.Format(time.DateOnly))%4)
			out = append(out, rec(day.Format(time.DateOnly), sku, warehouseDBUs[wh.info.ClusterSize]*h, "", wh.info.Id, "SQL"))
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		return a["usage_date"] < b["usage_date"] || (a["usage_date"] == b["usage_date"] && a["record_id"] < b["record_id"])
	})
	return out
}
