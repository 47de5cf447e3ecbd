package fleet

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
)

// CSV writes the view's rows as a spreadsheet reads them: one line per
// cluster with its group, and the estimates as plain numbers.
func CSV(v View) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"group", "workspace", "cluster_id", "name", "state", "kind", "workers", "runtime", "creator",
		"dbu_per_hour_estimate", "usd_per_hour_estimate", "running_for", "flags"})
	for _, r := range v.Rows {
		_, group := GroupKey(r, v.GroupBy)
		dbus, usd := "", ""
		if r.Cost != nil {
			dbus = strconv.FormatFloat(r.Cost.DBUsPerHour, 'f', -1, 64)
			if r.Cost.Priced {
				usd = strconv.FormatFloat(r.Cost.DollarsPerHour, 'f', 2, 64)
			}
		}
		_ = w.Write(safe([]string{group, r.WorkspaceName, r.ID, r.Name, r.State, string(r.Kind), r.Workers, r.Runtime, r.Creator,
			dbus, usd, r.RunningFor, strings.Join(r.FlagText, "; ")}))
	}
	w.Flush()
	return b.Bytes()
}

// safe keeps a spreadsheet from reading untrusted text (names, tags) as a
// formula: a cell starting with = + - @ gets a leading apostrophe.
func safe(cells []string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}
