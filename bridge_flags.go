package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// bridgeDemo holds the bridge's test-only demo settings. They exist for the
// end-to-end suite: it must move the demo's time, inject faults and change
// clusters behind the app's back, without the app special-casing the demo.
type bridgeDemo struct {
	timeScale float64
	clusters  int
	control   bool
}

// splitBridgeFlags takes the --demo-* flags out of the bridge's arguments
// and leaves the rest for bridge.RunCommand.
func splitBridgeFlags(args []string, out io.Writer) (bridgeDemo, []string, error) {
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
	d := bridgeDemo{}
	fs.Float64Var(&d.timeScale, "demo-time-scale", demoTimeScale, "virtual seconds per real second in the demo workspace")
	fs.IntVar(&d.clusters, "demo-clusters", 0, "extra generated clusters in the demo workspace")
	fs.BoolVar(&d.control, "demo-control", false, "print the demo's URL and token and enable its test control API")
	if err := fs.Parse(mine); err != nil {
		return d, nil, fmt.Errorf("bridge: %w (write demo flags as --demo-x=value)", err)
	}
	if d.timeScale <= 0 {
		return d, nil, fmt.Errorf("bridge: --demo-time-scale must be positive (is %g)", d.timeScale)
	}
	return d, rest, nil
}

func (d bridgeDemo) options() demo.Options {
	return demo.Options{TimeScale: d.timeScale, ExtraClusters: d.clusters, Control: d.control}
}
