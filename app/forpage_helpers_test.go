package app

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sample builds a value of typ whose pointers are filled in and whose slices
// and maps hold one element down to depth levels of lists and are nil below.
func sample(typ reflect.Type, depth int, onPath map[reflect.Type]bool) reflect.Value {
	v := reflect.New(typ).Elem()
	if onPath[typ] {
		return v // a recursive type: stop here
	}
	onPath[typ] = true
	defer delete(onPath, typ)
	switch typ.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(typ.Elem()))
		v.Elem().Set(sample(typ.Elem(), depth, onPath))
	case reflect.Struct:
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				v.Field(i).Set(sample(f.Type, depth, onPath))
			}
		}
	case reflect.Slice:
		if depth > 0 && typ.Elem().Kind() != reflect.Uint8 {
			v.Set(reflect.Append(v, sample(typ.Elem(), depth-1, onPath)))
		}
	case reflect.Map:
		if depth > 0 && typ.Key().Kind() == reflect.String {
			v.Set(reflect.MakeMap(typ))
			v.SetMapIndex(reflect.ValueOf("k").Convert(typ.Key()), sample(typ.Elem(), depth-1, onPath))
		}
	}
	return v
}

// nullLists walks doc (typ marshalled) and names each list or object that is null.
func nullLists(typ reflect.Type, doc any, path string) []string {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	switch typ.Kind() {
	case reflect.Slice, reflect.Map:
		if typ.Kind() == reflect.Slice && typ.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		if doc == nil {
			return []string{path}
		}
		var out []string
		switch d := doc.(type) {
		case []any:
			for i, e := range d {
				out = append(out, nullLists(typ.Elem(), e, fmt.Sprintf("%s[%d]", path, i))...)
			}
		case map[string]any:
			for k, e := range d {
				out = append(out, nullLists(typ.Elem(), e, path+"."+k)...)
			}
		}
		return out
	case reflect.Struct:
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil
		}
		var out []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case !f.IsExported() || name == "-":
				continue
			case f.Anonymous && name == "":
				out = append(out, nullLists(f.Type, doc, path)...)
				continue
			case name == "":
				name = f.Name
			}
			if e, present := obj[name]; present {
				out = append(out, nullLists(f.Type, e, path+"."+name)...)
			}
		}
		return out
	}
	return nil
}

// holdsList reports whether a value of typ can hold a slice or a map.
func holdsList(typ reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[typ] {
		return false
	}
	seen[typ] = true
	switch typ.Kind() {
	case reflect.Slice, reflect.Map, reflect.Interface:
		return true
	case reflect.Pointer, reflect.Array:
		return holdsList(typ.Elem(), seen)
	case reflect.Struct:
		for i := range typ.NumField() {
			if typ.Field(i).IsExported() && holdsList(typ.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// methodDecls parses the package's sources: "Receiver.Method" → declaration.
func methodDecls(t *testing.T) map[string]*ast.FuncDecl {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	out := map[string]*ast.FuncDecl{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, name, src, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			recv := fn.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if id, ok := recv.(*ast.Ident); ok {
				out[id.Name+"."+fn.Name.Name] = fn
			}
		}
	}
	return out
}

// shaped: the expression is a call to the named shaper.
func shaped(e ast.Expr, shaper string) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name == shaper
	case *ast.IndexExpr: // forPage[T](...)
		id, ok := f.X.(*ast.Ident)
		return ok && id.Name == shaper
	}
	return false
}

// zeroLit: nil, T{}, &T{}, a basic literal or false.
func zeroLit(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "nil" || x.Name == "false"
	case *ast.BasicLit:
		return true
	case *ast.CompositeLit:
		return len(x.Elts) == 0
	case *ast.UnaryExpr:
		return x.Op == token.AND && zeroLit(x.X)
	}
	return false
}

func isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}
