// Package sparkversion reads Databricks Runtime keys ("16.4.x-scala2.12")
// and resolves the policy aliases (auto:latest-lts, ...) against the list a
// workspace offers, so checks made offline see the runtime the server would
// pick.
package sparkversion

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Aliases are the special spark_version values a policy or spec may use.
var Aliases = []string{
	"auto:latest", "auto:latest-ml", "auto:latest-lts", "auto:latest-lts-ml",
	"auto:prev-major", "auto:prev-major-ml", "auto:prev-lts", "auto:prev-lts-ml",
}

// IsAlias reports whether v is one of Aliases.
func IsAlias(v string) bool {
	for _, a := range Aliases {
		if v == a {
			return true
		}
	}
	return false
}

// Runtime is a parsed runtime key.
type Runtime struct {
	Key     string
	Name    string
	Major   int
	Minor   int
	Variant string // "" (standard), "cpu-ml", "gpu-ml", "photon", "aarch64", ...
	Scala   string
	LTS     bool
	Beta    bool
}

var keyPattern = regexp.MustCompile(`^(\d+)\.(\d+)\.x-(?:(.+)-)?scala(\d+\.\d+)$`)

// Parse reads a runtime key; ok is false for keys of another shape
// (custom images, aliases).
func Parse(v compute.SparkVersion) (Runtime, bool) {
	m := keyPattern.FindStringSubmatch(v.Key)
	if m == nil {
		return Runtime{}, false
	}
	major, err1 := strconv.Atoi(m[1])
	minor, err2 := strconv.Atoi(m[2])
	if err1 != nil || err2 != nil {
		return Runtime{}, false
	}
	name := strings.ToUpper(v.Name)
	return Runtime{
		Key: v.Key, Name: v.Name, Major: major, Minor: minor, Variant: m[3], Scala: m[4],
		LTS: strings.Contains(name, "LTS"), Beta: strings.Contains(name, "BETA"),
	}, true
}

// IsGPU reports whether a runtime key is a GPU runtime.
func IsGPU(key string) bool { return strings.Contains(key, "-gpu-") }

// Resolve maps an alias to a key of versions; a plain key is returned as is
// when listed. ok is false when the value is neither listed nor resolvable.
func Resolve(value string, versions []compute.SparkVersion) (string, bool) {
	for _, v := range versions {
		if v.Key == value {
			return value, true
		}
	}
	if !IsAlias(value) {
		return "", false
	}
	alias := strings.TrimPrefix(value, "auto:")
	ml := strings.HasSuffix(alias, "-ml")
	alias = strings.TrimSuffix(alias, "-ml")
	want := ""
	if ml {
		want = "cpu-ml"
	}
	var rs []Runtime
	for _, v := range versions {
		r, ok := Parse(v)
		if ok && !r.Beta && r.Variant == want {
			rs = append(rs, r)
		}
	}
	// Newest first; the higher Scala first among equal versions.
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Major != rs[j].Major {
			return rs[i].Major > rs[j].Major
		}
		if rs[i].Minor != rs[j].Minor {
			return rs[i].Minor > rs[j].Minor
		}
		return rs[i].Scala > rs[j].Scala
	})
	if len(rs) == 0 {
		return "", false
	}
	switch alias {
	case "latest":
		return rs[0].Key, true
	case "latest-lts", "prev-lts":
		var lts []Runtime
		for _, r := range rs {
			// One entry per release line, whatever its Scala variants.
			if r.LTS && (len(lts) == 0 || lts[len(lts)-1].Major != r.Major || lts[len(lts)-1].Minor != r.Minor) {
				lts = append(lts, r)
			}
		}
		i := 0
		if alias == "prev-lts" {
			i = 1
		}
		if i < len(lts) {
			return lts[i].Key, true
		}
	case "prev-major":
		for _, r := range rs {
			if r.Major < rs[0].Major {
				return r.Key, true
			}
		}
	}
	return "", false
}
