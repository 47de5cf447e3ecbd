package policyeval

import (
	"encoding/json"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDefinitionErrors(t *testing.T) {
	cases := map[string]string{
		"not json":          `{`,
		"not an object":     `[1,2]`,
		"trailing":          `{} {}`,
		"no type":           `{"a":{}}`,
		"unknown type":      `{"a":{"type":"maybe"}}`,
		"fixed no value":    `{"a":{"type":"fixed"}}`,
		"empty allowlist":   `{"a":{"type":"allowlist","values":[]}}`,
		"bad regex":         `{"a":{"type":"regex","pattern":"("}}`,
		"min above max":     `{"a":{"type":"range","minValue":5,"maxValue":1}}`,
		"object value":      `{"a":{"type":"fixed","value":{"x":1}}}`,
		"empty path part":   `{"a..b":{"type":"forbidden"}}`,
		"empty map key":     `{"custom_tags.":{"type":"forbidden"}}`,
		"rule not object":   `{"a":"fixed"}`,
		"min not a number":  `{"a":{"type":"range","minValue":"x"}}`,
		"empty path":        `{"":{"type":"forbidden"}}`,
		"array in defaults": `{"a":{"type":"unlimited","defaultValue":[1]}}`,
	}
	for name, doc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ParseDefinition(doc)
			assert.ErrorIs(t, err, ErrInvalidDefinition)
		})
	}
	d, err := ParseDefinition("  ")
	require.NoError(t, err)
	assert.Equal(t, 0, d.Len())
}

func TestDefinitionRoundTripAndMerge(t *testing.T) {
	base := mustDef(t, `{"a":{"type":"fixed","value":1},"b":{"type":"range","maxValue":10,"defaultValue":4,"isOptional":true}}`)
	over := mustDef(t, `{"b":{"type":"range","maxValue":20},"c":{"type":"forbidden","hidden":true}}`)
	m := Merge(base, over)
	assert.Equal(t, []string{"a", "b", "c"}, m.Paths())
	b, ok := m.Rule("b")
	require.True(t, ok)
	assert.Equal(t, 20.0, *b.MaxValue)
	assert.Nil(t, b.DefaultValue, "an override replaces the whole rule")
	again, err := ParseDefinition(m.String())
	require.NoError(t, err)
	assert.Equal(t, m.Paths(), again.Paths())
	assert.Equal(t, 2, base.Len(), "merge leaves its inputs alone")
}

func TestConstraints(t *testing.T) {
	d := mustDef(t, `{
		"runtime_engine":{"type":"fixed","value":"PHOTON","hidden":true},
		"instance_pool_id":{"type":"forbidden","hidden":true},
		"node_type_id":{"type":"allowlist","values":["a","b"],"defaultValue":"a"},
		"spark_version":{"type":"regex","pattern":"16\\..*"},
		"autotermination_minutes":{"type":"range","minValue":10,"maxValue":120,"defaultValue":60},
		"autoscale.max_workers":{"type":"range","maxValue":8,"isOptional":true},
		"custom_tags.team":{"type":"unlimited"},
		"node_type_id_blocked":{"type":"blocklist","values":["x"]},
		"init_scripts.*.volumes.destination":{"type":"regex","pattern":"/Volumes/.*"},
		"dbus_per_hour":{"type":"range","maxValue":10},
		"cluster_type":{"type":"fixed","value":"all-purpose"}}`)
	byPath := map[string]FieldConstraint{}
	for _, c := range d.Constraints() {
		byPath[c.Path] = c
	}
	assert.Equal(t, FieldConstraint{Path: "runtime_engine", Type: Fixed, Locked: true, Value: "PHOTON", Hidden: true, Hint: "Fixed by the policy: PHOTON"}, byPath["runtime_engine"])
	assert.Equal(t, FieldConstraint{Path: "instance_pool_id", Type: Forbidden, Forbidden: true, Hidden: true, Hint: "Not allowed by the policy"}, byPath["instance_pool_id"])
	assert.Equal(t, FieldConstraint{Path: "node_type_id", Type: Allowlist, Allowed: []any{"a", "b"}, Default: "a", Required: true, Hint: "One of: a, b"}, byPath["node_type_id"])
	assert.Equal(t, "16\\..*", byPath["spark_version"].Pattern)
	at := byPath["autotermination_minutes"]
	assert.Equal(t, 10.0, *at.Min)
	assert.Equal(t, 120.0, *at.Max)
	assert.Equal(t, json.Number("60"), at.Default)
	assert.Equal(t, "Between 10 and 120", at.Hint)
	assert.False(t, byPath["autoscale.max_workers"].Required)
	assert.Equal(t, "At most 8", byPath["autoscale.max_workers"].Hint)
	assert.True(t, byPath["custom_tags.team"].Required)
	assert.Equal(t, []any{"x"}, byPath["node_type_id_blocked"].Blocked)
	assert.True(t, byPath["init_scripts.*.volumes.destination"].Wildcard)
	assert.True(t, byPath["dbus_per_hour"].Virtual)
	assert.Equal(t, "At most 10 DBUs per hour (checked against an estimate)", byPath["dbus_per_hour"].Hint)

	c, ok := d.ConstraintFor("init_scripts.3.volumes.destination")
	require.True(t, ok)
	assert.Equal(t, "init_scripts.*.volumes.destination", c.Path)
	_, ok = d.ConstraintFor("init_scripts.3.workspace.destination")
	assert.False(t, ok)
	under := d.ConstraintsUnder("custom_tags")
	require.Len(t, under, 1)
	assert.Equal(t, "custom_tags.team", under[0].Path)
	assert.Len(t, d.ConstraintsUnder("init_scripts"), 1)
	assert.Empty(t, d.ConstraintsUnder("node_type"))
	c, ok = d.ConstraintFor("node_type_id")
	require.True(t, ok)
	assert.Equal(t, Allowlist, c.Type)
}

