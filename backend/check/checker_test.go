package check

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
)

var fetched = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

const teamPolicy = `{
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 120, "defaultValue": 60},
  "custom_tags.team": {"type": "fixed", "value": "de"},
  "dbus_per_hour": {"type": "range", "maxValue": 5}
}`

func snapshot() catalog.Snapshot {
	var s catalog.Snapshot
	s.NodeTypes = catalog.Section[[]compute.NodeType]{FetchedAt: fetched, Items: []compute.NodeType{
		{NodeTypeId: "Standard_DS3_v2", NumCores: 4}, {NodeTypeId: "Standard_DS5_v2", NumCores: 16}}}
	s.SparkVersions = catalog.Section[[]compute.SparkVersion]{FetchedAt: fetched, Items: []compute.SparkVersion{{Key: "16.4.x-scala2.12"}}}
	s.Policies = catalog.Section[[]compute.Policy]{FetchedAt: fetched, Items: []compute.Policy{{PolicyId: "P1", Name: "Team", Definition: teamPolicy}}}
	return s
}

func cached(s catalog.Snapshot) Snapshots {
	return func(context.Context, string) (catalog.Snapshot, error) { return s, nil }
}

func failing(err error) Snapshots {
	return func(context.Context, string) (catalog.Snapshot, error) { return catalog.Snapshot{}, err }
}

func spec(extra map[string]any) map[string]any {
	out := map[string]any{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2",
		"num_workers": 2, "autotermination_minutes": 60}
	for k, v := range extra {
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}

func find(r Report, path string, src Source) *Problem {
	for i, p := range r.Problems {
		if p.Path == path && p.Source == src {
			return &r.Problems[i]
		}
	}
	return nil
}

func TestCheckReportsEachSource(t *testing.T) {
	cases := []struct {
		name     string
		spec     map[string]any
		policyID string
		path     string
		source   Source
		code     string
		severity string
		message  string // exact, when set
	}{
		{"API rule", spec(map[string]any{"autotermination_minutes": 5}), "", "autotermination_minutes", SourceAPI, "autotermination_range", Error, ""},
		{"catalog", spec(map[string]any{"node_type_id": "Standard_Nope"}), "", "node_type_id", SourceCatalog, "node_type_unknown", Error, ""},
		{"policy", spec(map[string]any{"autotermination_minutes": 500}), "P1", "autotermination_minutes", SourcePolicy, "above_max", Error,
			"Validation failed for autotermination_minutes, the value must be at most 120 (is 500)"},
		{"policy from the spec's policy_id", spec(map[string]any{"autotermination_minutes": 500, "policy_id": "P1"}), "",
			"autotermination_minutes", SourcePolicy, "above_max", Error, ""},
		{"unknown policy", spec(map[string]any{"policy_id": "nope"}), "", "policy_id", SourcePolicy, "unknown_policy", Error,
			"Policy nope is not among the policies you can use in this workspace (catalog cached 2026-11-01 12:00 UTC). Choose another policy or none."},
		{"unknown field", spec(map[string]any{"colour": "blue"}), "", "colour", SourceUnknownField, clusterspec.CodeUnknownField, Warning,
			clusterspec.UnknownFieldMessage("colour")},
		{"nested unknown field", spec(map[string]any{"autoscale": map[string]any{"min_workers": 1, "max_workers": 2, "maxx": 3}, "num_workers": nil}), "",
			"autoscale.maxx", SourceUnknownField, clusterspec.CodeUnknownField, Warning, ""},
		{"wrong type", spec(map[string]any{"num_workers": "two"}), "", "num_workers", SourceJSON, clusterspec.CodeWrongType, Error,
			`num_workers must be a whole number from 0 to 2147483647, not the text "two".`},
		{"library of the wrong type", spec(map[string]any{"libraries": []any{map[string]any{"pypi": "x"}}}), "", "libraries.0.pypi",
			SourceJSON, clusterspec.CodeWrongType, Error, ""},
	}
	c := New(cached(snapshot()), nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.Check(context.Background(), Request{WorkspaceID: "w", PolicyID: tc.policyID, Spec: tc.spec})
			p := find(r, tc.path, tc.source)
			require.NotNil(t, p, "%+v", r.Problems)
			assert.Equal(t, tc.code, p.Code)
			assert.Equal(t, tc.severity, p.Severity)
			if tc.message != "" {
				assert.Equal(t, tc.message, p.Message)
			}
			assert.Empty(t, r.Partial)
			assert.Equal(t, fetched, r.CatalogFetchedAt)
			errs, warns := 0, 0
			for _, p := range r.Problems {
				if p.Severity == Warning {
					warns++
				} else {
					errs++
				}
			}
			assert.Equal(t, errs, r.Errors)
			assert.Equal(t, warns, r.Warnings)
		})
	}
}

