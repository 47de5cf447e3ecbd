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

// The SQL Statement Execution API here answers the one table the app reads
// for utilisation, system.compute.node_timeline, with per-minute figures for
// the workspace's clusters (lagging real time, as the system table does).
// Any other statement fails with a clear error. Warehouses are in
// sql_warehouses.go, statement life cycles in sql_statements.go.
const (
	timelineLag = 5 * time.Minute
	chunkRows   = 5000
)

var timelineColumns = []struct {
	name string
	typ  sql.ColumnInfoTypeName
}{
	{"workspace_id", sql.ColumnInfoTypeNameString}, {"cluster_id", sql.ColumnInfoTypeNameString},
	{"instance_id", sql.ColumnInfoTypeNameString}, {"start_time", sql.ColumnInfoTypeNameTimestamp},
	{"end_time", sql.ColumnInfoTypeNameTimestamp}, {"driver", sql.ColumnInfoTypeNameBoolean},
	{"cpu_user_percent", sql.ColumnInfoTypeNameDouble}, {"cpu_system_percent", sql.ColumnInfoTypeNameDouble},
	{"cpu_wait_percent", sql.ColumnInfoTypeNameDouble}, {"mem_used_percent", sql.ColumnInfoTypeNameDouble},
	{"mem_swap_percent", sql.ColumnInfoTypeNameDouble}, {"network_sent_bytes", sql.ColumnInfoTypeNameLong},
	{"network_received_bytes", sql.ColumnInfoTypeNameLong}, {"disk_free_bytes_per_mount_point", sql.ColumnInfoTypeNameString},
	{"node_type", sql.ColumnInfoTypeNameString},
}

var (
	reSelect    = regexp.MustCompile(`(?is)^\s*select\s+(.+?)\s+from\s+([\w.` + "`" + `]+)(.*)$`)
	reClusterEq = regexp.MustCompile(`(?i)cluster_id\s*=\s*(?:'([^']+)'|:(\w+))`)
	reClusterIn = regexp.MustCompile(`(?i)cluster_id\s+in\s*\(([^)]*)\)`)
	reInterval  = regexp.MustCompile(`(?i)start_time\s*>=?\s*(?:current_timestamp\(\)|now\(\))\s*-\s*interval\s+'?(\d+)'?\s+(minute|minutes|hour|hours|day|days)`)
	reStartParm = regexp.MustCompile(`(?i)start_time\s*>=?\s*(?::(\w+)|timestamp\s*'([^']+)')`)
	reEndParm   = regexp.MustCompile(`(?i)(?:start_time|end_time)\s*<=?\s*(?::(\w+)|timestamp\s*'([^']+)')`)
	reDriver    = regexp.MustCompile(`(?i)\bdriver\s*=\s*(true|false)`)
	reOrderDesc = regexp.MustCompile(`(?i)order\s+by\s+start_time\s+desc`)
	reLimit     = regexp.MustCompile(`(?i)\blimit\s+(\d+)\s*;?\s*$`)
	reIdent     = regexp.MustCompile(`(?i)^(\w+)(?:\s+(?:as\s+)?(\w+))?$`)
)

