package demo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// The seeded past of the team's warehouses: for the last 7 days, the
// sessions each ran (a weekday's work, a nightly dbt run, all day for one
// that never stops), their life-cycle events for
// system.compute.warehouse_events, and the queries of those sessions for
// the Query History API: dashboards, BI extracts, dbt models and ad-hoc
// analysis by several users, some failed, a few cancelled, and a few
// queued or running now on the running warehouses. It is drawn from a
// PRNG seeded by the workspace's seed, so it is the same on every reset
// (relative to the clock's start). An Empty workspace has none of it;
// Options.ExtraQueries adds generated entries for load tests.

const historyDays = 7

// Service accounts seen only in the history (not workspace users here).
var (
	tableauUser = &user{id: "8120054473310921", userName: "svc-tableau@example.com"}
	dbtUser     = &user{id: "8391177204568830", userName: "3f6b2a1c-8d4e-4b7a-9c0f-2e5d7a1b9c36"} // a service principal's application id
)

// historyProfile is how a warehouse is used: who runs what, how often per
// working hour, and how long a query takes.
type historyProfile struct {
	users      []*user
	templates  []string
	perHour    float64
	minS, maxS float64 // query duration range, seconds (log-uniform)
	nightly    bool    // a nightly run at 02:00 UTC every day
	allWeek    bool    // works at weekends too
	failRate   float64
}

var dashboardSQL = []string{
	"-- Dashboard: Revenue overview / Daily revenue\nSELECT order_date, SUM(amount) AS revenue\nFROM analytics.sales.orders\nWHERE order_date >= date_sub(current_date(), 30)\nGROUP BY order_date\nORDER BY order_date",
	"-- Dashboard: Revenue overview / Top products\nSELECT p.product_name, SUM(o.amount) AS revenue\nFROM analytics.sales.orders o JOIN analytics.sales.products p ON o.product_id = p.product_id\nWHERE o.order_date >= date_sub(current_date(), 7)\nGROUP BY p.product_name ORDER BY revenue DESC LIMIT 20",
	"-- Dashboard: Funnel / Conversion by channel\nWITH visits AS (\n  SELECT channel, COUNT(DISTINCT session_id) AS sessions FROM analytics.web.sessions WHERE event_date = current_date() GROUP BY channel\n)\nSELECT v.channel, v.sessions, c.orders, c.orders / v.sessions AS conversion\nFROM visits v JOIN analytics.web.conversions_daily c USING (channel)",
	"-- Dashboard: Customer health\nSELECT segment, COUNT(*) AS customers, AVG(nps) AS avg_nps, SUM(CASE WHEN churned THEN 1 ELSE 0 END) AS churned\nFROM analytics.crm.customer_health GROUP BY segment",
	"SELECT region,\n       date_trunc('week', order_date) AS week,\n       SUM(amount) AS revenue,\n       COUNT(DISTINCT customer_id) AS buyers\nFROM analytics.sales.orders\nGROUP BY ALL\nORDER BY week DESC",
	"-- Dashboard: Ops / Late shipments\nSELECT warehouse_code, COUNT(*) AS late\nFROM analytics.ops.shipments\nWHERE shipped_at > promised_at AND ship_date >= current_date() - INTERVAL 14 DAYS\nGROUP BY warehouse_code ORDER BY late DESC",
}

var biSQL = []string{
	"SELECT `orders`.`order_id` AS `order_id`, `orders`.`customer_id` AS `customer_id`, `orders`.`amount` AS `amount`, `orders`.`order_date` AS `order_date`\nFROM `analytics`.`sales`.`orders` `orders`\nWHERE (`orders`.`order_date` >= TIMESTAMP '2026-01-01 00:00:00')",
	"SELECT SUM(`Custom SQL Query`.`revenue`) AS `sum:revenue:ok`, `Custom SQL Query`.`region` AS `region`\nFROM (\n  SELECT region, amount AS revenue FROM analytics.sales.orders\n) `Custom SQL Query`\nGROUP BY 2",
	"SELECT 1",
	"SHOW TABLES IN analytics.sales",
	"DESCRIBE TABLE EXTENDED analytics.sales.orders",
}

