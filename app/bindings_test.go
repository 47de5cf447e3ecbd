package app

import (
	"encoding/json"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/bridge"
)

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// Every method the page can call returns an error last, so the page always
// learns of a failure (as a formatted UIError) instead of a zero value.
func TestBoundMethodsReturnAnError(t *testing.T) {
	a := New(Deps{Emitter: WireEmitter(bridge.NewHub(nil).Emit)})
	for _, obj := range a.Bindings() {
		typ := reflect.TypeOf(obj)
		for i := 0; i < typ.NumMethod(); i++ {
			m := typ.Method(i)
			t.Run(typ.Elem().Name()+"."+m.Name, func(t *testing.T) {
				n := m.Type.NumOut()
				require.GreaterOrEqual(t, n, 1, "returns nothing")
				assert.LessOrEqual(t, n, 2, "Wails allows at most (T, error)")
				assert.Equal(t, errorType, m.Type.Out(n-1), "last result must be error")
			})
		}
	}
}

// The bridge must accept exactly what the desktop binds.
func TestBridgeAcceptsTheBindings(t *testing.T) {
	a := New(Deps{Emitter: WireEmitter(bridge.NewHub(nil).Emit)})
	_, err := bridge.New(bridge.Config{Bound: a.Bindings(), FormatErr: a.FormatError})
	require.NoError(t, err)
}

// boundResults lists every bound method that returns a value besides its error.
func boundResults(t *testing.T) map[string]reflect.Type {
	t.Helper()
	out := map[string]reflect.Type{}
	for _, obj := range New(Deps{Emitter: WireEmitter(bridge.NewHub(nil).Emit)}).Bindings() {
		typ := reflect.TypeOf(obj)
		for i := range typ.NumMethod() {
			if m := typ.Method(i); m.Type.NumOut() == 2 {
				out[typ.Elem().Name()+"."+m.Name] = m.Type.Out(0)
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}

// Whatever a bound result holds, once through forPage no list or object in
// it reaches the page as null: each result type is built with nil slices
// and maps at every depth (pointers filled in), shaped, marshalled with
// encoding/json as Wails and the bridge do, and walked.
func TestBoundResultsCarryNoNullLists(t *testing.T) {
	for name, typ := range boundResults(t) {
		t.Run(name, func(t *testing.T) {
			for depth := range 4 {
				v := sample(typ, depth, map[reflect.Type]bool{})
				raw, err := json.Marshal(nonNil(v).Interface())
				require.NoError(t, err)
				var doc any
				require.NoError(t, json.Unmarshal(raw, &doc))
				assert.Empty(t, nullLists(typ, doc, "$"), "depth %d: %s", depth, raw)
			}
		})
	}
}

// pairShapers return a (result, error) pair shaped by forPage: forPageErr
// itself, and the helpers every facade calls through (call.go, pools.go).
var pairShapers = []string{"forPageErr", "call", "write", "withSpec", "withWarehouseSpec"}

// A new view cannot skip the shaping: every return of a bound method whose
// result can hold a list goes through forPage, unless it returns a zero
// value beside an error (the page then sees only the error).
func TestBoundResultsGoThroughForPage(t *testing.T) {
	decls := methodDecls(t)
	for name, typ := range boundResults(t) {
		if !holdsList(typ, map[reflect.Type]bool{}) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			fn, ok := decls[name]
			require.True(t, ok, "method declaration not found")
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit {
					return false // its returns are its own
				}
				ret, ok := n.(*ast.ReturnStmt)
				if !ok {
					return true
				}
				if len(ret.Results) == 1 {
					assert.True(t, slices.ContainsFunc(pairShapers, func(s string) bool { return shaped(ret.Results[0], s) }),
						"%s: return forPageErr(...)", types.ExprString(ret.Results[0]))
					return true
				}
				require.Len(t, ret.Results, 2)
				assert.True(t, shaped(ret.Results[0], "forPage") || (zeroLit(ret.Results[0]) && !isNil(ret.Results[1])),
					"%s: a result the page can see must be returned as forPage(...)", types.ExprString(ret.Results[0]))
				return true
			})
		})
	}
}