func TestCheckGoodSpecWithPolicy(t *testing.T) {
	c := New(cached(snapshot()), nil)
	r := c.Check(context.Background(), Request{WorkspaceID: "w", PolicyID: "P1", Spec: spec(nil)})
	assert.Empty(t, r.Problems, "a fixed value absent from the spec is filled in, not reported")
	assert.Equal(t, "Team", r.PolicyName)
	require.NotNil(t, r.Policy)
	assert.NotEmpty(t, r.Constraints)
	require.NotNil(t, r.Estimate)
	assert.True(t, r.PolicyEstimate)
	assert.Equal(t, 2.25, r.Estimate.DBUsPerHour)
	require.NoError(t, r.Refusal())

	r = c.Check(context.Background(), Request{WorkspaceID: "w", PolicyID: "P1", Spec: spec(map[string]any{"autotermination_minutes": nil}), FillDefaults: true})
	assert.Contains(t, r.Applied, policyeval.Change{Path: "autotermination_minutes", Value: json.Number("60"), Kind: policyeval.ChangeDefault}, "%+v", r.Applied)
}

// dbus_per_hour is checked offline against the rate table's estimate and
// says so; the wording is the policy package's (cross-checked with the
// demo server in backend/policyeval).
func TestCheckDBUCapAgainstTheRateTable(t *testing.T) {
	cases := []struct {
		name     string
		nodeType string
		over     bool
	}{
		{"large node over the cap", "Standard_DS5_v2", true},
		{"small node within the cap", "Standard_DS3_v2", false},
	}
	c := New(cached(snapshot()), nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.Check(context.Background(), Request{WorkspaceID: "w", PolicyID: "P1", Spec: spec(map[string]any{"node_type_id": tc.nodeType})})
			p := find(r, "dbus_per_hour", SourcePolicy)
			if !tc.over {
				assert.Nil(t, p)
				return
			}
			require.NotNil(t, p, "%+v", r.Problems)
			assert.True(t, p.Estimated)
			assert.Contains(t, p.Message, "the value must be at most 5")
		})
	}
}

func TestCheckPartial(t *testing.T) {
	noPolicies := snapshot()
	noPolicies.Policies = catalog.Section[[]compute.Policy]{}
	cases := []struct {
		name      string
		snaps     Snapshots
		workspace string
		policyID  string
		partial   string
		note      string
	}{
		{"no target", cached(snapshot()), "", "P1", "No target workspace", ""},
		{"no catalog in this build", nil, "w", "P1", "No catalog cache in this build", ""},
		{"nothing cached", failing(catalog.ErrNotCached), "w", "P1", "Nothing cached for this workspace yet", ""},
		{"cache unreadable", failing(errors.New("disk on fire")), "w", "P1", "Nothing cached for this workspace yet",
			"The cached catalog could not be read: disk on fire"},
		{"policies not cached", cached(noPolicies), "w", "P1", "the workspace's policies are not cached yet", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := New(tc.snaps, nil).Check(context.Background(), Request{WorkspaceID: tc.workspace, PolicyID: tc.policyID,
				Spec: spec(map[string]any{"autotermination_minutes": 500, "node_type_id": "Standard_Nope"})})
			assert.Contains(t, r.Partial, tc.partial)
			if tc.note != "" {
				assert.Contains(t, r.Notes, tc.note)
				assert.Error(t, r.CatalogErr)
			} else {
				assert.NoError(t, r.CatalogErr)
			}
			assert.Nil(t, find(r, "autotermination_minutes", SourcePolicy), "the policy is not checked")
			assert.Empty(t, r.PolicyName)
			if tc.snaps == nil || tc.workspace == "" || tc.partial == "Nothing cached for this workspace yet" {
				assert.Nil(t, find(r, "node_type_id", SourceCatalog), "the catalog is not checked")
				assert.True(t, r.CatalogFetchedAt.IsZero())
			}
			assert.Equal(t, 0, countSource(r, SourceAPI), "the spec is otherwise fine: %+v", r.Problems)
		})
	}
}

