package policyeval

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckDefinition(t *testing.T) {
	type want struct {
		line, col  int
		path       string
		field      string
		sev        Severity
		contains   string
		suggestion string
	}
	cases := []struct {
		name string
		doc  string
		want []want
	}{
		{name: "empty document", doc: "  ", want: nil},
		{name: "a sound definition", doc: `{
  "spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
  "custom_tags.team": {"type": "fixed", "value": "de"},
  "autoscale.min_workers": {"type": "range", "minValue": 1, "maxValue": 4, "defaultValue": 2},
  "aws_attributes.availability": {"type": "allowlist", "values": ["SPOT", "ON_DEMAND"]},
  "init_scripts.*.workspace.destination": {"type": "regex", "pattern": "/Shared/.*"},
  "init_scripts.0.volumes.destination": {"type": "fixed", "value": "/Volumes/a/b/c.sh"},
  "spark_version": {"type": "regex", "pattern": "1[5-7]\\..*", "defaultValue": "auto:latest-lts"},
  "cluster_type": {"type": "fixed", "value": "job"},
  "dbus_per_hour": {"type": "range", "maxValue": 10},
  "instance_pool_id": {"type": "forbidden", "hidden": true},
  "runtime_engine": {"type": "fixed", "value": "PHOTON", "hidden": true}
}`},
		{name: "syntax error at its line", doc: "{\n  \"num_workers\": {\"type\": \"fixed\" \"value\": 1}\n}",
			want: []want{{line: 2, col: 35, sev: SeverityError, contains: "not valid JSON"}}},
		{name: "not an object", doc: `[1]`, want: []want{{line: 1, col: 1, sev: SeverityError, contains: "JSON object of attribute paths"}}},
		{name: "unknown path with a suggestion", doc: "{\n  \"autotermination_minute\": {\"type\": \"unlimited\"}\n}",
			want: []want{{line: 2, col: 3, path: "autotermination_minute", sev: SeverityError, contains: "Did you mean autotermination_minutes?", suggestion: "autotermination_minutes"}}},
		{name: "unknown nested path keeps the index", doc: `{"init_scripts.0.workspace.destinaton": {"type": "unlimited", "isOptional": true}}`,
			want: []want{{line: 1, col: 2, path: "init_scripts.0.workspace.destinaton", sev: SeverityError, suggestion: "init_scripts.0.workspace.destination"}}},
		{name: "nothing near", doc: `{"zzzzzzzzzzzzzzzzzzzzzzzz": {"type": "forbidden"}}`,
			want: []want{{line: 1, col: 2, path: "zzzzzzzzzzzzzzzzzzzzzzzz", sev: SeverityError, contains: "not an attribute"}}},
		{name: "an object path", doc: `{"autoscale": {"type": "forbidden"}}`,
			want: []want{{line: 1, col: 2, path: "autoscale", sev: SeverityError, contains: "autoscale.max_workers"}}},
		{name: "unknown rule type at type", doc: "{\"num_workers\": {\n  \"type\": \"limit\", \"maxValue\": 3}}",
			want: []want{{line: 2, col: 3, path: "num_workers", field: "type", sev: SeverityError, contains: `Unknown rule type "limit"`}}},
		{name: "invalid regex at pattern", doc: `{"cluster_name": {"type": "regex", "pattern": "(a"}}`,
			want: []want{{line: 1, col: 36, path: "cluster_name", field: "pattern", sev: SeverityError, contains: "Bad pattern"}}},
		{name: "range min above max", doc: `{"num_workers": {"type": "range", "maxValue": 2, "minValue": 5}}`,
			want: []want{{line: 1, col: 50, path: "num_workers", field: "minValue", sev: SeverityError, contains: "minValue 5 is above maxValue 2"}}},
		{name: "default outside its range", doc: `{"num_workers": {"type": "range", "maxValue": 4, "defaultValue": 8}}`,
			want: []want{{line: 1, col: 50, path: "num_workers", field: "defaultValue", sev: SeverityError, contains: "breaks its own rule"}}},
		{name: "default not allowed", doc: `{"node_type_id": {"type": "allowlist", "values": ["a"], "defaultValue": "b"}}`,
			want: []want{{path: "node_type_id", field: "defaultValue", sev: SeverityError, contains: "breaks its own rule"}}},
		{name: "default blocked", doc: `{"node_type_id": {"type": "blocklist", "values": ["a"], "defaultValue": "a"}}`,
			want: []want{{path: "node_type_id", field: "defaultValue", sev: SeverityError}}},
		{name: "default not matching", doc: `{"cluster_name": {"type": "regex", "pattern": "team-.*", "defaultValue": "mine"}}`,
			want: []want{{path: "cluster_name", field: "defaultValue", sev: SeverityError}}},
		{name: "hidden and required with no default", doc: `{"node_type_id": {"type": "allowlist", "values": ["a"], "hidden": true}}`,
			want: []want{{path: "node_type_id", field: "hidden", sev: SeverityError, contains: "nobody can fill it in"}}},
		{name: "fixed ignores a default and isOptional", doc: `{"num_workers": {"type": "fixed", "value": 1, "defaultValue": 2, "isOptional": true}}`,
			want: []want{{path: "num_workers", field: "defaultValue", sev: SeverityWarning, contains: "ignores defaultValue"},
				{path: "num_workers", field: "isOptional", sev: SeverityWarning, contains: "ignores isOptional"}}},
		{name: "forbidden with a value", doc: `{"instance_pool_id": {"type": "forbidden", "value": "x"}}`,
			want: []want{{path: "instance_pool_id", field: "value", sev: SeverityWarning}}},
		{name: "a misspelt rule field", doc: `{"num_workers": {"type": "range", "maxvalue": 3}}`,
			want: []want{{path: "num_workers", field: "maxvalue", sev: SeverityWarning, suggestion: "maxValue"}}},
		{name: "a field of the wrong type", doc: `{"num_workers": {"type": "range", "maxValue": "3"}}`,
			want: []want{{path: "num_workers", field: "maxValue", sev: SeverityError, contains: "wrong type"}}},
		{name: "fixed without value", doc: `{"num_workers": {"type": "fixed"}}`,
			want: []want{{path: "num_workers", field: "type", sev: SeverityError, contains: "needs a value"}}},
		{name: "a rule that is not an object", doc: `{"num_workers": 3}`,
			want: []want{{path: "num_workers", sev: SeverityError, contains: "must be an object"}}},
		{name: "written twice", doc: "{\"num_workers\": {\"type\": \"unlimited\"},\n\"num_workers\": {\"type\": \"unlimited\"}}",
			want: []want{{line: 2, col: 1, path: "num_workers", sev: SeverityWarning, contains: "written twice"}}},
		{name: "a cluster type that does not exist", doc: `{"cluster_type": {"type": "fixed", "value": "batch"}}`,
			want: []want{{path: "cluster_type", field: "value", sev: SeverityError, contains: "all-purpose, job or dlt"}}},
		{name: "columns count UTF-16 units", doc: "{\"custom_tags.é😀\": {\"type\": \"fixed\", \"value\": \"x\"}, \"nope\": {\"type\": \"unlimited\"}}",
			want: []want{{line: 1, col: 54, path: "nope", sev: SeverityError}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := CheckDefinition(c.doc)
			require.Len(t, got, len(c.want), "%+v", got)
			for i, w := range c.want {
				g := got[i]
				if w.line != 0 {
					assert.Equal(t, w.line, g.Line, "line")
					assert.Equal(t, w.col, g.Column, "column")
				}
				assert.Equal(t, w.path, g.Path)
				assert.Equal(t, w.field, g.Field)
				assert.Equal(t, w.sev, g.Severity)
				assert.Contains(t, g.Message, w.contains)
				assert.Equal(t, w.suggestion, g.Suggestion)
			}
		})
	}
}

