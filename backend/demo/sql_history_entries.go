package demo

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// The history's records: one queryEntry per query, its status, metrics
// and statement type at a time, how the Statement Execution API records one
// on its warehouse, and the running and queued counts the warehouse list
// reports. The API that lists them is in sql_history.go.

// queryEntry is one query of the history. Times are in ms: it is QUEUED
// until run, RUNNING until end, then final.
type queryEntry struct {
	id              string
	seq             int64 // orders entries that started in the same ms
	warehouse       string
	user            *user
	text            string
	typ             sql.QueryStatementType
	client          string
	start, run, end int64
	final           sql.QueryStatus
	errMsg          string
	rows            int64
	provisioning    bool // queued while the warehouse started (else: for a free slot)
	statement       bool // run through the Statement Execution API
}

func (q *queryEntry) status(now int64) sql.QueryStatus {
	switch {
	case now < q.run:
		return sql.QueryStatusQueued
	case now < q.end:
		return sql.QueryStatusRunning
	}
	return q.final
}

// cancel ends a query not yet final as CANCELED (nil: nothing to do).
func (q *queryEntry) cancel(now time.Time) {
	if q == nil || millis(now) >= q.end {
		return
	}
	q.end, q.final, q.rows, q.errMsg = millis(now), sql.QueryStatusCanceled, 0, ""
	q.run = min(q.run, q.end)
}

// info is the entry as the API answers it at now.
func (q *queryEntry) info(now int64, metrics bool) sql.QueryInfo {
	st := q.status(now)
	uid, _ := strconv.ParseInt(q.user.id, 10, 64)
	out := sql.QueryInfo{QueryId: q.id, Status: st, QueryText: q.text, UserName: q.user.userName, UserId: uid,
		ExecutedAsUserName: q.user.userName, ExecutedAsUserId: uid, WarehouseId: q.warehouse, EndpointId: q.warehouse,
		QueryStartTimeMs: q.start, StatementType: q.typ, ClientApplication: q.client, LookupKey: lookupKey(q.id),
		ChannelUsed: &sql.ChannelInfo{Name: sql.ChannelNameChannelNameCurrent}}
	final := st != sql.QueryStatusQueued && st != sql.QueryStatusRunning
	out.IsFinal = final
	out.ForceSendFields = []string{"IsFinal"}
	if final {
		out.QueryEndTimeMs, out.ExecutionEndTimeMs, out.Duration = q.end, q.end, q.end-q.start
		out.ErrorMessage = q.errMsg
		if st == sql.QueryStatusFinished {
			out.RowsProduced = q.rows
			out.ForceSendFields = append(out.ForceSendFields, "RowsProduced", "Duration")
		}
	}
	if metrics {
		out.Metrics = q.metrics(now, st)
	}
	return out
}

func lookupKey(id string) string {
	return base64.RawStdEncoding.EncodeToString([]byte("demo:" + id))
}

// metrics are plausible figures: time splits of the entry and bytes read
// in proportion to its run.
func (q *queryEntry) metrics(now int64, st sql.QueryStatus) *sql.QueryMetrics {
	end := min(now, q.end)
	m := &sql.QueryMetrics{TotalTimeMs: end - q.start, ForceSendFields: []string{"TotalTimeMs"}}
	if q.run > q.start {
		if q.provisioning {
			m.ProvisioningQueueStartTimestamp = q.start
		} else {
			m.OverloadingQueueStartTimestamp = q.start
		}
	}
	if now < q.run {
		return m
	}
	execMs := max(end-q.run, 0)
	compile := min(execMs/10, 1500)
	m.QueryCompilationStartTimestamp = q.run
	m.CompilationTimeMs, m.ExecutionTimeMs = compile, execMs-compile
	h := fnvSum(q.id)
	m.ReadBytes = execMs * int64(20_000+h%400_000)
	m.RowsReadCount = m.ReadBytes / 120
	m.ReadFilesCount = 1 + m.ReadBytes/(64<<20)
	m.TaskTotalTimeMs = execMs * int64(2+h%14)
	m.PhotonTotalTimeMs = m.TaskTotalTimeMs * 8 / 10
	if st == sql.QueryStatusFinished {
		m.RowsProducedCount = q.rows
		m.ResultFromCache = execMs < 200 && h%3 == 0
		m.ResultFetchTimeMs = min(execMs/20, 400)
	}
	return m
}