// runTimelineQuery understands plain SELECTs of node_timeline columns with
// cluster_id, time-window and driver filters, ORDER BY start_time and LIMIT.
func (ws *workspace) runTimelineQuery(stmt string, params []sql.StatementParameterListItem, now time.Time) ([]sql.ColumnInfo, [][]string, *sql.ServiceError) {
	m := reSelect.FindStringSubmatch(strings.TrimSpace(stmt))
	if m == nil {
		return nil, nil, sqlFail("[PARSE_SYNTAX_ERROR] The demo workspace only answers SELECT ... FROM system.compute.node_timeline.")
	}
	table := strings.ToLower(strings.ReplaceAll(m[2], "`", ""))
	if table != "system.compute.node_timeline" {
		return nil, nil, sqlFailWith(sql.ServiceErrorCodeNotFound,
			"[TABLE_OR_VIEW_NOT_FOUND] The table or view `%s` cannot be found. The demo workspace serves only system.compute.node_timeline.", m[2])
	}
	param := func(name string) string {
		for _, p := range params {
			if p.Name == name {
				return p.Value
			}
		}
		return ""
	}
	// Columns.
	var idx []int
	var cols []sql.ColumnInfo
	for _, raw := range strings.Split(m[1], ",") {
		raw = strings.TrimSpace(raw)
		if raw == "*" {
			for i, c := range timelineColumns {
				idx = append(idx, i)
				cols = append(cols, resultColumn(c.name, c.typ, len(cols)))
			}
			continue
		}
		im := reIdent.FindStringSubmatch(raw)
		found := -1
		if im != nil {
			for i, c := range timelineColumns {
				if strings.EqualFold(c.name, im[1]) {
					found = i
				}
			}
		}
		if found < 0 {
			return nil, nil, sqlFail("[UNRESOLVED_COLUMN] Cannot resolve %q: the demo workspace answers plain node_timeline columns (aggregate in the client).", raw)
		}
		name := timelineColumns[found].name
		if im[2] != "" {
			name = im[2]
		}
		idx = append(idx, found)
		cols = append(cols, resultColumn(name, timelineColumns[found].typ, len(cols)))
	}
	rest := m[3]
	// Filters.
	clusters := map[string]bool{}
	for _, cm := range reClusterEq.FindAllStringSubmatch(rest, -1) {
		if cm[1] != "" {
			clusters[cm[1]] = true
		} else {
			clusters[param(cm[2])] = true
		}
	}
	if im := reClusterIn.FindStringSubmatch(rest); im != nil {
		for _, v := range strings.Split(im[1], ",") {
			clusters[strings.Trim(strings.TrimSpace(v), "'")] = true
		}
	}
	from, to := now.Add(-time.Hour), now
	if im := reInterval.FindStringSubmatch(rest); im != nil {
		n, _ := strconv.Atoi(im[1])
		unit := map[byte]time.Duration{'m': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour}[strings.ToLower(im[2])[0]]
		from = now.Add(-time.Duration(n) * unit)
	} else if im := reStartParm.FindStringSubmatch(rest); im != nil {
		t, err := parseSQLTime(firstNonEmpty(param(im[1]), im[2]))
		if err != nil {
			return nil, nil, sqlFail("[CANNOT_PARSE_TIMESTAMP] %v.", err)
		}
		from = t
	}
	if im := reEndParm.FindStringSubmatch(rest); im != nil {
		t, err := parseSQLTime(firstNonEmpty(param(im[1]), im[2]))
		if err != nil {
			return nil, nil, sqlFail("[CANNOT_PARSE_TIMESTAMP] %v.", err)
		}
		to = t
	}
	to = minTime(to, now.Add(-timelineLag))
	driverOnly := ""
	if dm := reDriver.FindStringSubmatch(rest); dm != nil {
		driverOnly = strings.ToLower(dm[1])
	}
	limit := -1
	if lm := reLimit.FindStringSubmatch(rest); lm != nil {
		limit, _ = strconv.Atoi(lm[1])
	}
	full := ws.timelineRows(clusters, from, to, driverOnly)
	if reOrderDesc.MatchString(rest) {
		for i, j := 0, len(full)-1; i < j; i, j = i+1, j-1 {
			full[i], full[j] = full[j], full[i]
		}
	}
	if limit >= 0 && len(full) > limit {
		full = full[:limit]
	}
	rows := make([][]string, len(full))
	for r, row := range full {
		out := make([]string, len(idx))
		for k, i := range idx {
			out[k] = row[i]
		}
		rows[r] = out
	}
	return cols, rows, nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func parseSQLTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("cannot parse %q as a timestamp", s)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// timelineRows yields one row per node per minute the clusters ran, in
// start_time order.
func (ws *workspace) timelineRows(clusters map[string]bool, from, to time.Time, driverOnly string) [][]string {
	var rows [][]string
	start := from.Truncate(time.Minute)
	for _, id := range sortedClusterIDs(ws.clusters) {
		cl := ws.clusters[id]
		if len(clusters) > 0 && !clusters[id] {
			continue
		}
		for runNo, iv := range cl.uptime {
			end := iv.to
			if end.IsZero() {
				end = to
			}
			workers := cl.d.NumWorkers
			for t := maxTime(start, iv.from.Truncate(time.Minute).Add(time.Minute)); !t.Add(time.Minute).After(minTime(end, to)); t = t.Add(time.Minute) {
				for node := 0; node <= workers; node++ {
					isDriver := node == 0
					if (driverOnly == "true" && !isDriver) || (driverOnly == "false" && isDriver) {
						continue
					}
					rows = append(rows, ws.timelineRow(cl, runNo, node, t))
				}
			}
		}
	}
	// Rows were built per cluster; order by start_time across clusters.
	sortRowsByTime(rows)
	return rows
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func (ws *workspace) timelineRow(cl *cluster, runNo, node int, t time.Time) []string {
	h := fnv.New64a()
	_, _ = fmt.Fprintf(h, "%s/%d/%d/%d", cl.d.ClusterId, runNo, node, t.Unix())
	noise := float64(h.Sum64()%1000) / 1000
	hb := fnv.New32a()
	_, _ = fmt.Fprintf(hb, "%s", cl.d.ClusterId)
	base := 20 + float64(hb.Sum32()%45) // each cluster has its own typical load
	wave := 18 * math.Sin(float64(t.Unix()/60)/23)
	cpuUser := clamp(base+wave+14*noise-7, 1, 97)
	nodeType := cl.d.NodeTypeId
	if node == 0 {
		cpuUser = clamp(cpuUser*0.45, 1, 90)
		nodeType = cl.d.DriverNodeTypeId
	}
	instance := fmt.Sprintf("%x", fnvSum(fmt.Sprintf("%s/%d/%d", cl.d.ClusterId, runNo, node)))
	if runNo == len(cl.uptime)-1 && cl.d.State == compute.StateRunning {
		if node == 0 && cl.d.Driver != nil {
			instance = cl.d.Driver.InstanceId
		} else if node > 0 && node <= len(cl.d.Executors) {
			instance = cl.d.Executors[node-1].InstanceId
		}
	}
	f := func(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
	return []string{
		strconv.FormatInt(ws.id, 10), cl.d.ClusterId, instance,
		t.UTC().Format("2006-01-02T15:04:05.000Z"), t.Add(time.Minute).UTC().Format("2006-01-02T15:04:05.000Z"),
		strconv.FormatBool(node == 0), f(cpuUser), f(2 + 4*noise), f(0.5 + 3*noise*noise),
		f(clamp(35+base*0.6+10*noise, 5, 96)), f(0), strconv.FormatInt(int64(2e6+9e7*noise*cpuUser/50), 10),
		strconv.FormatInt(int64(3e6+1.2e8*noise*cpuUser/50), 10), `{"/local_disk0":120034181120}`, nodeType,
	}
}

func fnvSum(s string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(s))
	return h.Sum64()
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func sortRowsByTime(rows [][]string) {
	// start_time is column 3, an ISO string: lexical order is time order.
	sortStable(rows, func(a, b []string) bool { return a[3] < b[3] })
}

func sortStable(rows [][]string, less func(a, b []string) bool) {
	sort.SliceStable(rows, func(i, j int) bool { return less(rows[i], rows[j]) })
}