func TestEveryRuleTheParserRefusesIsAnErrorOfTheChecker(t *testing.T) {
	for _, doc := range []string{
		`{"num_workers": {"type": "range", "minValue": 3, "maxValue": 1}}`,
		`{"cluster_name": {"type": "regex", "pattern": "["}}`,
		`{"num_workers": {"type": "nope"}}`,
		`{"node_type_id": {"type": "allowlist"}}`,
		`{"num_workers": {"type": "fixed", "value": [1]}}`,
	} {
		_, err := ParseDefinition(doc)
		require.Error(t, err, doc)
		errs := 0
		for _, p := range CheckDefinition(doc) {
			if p.Severity == SeverityError {
				errs++
			}
		}
		assert.Positive(t, errs, doc)
	}
}

func TestAttributeCatalogueFollowsTheSDK(t *testing.T) {
	for path, kind := range map[string]AttributeKind{
		"spark_conf.spark.sql.shuffle.partitions": LeafAttribute,
		"custom_tags.cost-center":                 LeafAttribute,
		"autoscale.min_workers":                   LeafAttribute,
		"aws_attributes.zone_id":                  LeafAttribute,
		"init_scripts.*.workspace.destination":    LeafAttribute,
		"init_scripts.3.s3.region":                LeafAttribute,
		"ssh_public_keys.0":                       LeafAttribute,
		"cluster_log_conf.path":                   LeafAttribute,
		"docker_image":                            ObjectAttribute,
		"autoscale.nope":                          UnknownAttribute,
		"force_send_fields":                       UnknownAttribute,
	} {
		assert.Equal(t, kind, Attribute(path), path)
	}
}
