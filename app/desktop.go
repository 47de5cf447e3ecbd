package app

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/options/mac"
	"github.com/wailsapp/wails/v2/pkg/options/windows"
	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// RunDesktop opens the window and blocks until it closes. Cancelling stop
// (SIGTERM, SIGINT) quits the app the same way closing the window does, so
// Shutdown always runs and the process exits cleanly.
func RunDesktop(stop context.Context, a *App, emitter *WailsEmitter, assets fs.FS, icon []byte) error {
	err := wails.Run(&options.App{
		Title:            "Clusterdeck",
		Width:            1360,
		Height:           860,
		MinWidth:         960,
		MinHeight:        600,
		AssetServer:      &assetserver.Options{Assets: assets},
		BackgroundColour: &options.RGBA{R: 250, G: 250, B: 251, A: 255},
		OnStartup: func(ctx context.Context) {
			emitter.Bind(ctx)
			a.Startup(ctx)
			go func() {
				<-stop.Done()
				runtime.Quit(ctx)
			}()
		},
		OnShutdown:     a.Shutdown,
		Bind:           a.Bindings(),
		EnumBind:       []any{AllEvents, AllConnectionStates},
		ErrorFormatter: a.FormatError,
		// GPU policy Never, as Wails sets when no Linux options are given (wails#2977:
		// blank or crashing WebKit on some drivers); without it WebKit composites
		// through software GL under Xvfb and VMs, at ~60 MB more for the page.
		Linux:   &linux.Options{ProgramName: "clusterdeck", Icon: icon, WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
		Windows: &windows.Options{Theme: windows.SystemDefault},
		Mac:     &mac.Options{Appearance: mac.DefaultAppearance},
	})
	if err != nil {
		return fmt.Errorf("run desktop window: %w", err)
	}
	return nil
}
