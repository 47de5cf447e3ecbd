package policyeval

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testNodes = []compute.NodeType{
	{NodeTypeId: "Standard_DS3_v2", NumCores: 4},
	{NodeTypeId: "Standard_E64ds_v4", NumCores: 64},
	{NodeTypeId: "mystery.large", NumCores: 2},
}

func TestEstimate(t *testing.T) {
	rates := DefaultRateTable()
	pools := []compute.InstancePoolAndStats{{InstancePoolId: "pool-1", NodeTypeId: "Standard_DS4_v2"}}
	cases := []struct {
		name, spec string
		want       float64
		workers    int
		source     RateSource
	}{
		{"fixed size", `{"node_type_id":"Standard_DS3_v2","num_workers":2}`, 0.75 * 3, 2, SourceTable},
		{"driver type", `{"node_type_id":"Standard_DS3_v2","driver_node_type_id":"Standard_DS5_v2","num_workers":1}`, 3 + 0.75, 1, SourceTable},
		{"autoscale at max", `{"node_type_id":"Standard_DS3_v2","num_workers":1,"autoscale":{"min_workers":1,"max_workers":4}}`, 0.75 * 5, 4, SourceTable},
		{"single node", `{"node_type_id":"Standard_DS3_v2"}`, 0.75, 0, SourceTable},
		{"pool", `{"instance_pool_id":"pool-1","num_workers":1}`, 3, 1, SourceTable},
		{"family per core", `{"node_type_id":"Standard_E64ds_v4","num_workers":1}`, 32, 1, SourceFamily},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec, err := clusterspec.DecodeTree([]byte(c.spec))
			require.NoError(t, err)
			est, err := rates.Estimate(spec, testNodes, pools)
			require.NoError(t, err)
			assert.InDelta(t, c.want, est.DBUsPerHour, 1e-9)
			assert.Equal(t, c.workers, est.Workers)
			assert.Equal(t, c.source, est.Worker.Source)
			assert.Equal(t, DefaultRateLabel, est.Label)
		})
	}
	for _, bad := range []string{`{"node_type_id":"mystery.large"}`, `{}`, `{"instance_pool_id":"nope"}`} {
		spec, _ := clusterspec.DecodeTree([]byte(bad))
		_, err := rates.Estimate(spec, testNodes, pools)
		assert.Error(t, err, bad)
	}
}

func TestDBUsPerHourRule(t *testing.T) {
	rates := DefaultRateTable()
	def := `{"dbus_per_hour":{"type":"range","maxValue":3}}`
	res := evalJSON(t, def, `{"node_type_id":"Standard_DS3_v2","num_workers":4}`, Options{Rates: &rates, NodeTypes: testNodes})
	require.Len(t, res.Violations, 1)
	v := res.Violations[0]
	assert.Equal(t, "dbus_per_hour", v.Path)
	assert.True(t, v.Estimated)
	assert.Equal(t, "Validation failed for dbus_per_hour, the value must be at most 3 (is 3.75)", v.Message)
	require.NotNil(t, res.DBUsPerHour)
	assert.Equal(t, 3.75, res.DBUsPerHour.DBUsPerHour)

	res = evalJSON(t, def, `{"node_type_id":"Standard_DS3_v2","num_workers":2}`, Options{Rates: &rates})
	assert.Empty(t, res.Violations)

	res = evalJSON(t, def, `{"node_type_id":"mystery.large","num_workers":2}`, Options{Rates: &rates, NodeTypes: testNodes})
	assert.Empty(t, res.Violations, "no estimate: not checked, and said so")
	assert.Equal(t, []string{"dbus_per_hour was not checked: no DBU rate for node type mystery.large"}, res.Notes)

	res = evalJSON(t, def, `{"node_type_id":"Standard_DS3_v2","num_workers":9}`, Options{})
	assert.Empty(t, res.Violations)
	assert.Len(t, res.Notes, 1)
}

