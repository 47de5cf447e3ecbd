package policyeval

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// No API returns DBU rates per node type, so dbus_per_hour is checked
// against an estimate from a table the user can edit.

// RateFileName is the rate table's file name under the app's config dir.
const RateFileName = "dbu-rates.json"

// ErrNoRate is wrapped when a node type has no rate in the table.
var ErrNoRate = errors.New("no DBU rate for node type")

// ErrInvalidRateTable matches a rate table entry out of range, as opposed to
// a file that cannot be read or written.
var ErrInvalidRateTable = errors.New("invalid DBU rate table entry")

// invalidRates keeps validate's message as is while matching ErrInvalidRateTable.
type invalidRates struct{ msg string }

func (e invalidRates) Error() string        { return e.msg }
func (e invalidRates) Is(target error) bool { return target == ErrInvalidRateTable }

// RateTable gives DBUs per hour per node type: exact rates first, then a
// per-core rate for a family of node types (by id prefix) when the node
// type's core count is known from the catalog.
type RateTable struct {
	Label    string             `json:"label"` // shown next to every figure: it is an estimate
	Rates    map[string]float64 `json:"rates"` // node_type_id → DBUs per hour
	Families []FamilyRate       `json:"families"`
	// PhotonMultiplier scales the rate of Photon clusters (runtime_engine
	// PHOTON or a -photon- runtime); 1 leaves it unchanged. In a user's
	// file 0 (absent) keeps the built-in multiplier.
	PhotonMultiplier float64 `json:"photon_multiplier,omitempty"`
	// ReplaceDefaults, in a user's file, drops the built-in node rates and
	// families instead of overriding them one by one (warehouse sizes are
	// always overridden one by one: a size has no rule to fall back on).
	ReplaceDefaults bool `json:"replace_defaults,omitempty"`
	// WarehouseSizes gives DBUs per hour of one cluster of a SQL warehouse
	// by its size ("2X-Small" … "4X-Large"), as the API spells cluster_size.
	WarehouseSizes map[string]float64 `json:"warehouse_sizes,omitempty"`
}

// WarehouseRate is the DBUs per hour of one cluster of a SQL warehouse of
// this size; ErrNoRate when the table has none.
func (t RateTable) WarehouseRate(size string) (float64, error) {
	if r, ok := t.WarehouseSizes[size]; ok {
		return r, nil
	}
	return 0, fmt.Errorf("%w: SQL warehouse size %q", ErrNoRate, size)
}

// FamilyRate is a per-core DBU rate for node types whose id starts with Prefix.
type FamilyRate struct {
	Cloud      string  `json:"cloud"` // azure, aws or gcp (informational)
	Prefix     string  `json:"prefix"`
	DBUPerCore float64 `json:"dbu_per_core"`
}

// RateSource says where a node's rate came from.
type RateSource string

// Rate sources.
const (
	SourceTable  RateSource = "table"  // an exact entry
	SourceFamily RateSource = "family" // cores × the family's per-core rate
)

// NodeRate is one node type's estimated rate.
type NodeRate struct {
	NodeTypeID  string     `json:"nodeTypeId"`
	DBUsPerHour float64    `json:"dbusPerHour"`
	Source      RateSource `json:"source"`
}

// Estimate is a cluster's estimated DBU rate, driver included; autoscaling
// clusters are counted at max_workers, as the policy rule is.
type Estimate struct {
	DBUsPerHour float64  `json:"dbusPerHour"`
	Driver      NodeRate `json:"driver"`
	Worker      NodeRate `json:"worker"`
	Workers     int      `json:"workers"`
	Photon      bool     `json:"photon"`
	Label       string   `json:"label"`
}

// Rate returns the DBUs per hour of one node of nodeTypeID.
func (t RateTable) Rate(nodeTypeID string, nodeTypes []compute.NodeType) (NodeRate, error) {
	if r, ok := t.Rates[nodeTypeID]; ok {
		return NodeRate{NodeTypeID: nodeTypeID, DBUsPerHour: r, Source: SourceTable}, nil
	}
	var fam *FamilyRate
	for i := range t.Families {
		f := &t.Families[i]
		if f.Prefix != "" && strings.HasPrefix(nodeTypeID, f.Prefix) && (fam == nil || len(f.Prefix) > len(fam.Prefix)) {
			fam = f
		}
	}
	if fam != nil {
		for _, n := range nodeTypes {
			if n.NodeTypeId == nodeTypeID && n.NumCores > 0 {
				return NodeRate{NodeTypeID: nodeTypeID, DBUsPerHour: round3(n.NumCores * fam.DBUPerCore), Source: SourceFamily}, nil
			}
		}
	}
	return NodeRate{}, fmt.Errorf("%w %s", ErrNoRate, nodeTypeID)
}

