// Command faultproxy runs backend/faultproxy for the browser suite: a bad
// network on loopback in front of a workspace, driven over HTTP. It prints
// FAULTPROXY_URL (where the app connects) and FAULTPROXY_CONTROL (where the
// test sets the fault: PUT /fault, GET /stats) and runs until stdin closes
// or it is signalled, so it never outlives the test that started it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
)

func main() {
	target := flag.String("target", "", "the workspace URL to stand in front of")
	port := flag.Int("port", 0, "the loopback port to listen on (0: any free one)")
	flag.Parse()
	if err := run(*target, *port); err != nil {
		fmt.Fprintln(os.Stderr, "faultproxy:", err)
		os.Exit(1)
	}
}

func run(target string, port int) error {
	p, err := faultproxy.Start(target, port)
	if err != nil {
		return err
	}
	defer p.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	control := &http.Server{Handler: p.Control()}
	go func() { _ = control.Serve(ln) }()
	defer control.Close()
	fmt.Printf("FAULTPROXY_URL=%s\nFAULTPROXY_CONTROL=http://%s\n", p.URL(), ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		stop()
	}()
	<-ctx.Done()
	return nil
}