func TestPhotonMultiplier(t *testing.T) {
	// Standard_DS3_v2 is 0.75 DBU/h: one driver and one worker make 1.5.
	const base = `"node_type_id":"Standard_DS3_v2","num_workers":1`
	cases := []struct {
		name   string
		user   RateTable // laid over the built-in table
		spec   string
		photon bool
		want   float64
	}{
		{"built-in doubles runtime_engine PHOTON", RateTable{}, `{` + base + `,"runtime_engine":"PHOTON"}`, true, 3},
		{"engine matched in any case", RateTable{}, `{` + base + `,"runtime_engine":"photon"}`, true, 3},
		{"photon runtime key", RateTable{}, `{` + base + `,"spark_version":"13.3.x-photon-scala2.12"}`, true, 3},
		{"standard engine", RateTable{}, `{` + base + `,"runtime_engine":"STANDARD","spark_version":"15.4.x-scala2.12"}`, false, 1.5},
		{"no engine", RateTable{}, `{` + base + `}`, false, 1.5},
		{"user multiplier wins", RateTable{PhotonMultiplier: 2.5}, `{` + base + `,"runtime_engine":"PHOTON"}`, true, 3.75},
		{"user switches it off", RateTable{PhotonMultiplier: 1}, `{` + base + `,"runtime_engine":"PHOTON"}`, true, 1.5},
		{"replacing the rates keeps the multiplier", RateTable{ReplaceDefaults: true, Rates: map[string]float64{"Standard_DS3_v2": 1}},
			`{` + base + `,"runtime_engine":"PHOTON"}`, true, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rates := MergeRates(DefaultRateTable(), c.user)
			spec, err := clusterspec.DecodeTree([]byte(c.spec))
			require.NoError(t, err)
			est, err := rates.Estimate(spec, nil, nil)
			require.NoError(t, err)
			assert.Equal(t, c.photon, est.Photon)
			assert.InDelta(t, c.want, est.DBUsPerHour, 1e-9)
		})
	}
}

func TestLoadAndSaveRateTable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, RateFileName)
	got, err := LoadRateTable(path)
	require.NoError(t, err)
	assert.Equal(t, DefaultRateTable(), got, "no file: the defaults")

	require.NoError(t, os.WriteFile(path, []byte(`{"rates":{"Standard_DS3_v2":1,"mystery.large":0.5},"families":[{"cloud":"azure","prefix":"Standard_E","dbu_per_core":1}],"label":"Our contract rates"}`), 0o600))
	got, err = LoadRateTable(path)
	require.NoError(t, err)
	assert.Equal(t, 1.0, got.Rates["Standard_DS3_v2"])
	assert.Equal(t, 0.5, got.Rates["mystery.large"])
	assert.Equal(t, 1.5, got.Rates["Standard_DS4_v2"], "defaults kept")
	assert.Equal(t, "Our contract rates", got.Label)
	r, err := got.Rate("Standard_E64ds_v4", testNodes)
	require.NoError(t, err)
	assert.Equal(t, 64.0, r.DBUsPerHour, "user families come first")

	require.NoError(t, SaveRateTable(path, RateTable{ReplaceDefaults: true, Rates: map[string]float64{"x": 1}}))
	got, err = LoadRateTable(path)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"x": 1}, got.Rates)
	assert.Empty(t, got.Families)
	assert.Equal(t, DefaultRateLabel, got.Label)

	assert.Error(t, SaveRateTable(path, RateTable{Rates: map[string]float64{"x": -1}}))
	require.NoError(t, os.WriteFile(path, []byte(`{"rates":`), 0o600))
	_, err = LoadRateTable(path)
	assert.ErrorContains(t, err, "not valid JSON")
	require.NoError(t, os.WriteFile(path, []byte(`{"families":[{"prefix":""}]}`), 0o600))
	_, err = LoadRateTable(path)
	assert.ErrorContains(t, err, "needs a prefix")
}

func TestLoadUserRatesKeepsOnlyTheUsersEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), RateFileName)
	got, err := LoadUserRates(path)
	require.NoError(t, err)
	assert.Empty(t, got.Rates, "no file: no user entries")
	assert.NotNil(t, got.Rates)

	require.NoError(t, SaveRateTable(path, RateTable{Rates: map[string]float64{"Standard_DS3_v2": 2}, PhotonMultiplier: 2.5,
		Families: []FamilyRate{{Cloud: "aws", Prefix: "m5", DBUPerCore: 0.2}}}))
	got, err = LoadUserRates(path)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"Standard_DS3_v2": 2}, got.Rates, "the built-in rates are not copied into the user's file")
	assert.Equal(t, []FamilyRate{{Cloud: "aws", Prefix: "m5", DBUPerCore: 0.2}}, got.Families)
	assert.Equal(t, 2.5, got.PhotonMultiplier)

	require.NoError(t, os.WriteFile(path, []byte(`{"rates":{"x":-3}}`), 0o600))
	got, err = LoadUserRates(path)
	assert.ErrorContains(t, err, "between 0 and 10000")
	assert.Empty(t, got.Rates)
}

