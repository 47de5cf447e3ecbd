package clusters

import (
	"maps"
	"slices"
	"strings"
	"sync"
)

// sharedExplanations keeps one copy of each distinct explanation. Thousands
// of stopped clusters share a handful (idle for 30, 60 or 120 minutes), and
// each row kept its own, with the parameter map decoded for its cluster.
// Rows never change an explanation once made (RowOf finishes it first).
var sharedExplanations = &explanationPool{m: map[string]*Explanation{}}

// maxSharedExplanations bounds the pool; past it, it starts over (rows keep
// what they hold).
const maxSharedExplanations = 4096

type explanationPool struct {
	mu sync.Mutex
	m  map[string]*Explanation
}

// key says which explanations are equal: every field, parameters in order.
// The pool shares by it, and Delta.Wire sends each once by it.
func (e *Explanation) key() string {
	var b strings.Builder
	for _, s := range []string{e.Code, e.Type, e.Summary, e.Fix} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	if e.Failure {
		b.WriteByte('f')
	}
	if e.FixStarts {
		b.WriteByte('s')
	}
	for _, k := range slices.Sorted(maps.Keys(e.Params)) {
		b.WriteByte(0)
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(e.Params[k])
	}
	return b.String()
}

// one returns the pool's copy of an explanation equal to e (e itself the
// first time).
func (p *explanationPool) one(e *Explanation) *Explanation {
	key := e.key()
	p.mu.Lock()
	defer p.mu.Unlock()
	if found, ok := p.m[key]; ok {
		return found
	}
	if len(p.m) >= maxSharedExplanations {
		clear(p.m)
	}
	p.m[key] = e
	return e
}
