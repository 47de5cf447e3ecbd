package app

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/app/bridge"
)

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// Every method the page can call returns an error last, so the page always
// learns of a failure (as a formatted UIError) instead of a zero value.
func TestBoundMethodsReturnAnError(t *testing.T) {
	a := New(Deps{Emitter: bridge.NewHub(nil)})
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
	a := New(Deps{Emitter: bridge.NewHub(nil)})
	_, err := bridge.New(bridge.Config{Bound: a.Bindings(), FormatErr: a.FormatError})
	require.NoError(t, err)
}