// Estimate computes the DBU rate of a spec (API JSON tree). Node types
// come from node_type_id / driver_node_type_id or the pools.
func (t RateTable) Estimate(spec map[string]any, nodeTypes []compute.NodeType, pools []compute.InstancePoolAndStats) (Estimate, error) {
	str := func(path ...string) string {
		v, _ := lookup(spec, path)
		return Text(v)
	}
	poolNode := func(id string) string {
		for _, p := range pools {
			if p.InstancePoolId == id {
				return p.NodeTypeId
			}
		}
		return ""
	}
	worker := str("node_type_id")
	if id := str("instance_pool_id"); worker == "" && id != "" {
		if worker = poolNode(id); worker == "" {
			return Estimate{}, fmt.Errorf("the node type of pool %s is not known", id)
		}
	}
	driver := str("driver_node_type_id")
	if id := str("driver_instance_pool_id"); driver == "" && id != "" {
		driver = poolNode(id)
	}
	if driver == "" {
		driver = worker
	}
	if worker == "" {
		return Estimate{}, errors.New("the spec has no node type")
	}
	w, err := t.Rate(worker, nodeTypes)
	if err != nil {
		return Estimate{}, err
	}
	d, err := t.Rate(driver, nodeTypes)
	if err != nil {
		return Estimate{}, err
	}
	count := 0
	if v, ok := lookup(spec, []string{"autoscale", "max_workers"}); ok {
		n, _ := number(v)
		count = int(n)
	} else if v, ok := lookup(spec, []string{"num_workers"}); ok {
		n, _ := number(v)
		count = int(n)
	}
	count = max(count, 0)
	est := Estimate{Driver: d, Worker: w, Workers: count, Label: t.Label}
	est.Photon = strings.EqualFold(str("runtime_engine"), "PHOTON") || strings.Contains(str("spark_version"), "-photon-")
	total := d.DBUsPerHour + float64(count)*w.DBUsPerHour
	if est.Photon && t.PhotonMultiplier > 0 {
		total *= t.PhotonMultiplier
	}
	est.DBUsPerHour = round3(total)
	return est, nil
}

func round3(f float64) float64 {
	const k = 1000
	if f >= 0 {
		return float64(int64(f*k+0.5)) / k
	}
	return -float64(int64(-f*k+0.5)) / k
}

// LoadRateTable reads the user's table at path merged over the defaults; a
// missing file gives the defaults.
func LoadRateTable(path string) (RateTable, error) {
	def := DefaultRateTable()
	user, err := LoadUserRates(path)
	if err != nil {
		return def, err
	}
	return MergeRates(def, user), nil
}

// LoadUserRates reads only the user's own entries at path (an empty table
// when the file is missing), for editing them without the built-in ones.
func LoadUserRates(path string) (RateTable, error) {
	empty := RateTable{Rates: map[string]float64{}, Families: []FamilyRate{}}
	data, err := boundedfile.ReadFile(path, boundedfile.ConfigLimit, "a DBU rate table")
	if errors.Is(err, fs.ErrNotExist) {
		return empty, nil
	}
	if err != nil {
		return empty, fmt.Errorf("read DBU rate table: %w", err)
	}
	var user RateTable
	if err := json.Unmarshal(data, &user); err != nil {
		return empty, fmt.Errorf("DBU rate table %s is not valid JSON: %w", path, err)
	}
	if err := user.validate(); err != nil {
		return empty, fmt.Errorf("DBU rate table %s: %w", path, err)
	}
	if user.Rates == nil {
		user.Rates = map[string]float64{}
	}
	if user.Families == nil {
		user.Families = []FamilyRate{}
	}
	return user, nil
}

// MergeRates lays user over base: user rates replace base rates of the same
// node type, user families are tried before base families.
func MergeRates(base, user RateTable) RateTable {
	if user.ReplaceDefaults {
		// The multiplier is not a rate entry: it stays unless the user sets one.
		base = RateTable{Label: base.Label, Rates: map[string]float64{}, PhotonMultiplier: base.PhotonMultiplier,
			WarehouseSizes: base.WarehouseSizes}
	}
	out := RateTable{Label: base.Label, Rates: map[string]float64{}, PhotonMultiplier: base.PhotonMultiplier}
	for k, v := range base.Rates {
		out.Rates[k] = v
	}
	for k, v := range user.Rates {
		out.Rates[k] = v
	}
	out.Families = append(append([]FamilyRate(nil), user.Families...), base.Families...)
	if len(base.WarehouseSizes)+len(user.WarehouseSizes) > 0 {
		out.WarehouseSizes = map[string]float64{}
		for k, v := range base.WarehouseSizes {
			out.WarehouseSizes[k] = v
		}
		for k, v := range user.WarehouseSizes {
			out.WarehouseSizes[k] = v
		}
	}
	if user.Label != "" {
		out.Label = user.Label
	}
	if user.PhotonMultiplier != 0 {
		out.PhotonMultiplier = user.PhotonMultiplier
	}
	return out
}

func (t RateTable) validate() error {
	keys := make([]string, 0, len(t.Rates))
	for k := range t.Rates {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v := t.Rates[k]; v < 0 || v > 10000 {
			return invalidRates{fmt.Sprintf("rate of %s must be between 0 and 10000 DBUs per hour (is %s)", k, formatNumber(v))}
		}
	}
	sizes := make([]string, 0, len(t.WarehouseSizes))
	for k := range t.WarehouseSizes {
		sizes = append(sizes, k)
	}
	sort.Strings(sizes)
	for _, k := range sizes {
		if v := t.WarehouseSizes[k]; k == "" || v < 0 || v > 10000 {
			return invalidRates{fmt.Sprintf("SQL warehouse size %q needs a rate between 0 and 10000 DBUs per hour (is %s)", k, formatNumber(v))}
		}
	}
	for _, f := range t.Families {
		if f.Prefix == "" || f.DBUPerCore < 0 || f.DBUPerCore > 100 {
			return invalidRates{fmt.Sprintf("family %q needs a prefix and a per-core rate between 0 and 100", f.Prefix)}
		}
	}
	if t.PhotonMultiplier < 0 || t.PhotonMultiplier > 10 {
		return invalidRates{fmt.Sprintf("photon_multiplier must be between 0 and 10 (is %s)", formatNumber(t.PhotonMultiplier))}
	}
	return nil
}

// SaveRateTable writes a user's table (mode 0600) after checking it.
func SaveRateTable(path string, t RateTable) error {
	if err := t.validate(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("encode DBU rate table: %w", err)
	}
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return fmt.Errorf("save DBU rate table: %w", err)
	}
	return nil
}
