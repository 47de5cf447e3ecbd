package demo

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

const commandUsage = `Usage: clusterdeck demo-api [flags]

Serves the Demo workspace on loopback and prints DATABRICKS_HOST and
DATABRICKS_TOKEN for any Databricks client (the CLI, Terraform, the SDKs);
it serves until Ctrl+C. Exit codes: 0 stopped, 1 could not serve,
2 bad usage.

Flags:
`

// RunCommand implements `clusterdeck demo-api [flags]`: it starts a demo
// server, prints the environment lines an SDK-based tool needs, and serves
// until ctx is cancelled (SIGINT/SIGTERM in main). It needs no display.
// --help prints the usage and returns nil.
func RunCommand(ctx context.Context, args []string, stdout io.Writer) error {
	opts, err := ParseCommand(args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	return Serve(ctx, opts, stdout)
}

// ParseCommand reads demo-api's flags into Options. Every error it returns
// is the caller's (a flag it does not take, a value out of range); --help
// prints the usage to stdout and returns flag.ErrHelp.
func ParseCommand(args []string, stdout io.Writer) (Options, error) {
	fs := flag.NewFlagSet("demo-api", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprint(stdout, commandUsage)
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on (port 0 picks a free port)")
	clusters := fs.Int("clusters", 0, "extra generated clusters on top of the seeded team workspace")
	pools := fs.Int("pools", 0, "extra generated instance pools")
	policies := fs.Int("policies", 0, "extra generated cluster policies")
	warehouses := fs.Int("warehouses", 0, "extra generated SQL warehouses")
	history := fs.Int("event-history", 4, "past autoscaling resizes per generated autoscaling cluster")
	queries := fs.Int("queries", 0, "extra generated query history entries on the team warehouses (last 7 days)")
	latency := fs.Duration("latency", 0, "latency added to every request, e.g. 150ms")
	jitter := fs.Duration("jitter", 0, "random extra latency, uniform in [0, jitter)")
	faultRate := fs.Float64("fault-rate", 0, "share of requests (0..1) failing with 429/503/500")
	timeScale := fs.Float64("time-scale", 1, "virtual seconds per real second (e.g. 10 makes a 4-minute start take 24 s)")
	seed := fs.Uint64("seed", 0, "seed for generated content (0 = random)")
	empty := fs.Bool("empty", false, "start without the seeded team content")
	control := fs.Bool("control", false, "enable the test-only control API under "+controlPrefix+
		" (advance the clock, inject faults, fail a driver); it takes the admin token")
	allVisible := fs.Bool("all-clusters-visible", false, "turn cluster visibility control off (the older behaviour): "+
		"every user sees every cluster and any access list, not only those they hold a permission on")
	verbose := fs.Bool("v", false, "log every request")
	if err := fs.Parse(args); err != nil {
		return Options{}, fmt.Errorf("demo-api: %w", err)
	}
	if fs.NArg() > 0 {
		return Options{}, fmt.Errorf("demo-api: unexpected argument %q", fs.Arg(0))
	}
	if *faultRate < 0 || *faultRate > 1 {
		return Options{}, fmt.Errorf("demo-api: --fault-rate must be between 0 and 1 (is %g)", *faultRate)
	}
	if *timeScale <= 0 {
		return Options{}, fmt.Errorf("demo-api: --time-scale must be positive (is %g)", *timeScale)
	}
	opts := Options{
		Addr: *addr, ExtraClusters: *clusters, ExtraPools: *pools, ExtraPolicies: *policies, ExtraWarehouses: *warehouses, EventHistory: *history,
		ExtraQueries: *queries, Latency: *latency, Jitter: *jitter, FaultRate: *faultRate, TimeScale: *timeScale, Seed: *seed, Empty: *empty,
		Control: *control, AllClustersVisible: *allVisible,
	}
	if *verbose {
		opts.Logf = func(format string, a ...any) {
			fmt.Fprintf(stdout, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05.000")}, a...)...)
		}
	}
	return opts, nil
}

// Serve starts the demo server with opts, prints the environment lines and
// serves until ctx is cancelled.
func Serve(ctx context.Context, opts Options, stdout io.Writer) error {
	srv, err := Start(ctx, opts)
	if err != nil {
		return fmt.Errorf("demo-api: %w", err)
	}
	fmt.Fprintf(stdout, "DATABRICKS_HOST=%s\nDATABRICKS_TOKEN=%s\n", srv.URL(), srv.Token())
	if limited, err := srv.LimitedToken(srv.Token()); err == nil {
		fmt.Fprintf(stdout, "# limited user (%s): DATABRICKS_TOKEN=%s\n", limitedUserName, limited)
	}
	if opts.Control {
		fmt.Fprintf(stdout, "# control API: POST %s%s{advance,time-scale,fault,clear-faults,outage,restore,cluster-error}\n", srv.URL(), controlPrefix)
	}
	<-ctx.Done()
	if err := srv.Close(); err != nil {
		return fmt.Errorf("demo-api: %w", err)
	}
	return nil
}