// The service checks dbus_per_hour on the spec as it will be created, after
// fixed values and defaults: node types, sizes and the engine they supply
// count. Rule paths sort before node_type_id, so order matters here.
func TestDBUsPerHourOnTheEffectiveSpec(t *testing.T) {
	rates := DefaultRateTable()
	cap3 := `"dbus_per_hour":{"type":"range","maxValue":3}`
	cases := []struct {
		name, def, spec string
		defaults        bool
		want            float64 // the estimate checked; 0: none could be made
		violation       string
	}{
		{"default node type", `{` + cap3 + `,"node_type_id":{"type":"unlimited","defaultValue":"Standard_DS4_v2"}}`,
			`{"num_workers":2}`, true, 4.5, "Validation failed for dbus_per_hour, the value must be at most 3 (is 4.5)"},
		{"default node type within the cap", `{` + cap3 + `,"node_type_id":{"type":"unlimited","defaultValue":"Standard_DS3_v2"}}`,
			`{"num_workers":2}`, true, 2.25, ""},
		{"defaults not asked for", `{` + cap3 + `,"node_type_id":{"type":"unlimited","defaultValue":"Standard_DS4_v2","isOptional":true}}`,
			`{"num_workers":2}`, false, 0, ""},
		{"fixed node type", `{` + cap3 + `,"node_type_id":{"type":"fixed","value":"Standard_DS5_v2"}}`,
			`{"num_workers":0}`, false, 3, ""},
		{"default worker count", `{` + cap3 + `,"num_workers":{"type":"range","maxValue":10,"defaultValue":4}}`,
			`{"node_type_id":"Standard_DS3_v2"}`, true, 3.75, "Validation failed for dbus_per_hour, the value must be at most 3 (is 3.75)"},
		{"default max workers", `{` + cap3 + `,"autoscale.max_workers":{"type":"range","maxValue":10,"defaultValue":3}}`,
			`{"node_type_id":"Standard_DS3_v2","autoscale":{"min_workers":1}}`, true, 3, ""},
		{"fixed Photon engine", `{` + cap3 + `,"runtime_engine":{"type":"fixed","value":"PHOTON"}}`,
			`{"node_type_id":"Standard_DS3_v2","num_workers":1}`, false, 3, ""},
		{"default Photon engine over the cap", `{` + cap3 + `,"runtime_engine":{"type":"unlimited","defaultValue":"PHOTON"}}`,
			`{"node_type_id":"Standard_DS3_v2","num_workers":2}`, true, 4.5, "Validation failed for dbus_per_hour, the value must be at most 3 (is 4.5)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := evalJSON(t, c.def, c.spec, Options{Rates: &rates, NodeTypes: testNodes, ApplyDefaults: c.defaults})
			if c.want == 0 {
				assert.Nil(t, res.DBUsPerHour)
				assert.Len(t, res.Notes, 1, "not checked, and said so")
			} else {
				require.NotNil(t, res.DBUsPerHour, "notes: %v", res.Notes)
				assert.InDelta(t, c.want, res.DBUsPerHour.DBUsPerHour, 1e-9)
				assert.Empty(t, res.Notes)
			}
			if c.violation == "" {
				assert.Empty(t, res.Violations)
				return
			}
			require.Len(t, res.Violations, 1)
			assert.Equal(t, c.violation, res.Violations[0].Message)
			assert.True(t, res.Violations[0].Estimated)
		})
	}
}

// A SQL warehouse cluster's DBU rate comes from the same table: the
// built-in sizes, each overridable in the user's file, even when the user
// replaces the node rates.
func TestWarehouseRate(t *testing.T) {
	tests := []struct {
		name, file, size string
		want             float64
		wantErr          string
	}{
		{"built in, smallest", "", "2X-Small", 4, ""},
		{"built in, largest", "", "4X-Large", 528, ""},
		{"the user's figure wins", `{"warehouse_sizes":{"Small":10}}`, "Small", 10, ""},
		{"other sizes stay built in", `{"warehouse_sizes":{"Small":10}}`, "Medium", 24, ""},
		{"kept when node rates are replaced", `{"replace_defaults":true,"rates":{"x":1}}`, "Large", 40, ""},
		{"unknown size", "", "5X-Large", 0, "no DBU rate"},
		{"out of range", `{"warehouse_sizes":{"Small":-1}}`, "Small", 12, "between 0 and 10000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), RateFileName)
			if tc.file != "" {
				require.NoError(t, os.WriteFile(path, []byte(tc.file), 0o600))
			}
			table, err := LoadRateTable(path)
			if tc.wantErr != "" && tc.file != "" {
				require.ErrorContains(t, err, tc.wantErr, "a bad file is refused")
			} else {
				require.NoError(t, err)
			}
			got, err := table.WarehouseRate(tc.size)
			if tc.wantErr != "" && tc.file == "" {
				require.ErrorIs(t, err, ErrNoRate)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
