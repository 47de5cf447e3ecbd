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

// RunCommand implements `clusterdeck bridge [--addr 127.0.0.1:PORT]`: it
// serves the page and the bound objects on loopback, prints the URL (with the
// token) as CLUSTERDECK_BRIDGE_URL=..., and serves until ctx is cancelled.
func RunCommand(ctx context.Context, args []string, stdout io.Writer, cfg Config) error {
	flags := flag.NewFlagSet("bridge", flag.ContinueOnError)
	flags.SetOutput(stdout)
	addr := flags.String("addr", "127.0.0.1:0", "loopback address to listen on")
	if err := flags.Parse(args); err != nil {
		return fmt.Errorf("bridge: %w", err)
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil || !loopbackHost(host) {
		return fmt.Errorf("bridge: --addr %q must be a loopback address such as 127.0.0.1:0", *addr)
	}
	srv, err := New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
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
