// Package httpreset drops an HTTP connection the way a broken network
// does, for the demo workspace's outages and the fault proxy.
package httpreset

import (
	"net"
	"net/http"
)

// Reset closes the client's connection with a TCP reset (RST), so the
// client sees "connection reset by peer", not an orderly end of the answer.
func Reset(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}