var dbtSQL = []string{
	"/* {\"app\": \"dbt\", \"dbt_version\": \"1.9.4\", \"profile_name\": \"analytics\", \"target_name\": \"prod\", \"node_id\": \"model.analytics.fct_orders\"} */\ncreate or replace table `analytics`.`marts`.`fct_orders`\nusing delta\nas\nselect o.order_id, o.customer_id, o.order_date, o.amount, c.segment\nfrom `analytics`.`staging`.`stg_orders` o\nleft join `analytics`.`staging`.`stg_customers` c using (customer_id)",
	"/* {\"app\": \"dbt\", \"node_id\": \"model.analytics.dim_customers\"} */\nmerge into `analytics`.`marts`.`dim_customers` as DBT_INTERNAL_DEST\nusing `dim_customers__dbt_tmp` as DBT_INTERNAL_SOURCE\non DBT_INTERNAL_SOURCE.customer_id = DBT_INTERNAL_DEST.customer_id\nwhen matched then update set *\nwhen not matched then insert *",
	"/* {\"app\": \"dbt\", \"node_id\": \"model.analytics.stg_events\"} */\ninsert into `analytics`.`staging`.`stg_events`\nselect * from `raw`.`web`.`events` where _ingested_at > (select max(_ingested_at) from `analytics`.`staging`.`stg_events`)",
	"/* {\"app\": \"dbt\", \"node_id\": \"test.analytics.not_null_fct_orders_order_id\"} */\nselect count(*) as failures from `analytics`.`marts`.`fct_orders` where order_id is null",
	"OPTIMIZE analytics.marts.fct_orders ZORDER BY (order_date)",
	"ANALYZE TABLE analytics.marts.fct_orders COMPUTE STATISTICS FOR ALL COLUMNS",
}

var adhocSQL = []string{
	"select * from samples.nyctaxi.trips limit 1000",
	"SELECT customer_id, COUNT(*) AS orders, SUM(amount) AS spend\nFROM analytics.sales.orders\nWHERE order_date BETWEEN '2026-10-01' AND '2026-10-31'\nGROUP BY customer_id\nHAVING orders > 3\nORDER BY spend DESC",
	"select feature_name, avg(importance) from ml.experiments.feature_importance where run_id = 'a81c' group by 1 order by 2 desc",
	"SELECT percentile_approx(duration_s, array(0.5, 0.9, 0.99)) FROM analytics.web.sessions WHERE event_date >= current_date() - 7",
	"SELECT usage_date, SUM(usage_quantity) AS dbus\nFROM system.billing.usage\nWHERE usage_date >= current_date() - 30\nGROUP BY usage_date ORDER BY usage_date",
	"SELECT * FROM analytics.crm.accounts WHERE account_name ILIKE '%contoso%'",
}

var reportingSQL = []string{
	"-- Scheduled report: Finance daily close\nSELECT ledger, account, SUM(debit) - SUM(credit) AS balance\nFROM finance.gl.entries\nWHERE posting_date = current_date() - 1\nGROUP BY ledger, account",
	"-- Alert: Stale pipelines\nSELECT pipeline, max(updated_at) AS last_update FROM ops.monitoring.pipeline_runs GROUP BY pipeline HAVING last_update < now() - INTERVAL 6 HOURS",
	"-- Scheduled report: Weekly KPIs\nSELECT kpi, value, target, value / target AS attainment FROM finance.kpi.weekly WHERE week = date_trunc('week', current_date())",
	"REFRESH MATERIALIZED VIEW finance.kpi.weekly_mv",
}

var historyErrors = []string{
	"[TABLE_OR_VIEW_NOT_FOUND] The table or view `analytics`.`sales`.`orders_v2` cannot be found. Verify the spelling and correctness of the schema and catalog. SQLSTATE: 42P01",
	"[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `revenue_usd` cannot be resolved. Did you mean one of the following? [`revenue`, `region`]. SQLSTATE: 42703",
	"[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead. SQLSTATE: 22012",
	"[DELTA_CONCURRENT_APPEND] ConcurrentAppendException: Files were added to the root of the table by a concurrent update. Please try the operation again. SQLSTATE: 2D521",
	"[INSUFFICIENT_PERMISSIONS] Insufficient privileges: User does not have SELECT on Table 'finance.gl.entries'. SQLSTATE: 42501",
	"Query could not be scheduled: (conn=41) The query exceeded the memory limit of the SQL warehouse. Try a larger warehouse size.",
}

