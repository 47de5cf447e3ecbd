package demo

// The billing tables' query engine: the small subset of SQL the app's
// spend queries use (SELECT columns or SUM, AS aliases, WHERE of ANDed
// comparisons with bound :parameters, GROUP BY, ORDER BY), over records
// of named columns. The tables' rows are in sql_billing.go.

import (
	"cmp"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// billingRecord is one row of a billing table by column name.
type billingRecord map[string]string

// billingQuery answers SELECT of columns (or SUM(column)) with AS aliases,
// a WHERE of ANDed comparisons of a column with a bound :parameter or a
// literal (col IS NULL OR col op … accepted too), GROUP BY the plain
// columns when SUM is used, and ORDER BY the first column.
func (ws *workspace) billingQuery(stmt string, params []sql.StatementParameterListItem, columns []string,
	types map[string]sql.ColumnInfoTypeName, records []billingRecord) ([]sql.ColumnInfo, [][]string, *sql.ServiceError) {
	m := reSelect.FindStringSubmatch(strings.TrimSpace(stmt))
	if m == nil {
		return nil, nil, sqlFail("[PARSE_SYNTAX_ERROR] The demo workspace answers SELECT ... FROM a billing table ... only.")
	}
	known := map[string]bool{}
	for _, c := range columns {
		known[c] = true
	}
	type item struct {
		col string
		sum bool
	}
	var items []item
	var cols []sql.ColumnInfo
	for _, raw := range strings.Split(m[1], ",") {
		am := reAlias.FindStringSubmatch(strings.TrimSpace(raw))
		expr, name := strings.TrimSpace(am[1]), am[2]
		it := item{col: strings.ToLower(expr)}
		if sm := reSum.FindStringSubmatch(expr); sm != nil {
			it = item{col: strings.ToLower(sm[1]), sum: true}
		}
		if !known[it.col] {
			return nil, nil, sqlFail("[UNRESOLVED_COLUMN] Cannot resolve %q: the demo workspace answers columns of the billing tables and SUM of one.", raw)
		}
		if name == "" {
			name = it.col[strings.LastIndex(it.col, ".")+1:]
		}
		typ := types[it.col]
		if typ == "" {
			typ = sql.ColumnInfoTypeNameString
		}
		items = append(items, it)
		cols = append(cols, resultColumn(name, typ, len(cols)))
	}
	where := m[3]
	if bm := reBefore.FindStringSubmatch(where); bm != nil {
		where = bm[1]
	}
	keep, qerr := billingFilter(where, params, known)
	if qerr != nil {
		return nil, nil, qerr
	}
	summing := false
	for _, it := range items {
		summing = summing || it.sum
	}
	if summing && !reGroupBy.MatchString(m[3]) && len(items) > 1 {
		return nil, nil, sqlFail("[MISSING_GROUP_BY] The query does not include a GROUP BY clause.")
	}
	groups := map[string]int{}
	var rows [][]string
	var sums [][]float64
	for _, rec := range records {
		if !keep(rec) {
			continue
		}
		row := make([]string, len(items))
		key := ""
		for i, it := range items {
			if !it.sum {
				row[i] = rec[it.col]
				key += rec[it.col] + "\x00"
			}
		}
		g, ok := groups[key]
		if !ok || !summing {
			g = len(rows)
			groups[key] = g
			rows = append(rows, row)
			sums = append(sums, make([]float64, len(items)))
		}
		for i, it := range items {
			if it.sum {
				v, _ := strconv.ParseFloat(rec[it.col], 64)
				sums[g][i] += v
			}
		}
	}
	if summing && len(rows) == 0 && !reGroupBy.MatchString(m[3]) {
		return cols, [][]string{make([]string, len(items))}, nil // SUM of nothing is one NULL
	}
	for g, row := range rows {
		for i, it := range items {
			if it.sum {
				row[i] = strconv.FormatFloat(math.Round(sums[g][i]*1e6)/1e6, 'f', -1, 64)
			}
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i][0] < rows[j][0] })
	return cols, rows, nil
}

var reCond = regexp.MustCompile(`(?i)^\(?\s*([\w.]+)\s*(>=|<=|=|<|>)\s*(?::(\w+)|'([^']*)')\s*\)?$`)
var reNullOr = regexp.MustCompile(`(?i)^\(\s*([\w.]+)\s+is\s+null\s+or\s+([\w.]+\s*(?:>=|<=|=|<|>)\s*(?::\w+|'[^']*'))\s*\)$`)
var reAnd = regexp.MustCompile(`(?i)\s+and\s+`)

// billingFilter turns the WHERE clause into a test of one record.
func billingFilter(where string, params []sql.StatementParameterListItem, known map[string]bool) (func(billingRecord) bool, *sql.ServiceError) {
	where = strings.TrimSpace(where)
	if where == "" {
		return func(billingRecord) bool { return true }, nil
	}
	lw := strings.ToLower(where)
	if !strings.HasPrefix(lw, "where ") {
		return nil, sqlFail("[PARSE_SYNTAX_ERROR] Syntax error at or near %q.", where)
	}
	param := func(name string) (string, bool) {
		for _, p := range params {
			if p.Name == name {
				return p.Value, true
			}
		}
		return "", false
	}
	var tests []func(billingRecord) bool
	for _, part := range reAnd.Split(where[len("where "):], -1) {
		part = strings.TrimSpace(part)
		orNull := ""
		if nm := reNullOr.FindStringSubmatch(part); nm != nil {
			orNull, part = strings.ToLower(nm[1]), nm[2]
		}
		cm := reCond.FindStringSubmatch(part)
		if cm == nil {
			return nil, sqlFail("[PARSE_SYNTAX_ERROR] The demo workspace filters billing tables by `column op :parameter` joined with AND, not %q.", part)
		}
		col, op, value := strings.ToLower(cm[1]), cm[2], cm[4]
		if !known[col] {
			return nil, sqlFail("[UNRESOLVED_COLUMN] A column with name `%s` cannot be resolved.", cm[1])
		}
		if cm[3] != "" {
			v, ok := param(cm[3])
			if !ok {
				return nil, sqlFail("[UNBOUND_SQL_PARAMETER] Found the unbound parameter: %s.", cm[3])
			}
			value = v
		}
		tests = append(tests, func(r billingRecord) bool {
			got := r[col]
			if got == "" {
				return orNull == col
			}
			return compareSQL(got, op, value)
		})
	}
	return func(r billingRecord) bool {
		for _, t := range tests {
			if !t(r) {
				return false
			}
		}
		return true
	}, nil
}

// compareSQL compares as times when both sides read as times (dates and
// timestamps), as numbers when both are numbers, else as text.
func compareSQL(a, op, b string) bool {
	c := 0
	ia, errIA := strconv.ParseInt(a, 10, 64)
	ib, errIB := strconv.ParseInt(b, 10, 64)
	ta, errA := parseSQLTime(a)
	tb, errB := parseSQLTime(b)
	fa, errFA := strconv.ParseFloat(a, 64)
	fb, errFB := strconv.ParseFloat(b, 64)
	switch {
	case a == b:
	case errIA == nil && errIB == nil: // ids are beyond a float's precision
		c = cmp.Compare(ia, ib)
	case errA == nil && errB == nil:
		c = ta.Compare(tb)
	case errFA == nil && errFB == nil:
		c = cmp.Compare(fa, fb)
	default:
		c = strings.Compare(a, b)
	}
	switch op {
	case "=":
		return c == 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}
