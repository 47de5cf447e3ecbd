package metrics

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// timelineSQL reads one cluster's per-minute rows. The cluster and the
// window are bound parameters (:cluster_id, :from, :to), never pasted in.
const timelineSQL = `SELECT instance_id, driver, start_time, cpu_user_percent, cpu_system_percent, cpu_wait_percent, ` +
	`mem_used_percent, mem_swap_percent, network_sent_bytes, network_received_bytes ` +
	`FROM system.compute.node_timeline ` +
	`WHERE cluster_id = :cluster_id AND start_time >= :from AND start_time < :to ORDER BY start_time`

// Metric is one measure the tab charts; bytes per minute become MB/s.
type Metric struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Unit  string `json:"unit"`
	col   int
	scale float64
}

// Metrics in the order the tab shows them (col: the column in timelineSQL).
var Metrics = []Metric{
	{Key: "cpu_user", Label: "CPU user", Unit: "%", col: 3, scale: 1},
	{Key: "cpu_system", Label: "CPU system", Unit: "%", col: 4, scale: 1},
	{Key: "cpu_wait", Label: "CPU wait", Unit: "%", col: 5, scale: 1},
	{Key: "mem_used", Label: "Memory used", Unit: "%", col: 6, scale: 1},
	{Key: "mem_swap", Label: "Swap", Unit: "%", col: 7, scale: 1},
	{Key: "net_sent", Label: "Network out", Unit: "MB/s", col: 8, scale: 1.0 / 60 / 1e6},
	{Key: "net_received", Label: "Network in", Unit: "MB/s", col: 9, scale: 1.0 / 60 / 1e6},
}

// Series is one metric per minute: the driver, and the workers' minimum,
// mean and maximum (the band). nil where no node reported.
type Series struct {
	Metric
	Driver     []*float64 `json:"driver"`
	WorkersMin []*float64 `json:"workersMin"`
	WorkersAvg []*float64 `json:"workersAvg"`
	WorkersMax []*float64 `json:"workersMax"`
}

// Utilisation is what the charts draw, with what the query returned.
type Utilisation struct {
	Warehouse   string   `json:"warehouse"`
	From        int64    `json:"from"`
	To          int64    `json:"to"`
	X           []int64  `json:"x"` // minute starts, seconds since the epoch
	Series      []Series `json:"series"`
	Rows        int      `json:"rows"`
	Nodes       int      `json:"nodes"`
	Chunks      int      `json:"chunks"`
	Truncated   bool     `json:"truncated"`
	StatementID string   `json:"statementId"`
	LastRow     int64    `json:"lastRow"` // newest minute in the table (it lags real time)
}

// UtilQuery is the tab's request: a window, and whether the user agreed to
// start a stopped warehouse.
type UtilQuery struct {
	Window
	StartWarehouse bool `json:"startWarehouse"`
}

// Utilisation reads node_timeline for the cluster on the chosen warehouse.
// A stopped warehouse is started only when the user agreed (it bills).
func (s *Service) Utilisation(ctx context.Context, ws, clusterID string, q UtilQuery) (Utilisation, error) {
	from, to, err := s.window(q.Window)
	if err != nil {
		return Utilisation{}, err
	}
	w, wh, err := s.ready(ctx, ws, q.StartWarehouse)
	if err != nil {
		return Utilisation{}, err
	}
	res, err := s.run(ctx, w, wh, timelineSQL, []sql.StatementParameterListItem{
		{Name: "cluster_id", Value: clusterID, Type: "STRING"},
		{Name: "from", Value: from.Format(time.RFC3339), Type: "TIMESTAMP"},
		{Name: "to", Value: to.Format(time.RFC3339), Type: "TIMESTAMP"},
	})
	if err != nil {
		return Utilisation{}, refusal(err, ErrNoSystemTables, Grants)
	}
	u := aggregate(res.rows, from, to)
	u.Warehouse, u.Chunks, u.Truncated, u.StatementID = wh, res.chunks, res.truncated, res.id
	return u, nil
}

// aggregate folds per-node rows into per-minute driver and worker figures.
func aggregate(rows [][]*string, from, to time.Time) Utilisation {
	u := Utilisation{From: from.Unix(), To: to.Unix(), X: []int64{}, Rows: len(rows)}
	type acc struct {
		driver        []float64
		driverSet     []bool
		min, max, sum []float64
		n             []int
	}
	minutes := map[int64]int{}
	var xs []int64
	nodes := map[string]bool{}
	parsed := make([]struct {
		t      int64
		driver bool
		vals   []*float64
	}, 0, len(rows))
	for _, r := range rows {
		if len(r) < 10 || r[2] == nil {
			continue
		}
		t, err := parseTime(*r[2])
		if err != nil {
			continue
		}
		m := t.Truncate(time.Minute).Unix()
		if _, ok := minutes[m]; !ok {
			minutes[m] = 0
			xs = append(xs, m)
		}
		if r[0] != nil {
			nodes[*r[0]] = true
		}
		vals := make([]*float64, len(Metrics))
		for i, met := range Metrics {
			if c := r[met.col]; c != nil {
				if f, err := strconv.ParseFloat(*c, 64); err == nil {
					v := f * met.scale
					vals[i] = &v
				}
			}
		}
		parsed = append(parsed, struct {
			t      int64
			driver bool
			vals   []*float64
		}{m, r[1] != nil && *r[1] == "true", vals})
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	for i, x := range xs {
		minutes[x] = i
	}
	n := len(xs)
	accs := make([]acc, len(Metrics))
	for i := range accs {
		accs[i] = acc{driver: make([]float64, n), driverSet: make([]bool, n), min: filled(n, math.Inf(1)),
			max: filled(n, math.Inf(-1)), sum: make([]float64, n), n: make([]int, n)}
	}
	for _, p := range parsed {
		k := minutes[p.t]
		for i, v := range p.vals {
			if v == nil {
				continue
			}
			a := &accs[i]
			if p.driver {
				a.driver[k], a.driverSet[k] = *v, true
				continue
			}
			a.min[k], a.max[k] = math.Min(a.min[k], *v), math.Max(a.max[k], *v)
			a.sum[k] += *v
			a.n[k]++
		}
	}
	u.X, u.Nodes = xs, len(nodes)
	if n > 0 {
		u.LastRow = xs[n-1]
	}
	for i, met := range Metrics {
		a := accs[i]
		s := Series{Metric: met, Driver: make([]*float64, n), WorkersMin: make([]*float64, n),
			WorkersAvg: make([]*float64, n), WorkersMax: make([]*float64, n)}
		for k := 0; k < n; k++ {
			if a.driverSet[k] {
				s.Driver[k] = round(a.driver[k])
			}
			if a.n[k] > 0 {
				s.WorkersMin[k], s.WorkersMax[k] = round(a.min[k]), round(a.max[k])
				s.WorkersAvg[k] = round(a.sum[k] / float64(a.n[k]))
			}
		}
		u.Series = append(u.Series, s)
	}
	return u
}

func filled(n int, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// round keeps four decimals: enough for the chart, small on the wire.
func round(v float64) *float64 {
	r := math.Round(v*1e4) / 1e4
	return &r
}

func parseTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("cannot read %q as a time", s)
}
