package clusterspec

import (
	"sort"
	"strings"
	"unicode"
)

// defaultTags are added by Databricks to every cluster; a custom tag may
// not take their keys.
var defaultTags = []string{"Vendor", "Creator", "ClusterName", "ClusterId", "Name"}

// reservedPrefixes are tag key prefixes the clouds keep for themselves.
var reservedPrefixes = []string{"aws:", "azure", "microsoft", "windows", "goog"}

// badTagChars are refused in tag keys by at least one cloud (Azure).
const badTagChars = `<>%&\?`

func (v *validator) tags() {
	v.out = append(v.out, CheckTags(v.spec.CustomTags, TagRules{Max: MaxCustomTags, Noun: "cluster", Reserved: defaultTags})...)
}

// TagRules are what differs between the kinds that carry custom tags
// (clusters, instance pools): how many, and which keys Databricks sets itself.
type TagRules struct {
	Max      int
	Noun     string   // "cluster", "pool": in messages
	Reserved []string // keys Databricks sets on every resource of the kind
}

// CheckTags checks custom tags against the clouds' tag-key rules: the one
// place these rules live, for clusters and pools alike.
func CheckTags(tags map[string]string, r TagRules) []Violation {
	v := &validator{}
	if len(tags) > r.Max {
		v.add(Error, "custom_tags", "too_many_tags", "A %s can have at most %d custom tags (has %d).", r.Noun, r.Max, len(tags))
	}
	keys := make([]string, 0, len(tags))
	for k := range tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		path := "custom_tags." + k
		lower := strings.ToLower(k)
		switch {
		case strings.TrimSpace(k) == "":
			v.add(Error, "custom_tags", "tag_key_empty", "A tag key is empty.")
		case len([]rune(k)) > MaxTagKeyLength:
			v.add(Error, path, "tag_key_too_long", "Tag key %q is longer than %d characters.", k, MaxTagKeyLength)
		case strings.ContainsAny(k, badTagChars) || strings.IndexFunc(k, unicode.IsControl) >= 0:
			v.add(Error, path, "tag_key_chars", "Tag key %q must not contain any of %s or control characters.", k, badTagChars)
		case isReservedTag(k, r.Reserved):
			v.add(Error, path, "tag_key_reserved", "Tag key %q is set by Databricks on every %s; use another key.", k, r.Noun)
		case hasReservedPrefix(lower):
			v.add(Error, path, "tag_key_prefix", "Tag key %q starts with a prefix the cloud provider reserves.", k)
		}
		if val := tags[k]; len([]rune(val)) > MaxTagValueLength {
			v.add(Error, path, "tag_value_too_long", "The value of tag %q is longer than %d characters.", k, MaxTagValueLength)
		} else if strings.IndexFunc(val, unicode.IsControl) >= 0 {
			v.add(Error, path, "tag_value_chars", "The value of tag %q must not contain control characters.", k)
		}
	}
	return v.out
}

func isReservedTag(k string, reserved []string) bool {
	for _, d := range reserved {
		if strings.EqualFold(k, d) {
			return true
		}
	}
	return false
}

func hasReservedPrefix(lower string) bool {
	for _, p := range reservedPrefixes {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}