func TestPolicyFromAPIAndFamilies(t *testing.T) {
	families := []compute.PolicyFamily{{PolicyFamilyId: "personal-vm", Name: "Personal Compute",
		Definition: `{"node_type_id":{"type":"allowlist","values":["a","b"],"defaultValue":"a"},"cluster_type":{"type":"fixed","value":"all-purpose"},"autotermination_minutes":{"type":"unlimited","defaultValue":4320,"isOptional":true}}`}}
	p, err := FromAPI(compute.Policy{PolicyId: "p1", Name: "Mine", PolicyFamilyId: "personal-vm",
		PolicyFamilyDefinitionOverrides: `{"autotermination_minutes":{"type":"range","maxValue":60,"defaultValue":30}}`,
		MaxClustersPerUser:              1,
		Libraries:                       []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2"}}, {Maven: &compute.MavenLibrary{Coordinates: "org.jsoup:jsoup:1.7.2"}}},
	}, families)
	require.NoError(t, err)
	r, _ := p.Definition.Rule("autotermination_minutes")
	assert.Equal(t, Range, r.Type)
	_, ok := p.Definition.Rule("node_type_id")
	assert.True(t, ok)
	info := p.Info()
	assert.Equal(t, int64(1), info.MaxClustersPerUser)
	assert.Equal(t, []ClusterType{AllPurpose}, info.ClusterTypes)
	assert.Equal(t, []LibraryView{
		{Kind: "pypi", Label: "pandas==2.2.2", Library: p.Libraries[0]},
		{Kind: "maven", Label: "org.jsoup:jsoup:1.7.2", Library: p.Libraries[1]},
	}, info.Libraries)
	assert.Len(t, info.Constraints, 3)

	_, err = FromAPI(compute.Policy{PolicyFamilyId: "gone"}, families)
	assert.ErrorIs(t, err, ErrUnknownFamily)
	// The service returns family policies with the merged definition: used as is.
	p, err = FromAPI(compute.Policy{PolicyFamilyId: "gone", Definition: `{"a":{"type":"forbidden"}}`}, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, p.Definition.Paths())
}

func TestOfferedFor(t *testing.T) {
	cases := map[string][]ClusterType{
		`{}`: {AllPurpose, Job, DLT},
		`{"cluster_type":{"type":"fixed","value":"job"}}`:                {Job},
		`{"cluster_type":{"type":"allowlist","values":["job","dlt"]}}`:   {Job, DLT},
		`{"cluster_type":{"type":"blocklist","values":["all-purpose"]}}`: {Job, DLT},
		`{"cluster_type":{"type":"forbidden"}}`:                          nil,
	}
	for def, want := range cases {
		p := &Policy{Definition: mustDef(t, def)}
		assert.Equal(t, want, p.ClusterTypes(), def)
	}
}

func TestFromJSON(t *testing.T) {
	bare := `{"num_workers":{"type":"range","maxValue":4}}`
	p, err := FromJSON([]byte(bare), nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"num_workers"}, p.Definition.Paths())

	asAPI, _ := json.Marshal(map[string]any{"policy_id": "x", "name": "N", "definition": bare, "max_clusters_per_user": 2})
	p, err = FromJSON(asAPI, nil)
	require.NoError(t, err)
	assert.Equal(t, "N", p.Name)
	assert.Equal(t, int64(2), p.MaxClustersPerUser)
	assert.Equal(t, []string{"num_workers"}, p.Definition.Paths())

	inline := `{"name":"N","definition":` + bare + `}`
	p, err = FromJSON([]byte(inline), nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"num_workers"}, p.Definition.Paths())

	_, err = FromJSON([]byte(`nope`), nil)
	assert.ErrorIs(t, err, ErrInvalidDefinition)
	_, err = FromJSON([]byte(`{"definition":"{\"a\":{\"type\":\"x\"}}"}`), nil)
	assert.ErrorIs(t, err, ErrInvalidDefinition)
}
