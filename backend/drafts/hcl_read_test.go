package drafts

import (
	"math/big"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"
)

var repeatedBlocks = map[string]bool{"init_scripts": true, "library": true}

func hclBody(t *testing.T, b hcl.Body) *hclsyntax.Body {
	t.Helper()
	sb, ok := b.(*hclsyntax.Body)
	require.True(t, ok)
	return sb
}

func hclObject(t *testing.T, b *hclsyntax.Body) map[string]any {
	t.Helper()
	out := map[string]any{}
	for name, attr := range b.Attributes {
		v, diags := attr.Expr.Value(nil)
		require.False(t, diags.HasErrors(), "%s: %s", name, diags.Error())
		out[name] = ctyToGo(t, v)
	}
	for _, blk := range b.Blocks {
		obj := hclObject(t, blk.Body)
		if repeatedBlocks[blk.Type] {
			list, _ := out[blk.Type].([]any)
			out[blk.Type] = append(list, obj)
			continue
		}
		require.NotContains(t, out, blk.Type, "block %s appears once", blk.Type)
		out[blk.Type] = obj
	}
	return out
}

func ctyToGo(t *testing.T, v cty.Value) any {
	t.Helper()
	ty := v.Type()
	switch {
	case ty == cty.String:
		return v.AsString()
	case ty == cty.Bool:
		return v.True()
	case ty == cty.Number:
		f, _ := v.AsBigFloat().Float64()
		if i, acc := v.AsBigFloat().Int(nil); acc == big.Exact {
			return i.Int64()
		}
		return f
	case ty.IsMapType() || ty.IsObjectType():
		m := map[string]any{}
		for k, x := range v.AsValueMap() {
			m[k] = ctyToGo(t, x)
		}
		return m
	case ty.IsListType() || ty.IsTupleType():
		var l []any
		for _, x := range v.AsValueSlice() {
			l = append(l, ctyToGo(t, x))
		}
		return l
	}
	t.Fatalf("unexpected HCL type %s", ty.FriendlyName())
	return nil
}
