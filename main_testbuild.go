//go:build testbuild

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"

	"github.com/clusterdeck/clusterdeck/app"
	"github.com/clusterdeck/clusterdeck/backend/cli"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/savefile"
	"github.com/clusterdeck/clusterdeck/bridge"
)

// The test build (`-tags testbuild`, what `make test` and `make bench` run):
// the loopback bridge the browser suite drives, and the demo's test flags.
// None of it is in the binary users get (main_release.go).

// runBridge serves the app's facades and page over loopback for the browser tests.
func runBridge(ctx context.Context, log *slog.Logger, args []string) error {
	// Flags first: --help or a typo must not build the app and start the demo.
	demoFlags, rest, err := demo.SplitBridgeFlags(args, os.Stdout, demoTimeScale)
	if err != nil {
		return err
	}
	flags, err := bridge.ParseFlags(rest, os.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Println("  --demo-time-scale=X, --demo-clusters=N, --demo-control\n    \ttest-only: tune the built-in demo workspace (see docs/cli.md)")
		return nil
	}
	if err != nil {
		return err
	}
	hub := bridge.NewHub(log)
	var files app.FileSaver // no dialog in the bridge; --save-dir is for tests
	if flags.SaveDir != "" {
		files = savefile.Folder{Dir: flags.SaveDir}
	}
	a, assets, demoServer, err := build(ctx, log, app.WireEmitter(hub.Emit), "bridge", demoFlags.Options(), files, nil)
	if err != nil {
		return err
	}
	if demoFlags.Control {
		fmt.Printf("CLUSTERDECK_DEMO_URL=%s\nCLUSTERDECK_DEMO_TOKEN=%s\n", demoServer.URL(), demoServer.Token())
	}
	a.Startup(ctx)
	defer a.Shutdown(context.Background())
	return bridge.RunCommand(ctx, flags, os.Stdout, bridge.Config{
		Bound: a.Bindings(), FormatErr: a.FormatError, Assets: assets, Hub: hub, Log: log,
	})
}

// windowDemoOptions lets the window take the bridge's demo flags (`make
// bench` opens it on 10,000 demo clusters); nothing else.
func windowDemoOptions(args []string) (demo.Options, error) {
	demoFlags, rest, err := demo.SplitBridgeFlags(args, os.Stdout, demoTimeScale)
	if err != nil {
		return demo.Options{}, cli.Usage(err)
	}
	if len(rest) > 0 {
		return demo.Options{}, cli.Usage(fmt.Errorf("unknown argument %q (the window takes only --demo-… flags)", rest[0]))
	}
	return demoFlags.Options(), nil
}

// checkDemoArgs allows every demo-api flag in the test build.
func checkDemoArgs([]string) error { return nil }
