package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/logger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestBoundMethodsNeverReturnASecret creates workspaces with known secrets
// through the page's own methods, calls every bound method of every facade
// in App.Bindings (the Workspaces ones by hand, the others by reflection
// once per workspace; a check fails when a method is added and neither
// exercised nor allow-listed), and scans every response, formatted error,
// event, log line and file written for the secrets. It must find none.
func TestBoundMethodsNeverReturnASecret(t *testing.T) {
	logs := &lockedBuffer{}
	log.SetOutput(logs)
	prevLogger := logger.DefaultLogger
	logger.DefaultLogger = &logger.SimpleLogger{Level: logger.LevelDebug}
	t.Cleanup(func() { log.SetOutput(os.Stderr); logger.DefaultLogger = prevLogger })

	srv := workspacestest.New(t)
	srv.Token = "dapiSCANpat00000000000000000001"
	srv.ClientSecret = "doseSCANm2m0000000000000000002"
	wrong := "dapiSCANwrong000000000000000003"
	cfgToken := "dapiSCANcfg00000000000000000004"
	envToken := "dapiSCANenv00000000000000000005"
	secrets := []string{srv.Token, srv.ClientSecret, wrong, cfgToken, envToken}

	fast := workspaces.ClientOptions{RateLimitPerSecond: 50, HTTPTimeout: 2 * time.Second, RetryTimeout: 2 * time.Second,
		ProbeTimeout: 2 * time.Second, Browser: workspacestest.Browser(t)}
	f := newFixture(t, fixtureOptions{client: fast, env: map[string]string{"DATABRICKS_TOKEN": envToken},
		log: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	secrets = append(secrets, f.demo.Token())
	w := f.app.Workspaces
	require.NoError(t, os.WriteFile(filepath.Join(f.home, ".databrickscfg"), []byte(fmt.Sprintf(
		"[imp]\nhost = %s\ntoken = %s\n\n[bad]\nhost = %s\nusername = u\npassword = %s\n", srv.URL, cfgToken, srv.URL, cfgToken)), 0o600))

	var returned bytes.Buffer
	called := map[string]bool{}
	keep := func(method string, v any, err error) {
		called[method] = true
		data, jerr := json.Marshal(v)
		require.NoError(t, jerr)
		returned.Write(data)
		fmt.Fprintf(&returned, "%+v\n", v)
		if err != nil {
			ui, _ := json.Marshal(f.app.FormatError(err))
			returned.Write(ui)
		}
	}
	keep2 := func(method string) func(v any, err error) {
		return func(v any, err error) { keep(method, v, err) }
	}

	pat, err := w.Create(workspaces.Form{Name: "PAT", Host: srv.URL, AuthType: "pat", Token: srv.Token})
	keep("Create", pat, err)
	require.NoError(t, err)
	sp, err := w.Create(workspaces.Form{Name: "SP", Host: srv.URL, AuthType: "oauth-m2m", ClientID: srv.ClientID, ClientSecret: srv.ClientSecret})
	keep("Create", sp, err)
	require.NoError(t, err)
	sso, err := w.Create(workspaces.Form{Name: "SSO", Host: srv.URL, AuthType: "oauth-u2m"})
	keep("Create", sso, err)
	require.NoError(t, err)
	_, err = w.Create(workspaces.Form{Name: "Bad", Host: "http://x.example.com", AuthType: "pat", Token: wrong})
	keep("Create", nil, err)

	secondHost, secondToken := f.secondWorkspace(t)
	secrets = append(secrets, secondToken)
	second, err := w.Create(workspaces.Form{Name: "Second", Host: secondHost, AuthType: "pat", Token: secondToken})
	keep("Create", second, err)
	require.NoError(t, err)

	keep2("SignIn")(w.SignIn(sso.ID))
	raw, err := f.secrets.Get(t.Context(), sso.ID)
	require.NoError(t, err)
	var bundle struct {
		OAuth struct {
			AccessToken  string `json:"access_token"`
			RefreshToken string `json:"refresh_token"`
		} `json:"oauth"`
	}
	require.NoError(t, json.Unmarshal([]byte(raw), &bundle))
	require.NotEmpty(t, bundle.OAuth.AccessToken)
	secrets = append(secrets, bundle.OAuth.AccessToken, bundle.OAuth.RefreshToken)

	for _, id := range []string{pat.ID, sp.ID, sso.ID, workspaces.DemoID} {
		keep2("Get")(w.Get(id))
		keep2("Status")(w.Status(id))
		keep2("Check")(w.Check(id))
		keep2("Select")(w.Select(id))
		keep2("RefreshCatalog")(w.RefreshCatalog(id))
		keep2("Catalog")(w.Catalog(id))
		keep2("TestDraft")(w.TestDraft(id, workspaces.Form{Name: "x", Host: srv.URL, AuthType: "pat"}))
	}
	keep2("TestDraft")(w.TestDraft("", workspaces.Form{Name: "x", Host: srv.URL, AuthType: "pat", Token: wrong}))
	keep2("TestDraft")(w.TestDraft("", workspaces.Form{Name: "x", Host: srv.URL, AuthType: "oauth-m2m", ClientID: srv.ClientID, ClientSecret: wrong}))
	keep2("Update")(w.Update(pat.ID, workspaces.Form{Name: "PAT", Host: srv.URL, AuthType: "pat", Token: wrong, Production: true}))
	keep2("Check")(w.Check(pat.ID))
	for _, id := range []string{pat.ID, sp.ID, sso.ID, second.ID, workspaces.DemoID} {
		callOtherFacades(t, f.app, id, func(method string, v any, err error) {
			keep(method, v, err)
		})
	}
	keep2("Catalogs")(w.Catalogs())
	keep2("List")(w.List())
	keep2("Keychain")(w.Keychain())
	keep2("RecheckKeychain")(w.RecheckKeychain())
	keep2("ImportCandidates")(w.ImportCandidates())
	keep2("Import")(w.Import([]string{"imp", "bad", "missing"}))
	keep("SignOut", nil, w.SignOut(sso.ID))
	keep("ResetDemo", nil, w.ResetDemo())
	w.loop.Settle()
	for _, p := range f.app.Workspaces.session.List() {
		keep("Delete", nil, w.Delete(p.ID))
	}
	w.loop.Settle()

	// Every bound method was exercised or is allow-listed.
	typ := reflect.TypeOf(w)
	for i := 0; i < typ.NumMethod(); i++ {
		assert.True(t, called[typ.Method(i).Name], "bound method Workspaces.%s is not covered by the secret scan", typ.Method(i).Name)
	}
	for _, obj := range f.app.Bindings() {
		typ := reflect.TypeOf(obj)
		if obj == any(w) {
			continue
		}
		for i := 0; i < typ.NumMethod(); i++ {
			name := typ.Elem().Name() + "." + typ.Method(i).Name
			_, allowed := notScanned[name]
			assert.True(t, called[name] || allowed, "bound method %s is not covered by the secret scan", name)
		}
	}

	events, err := json.Marshal(eventsOf(f.events))
	require.NoError(t, err)
	files := 0
	var written bytes.Buffer
	for _, dir := range []string{f.paths.Config, f.paths.Cache, f.paths.Data} {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, rerr := os.ReadFile(path)
				require.NoError(t, rerr)
				written.Write(data)
				files++
			}
			return nil
		})
	}
	t.Logf("scanned %d bytes of responses, %d of events, %d of logs, %d files", returned.Len(), len(events), len(logs.String()), files)
	require.Positive(t, files)
	require.NotEmpty(t, logs.String())
	for _, s := range secrets {
		assert.NotContains(t, returned.String(), s, "secret in a response or error")
		assert.NotContains(t, string(events), s, "secret in an event")
		assert.NotContains(t, logs.String(), s, "secret in the logs")
		assert.NotContains(t, written.String(), s, "secret in a file")
	}
	assert.True(t, strings.Contains(returned.String(), "dapi…0001"), "the masked token is shown")
}