// historyProfiles says how each seeded warehouse is used.
func historyProfiles(ws *workspace) map[string]historyProfile {
	admin, priya, marco, li := ws.users[adminUserName], ws.users["priya.sharma@example.com"], ws.users["marco.rossi@example.com"], ws.users[limitedUserName]
	return map[string]historyProfile{
		demoWarehouseID: {users: []*user{admin, admin, li}, templates: adhocSQL, perHour: 2, minS: 0.4, maxS: 40, allWeek: true, failRate: 0.04},
		proWarehouseID: {users: []*user{li, li, admin, marco}, templates: append(append([]string{}, dashboardSQL...), adhocSQL[1:3]...),
			perHour: 14, minS: 0.3, maxS: 25, failRate: 0.05},
		classicWarehouseID: {users: []*user{tableauUser, tableauUser, li}, templates: biSQL, perHour: 10, minS: 0.2, maxS: 90, failRate: 0.03},
		"5b7d9f1e3a2c4e60": {users: []*user{dbtUser, dbtUser, dbtUser, priya}, templates: dbtSQL, perHour: 6, minS: 8, maxS: 900, nightly: true, failRate: 0.06},
		"6c8e0a2f4b3d5f71": {users: []*user{tableauUser, li, admin, li}, templates: dashboardSQL, perHour: 30, minS: 0.2, maxS: 12, failRate: 0.03},
		"7d9f1b3a5c4e6082": {users: []*user{marco, marco, priya}, templates: adhocSQL, perHour: 5, minS: 0.5, maxS: 180, failRate: 0.12},
		"8e0a2c4b6d5f7193": {users: []*user{admin, tableauUser}, templates: reportingSQL, perHour: 8, minS: 1, maxS: 60, allWeek: true, failRate: 0.03},
	}
}

// session is a stretch a warehouse ran: [from, to) in ms, to 0 while it
// still runs.
type session struct{ from, to int64 }

type historySeeder struct {
	ws  *workspace
	rnd *rand.Rand
	now int64
}

// seedQueryHistory gives the seeded warehouses their past.
func seedQueryHistory(ws *workspace, nowT time.Time) {
	if ws.opts.Empty {
		return
	}
	s := &historySeeder{ws: ws, rnd: rand.New(rand.NewPCG(ws.seed^0x9e3779b97f4a7c15, 38)), now: millis(nowT)}
	profiles := historyProfiles(ws)
	type span struct {
		wh   *warehouse
		p    historyProfile
		sess session
	}
	var spans []span
	for _, id := range sortedWarehouseIDs(ws.warehouses) {
		wh, p := ws.warehouses[id], profiles[id]
		if p.perHour == 0 {
			continue
		}
		for _, ss := range s.sessions(wh, p) {
			s.sessionEvents(wh, ss)
			s.queries(wh, p, ss, 0)
			spans = append(spans, span{wh, p, ss})
		}
	}
	// Load tests: more entries spread over the sessions by their length.
	if n := ws.opts.ExtraQueries; n > 0 && len(spans) > 0 {
		total := int64(0)
		for _, sp := range spans {
			total += sp.sess.end(s.now) - sp.sess.from
		}
		for _, sp := range spans {
			share := int(math.Round(float64(n) * float64(sp.sess.end(s.now)-sp.sess.from) / float64(total)))
			s.queries(sp.wh, sp.p, sp.sess, share)
		}
	}
	s.live()
	for _, wh := range ws.warehouses {
		sort.Slice(wh.queries, func(i, j int) bool { return queryBefore(wh.queries[i], wh.queries[j]) })
		wh.live = wh.live[:0]
		for _, q := range wh.queries {
			if q.end > s.now {
				wh.live = append(wh.live, q)
			}
		}
	}
}

