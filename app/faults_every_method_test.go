package app

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Issue 35 item 3: every bound method, called for a workspace that is
// refused, black-holed, not in DNS, behind a TLS certificate nobody
// trusts, or answered by a captive portal's page, fails (or succeeds) with
// a sentence: no Go error text reaches what the person reads.
func TestEveryBoundMethodSpeaksPlainlyWhenTheNetworkFails(t *testing.T) {
	refused, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	refusedURL := "http://" + refused.Addr().String()
	require.NoError(t, refused.Close())
	up := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(up.Close)
	hole, err := faultproxy.Start(up.URL, 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = hole.Close() })
	require.NoError(t, hole.Set(faultproxy.Fault{Mode: faultproxy.BlackHole}))
	portal, err := faultproxy.Start(up.URL, 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = portal.Close() })
	require.NoError(t, portal.Set(faultproxy.Fault{Mode: faultproxy.HTML}))
	untrusted := httptest.NewUnstartedServer(http.NotFoundHandler())
	untrusted.Config.ErrorLog = log.New(io.Discard, "", 0)
	untrusted.StartTLS()
	t.Cleanup(untrusted.Close)

	hosts := []struct{ name, host string }{
		{"refused", refusedURL},
		{"black-holed", hole.URL()},
		{"not in DNS", "https://no-such-workspace.invalid"},
		{"untrusted TLS", untrusted.URL},
		{"captive portal", portal.URL()},
	}
	fast := workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 2 * time.Second, ProbeTimeout: 2 * time.Second}
	for _, h := range hosts {
		t.Run(h.name, func(t *testing.T) {
			f := newFixture(t, fixtureOptions{client: fast})
			// The list and Fleet pollers the calls started stop before the
			// folders go (cleanups run last first).
			t.Cleanup(func() { f.app.Shutdown(context.Background()) })
			view, err := f.app.Workspaces.Create(workspaces.Form{Name: "Away", Host: h.host, AuthType: "pat", Token: "dapi0123456789abcdef0123456789abcdef"})
			require.NoError(t, err)
			id := view.ID

			read := map[string]string{} // method → what the person reads
			keep := func(method string, _ any, err error) {
				if err != nil {
					ui := f.app.FormatError(err).(UIError)
					read[method] = ui.Message + " | " + ui.Hint
				}
			}
			callOtherFacades(t, f.app, id, keep)
			for _, m := range []string{"Check", "RefreshCatalog"} {
				out := reflect.ValueOf(f.app.Workspaces).MethodByName(m).Call([]reflect.Value{reflect.ValueOf(id)})
				if e, _ := out[len(out)-1].Interface().(error); e != nil {
					keep("Workspaces."+m, nil, e)
				}
			}
			require.NotEmpty(t, read)
			for method, text := range read {
				for _, g := range goText {
					assert.NotContains(t, text, g, "%s reads Go's text", method)
				}
			}
			t.Logf("%s: %d methods failed, each with a sentence", h.name, len(read))
		})
	}
}
