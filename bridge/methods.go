// Package bridge serves the objects the desktop app binds to Wails over a
// loopback HTTP server, so the built page can run in an ordinary browser
// against the real Go backend (the end-to-end tests use it). It follows
// Wails' own binding rules: the same method names ("pkg.Struct.Method"), the
// same positional JSON arguments and the same error formatter, so the
// generated bindings work unchanged and the two transports cannot drift.
package bridge

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// ErrUnknownMethod is returned for a name that no bound object has.
var ErrUnknownMethod = errors.New("method not registered")

// ErrBadArguments is returned when the arguments do not fit the method.
var ErrBadArguments = errors.New("error parsing arguments")

type method struct {
	name   string
	fn     reflect.Value
	inputs []reflect.Type
	outs   []reflect.Type
}

// methodTable holds every exported method of the bound struct pointers.
type methodTable map[string]*method

func newMethodTable(bound []any) (methodTable, error) {
	table := methodTable{}
	for _, obj := range bound {
		t := reflect.TypeOf(obj)
		if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
			return nil, fmt.Errorf("bind %T: not a pointer to a struct", obj)
		}
		structName := t.Elem().Name()
		// Wails names a method after the package *name* (not path), as
		// reflect prints it: "app.Shell" -> "app".
		pkg := strings.TrimSuffix(t.Elem().String(), "."+structName)
		v := reflect.ValueOf(obj)
		for i := 0; i < t.NumMethod(); i++ {
			m := t.Method(i)
			fn := v.Method(i)
			ft := fn.Type()
			if ft.NumOut() > 2 {
				return nil, fmt.Errorf("bind %s.%s: more than two return values", structName, m.Name)
			}
			entry := &method{name: pkg + "." + structName + "." + m.Name, fn: fn}
			for j := 0; j < ft.NumIn(); j++ {
				entry.inputs = append(entry.inputs, ft.In(j))
			}
			for j := 0; j < ft.NumOut(); j++ {
				entry.outs = append(entry.outs, ft.Out(j))
			}
			table[entry.name] = entry
		}
	}
	return table, nil
}

// names lists the bound methods, sorted, for the page shim.
func (t methodTable) names() []string {
	out := make([]string, 0, len(t))
	for n := range t {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// call decodes args and runs the method, mirroring Wails' dispatcher: the
// argument count must match, a lone error result fails the call, and a
// (T, error) pair returns T unless error is non-nil.
func (t methodTable) call(name string, args []json.RawMessage) (any, error) {
	m, ok := t[name]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownMethod, name)
	}
	if len(args) != len(m.inputs) {
		return nil, fmt.Errorf("%w: %s takes %d arguments, got %d", ErrBadArguments, name, len(m.inputs), len(args))
	}
	in := make([]reflect.Value, len(args))
	for i, raw := range args {
		ptr := reflect.New(m.inputs[i])
		if err := json.Unmarshal(raw, ptr.Interface()); err != nil {
			return nil, fmt.Errorf("%w: argument %d of %s: %w", ErrBadArguments, i+1, name, err)
		}
		in[i] = ptr.Elem()
	}
	out := m.fn.Call(in)
	var result any
	for i, v := range out {
		if m.outs[i] == errorType {
			if !v.IsNil() {
				return nil, v.Interface().(error)
			}
			continue
		}
		result = v.Interface()
	}
	return result, nil
}
