package demo

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// BridgeFlags hold the `clusterdeck bridge` command's test-only demo settings. They exist for the
// end-to-end suite: it must move the demo's time, inject faults and change
// clusters behind the app's back, without the app special-casing the demo.
type BridgeFlags struct {
	TimeScale float64
	Clusters  int
	Pools     int
	Policies  int
	// Warehouses and Queries: generated SQL warehouses and query history entries.
	Warehouses int
	Queries    int
	Control    bool // print the demo's URL and token and enable the control API
	// AllClustersVisible turns the demo's cluster visibility control off.
	AllClustersVisible bool
}

// SplitBridgeFlags takes the --demo-* flags out of the bridge's arguments
// and leaves the rest for the bridge itself.
func SplitBridgeFlags(args []string, out io.Writer, defaultScale float64) (BridgeFlags, []string, error) {
	var mine, rest []string
	for _, a := range args {
		if strings.HasPrefix(a, "--demo-") || strings.HasPrefix(a, "-demo-") {
			mine = append(mine, a)
		} else {
			rest = append(rest, a)
		}
	}
	fs := flag.NewFlagSet("bridge", flag.ContinueOnError)
	fs.SetOutput(out)
	d := BridgeFlags{}
	fs.Float64Var(&d.TimeScale, "demo-time-scale", defaultScale, "virtual seconds per real second in the demo workspace")
	fs.IntVar(&d.Clusters, "demo-clusters", 0, "extra generated clusters in the demo workspace")
	fs.IntVar(&d.Pools, "demo-pools", 0, "extra generated instance pools in the demo workspace")
	fs.IntVar(&d.Policies, "demo-policies", 0, "extra generated cluster policies in the demo workspace")
	fs.IntVar(&d.Warehouses, "demo-warehouses", 0, "extra generated SQL warehouses in the demo workspace")
	fs.IntVar(&d.Queries, "demo-queries", 0, "extra generated query history entries on the demo's team warehouses (last 7 days)")
	fs.BoolVar(&d.Control, "demo-control", false, "print the demo's URL and token and enable its test control API")
	fs.BoolVar(&d.AllClustersVisible, "demo-all-clusters-visible", false, "every demo user sees every cluster (no visibility control)")
	if err := fs.Parse(mine); err != nil {
		return d, nil, fmt.Errorf("bridge: %w (write demo flags as --demo-x=value)", err)
	}
	if d.TimeScale <= 0 {
		return d, nil, fmt.Errorf("bridge: --demo-time-scale must be positive (is %g)", d.TimeScale)
	}
	return d, rest, nil
}

// Options are the demo server's options for these flags.
func (d BridgeFlags) Options() Options {
	return Options{TimeScale: d.TimeScale, ExtraClusters: d.Clusters, ExtraPools: d.Pools, ExtraPolicies: d.Policies,
		ExtraWarehouses: d.Warehouses, ExtraQueries: d.Queries, Control: d.Control, AllClustersVisible: d.AllClustersVisible}
}
