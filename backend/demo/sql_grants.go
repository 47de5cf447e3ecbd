package demo

import "strings"

// Who may read which system tables. Admins read them all; a metastore
// admin granted Priya (a data engineer) the utilisation table and billable
// usage, but not the list prices, so the app's estimate from the user's own
// prices can be tried; everyone else has no grant on the system catalog.
var systemGrants = map[string][]string{
	"priya.sharma@example.com": {"system.compute.node_timeline", "system.billing.usage"},
}

// statementTable is the table a statement reads (lower case, no quotes), or "".
func statementTable(stmt string) string {
	m := reFrom.FindStringSubmatch(stmt)
	if m == nil {
		return ""
	}
	return strings.ToLower(strings.ReplaceAll(m[1], "`", ""))
}

// systemRefusal is the warehouse's message for a read of a system table u
// may not make, or "" when u may read it.
func systemRefusal(u *user, table string) string {
	if !strings.HasPrefix(table, "system.") || u.isAdmin() {
		return ""
	}
	grants := systemGrants[u.userName]
	for _, t := range grants {
		if t == table {
			return ""
		}
	}
	if len(grants) == 0 {
		return insufficientPrivileges
	}
	return "[INSUFFICIENT_PERMISSIONS] Insufficient privileges:\nUser does not have SELECT on Table '" + table + "'. SQLSTATE: 42501"
}
