// Clusterdeck: a desktop console for Databricks compute. This file only wires
// the parts together and picks the transport.
package main

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/clusterdeck/clusterdeck/app"
	"github.com/clusterdeck/clusterdeck/app/bridge"
)

//go:embed all:frontend/dist
var embedded embed.FS

//go:embed build/appicon.png
var icon []byte

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "clusterdeck:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	assets, err := fs.Sub(embedded, "frontend/dist")
	if err != nil {
		return fmt.Errorf("page assets: %w", err)
	}
	command := ""
	if len(args) > 0 {
		command = args[0]
	}
	switch command {
	case "bridge":
		hub := bridge.NewHub(log)
		a := app.New(app.Deps{Version: version, Transport: "bridge", Emitter: hub, Log: log})
		a.Startup(ctx)
		defer a.Shutdown(context.Background())
		return bridge.RunCommand(ctx, args[1:], os.Stdout, bridge.Config{
			Bound: a.Bindings(), FormatErr: a.FormatError, Assets: assets, Hub: hub, Log: log,
		})
	case "":
		emitter := &app.WailsEmitter{}
		a := app.New(app.Deps{Version: version, Transport: "desktop", Emitter: emitter, Log: log})
		return app.RunDesktop(ctx, a, emitter, assets, icon)
	default:
		return fmt.Errorf("unknown command %q (commands: bridge, demo-api; none opens the window)", command)
	}
}