// notScanned lists bound methods the scan cannot call meaningfully, and
// why ("Facade.Method": reason). Empty today: in tests the desktop services
// (browser, save dialog) are headless, so every method can be called.
var notScanned = map[string]string{}

// callOtherFacades calls every method of every bound facade but Workspaces
// with plain arguments: the workspace id for the first string, "x" for the
// others, zero values for the rest. Most calls fail (no such cluster or
// draft), which is fine: they reach the SDK with the workspace's
// credentials, and their responses and errors are what is scanned.
func callOtherFacades(t *testing.T, a *App, workspaceID string, keep func(method string, v any, err error)) {
	t.Helper()
	for _, obj := range a.Bindings() {
		if obj == any(a.Workspaces) {
			continue
		}
		v := reflect.ValueOf(obj)
		typ := v.Type()
		for i := 0; i < typ.NumMethod(); i++ {
			name := typ.Elem().Name() + "." + typ.Method(i).Name
			if _, skip := notScanned[name]; skip {
				continue
			}
			m := v.Method(i)
			args := plainArgs(m.Type(), workspaceID)
			done := make(chan []reflect.Value, 1)
			go func() { done <- m.Call(args) }()
			var out []reflect.Value
			select {
			case out = <-done:
			case <-time.After(30 * time.Second):
				t.Fatalf("%s(%s) did not return", name, workspaceID)
			}
			errV := out[len(out)-1]
			var err error
			if !errV.IsNil() {
				err = errV.Interface().(error)
			}
			var val any
			if len(out) == 2 {
				val = out[0].Interface()
			}
			keep(name, val, err)
		}
	}
}

// plainArgs are a bound method's arguments for a blind call: the
// workspace id for the first string, "x" for the others, zero values for
// the rest.
func plainArgs(m reflect.Type, workspaceID string) []reflect.Value {
	args := make([]reflect.Value, m.NumIn())
	first := true
	for j := range args {
		in := m.In(j)
		args[j] = reflect.New(in).Elem()
		if in.Kind() == reflect.String {
			if first {
				args[j].SetString(workspaceID)
				first = false
			} else {
				args[j].SetString("x")
			}
		}
	}
	return args
}

func eventsOf(r *recordingEmitter) []any {
	var out []any
	for _, e := range r.all() {
		out = append(out, e.name, e.data)
	}
	return out
}
