package demo

import (
	"regexp"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/iam"
)

// scimFilter is a parsed SCIM filter as the workspace SCIM API takes it
// (RFC 7644 §3.4.2.2): comparisons `attr op "value"` with eq, ne, co, sw,
// ew, joined by `and` (binding tighter) and `or`. Attribute names and
// operators are case-insensitive, and so is the comparison of values.
type scimFilter [][]scimClause // or of ands

type scimClause struct{ attr, op, value string }

var scimClauseRE = regexp.MustCompile(`(?i)^\s*([a-z][a-z0-9.]*)\s+(eq|ne|co|sw|ew)\s+"((?:[^"\\]|\\.)*)"\s*$`)

// parseSCIMFilter reads filter; "" matches everything.
func parseSCIMFilter(filter string) (scimFilter, error) {
	if strings.TrimSpace(filter) == "" {
		return nil, nil
	}
	var out scimFilter
	for _, or := range splitOutsideQuotes(filter, " or ") {
		var ands []scimClause
		for _, part := range splitOutsideQuotes(or, " and ") {
			m := scimClauseRE.FindStringSubmatch(part)
			if m == nil {
				return nil, errInvalidParam("Invalid filter %q: expected attribute operator \"value\" (eq, ne, co, sw, ew), joined by and / or.", filter)
			}
			v := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[3])
			ands = append(ands, scimClause{attr: strings.ToLower(m[1]), op: strings.ToLower(m[2]), value: strings.ToLower(v)})
		}
		out = append(out, ands)
	}
	return out, nil
}

// splitOutsideQuotes splits s at sep (case-insensitive) where not inside "…".
func splitOutsideQuotes(s, sep string) []string {
	var parts []string
	lower := strings.ToLower(s)
	inQuote, start := false, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && inQuote:
			i++
		case s[i] == '"':
			inQuote = !inQuote
		case !inQuote && strings.HasPrefix(lower[i:], sep):
			parts = append(parts, s[start:i])
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	return append(parts, s[start:])
}

// matches reports whether the attributes (lower-case names) satisfy f.
func (f scimFilter) matches(attrs map[string]string) bool {
	if len(f) == 0 {
		return true
	}
	for _, ands := range f {
		all := true
		for _, c := range ands {
			all = all && c.matches(strings.ToLower(attrs[c.attr]))
		}
		if all {
			return true
		}
	}
	return false
}

func (c scimClause) matches(v string) bool {
	switch c.op {
	case "eq":
		return v == c.value
	case "ne":
		return v != c.value
	case "co":
		return strings.Contains(v, c.value)
	case "sw":
		return strings.HasPrefix(v, c.value)
	default: // ew
		return strings.HasSuffix(v, c.value)
	}
}

// seedServicePrincipals are the workspace's automation identities; in an
// access list a service principal is named by its application id.
var seedServicePrincipals = []iam.ServicePrincipal{
	{Id: "8120045563310027", ApplicationId: "6f1d2a9e-4c3b-4e5f-9a1b-2c3d4e5f6a7b", DisplayName: "etl-automation", Active: true},
	{Id: "8120045563310193", ApplicationId: "0b9c8d7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e", DisplayName: "ci-deployer", Active: true},
}

func servicePrincipalByApp(appID string) *iam.ServicePrincipal {
	for i := range seedServicePrincipals {
		if seedServicePrincipals[i].ApplicationId == appID {
			return &seedServicePrincipals[i]
		}
	}
	return nil
}

func (ws *workspace) scimServicePrincipals(c *call) (any, error) {
	f, err := parseSCIMFilter(c.query("filter"))
	if err != nil {
		return nil, err
	}
	var matched []iam.ServicePrincipal
	for _, sp := range seedServicePrincipals {
		if f.matches(map[string]string{"displayname": sp.DisplayName, "applicationid": sp.ApplicationId, "id": sp.Id}) {
			sp.Schemas = []iam.ServicePrincipalSchema{iam.ServicePrincipalSchemaUrnIetfParamsScimSchemasCore20ServicePrincipal}
			matched = append(matched, sp)
		}
	}
	lo, hi, start, err := scimPage(c, len(matched))
	if err != nil {
		return nil, err
	}
	return iam.ListServicePrincipalResponse{Resources: matched[lo:hi], TotalResults: int64(len(matched)), StartIndex: start, ItemsPerPage: int64(hi - lo),
		Schemas: []iam.ListResponseSchema{iam.ListResponseSchemaUrnIetfParamsScimApiMessages20ListResponse}}, nil
}

// scimPage reads startIndex (1-based) and count and bounds them to total.
func scimPage(c *call, total int) (lo, hi int, start int64, err error) {
	start, err = c.queryInt("startIndex", 1)
	if err != nil {
		return 0, 0, 0, err
	}
	count, err := c.queryInt("count", 10000)
	if err != nil {
		return 0, 0, 0, err
	}
	start = max(start, 1)
	lo = min(int(start-1), total)
	hi = min(lo+int(max(count, 0)), total)
	return lo, hi, start, nil
}
