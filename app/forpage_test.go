package app

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type pageInner struct {
	Tags  []string          `json:"tags"`
	Attrs map[string]string `json:"attrs"`
}

type pageOuter struct {
	Items  []pageInner            `json:"items"`
	Ptr    *pageInner             `json:"ptr"`
	ByName map[string][]pageInner `json:"byName"`
	Raw    json.RawMessage        `json:"raw,omitempty"`
	Any    any                    `json:"any"`
	hidden []string
}

func TestForPageMakesNilListsEmpty(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"nil slice", forPage([]string(nil)), `[]`},
		{"nil map", forPage(map[string]int(nil)), `{}`},
		{"zero struct", forPage(pageOuter{}), `{"items":[],"ptr":null,"byName":{},"any":null}`},
		{"nested", forPage(pageOuter{Items: []pageInner{{}}, Ptr: &pageInner{}, ByName: map[string][]pageInner{"a": nil}, Any: pageInner{}}),
			`{"items":[{"tags":[],"attrs":{}}],"ptr":{"tags":[],"attrs":{}},"byName":{"a":[]},"any":{"tags":[],"attrs":{}}}`},
		{"pointer", forPage(&pageInner{}), `{"tags":[],"attrs":{}}`},
		{"raw JSON kept", forPage(pageOuter{Raw: json.RawMessage(`{"x":1}`)}), `{"items":[],"ptr":null,"byName":{},"raw":{"x":1},"any":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.in)
			require.NoError(t, err)
			assert.JSONEq(t, tt.want, string(got))
		})
	}
}

// The copy leaves the caller's value alone and keeps values that are set.
func TestForPageCopies(t *testing.T) {
	in := pageOuter{Items: []pageInner{{Tags: []string{"a"}}}, hidden: []string{"h"}}
	out := forPage(in)
	assert.Nil(t, in.Items[0].Attrs)
	assert.Equal(t, []string{"a"}, out.Items[0].Tags)
	assert.Equal(t, []string{"h"}, out.hidden)
	out.Items[0].Tags[0] = "b"
	assert.Equal(t, "a", in.Items[0].Tags[0])
}
