package fleet

import (
	"sort"
	"strings"
)

// GroupKey is the value a row is grouped under: groupBy is "workspace",
// "kind" (all-purpose, job, SQL warehouse), "creator" or "tag:<key>".
func GroupKey(r Row, groupBy string) (key, label string) {
	switch {
	case groupBy == "kind":
		return string(r.Kind), r.KindLabel
	case groupBy == "creator":
		if r.Creator == "" {
			return "", "(no creator)"
		}
		return r.Creator, r.Creator
	case strings.HasPrefix(groupBy, "tag:"):
		k := strings.TrimPrefix(groupBy, "tag:")
		if v, ok := r.Tags[k]; ok && v != "" {
			return v, k + ": " + v
		}
		return "", "(no " + k + " tag)"
	default:
		return r.Workspace, r.WorkspaceName
	}
}

// group adds the rows up per key, largest $/h (then DBU/h) first.
func group(rows []Row, groupBy string) []Total {
	byKey := map[string]*Total{}
	var order []string
	for _, r := range rows {
		k, label := GroupKey(r, groupBy)
		t := byKey[k]
		if t == nil {
			t = &Total{Key: k, Label: label}
			byKey[k] = t
			order = append(order, k)
		}
		t.add(r)
	}
	out := make([]Total, 0, len(order))
	for _, k := range order {
		out = append(out, *byKey[k])
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].DollarsPerHour != out[j].DollarsPerHour {
			return out[i].DollarsPerHour > out[j].DollarsPerHour
		}
		return out[i].DBUsPerHour > out[j].DBUsPerHour
	})
	return out
}

// TagKeys lists the tag keys the rows carry, for the group-by choice.
func TagKeys(rows []Row) []string {
	seen := map[string]bool{}
	for _, r := range rows {
		for k := range r.Tags {
			seen[k] = true
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
