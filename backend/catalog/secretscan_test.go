package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
	"github.com/databricks/databricks-sdk-go/logger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zalando/go-keyring"
)

// syncBuffer collects log output from concurrent goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestNoSecretLeaks creates workspaces with known secrets, exercises every
// path of the workspaces and catalog packages, then scans the config, cache
// and data dirs, the logs (SDK at debug level) and every returned value and
// error for the secrets. It must find none.
func TestNoSecretLeaks(t *testing.T) {
	paths := isolate(t)
	home := os.Getenv("HOME")
	keyring.MockInit()
	keychain := credentials.NewKeyring()

	logs := &syncBuffer{}
	log.SetOutput(logs)
	prevLogger := logger.DefaultLogger
	logger.DefaultLogger = &logger.SimpleLogger{Level: logger.LevelDebug}
	t.Cleanup(func() { log.SetOutput(os.Stderr); logger.DefaultLogger = prevLogger })

	srv := workspacestest.New(t)
	srv.Token = "dapiLEAKCHECKpat0000000000000001"
	srv.ClientSecret = "doseLEAKCHECKm2m000000000000002"
	wrongToken := "dapiLEAKCHECKwrong00000000000003"
	cfgToken := "dapiLEAKCHECKcfg000000000000004"
	cfgSecret := "doseLEAKCHECKcfg00000000000005"
	demoToken := "LEAKCHECKdemo0000000000000006"
	secrets := []string{srv.Token, srv.ClientSecret, wrongToken, cfgToken, cfgSecret, demoToken}

	cfgPath := filepath.Join(home, ".databrickscfg")
	require.NoError(t, os.WriteFile(cfgPath, []byte(fmt.Sprintf(
		"[imp-pat]\nhost = %s\ntoken = %s\n\n[imp-sp]\nhost = %s\nclient_id = %s\nclient_secret = %s\n\n[broken]\nhost = %s\nusername = me\npassword = %s\n",
		srv.URL, cfgToken, srv.URL, srv.ClientID, cfgSecret, srv.URL, cfgToken)), 0o600))

	opts := fast
	opts.Browser = workspacestest.Browser(t)
	m, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: keychain, Home: home, Client: opts,
		LookupEnv: func(k string) (string, bool) {
			if k == "DATABRICKS_TOKEN" {
				return wrongToken, true
			}
			return "", false
		}})
	require.NoError(t, err)
	m.SetDemo(workspaces.Demo{URL: srv.URL, Token: demoToken})

	var returned bytes.Buffer
	keep := func(v any, err error) {
		data, jerr := json.Marshal(v)
		require.NoError(t, jerr)
		returned.Write(data)
		fmt.Fprintf(&returned, "%+v\n", v)
		if err != nil {
			fmt.Fprintf(&returned, "%v %+v %s\n", err, err, workspaces.HintOf(err))
		}
	}
	ctx := context.Background()

	pat, err := m.Create(ctx, workspaces.Profile{Name: "PAT", Host: srv.URL, AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: srv.Token})
	keep(pat, err)
	require.NoError(t, err)
	sp, err := m.Create(ctx, workspaces.Profile{Name: "SP", Host: srv.URL, AuthType: workspaces.AuthOAuthM2M, ClientID: srv.ClientID},
		workspaces.SecretInput{ClientSecret: srv.ClientSecret})
	keep(sp, err)
	require.NoError(t, err)
	sso, err := m.Create(ctx, workspaces.Profile{Name: "SSO", Host: srv.URL, AuthType: workspaces.AuthOAuthU2M}, workspaces.SecretInput{})
	keep(sso, err)
	require.NoError(t, err)
	loginCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	require.NoError(t, m.Login(loginCtx, sso.ID))

	// The OAuth tokens issued at login are secrets too.
	raw, err := keychain.Get(ctx, sso.ID)
	require.NoError(t, err)
	var bundle struct {
		OAuth struct {
			AccessToken  string `json:"access_token"`
			RefreshToken string `json:"refresh_token"`
		} `json:"oauth"`
	}
	require.NoError(t, json.Unmarshal([]byte(raw), &bundle))
	require.NotEmpty(t, bundle.OAuth.RefreshToken)
	secrets = append(secrets, bundle.OAuth.AccessToken, bundle.OAuth.RefreshToken)

	cli, err := m.Create(ctx, workspaces.Profile{Name: "CLI", Host: "https://dbc-x.cloud.databricks.com", AuthType: workspaces.AuthDatabricksCLI}, workspaces.SecretInput{})
	keep(cli, err)
	_, err = m.Create(ctx, workspaces.Profile{Name: "Bad", Host: "http://x.example.com", AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: wrongToken})
	keep(nil, err)

	keep(m.List(), nil)
	for _, id := range []string{pat.ID, sp.ID, sso.ID, cli.ID, workspaces.DemoID} {
		p, err := m.Get(id)
		keep(p, err)
		st, err := m.SecretStatus(ctx, id)
		keep(st, err)
		res, err := m.TestConnection(ctx, id)
		keep(res, err)
	}
	draft := workspaces.Profile{Name: "Draft", Host: srv.URL, AuthType: workspaces.AuthPAT}
	res, err := m.TestDraft(ctx, draft, workspaces.SecretInput{Token: wrongToken})
	keep(res, err)
	require.ErrorIs(t, err, workspaces.ErrUnauthorized)
	res, err = m.TestDraft(ctx, draft, workspaces.SecretInput{Token: srv.Token})
	keep(res, err)
	require.NoError(t, err)

	pat.Label = "PROD"
	upd, err := m.Update(ctx, pat, workspaces.SecretInput{Token: srv.Token})
	keep(upd, err)
	require.NoError(t, err)

	listing, err := m.ListDatabricksCfg()
	keep(listing, err)
	require.NoError(t, err)
	imported, err := m.ImportDatabricksCfg(ctx, []string{"imp-pat", "imp-sp", "broken"})
	keep(imported, err)
	require.Len(t, imported, 2)
	unparsable := filepath.Join(home, "unparsable.cfg")
	require.NoError(t, os.WriteFile(unparsable, []byte("[x\ntoken "+cfgToken+"\n"), 0o600))
	keep(workspaces.ReadDatabricksCfg(unparsable, func(string) (string, bool) { return "", false }))

	r := NewRefresher(NewCache(filepath.Join(paths.Cache, "catalog")), m.Client, RefresherOptions{})
	for _, p := range m.List() {
		snap, err := r.RefreshNow(ctx, p.ID)
		keep(snap, err)
		keep(r.Status(p.ID), nil)
	}
	srv.Fail(workspacestest.PathMe, 401)
	snap, err := r.RefreshNow(ctx, pat.ID)
	keep(snap, err)
	keep(r.Status(pat.ID), nil)

	// Keychain failures.
	keyring.MockInitWithError(errors.New("failed to unlock correct collection '/org/freedesktop/secrets/collection/login'"))
	keep(m.SecretStatus(ctx, pat.ID))
	_, err = m.Create(ctx, workspaces.Profile{Name: "Locked", Host: srv.URL, AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: wrongToken})
	keep(nil, err)
	require.ErrorIs(t, err, credentials.ErrUnavailable)
	keep(nil, m.CheckKeychain(ctx))
	keyring.MockInit()

	for _, p := range m.List() {
		if p.ID != workspaces.DemoID {
			keep(nil, m.Delete(ctx, p.ID))
		}
	}

	// Scan.
	scanned := 0
	for _, dir := range []string{paths.Config, paths.Cache, paths.Data} {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, rerr := os.ReadFile(path)
			require.NoError(t, rerr)
			scanned++
			for _, s := range secrets {
				assert.NotContains(t, string(data), s, "secret found in %s", path)
			}
			return nil
		})
	}
	assert.Positive(t, scanned, "files were written and scanned")
	t.Logf("scanned %d files, %d bytes of logs, %d bytes of returned values for %d secrets", scanned, len(logs.String()), returned.Len(), len(secrets))
	require.NotEmpty(t, logs.String())
	require.Positive(t, returned.Len())
	for _, s := range secrets {
		assert.NotContains(t, logs.String(), s, "secret found in logs")
		assert.NotContains(t, returned.String(), s, "secret found in a returned value or error")
	}
	assert.True(t, strings.Contains(returned.String(), "dapi…0001"), "masked token shown")
}
