// Clusterdeck: a desktop console for Databricks compute. This file only wires
// the parts together and picks what to run: the window (default), the
// browser bridge used by end-to-end tests, or a headless command (backend/cli).
package main

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/clusterdeck/clusterdeck/app"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/cli"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/memory"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/netwatch"
	"github.com/clusterdeck/clusterdeck/backend/notices"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/services"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

//go:embed all:frontend/dist
var embedded embed.FS

//go:embed build/appicon.png
var icon []byte

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// demoTimeScale makes the built-in demo's clusters start in under a minute
// instead of the four a real cloud takes.
const demoTimeScale = 6

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	if app.BindingsOnly {
		// `wails generate module` only reads the bound types from this run:
		// facades over nothing, so it touches no folder, server or profile.
		if err := app.RunDesktop(ctx, app.New(app.Deps{Version: version, Transport: "desktop"}), &app.WailsEmitter{}, nil, nil); err != nil {
			fmt.Fprintln(os.Stderr, "clusterdeck:", err)
			stop()
			os.Exit(cli.ExitFailed)
		}
		stop()
		return
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	code := cli.Program{
		Version:  version,
		Window:   func(ctx context.Context, args []string) error { return runWindow(ctx, log, args) },
		Bridge:   func(ctx context.Context, args []string) error { return runBridge(ctx, log, args) },
		DemoArgs: checkDemoArgs,
		Stdout:   os.Stdout, Stderr: os.Stderr,
	}.Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// runWindow opens the desktop window.
func runWindow(ctx context.Context, log *slog.Logger, args []string) error {
	demoOpts, err := windowDemoOptions(args)
	if err != nil {
		return err
	}
	// A desktop app idles most of the time: collect garbage at half the
	// default heap growth (about 40 MB less with 10,000 clusters listed).
	debug.SetGCPercent(50)
	emitter := &app.WailsEmitter{}
	// …and give a full listing's garbage back to the OS once the page has
	// painted it, instead of holding it up to the heap goal.
	freed := memory.NewReleaser(2*time.Second, 20*time.Second)
	a, assets, _, err := build(ctx, log, emitter, "desktop", demoOpts, app.DesktopFiles{Emitter: emitter}, freed.BurstEnded)
	if err != nil {
		return err
	}
	return app.RunDesktop(ctx, a, emitter, assets, icon)
}

// build makes the backend services and the facades over them. The demo
// workspace server runs in-process until ctx ends; the app reaches it
// through the SDK like any other workspace.
func build(ctx context.Context, log *slog.Logger, emit app.Emitter, transport string, demoOpts demo.Options, files app.FileSaver,
	listed func()) (*app.App, fs.FS, *demo.Server, error) {
	assets, err := fs.Sub(embedded, "frontend/dist")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("page assets: %w", err)
	}
	paths := workspaces.DefaultPaths()
	manager, err := workspaces.NewManager(workspaces.Deps{
		Paths: paths, Secrets: credentials.NewOSKeyring(),
	})
	if manager == nil {
		return nil, nil, nil, fmt.Errorf("workspaces: %w", err)
	}
	if err != nil {
		// The profiles file is unreadable: keep running read-only on the demo.
		log.Error("workspace profiles could not be loaded", "err", err)
	}
	demoServer, err := demo.Start(ctx, demoOpts)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("demo workspace: %w", err)
	}
	manager.SetDemo(workspaces.Demo{URL: demoServer.URL(), Token: demoServer.Token()})
	draftStore, err := drafts.Open(paths.Data, drafts.Options{})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("drafts: %w", err)
	}
	a := app.New(app.Deps{
		Version: version, Transport: transport, Emitter: emit, Files: files,
		Inputs: services.Inputs{
			Log: log,
			Session: session.New(manager, session.Options{
				StateFile: filepath.Join(paths.Data, "session.json"), Log: log,
			}),
			Manager: manager,
			Catalog: catalog.NewRefresher(catalog.NewCache(filepath.Join(paths.Cache, "catalog")), manager.Client,
				catalog.RefresherOptions{}),
			ResetDemo: demoServer.Reset,
			Clients:   manager,
			Drafts:    draftStore,
			Rates:     rates.NewStore(filepath.Join(paths.Config, policyeval.RateFileName)),

			Prices:  metrics.NewPrefs(filepath.Join(paths.Config, "metrics.json")),
			Notices: notices.NewPrefs(filepath.Join(paths.Config, "notifications.json")),
			Listed:  listed,

			NetworkEvents: netwatch.System,
		},
	})
	return a, assets, demoServer, nil
}
