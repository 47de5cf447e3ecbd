package clusterspec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specTypes are the SDK types a spec document decodes into.
var specTypes = map[string]bool{"ClusterSpec": true, "CreateCluster": true, "EditCluster": true}

// specDecodes finds, in the files of one package, every JSON decode whose
// target is a spec type: json.Unmarshal(b, T) or x.Decode(T), where T is
// &v or v for a variable, parameter or struct field declared as
// compute.ClusterSpec (CreateCluster, EditCluster; also a pointer or slice
// of one), or a literal of one (&compute.ClusterSpec{},
// new(compute.ClusterSpec)). It reads declarations, not types: a value
// that reaches json through an interface is not seen.
func specDecodes(fset *token.FileSet, files []*ast.File) []string {
	specFields := map[string]map[string]bool{} // struct type → its fields of a spec type
	for _, f := range files {
		isSpec := specTypeIn(f)
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if st, ok := ts.Type.(*ast.StructType); ok {
					specFields[ts.Name.Name] = map[string]bool{}
					for name, t := range fieldTypes(st.Fields) {
						specFields[ts.Name.Name][name] = isSpec(t)
					}
				}
			}
			return true
		})
	}
	var out []string
	for _, f := range files {
		isSpec, jsonName := specTypeIn(f), importName(f, "encoding/json")
		pkgVars := map[string]ast.Expr{}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok {
				declare(g, pkgVars)
			}
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			vars := maps.Clone(pkgVars) // name → declared type in this function, closures included
			for _, fl := range []*ast.FieldList{fn.Recv, fn.Type.Params, fn.Type.Results} {
				maps.Copy(vars, fieldTypes(fl))
			}
			declare(fn.Body, vars)
			isTarget := func(e ast.Expr) bool {
				e = ast.Unparen(e)
				if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
					e = ast.Unparen(u.X)
				}
				switch x := e.(type) {
				case *ast.Ident:
					return isSpec(vars[x.Name])
				case *ast.SelectorExpr: // v.Field of a struct declared in the package
					owner := ast.Expr(nil)
					if id, ok := x.X.(*ast.Ident); ok {
						owner = vars[id.Name]
					}
					if star, ok := owner.(*ast.StarExpr); ok {
						owner = star.X
					}
					name, ok := owner.(*ast.Ident)
					return ok && specFields[name.Name][x.Sel.Name]
				}
				return isSpec(typeOfValue(e))
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				var target ast.Expr
				if pkg, ok := sel.X.(*ast.Ident); ok && jsonName != "" && pkg.Name == jsonName && sel.Sel.Name == "Unmarshal" && len(call.Args) == 2 {
					target = call.Args[1]
				} else if sel.Sel.Name == "Decode" && len(call.Args) == 1 {
					target = call.Args[0]
				}
				if target != nil && isTarget(target) {
					out = append(out, fset.Position(call.Pos()).String())
				}
				return true
			})
		}
	}
	return out
}

// specTypeIn says, for type expressions of file f, whether one is a spec
// type (through a pointer or slice), by the file's name for the SDK package.
func specTypeIn(f *ast.File) func(ast.Expr) bool {
	computeName := importName(f, "github.com/databricks/databricks-sdk-go/service/compute")
	return func(t ast.Expr) bool {
		for {
			switch x := t.(type) {
			case *ast.StarExpr:
				t = x.X
				continue
			case *ast.ArrayType:
				t = x.Elt
				continue
			case *ast.SelectorExpr:
				id, ok := x.X.(*ast.Ident)
				return ok && computeName != "" && id.Name == computeName && specTypes[x.Sel.Name]
			}
			return false
		}
	}
}

// declare records the declared type of every variable declared in n
// (nil when its declaration does not say).
func declare(n ast.Node, vars map[string]ast.Expr) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncType:
			maps.Copy(vars, fieldTypes(x.Params))
		case *ast.ValueSpec:
			for i, name := range x.Names {
				if x.Type != nil {
					vars[name.Name] = x.Type
				} else if i < len(x.Values) {
					vars[name.Name] = typeOfValue(x.Values[i])
				}
			}
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE && len(x.Lhs) == len(x.Rhs) {
				for i, l := range x.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						vars[id.Name] = typeOfValue(x.Rhs[i])
					}
				}
			}
		}
		return true
	})
}

func fieldTypes(fl *ast.FieldList) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	if fl == nil {
		return out
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			out[n.Name] = f.Type
		}
	}
	return out
}

// typeOfValue is the type a value expression plainly has: T{…}, &T{…},
// new(T); nil when it does not say.
func typeOfValue(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.CompositeLit:
		return x.Type
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return typeOfValue(x.X)
		}
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "new" && len(x.Args) == 1 {
			return x.Args[0]
		}
	}
	return nil
}

func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return path[strings.LastIndex(path, "/")+1:]
		}
	}
	return ""
}

// The guard's own rule, on small sources: what it must find and what it
// must leave alone.
func TestSpecDecodes(t *testing.T) {
	const head = "package p\nimport (\n\"encoding/json\"\n\"github.com/databricks/databricks-sdk-go/service/compute\"\n)\n"
	cases := []struct {
		name, src string
		found     int
	}{
		{"a local variable", `func f(b []byte) { var s compute.ClusterSpec; _ = json.Unmarshal(b, &s) }`, 1},
		{"a literal", `func f(b []byte) { s := compute.CreateCluster{}; _ = json.Unmarshal(b, &s) }`, 1},
		{"new", `func f(b []byte) { _ = json.Unmarshal(b, new(compute.EditCluster)) }`, 1},
		{"a pointer parameter", `func f(b []byte, s *compute.ClusterSpec) { _ = json.Unmarshal(b, s) }`, 1},
		{"a list", `func f(b []byte) { var s []compute.ClusterSpec; _ = json.Unmarshal(b, &s) }`, 1},
		{"a decoder", `func f(d *json.Decoder) { var s compute.ClusterSpec; _ = d.Decode(&s) }`, 1},
		{"a struct field", "type T struct{ Spec compute.ClusterSpec }\n" + `func f(b []byte) { var t T; _ = json.Unmarshal(b, &t.Spec) }`, 1},
		{"another SDK type", `func f(b []byte) { var p compute.CreateInstancePool; _ = json.Unmarshal(b, &p) }`, 0},
		{"a map", `func f(b []byte) { var m map[string]any; _ = json.Unmarshal(b, &m) }`, 0},
		{"a name another function declares as a spec", `func f() { var s compute.ClusterSpec; _ = s }
func g(b []byte) { var s map[string]any; _ = json.Unmarshal(b, &s) }`, 0},
		{"encoding", `func f(s compute.ClusterSpec) { _, _ = json.Marshal(s) }`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", head+c.src, 0)
			require.NoError(t, err)
			assert.Len(t, specDecodes(fset, []*ast.File{f}), c.found)
		})
	}
}
