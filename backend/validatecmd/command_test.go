package validatecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const teamPolicy = `{
  "node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"], "defaultValue": "Standard_DS3_v2"},
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 120, "defaultValue": 60},
  "custom_tags.team": {"type": "fixed", "value": "data-engineering"},
  "dbus_per_hour": {"type": "range", "maxValue": 5},
  "cluster_type": {"type": "fixed", "value": "all-purpose"}
}`

const goodSpec = `{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2",
  "num_workers": 2, "autotermination_minutes": 60, "custom_tags": {"team": "data-engineering"}}`

const badSpec = `{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_E8ds_v4",
  "num_workers": 8, "autotermination_minutes": 5}`

type env struct {
	t     *testing.T
	dir   string
	deps  Deps
	stdin string
}

func newEnv(t *testing.T) *env {
	dir := t.TempDir()
	paths := workspaces.Paths{Config: filepath.Join(dir, "config"), Cache: filepath.Join(dir, "cache"), Data: filepath.Join(dir, "data")}
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	return &env{t: t, dir: dir, deps: Deps{Paths: paths, Now: func() time.Time { return now }}}
}

func (e *env) file(name, content string) string {
	e.t.Helper()
	p := filepath.Join(e.dir, name)
	require.NoError(e.t, os.WriteFile(p, []byte(content), 0o600))
	return p
}

func (e *env) run(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	d := e.deps
	d.Stdin = strings.NewReader(e.stdin)
	code := RunCommand(context.Background(), args, &out, &errOut, d)
	return code, out.String(), errOut.String()
}

func TestValidateWithPolicyFile(t *testing.T) {
	e := newEnv(t)
	pol := e.file("policy.json", teamPolicy)

	code, out, errOut := e.run("--policy", pol, e.file("good.json", goodSpec))
	assert.Equal(t, ExitOK, code, errOut)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "OK: no violations")
	assert.Contains(t, errOut, "estimated 2.25 DBUs per hour (Estimate:")

	code, out, errOut = e.run(e.file("bad.json", badSpec), "--policy", pol) // flags after the spec too
	assert.Equal(t, ExitViolations, code)
	// A fixed value absent from the spec is filled in, not reported (custom_tags.team).
	assert.Equal(t, strings.Join([]string{
		`autotermination_minutes: Validation failed for autotermination_minutes, the value must be at least 10 (is 5)`,
		`node_type_id: Validation failed for node_type_id, the value must be one of [Standard_DS3_v2, Standard_DS4_v2] (is "Standard_E8ds_v4")`,
		`dbus_per_hour: Validation failed for dbus_per_hour, the value must be at most 5 (is 18) (estimated DBUs per hour)`, // checked last, as the service does
		`autotermination_minutes: Auto-termination must be 0 (off) or between 10 and 10000 minutes (is 5).`,
	}, "\n")+"\n", out)
	assert.Contains(t, errOut, "4 violation(s), 0 warning(s)")
}

func TestValidateOutputForms(t *testing.T) {
	e := newEnv(t)
	// A policy object as the API returns it, the definition as a string.
	obj, _ := json.Marshal(map[string]any{"policy_id": "ABC", "name": "Team", "definition": teamPolicy})
	pol := e.file("policy-object.json", string(obj))
	spec := e.file("bad.json", `{"cluster_name":"x","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1,"autotermination_minutes":500,"custom_tags":{"team":"data-engineering"}}`)

	code, out, _ := e.run("--policy", pol, "--format", "json", spec)
	assert.Equal(t, ExitViolations, code)
	var rep Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.False(t, rep.OK)
	assert.Equal(t, "Team", rep.Policy)
	assert.Equal(t, "all-purpose", rep.ClusterType)
	require.Len(t, rep.Findings, 1)
	assert.Equal(t, Finding{Path: "autotermination_minutes", Source: "policy", Severity: "error", Code: "above_max",
		Message: "Validation failed for autotermination_minutes, the value must be at most 120 (is 500)"}, rep.Findings[0])
	require.NotNil(t, rep.DBUsPerHour)
	assert.Equal(t, 1.5, rep.DBUsPerHour.DBUsPerHour)

	// Stdin, defaults applied as the spec asks, warnings do not fail.
	e.stdin = `{"apply_policy_default_values": true, "cluster_name": "x", "spark_version": "16.4.x-scala2.12", "num_workers": 0}`
	code, out, errOut := e.run("--policy", pol, "-")
	assert.Equal(t, ExitOK, code, out+errOut)
	assert.Equal(t, "num_workers: warning: With 0 workers and no single-node settings Spark has no executors: add workers or make it a single-node cluster.\n", out)
	assert.Contains(t, errOut, "OK: no violations, 1 warning(s)")

	// No policy: the API's rules only, said on stderr.
	code, out, errOut = e.run(e.file("noname.json", `{"spark_version":"16.4.x-scala2.12","node_type_id":"a","num_workers":1,"autotermination_minutes":60}`))
	assert.Equal(t, ExitViolations, code)
	assert.Equal(t, "cluster_name: Give the cluster a name.\n", out)
	assert.Contains(t, errOut, "no policy given")

	// A job's new_cluster is a job cluster: no name needed, job-only policies apply.
	jobPol := e.file("job-policy.json", `{"cluster_type":{"type":"fixed","value":"job"}}`)
	code, out, _ = e.run("--policy", jobPol, e.file("job.json", `{"new_cluster":{"spark_version":"16.4.x-scala2.12","node_type_id":"a","num_workers":1}}`))
	assert.Equal(t, ExitOK, code, out)
	code, out, _ = e.run("--policy", jobPol, e.file("ap.json", `{"cluster_name":"x","spark_version":"16.4.x-scala2.12","node_type_id":"a","num_workers":1,"autotermination_minutes":60}`))
	assert.Equal(t, ExitViolations, code)
	assert.Equal(t, `cluster_type: Validation failed for cluster_type, the value must be job (is "all-purpose")`+"\n", out)
}

