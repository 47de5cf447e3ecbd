package clusters

import (
	"slices"
	"strconv"
	"strings"
)

// sharedMaps hands out one map per distinct content among the small maps a
// listing decodes (custom tags, termination parameters): thousands of rows
// carry the same few tag sets, and each decoded page brings its own copies.
// The rows never change these maps. It lives for one listing and stops
// adding after maxSharedMaps contents (tags unique to each cluster gain
// nothing).
type sharedMaps map[string]map[string]string

const maxSharedMaps = 4096

func (s sharedMaps) of(m map[string]string) map[string]string {
	if len(m) == 0 || len(m) > 16 {
		return m
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys { // length-prefixed: no tag text can make two contents one key
		v := m[k]
		b.WriteString(strconv.Itoa(len(k)))
		b.WriteByte(':')
		b.WriteString(k)
		b.WriteString(strconv.Itoa(len(v)))
		b.WriteByte(':')
		b.WriteString(v)
	}
	key := b.String()
	if c, ok := s[key]; ok {
		return c
	}
	if len(s) < maxSharedMaps {
		s[key] = m
	}
	return m
}
