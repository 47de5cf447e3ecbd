//go:build benchhello

// Command hello is the yardstick of `make bench`: the smallest Wails v2 app
// (one window, one page, no framework) at Clusterdeck's window size. The
// benchmark starts it beside Clusterdeck and compares memory and start-up.
// The build tag keeps it out of `go build ./...` and `go test ./...`.
package main

import (
	"context"
	"embed"
	"fmt"
	"os"
	"sync"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
)

//go:embed page
var page embed.FS

// Hello is bound so the page can say when it painted.
type Hello struct{ once sync.Once }

// Painted is called by the page after its first frame, with the moment it
// was on screen (ms since the epoch, the page's clock).
func (h *Hello) Painted(atUnixMs float64) {
	h.once.Do(func() { fmt.Fprintf(os.Stderr, "hello painted at_unix_ms=%d\n", int64(atUnixMs)) })
}

func main() {
	h := &Hello{}
	err := wails.Run(&options.App{
		Title: "Hello", Width: 1360, Height: 860,
		AssetServer: &assetserver.Options{Assets: page},
		OnStartup:   func(context.Context) {},
		Bind:        []any{h},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