func (ss session) end(now int64) int64 {
	if ss.to == 0 {
		return now
	}
	return ss.to
}

const (
	msMinute = int64(time.Minute / time.Millisecond)
	msHour   = 60 * msMinute
	msDay    = 24 * msHour
)

// sessions are the stretches the warehouse ran over the last 7 days: one
// that never stops ran throughout; others ran on working days (and for a
// nightly run), a running one since a while before now.
func (s *historySeeder) sessions(wh *warehouse, p historyProfile) []session {
	first := s.now - historyDays*msDay
	running := wh.info.State == sql.StateRunning
	if wh.info.AutoStopMins == 0 {
		if running {
			return []session{{from: first + s.rnd.Int64N(msHour)}}
		}
		return nil
	}
	cutoff := s.now - msHour // a stopped warehouse stopped at least an hour ago
	var current *session
	if running {
		up := s.now - msHour - s.rnd.Int64N(3*msHour)
		current = &session{from: up}
		cutoff = up - msHour
	}
	var out []session
	day0 := first - first%msDay
	for day := day0; day < s.now; day += msDay {
		wd := time.UnixMilli(day).UTC().Weekday()
		var cand []session
		if p.nightly {
			cand = append(cand, session{from: day + 2*msHour + s.rnd.Int64N(20*msMinute), to: day + 3*msHour + s.rnd.Int64N(90*msMinute)})
		}
		if p.allWeek || (wd != time.Saturday && wd != time.Sunday) {
			cand = append(cand, session{from: day + 7*msHour + s.rnd.Int64N(90*msMinute), to: day + 16*msHour + s.rnd.Int64N(150*msMinute)})
		}
		for _, c := range cand {
			c.from = max(c.from, first)
			c.to = min(c.to, cutoff)
			if c.to-c.from >= 30*msMinute {
				out = append(out, c)
			}
		}
	}
	if current != nil {
		out = append(out, *current)
	}
	return out
}

// sessionEvents writes a session's life cycle: starting, running, a busy
// spell on another cluster for a multi-cluster warehouse, stopping and
// stopped once it ends.
func (s *historySeeder) sessionEvents(wh *warehouse, ss session) {
	add := func(at int64, typ string, n int) {
		wh.events = append(wh.events, warehouseEvent{at: at, typ: typ, clusters: n})
	}
	startup := int64(warehouseStartTime / time.Millisecond)
	if wh.info.EnableServerlessCompute {
		startup = int64(serverlessStartTime / time.Millisecond)
	}
	lo := max(wh.info.MinNumClusters, 1)
	add(ss.from, eventStarting, 0)
	add(ss.from+startup, eventRunning, lo)
	end := ss.end(s.now)
	if wh.info.MaxNumClusters > lo {
		up := ss.from + (end-ss.from)*3/10
		add(up, eventScaledUp, lo+1)
		if ss.to != 0 || wh.info.NumClusters <= lo {
			add(ss.from+(end-ss.from)*6/10, eventScaledDown, lo)
		}
	}
	if ss.to != 0 {
		add(ss.to, eventStopping, lo)
		add(ss.to+int64(warehouseStopTime/time.Millisecond), eventStopped, 0)
	}
}

// queries fills a session with queries (n of them; 0: at the profile's
// rate, busier in working hours), the first one waiting for the start.
func (s *historySeeder) queries(wh *warehouse, p historyProfile, ss session, n int) {
	startup := int64(warehouseStartTime / time.Millisecond)
	if wh.info.EnableServerlessCompute {
		startup = int64(serverlessStartTime / time.Millisecond)
	}
	end := ss.end(s.now)
	if ss.to != 0 {
		end -= int64(wh.info.AutoStopMins) * msMinute // the last query ended auto_stop_mins before the stop
	}
	if end <= ss.from {
		end = ss.from + msMinute
	}
	at := func(t int64, first bool) {
		q := s.query(wh, p, t, end)
		if first {
			q.run, q.provisioning = ss.from+startup, true
			q.end = max(q.end, q.run+200)
		}
		if q.end > s.now { // nothing seeded is still running (live() adds those)
			return
		}
		wh.queries = append(wh.queries, q) // sorted once all are in
	}
	if n > 0 {
		for i := 0; i < n; i++ {
			at(ss.from+s.rnd.Int64N(max(end-ss.from, 1)), false)
		}
		return
	}
	first := true
	for t := ss.from; t < end; {
		at(t, first)
		first = false
		h := time.UnixMilli(t).UTC().Hour()
		rate := p.perHour
		if h < 7 || h >= 19 {
			rate *= 0.15
		}
		t += int64(s.rnd.ExpFloat64() / rate * float64(msHour))
	}
}

