package policyeval

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

func isScalar(v any) bool {
	switch v.(type) {
	case nil, string, bool, json.Number, float64, int, int64:
		return true
	}
	return false
}

// Text is how a JSON value reads in a message and how values compare: the
// service converts every value to its string form ("true", "4", "4.5").
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		if f, err := x.Float64(); err == nil && !math.IsInf(f, 0) {
			return formatNumber(f)
		}
		return x.String()
	case float64:
		return formatNumber(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case []any, map[string]any:
		b, err := json.Marshal(x)
		if err != nil {
			return ""
		}
		return string(b)
	default:
		return ""
	}
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// sameValue compares two JSON values as the service does: by string form,
// numbers by value (4 equals 4.0).
func sameValue(a, b any) bool {
	_, as := a.(string)
	_, bs := b.(string)
	if as && bs {
		return a == b
	}
	if fa, ok := number(a); ok {
		if fb, ok := number(b); ok {
			return fa == fb
		}
	}
	return Text(a) == Text(b)
}

// number reads a numeric value, accepting numeric strings as the service
// does for range limits.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case string:
		s := strings.TrimSpace(x)
		if s == "" {
			return 0, false
		}
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return 0, false
}

func listText(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = Text(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