// statementType is the kind of statement its first keyword names.
func statementType(stmt string) sql.QueryStatementType {
	s := strings.TrimSpace(stmt)
	for strings.HasPrefix(s, "--") || strings.HasPrefix(s, "/*") {
		if strings.HasPrefix(s, "--") {
			if i := strings.IndexByte(s, '\n'); i >= 0 {
				s = strings.TrimSpace(s[i+1:])
				continue
			}
			return sql.QueryStatementTypeOther
		}
		if i := strings.Index(s, "*/"); i >= 0 {
			s = strings.TrimSpace(s[i+2:])
			continue
		}
		return sql.QueryStatementTypeOther
	}
	word := strings.ToUpper(strings.FieldsFunc(s+" ", func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' || r == '(' || r == '\r' })[0])
	switch word {
	case "WITH", "SELECT", "VALUES", "FROM":
		return sql.QueryStatementTypeSelect
	case "ALTER", "ANALYZE", "COPY", "CREATE", "DELETE", "DESCRIBE", "DROP", "EXPLAIN", "GRANT", "INSERT", "MERGE",
		"OPTIMIZE", "REFRESH", "REPLACE", "REVOKE", "SET", "SHOW", "TRUNCATE", "UPDATE", "USE":
		return sql.QueryStatementType(word)
	}
	return sql.QueryStatementTypeOther
}

// addQuery files an entry under its warehouse, in start order; one not
// final at now is live.
func (wh *warehouse) addQuery(q *queryEntry, now int64) {
	n := len(wh.queries)
	if n == 0 || !queryBefore(q, wh.queries[n-1]) {
		wh.queries = append(wh.queries, q)
	} else {
		i := sort.Search(n, func(i int) bool { return queryBefore(q, wh.queries[i]) })
		wh.queries = append(wh.queries, nil)
		copy(wh.queries[i+1:], wh.queries[i:])
		wh.queries[i] = q
	}
	if q.end > now {
		wh.live = append(wh.live, q)
	}
}

func queryBefore(a, b *queryEntry) bool {
	return a.start < b.start || (a.start == b.start && a.seq < b.seq)
}

// recordStatement files a statement of the Statement Execution API: its
// user, warehouse, wait for the warehouse, run and outcome.
func (ws *workspace) recordStatement(c *call, wh *warehouse, st *statement, text string) *queryEntry {
	ws.nextSeq++
	q := &queryEntry{id: st.resp.StatementId, seq: ws.nextSeq, warehouse: wh.info.Id, user: c.user, text: text,
		typ: statementType(text), client: "Databricks SQL Statement Execution API", start: millis(c.now),
		run: millis(st.runsAt), end: millis(st.doneAt), provisioning: st.runsAt.After(c.now), statement: true}
	q.final = sql.QueryStatusFinished
	if s := st.resp.Status; s != nil && s.State == sql.StatementStateFailed {
		q.final = sql.QueryStatusFailed
		if s.Error != nil {
			q.errMsg = s.Error.Message
		}
	} else {
		q.rows = int64(len(st.rows))
	}
	wh.addQuery(q, millis(c.now))
	ws.watchScale(wh, c.now)
	return q
}

// stopQueries ends the queries still queued or running on a warehouse that
// stops: the seeded ones fail (a statement keeps its own outcome, as the
// Statement Execution API here reports it).
func (wh *warehouse) stopQueries(now time.Time) {
	ms := millis(now)
	for _, q := range wh.live {
		if !q.statement && q.end > ms {
			q.end, q.final, q.rows = ms, sql.QueryStatusFailed, 0
			q.run = min(q.run, ms)
			q.errMsg = "[CANCELLED] The query was cancelled because the SQL warehouse " + wh.info.Id + " stopped."
		}
	}
}

// activeQueries counts the warehouse's queries queued or running at now,
// dropping the finished ones from its live list.
func (wh *warehouse) activeQueries(now time.Time) (running, queued int) {
	ms := millis(now)
	keep := wh.live[:0]
	for _, q := range wh.live {
		if q.end <= ms {
			continue
		}
		keep = append(keep, q)
		if ms < q.run {
			queued++
		} else if ms >= q.start {
			running++
		}
	}
	clear(wh.live[len(keep):])
	wh.live = keep
	return running, queued
}

// withLoad sets the sessions the list and get report: one per query queued
// or running (the service counts open sessions; the demo's clients hold
// one per query).
func (wh *warehouse) withLoad(e sql.EndpointInfo, now time.Time) sql.EndpointInfo {
	if wh.info.State != sql.StateRunning && wh.info.State != sql.StateStarting {
		return e
	}
	r, q := wh.activeQueries(now)
	e.NumActiveSessions = int64(r + q)
	return e
}