// query is one past query starting at t.
func (s *historySeeder) query(wh *warehouse, p historyProfile, t, sessionEnd int64) *queryEntry {
	s.ws.nextSeq++
	text := p.templates[s.rnd.IntN(len(p.templates))]
	durS := p.minS * math.Pow(p.maxS/p.minS, s.rnd.Float64()*s.rnd.Float64()) // mostly short
	q := &queryEntry{id: s.queryID(), seq: s.ws.nextSeq, warehouse: wh.info.Id, user: p.users[s.rnd.IntN(len(p.users))],
		text: text, typ: statementType(text), start: t, run: t, final: sql.QueryStatusFinished}
	q.client = clientOf(q.user)
	if wh.info.MaxNumClusters > 1 && s.rnd.IntN(12) == 0 {
		q.run += 300 + s.rnd.Int64N(15_000) // waited for a free slot
	}
	q.end = q.run + int64(durS*1000)
	switch r := s.rnd.Float64(); {
	case r < p.failRate:
		q.final, q.errMsg = sql.QueryStatusFailed, historyErrors[s.rnd.IntN(len(historyErrors))]
		q.end = q.run + (q.end-q.run)/3 + 50
	case r < p.failRate+0.015:
		q.final = sql.QueryStatusCanceled
		q.end = q.run + (q.end-q.run)/2 + 100
	default:
		q.rows = 1
		if q.typ == sql.QueryStatementTypeSelect {
			q.rows = 1 + s.rnd.Int64N(5000)
		}
	}
	return q
}

func clientOf(u *user) string {
	switch u {
	case tableauUser:
		return "Tableau"
	case dbtUser:
		return "dbt"
	}
	return "Databricks SQL Editor"
}

func (s *historySeeder) queryID() string {
	a, b := s.rnd.Uint64(), s.rnd.Uint64()
	return fmt.Sprintf("01f0%04x-%04x-1%03x-%04x-%012x", a>>48, (a>>32)&0xffff, (a>>20)&0xfff, b>>48, b&0xffffffffffff)
}

// live puts a few queries queued or running now on the running team
// warehouses, so a page has something in progress: a dashboard refresh on
// Dashboards Pro, and on Always-on Reporting a long report with another
// queued behind it. Auto-stop counts from their end.
func (s *historySeeder) live() {
	add := func(id string, u *user, text string, startAgo, queued, runs time.Duration) {
		wh := s.ws.warehouses[id]
		if wh == nil || wh.info.State != sql.StateRunning {
			return
		}
		s.ws.nextSeq++
		start := s.now - int64(startAgo/time.Millisecond)
		q := &queryEntry{id: s.queryID(), seq: s.ws.nextSeq, warehouse: id, user: u, text: text, typ: statementType(text),
			client: clientOf(u), start: start, run: start + int64(queued/time.Millisecond), final: sql.QueryStatusFinished, rows: 1}
		q.end = q.run + int64(runs/time.Millisecond)
		wh.queries = append(wh.queries, q)
		s.ws.busy(wh, time.UnixMilli(q.end))
	}
	add("6c8e0a2f4b3d5f71", s.ws.users[limitedUserName], dashboardSQL[2], 95*time.Second, 0, 8*time.Minute)
	add("8e0a2c4b6d5f7193", s.ws.users[adminUserName], reportingSQL[0], 3*time.Minute, 0, 45*time.Minute)
	add("8e0a2c4b6d5f7193", tableauUser, reportingSQL[2], 20*time.Second, 2*time.Minute, 3*time.Minute)
}
