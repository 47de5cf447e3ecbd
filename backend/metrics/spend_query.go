package metrics

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// usageSQL sums a workspace's DBUs per day, SKU, cluster and SQL warehouse
// from system.billing.usage (hourly records; usage_quantity in usage_unit
// DBU; usage_metadata.cluster_id and .warehouse_id name what billed, see
// docs.databricks.com/admin/system-tables/billing). The workspace, the
// resource and the days are bound parameters, never pasted in (named so no
// marker reads as a SQL keyword). Every usage query selects these columns
// in this order (usageRows reads them).
const usageSQL = usageSelect +
	`WHERE workspace_id = :workspace_id AND usage_unit = 'DBU' AND usage_date >= :first_day AND usage_date < :end_day ` + usageGroup

// clusterUsageSQL is usageSQL for one cluster (:cluster_id, bound too).
const clusterUsageSQL = usageSelect +
	`WHERE workspace_id = :workspace_id AND usage_metadata.cluster_id = :cluster_id AND usage_unit = 'DBU' AND usage_date >= :first_day AND usage_date < :end_day ` + usageGroup

// warehouseUsageSQL is usageSQL for one SQL warehouse (:warehouse_id, bound too).
const warehouseUsageSQL = usageSelect +
	`WHERE workspace_id = :workspace_id AND usage_metadata.warehouse_id = :warehouse_id AND usage_unit = 'DBU' AND usage_date >= :first_day AND usage_date < :end_day ` + usageGroup

const usageSelect = `SELECT usage_date, sku_name, cloud, usage_metadata.cluster_id AS cluster_id, ` +
	`usage_metadata.warehouse_id AS warehouse_id, SUM(usage_quantity) AS dbus FROM system.billing.usage `

const usageGroup = `GROUP BY usage_date, sku_name, cloud, usage_metadata.cluster_id, usage_metadata.warehouse_id ORDER BY usage_date`

// listPricesSQL reads the USD list prices per DBU in effect during the
// window; the join with usage (same SKU and cloud, the day inside the
// price's effective window) is done in shapeSpend.
const listPricesSQL = `SELECT sku_name, cloud, pricing.default AS price, price_start_time, price_end_time ` +
	`FROM system.billing.list_prices ` +
	`WHERE usage_unit = 'DBU' AND currency_code = 'USD' AND price_start_time < :window_end AND (price_end_time IS NULL OR price_end_time > :window_start)`

// SpendQuery asks for a spend view; StartWarehouse as for UtilQuery.
type SpendQuery struct {
	StartWarehouse bool `json:"startWarehouse"`
}

// spendScope is what a spend view covers: the whole workspace (zero), one
// cluster or one SQL warehouse; its statement and the id bound into it.
type spendScope struct {
	stmt  string
	param string // the id's parameter name, "" for the workspace
	id    string
}

func workspaceScope() spendScope          { return spendScope{stmt: usageSQL} }
func clusterScope(id string) spendScope   { return spendScope{clusterUsageSQL, "cluster_id", id} }
func warehouseScope(id string) spendScope { return spendScope{warehouseUsageSQL, "warehouse_id", id} }
func (sc spendScope) whole() bool         { return sc.param == "" }

// spendParams are the bound parameters of the scope's usage query.
func spendParams(workspaceID string, sc spendScope, from, to time.Time) []sql.StatementParameterListItem {
	p := []sql.StatementParameterListItem{{Name: "workspace_id", Value: workspaceID, Type: "STRING"}}
	if sc.param != "" {
		p = append(p, sql.StatementParameterListItem{Name: sc.param, Value: sc.id, Type: "STRING"})
	}
	return append(p,
		sql.StatementParameterListItem{Name: "first_day", Value: from.Format(time.DateOnly), Type: "DATE"},
		sql.StatementParameterListItem{Name: "end_day", Value: to.Format(time.DateOnly), Type: "DATE"})
}

// Spend is the last SpendDays of actual usage of one cluster (clusterID)
// or of the whole workspace (clusterID ""), priced at list prices where
// the user can read them, else at the user's own prices (an estimate).
func (s *Service) Spend(ctx context.Context, ws, clusterID string, q SpendQuery) (Spend, error) {
	if clusterID == "" {
		return s.spend(ctx, ws, workspaceScope(), q)
	}
	return s.spend(ctx, ws, clusterScope(clusterID), q)
}

// WarehouseSpend is Spend of one SQL warehouse (its SQL SKUs' usage).
func (s *Service) WarehouseSpend(ctx context.Context, ws, warehouseID string, q SpendQuery) (Spend, error) {
	if warehouseID == "" {
		return Spend{}, ErrNoWarehouseID
	}
	return s.spend(ctx, ws, warehouseScope(warehouseID), q)
}

func (s *Service) spend(ctx context.Context, ws string, sc spendScope, q SpendQuery) (Spend, error) {
	w, wh, err := s.ready(ctx, ws, q.StartWarehouse)
	if err != nil {
		return Spend{}, err
	}
	org, err := w.CurrentWorkspaceID(ctx)
	if err != nil {
		return Spend{}, fmt.Errorf("the workspace's id: %w", err)
	}
	now := s.now()
	_, from, to := spendWindow(now)
	res, err := s.run(ctx, w, wh, sc.stmt, spendParams(strconv.FormatInt(org, 10), sc, from, to))
	if err != nil {
		return Spend{}, refusal(err, ErrNoBillingTables, BillingGrants)
	}
	list, note := s.listPrices(ctx, w, wh, from, to)
	out := shapeSpend(usageRows(res.rows), list, s.prefs.Prices(ws), now)
	if sc.whole() {
		s.nameClusters(ctx, w, out.TopClusters)
	}
	out.Warehouse, out.Rows, out.StatementID, out.Truncated = wh, len(res.rows), res.id, res.truncated
	switch out.Prices {
	case PricesEstimate:
		out.PricesNote = note
	case PricesMixed:
		out.PricesNote = "The list prices have no entry for some SKUs: those are priced at your own prices per DBU (an estimate)."
	}
	return out, nil
}

// listPrices reads the list prices, or says why not (nil: price with the
// user's own prices). A refusal is not an error of the view: usage alone
// is still worth showing, priced as an estimate.
func (s *Service) listPrices(ctx context.Context, w *workspaceapi.Client, wh string, from, to time.Time) ([]listPrice, string) {
	res, err := s.run(ctx, w, wh, listPricesSQL, []sql.StatementParameterListItem{
		{Name: "window_start", Value: from.Format(time.RFC3339), Type: "TIMESTAMP"},
		{Name: "window_end", Value: to.Format(time.RFC3339), Type: "TIMESTAMP"},
	})
	var denied *deniedError
	switch {
	case errors.As(err, &denied):
		return nil, "You cannot read system.billing.list_prices (ask for SELECT on it), so $ are estimates from your prices per DBU."
	case err != nil:
		return nil, fmt.Sprintf("The list prices could not be read (%v), so $ are estimates from your prices per DBU.", err)
	}
	return listPriceRows(res.rows), ""
}

// nameClusters fills in the ranked clusters' names (one get each, at most
// spendTop, in parallel); a cluster deleted since keeps only its id.
func (s *Service) nameClusters(ctx context.Context, w *workspaceapi.Client, top []SpendCluster) {
	var wg sync.WaitGroup
	for i := range top {
		wg.Add(1)
		go func(c *SpendCluster) {
			defer wg.Done()
			if d, err := w.Clusters.GetByClusterId(ctx, c.ClusterID); err == nil {
				c.Name = d.ClusterName
			}
		}(&top[i])
	}
	wg.Wait()
}