func TestValidateBadInput(t *testing.T) {
	e := newEnv(t)
	pol := e.file("policy.json", teamPolicy)
	good := e.file("good.json", goodSpec)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no spec", []string{"--policy", pol}, "give exactly one spec file (got 0)"},
		{"two specs", []string{"--policy", pol, good, good}, "give exactly one spec file (got 2)"},
		{"missing spec", []string{"--policy", pol, filepath.Join(e.dir, "nope.json")}, "cannot read"},
		{"spec not json", []string{"--policy", pol, e.file("x.json", `{"a":`)}, "invalid cluster spec"},
		{"spec not an object", []string{"--policy", pol, e.file("y.json", `[{"num_workers":1}]`)}, "invalid cluster spec"},
		{"missing policy", []string{"--policy", filepath.Join(e.dir, "nope.json"), good}, "cannot read"},
		{"policy not json", []string{"--policy", e.file("p.json", `nope`), good}, "invalid policy definition"},
		{"policy bad rule", []string{"--policy", e.file("q.json", `{"a":{"type":"sometimes"}}`), good}, `unknown rule type "sometimes"`},
		{"unknown flag", []string{"--strict", good}, "flag provided but not defined"},
		{"both sources", []string{"--policy", pol, "--workspace", "w", good}, "either --policy or --workspace"},
		{"policy id alone", []string{"--policy-id", "x", good}, "--policy-id needs --workspace"},
		{"bad cluster type", []string{"--cluster-type", "batch", good}, "--cluster-type must be"},
		{"bad format", []string{"--format", "xml", good}, "--format must be text or json"},
		{"missing rates", []string{"--dbu-rates", filepath.Join(e.dir, "nope.json"), good}, "DBU rate table"},
		{"bad rates", []string{"--dbu-rates", e.file("r.json", `{"rates":{"a":-1}}`), good}, "rate of a must be between"},
		{"unknown workspace", []string{"--workspace", "Prod", good}, `no such workspace named "Prod"; known: Demo workspace`},
		{"demo not cached", []string{"--workspace", "demo", good}, `nothing is cached for workspace "Demo workspace" yet`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := e.run(c.args...)
			assert.Equal(t, ExitBadInput, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, c.want)
		})
	}
	code, _, errOut := e.run("-h")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, errOut, "Usage: clusterdeck validate")
}

func TestValidateWithCachedPolicy(t *testing.T) {
	e := newEnv(t)
	store, err := workspaces.OpenStore(e.deps.Paths.ProfilesFile(), nil)
	require.NoError(t, err)
	prod, err := store.Add(workspaces.Profile{Name: "Prod", Host: "https://adb-1.azuredatabricks.net", AuthType: workspaces.AuthPAT})
	require.NoError(t, err)

	cache := catalog.NewCache(filepath.Join(e.deps.Paths.Cache, "catalog"))
	fetched := e.deps.Now().Add(-3 * time.Hour)
	snap := catalog.Snapshot{WorkspaceID: prod.ID}
	snap.Policies = catalog.Section[[]compute.Policy]{FetchedAt: fetched, Items: []compute.Policy{
		{PolicyId: "P1", Name: "Team", Definition: teamPolicy},
	}}
	snap.NodeTypes = catalog.Section[[]compute.NodeType]{FetchedAt: fetched, Items: []compute.NodeType{{NodeTypeId: "Standard_DS3_v2", NumCores: 4}}}
	snap.SparkVersions = catalog.Section[[]compute.SparkVersion]{FetchedAt: fetched, Items: []compute.SparkVersion{{Key: "16.4.x-scala2.12", Name: "16.4 LTS"}}}
	require.NoError(t, cache.Save(snap))

	good := e.file("good.json", goodSpec)
	code, out, errOut := e.run("--workspace", "prod", "--policy-id", "P1", good)
	assert.Equal(t, ExitOK, code, out)
	assert.Contains(t, errOut, `policy "Team" from the cache of "Prod", fetched 3h0m0s ago`)

	// The policy named by the spec's policy_id; the runtime checked against the cache.
	spec := e.file("by-id.json", `{"policy_id":"P1","cluster_name":"x","spark_version":"17.3.x-scala2.13","node_type_id":"Standard_DS3_v2","num_workers":1,"autotermination_minutes":60,"custom_tags":{"team":"data-engineering"}}`)
	code, out, _ = e.run("--workspace", prod.ID, spec)
	assert.Equal(t, ExitViolations, code)
	assert.Equal(t, "spark_version: Databricks Runtime 17.3.x-scala2.13 is not offered by this workspace; pick one from the list.\n", out)

	// By name, and an unknown one lists what is cached.
	code, _, _ = e.run("--workspace", "Prod", "--policy-id", "team", good)
	assert.Equal(t, ExitOK, code)
	code, _, errOut = e.run("--workspace", "Prod", "--policy-id", "nope", good)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, `no cached policy "nope" in workspace "Prod"; cached: Team (P1)`)
}
