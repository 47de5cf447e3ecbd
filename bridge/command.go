package bridge

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// Flags are the bridge command's own flags.
type Flags struct {
	Addr string // loopback address to listen on
	// SaveDir (test-only --save-dir): Save writes there instead of having no
	// dialog, so browser tests can check what a download wrote.
	SaveDir string
}

// ParseFlags reads `clusterdeck bridge [--addr 127.0.0.1:PORT]`. It runs
// before anything is built, so --help and bad flags cost nothing; --help
// returns an error matching flag.ErrHelp after printing the usage to out.
func ParseFlags(args []string, out io.Writer) (Flags, error) {
	flags := flag.NewFlagSet("bridge", flag.ContinueOnError)
	flags.SetOutput(out)
	f := Flags{}
	flags.StringVar(&f.Addr, "addr", "127.0.0.1:0", "loopback address to listen on")
	flags.StringVar(&f.SaveDir, "save-dir", "", "test-only: saves go to this folder (the bridge has no save dialog)")
	if err := flags.Parse(args); err != nil {
		return f, fmt.Errorf("bridge: %w", err)
	}
	if flags.NArg() > 0 {
		return f, fmt.Errorf("bridge: unexpected argument %q", flags.Arg(0))
	}
	host, _, err := net.SplitHostPort(f.Addr)
	if err != nil || !loopbackHost(host) {
		return f, fmt.Errorf("bridge: --addr %q must be a loopback address such as 127.0.0.1:0", f.Addr)
	}
	return f, nil
}

// RunCommand implements `clusterdeck bridge`: it serves the page and the
// bound objects on loopback, prints the URL (with the token) as
// CLUSTERDECK_BRIDGE_URL=..., and serves until ctx is cancelled.
func RunCommand(ctx context.Context, f Flags, stdout io.Writer, cfg Config) error {
	srv, err := New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.Addr)
	if err != nil {
		return fmt.Errorf("bridge: listen: %w", err)
	}
	httpSrv := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "CLUSTERDECK_BRIDGE_URL=http://%s/?token=%s\n", ln.Addr(), srv.Token())
	done := make(chan error, 1)
	go func() { done <- httpSrv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("bridge: serve: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	// Event streams never end by themselves; closing is the expected path.
	if err := httpSrv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("bridge: shutdown: %w", err)
	}
	return nil
}