func countSource(r Report, src Source) int {
	n := 0
	for _, p := range r.Problems {
		if p.Source == src {
			n++
		}
	}
	return n
}

func TestCheckJSONThatIsNotAnObject(t *testing.T) {
	cases := []struct{ raw, message string }{
		{`[1]`, "The JSON is not a valid cluster spec object: not a JSON object"},
		{`null`, "The JSON is not a valid cluster spec object: not a JSON object"},
		{`{"cluster_name":`, "The JSON is not a valid cluster spec object: unexpected end of JSON input"},
		// Saving refuses it (clusterspec.Decode), so the check does too.
		{`{"cluster_name":"a"} {"num_workers":1}`, "The JSON is not a valid cluster spec object: invalid character '{' after top-level value"},
		{"\xff", ""},
	}
	for _, c := range cases {
		r := New(nil, nil).CheckJSON(context.Background(), Request{}, []byte(c.raw))
		require.Len(t, r.Problems, 1, c.raw)
		assert.Equal(t, SourceJSON, r.Problems[0].Source)
		assert.Equal(t, "invalid_json", r.Problems[0].Code)
		if c.message != "" {
			assert.Equal(t, c.message, r.Problems[0].Message)
		}
		assert.Equal(t, 1, r.Errors)
		assert.ErrorIs(t, r.Refusal(), ErrSpecHasProblems)
	}
}

func TestCheckNotesABrokenRateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), policyeval.RateFileName)
	require.NoError(t, os.WriteFile(path, []byte(`{"rates":{"Standard_DS3_v2":"cheap"}}`), 0o600))
	r := New(cached(snapshot()), rates.NewStore(path)).Check(context.Background(), Request{WorkspaceID: "w", Spec: spec(nil)})
	require.Len(t, r.Notes, 1)
	assert.Contains(t, r.Notes[0], "built-in rates are used")
	require.NotNil(t, r.Estimate, "the built-in table still gives an estimate")
	assert.Equal(t, 2.25, r.Estimate.DBUsPerHour)
	assert.False(t, r.PolicyEstimate)
}

func TestRefuse(t *testing.T) {
	ok := compute.ClusterSpec{ClusterName: "etl", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 2,
		AutoterminationMinutes: 60}
	tooLong := ok
	tooLong.AutoterminationMinutes = 500
	withPolicy := tooLong
	withPolicy.PolicyId = "P1"
	cases := []struct {
		name     string
		policyID string
		spec     compute.ClusterSpec
		libs     []compute.Library
		want     string // "" may be sent
	}{
		{"fine", "", ok, nil, ""},
		{"fine for the API, refused by the policy given", "P1", tooLong, nil,
			"1 problem(s) remain, e.g. Validation failed for autotermination_minutes, the value must be at most 120 (is 500)"},
		{"policy from the spec", "", withPolicy, nil, "1 problem(s) remain"},
		{"no policy", "", tooLong, nil, ""},
		{"bad library", "", ok, []compute.Library{{Pypi: &compute.PythonPyPiLibrary{}}}, "1 problem(s) remain"},
	}
	c := New(cached(snapshot()), nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := c.Refuse(context.Background(), "w", tc.policyID, tc.spec, tc.libs)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrSpecHasProblems)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestSendable(t *testing.T) {
	spec, libs, err := Sendable([]byte(`{"cluster_name":"x","num_workers":0,"colour":"blue","apply_policy_default_values":true,
		"libraries":[{"pypi":{"package":"plotly"}}]}`))
	require.NoError(t, err)
	assert.Equal(t, "x", spec.ClusterName)
	assert.False(t, spec.ApplyPolicyDefaultValues, "cleaned")
	assert.Contains(t, spec.ForceSendFields, "NumWorkers", "0 workers is sent")
	require.Len(t, libs, 1)
	assert.Equal(t, "plotly", libs[0].Pypi.Package)

	for _, raw := range []string{`{"num_workers":"two"}`, `[]`, `{"libraries":{}}`} {
		_, _, err := Sendable([]byte(raw))
		assert.ErrorIs(t, err, ErrSpecHasProblems, raw)
	}
}
