package workspaces

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConnectionSuccess(t *testing.T) {
	srv := workspacestest.New(t)
	// The user's environment must not leak into a Clusterdeck profile.
	t.Setenv("DATABRICKS_TOKEN", "dapi-from-env-must-not-be-used")
	t.Setenv("DATABRICKS_HOST", "https://env.cloud.databricks.com")
	t.Setenv("DATABRICKS_AUTH_TYPE", "databricks-cli")
	m, _ := newTestManager(t, credentials.NewMemoryStore(), nil)
	ctx := context.Background()

	pat, err := m.Create(ctx, Profile{Name: "PAT", Host: srv.URL, AuthType: AuthPAT}, SecretInput{Token: srv.Token})
	require.NoError(t, err)
	m2m, err := m.Create(ctx, Profile{Name: "SP", Host: srv.URL, AuthType: AuthOAuthM2M, ClientID: srv.ClientID},
		SecretInput{ClientSecret: srv.ClientSecret})
	require.NoError(t, err)

	for _, p := range []Profile{pat, m2m} {
		t.Run(string(p.AuthType), func(t *testing.T) {
			res, err := m.TestConnection(ctx, p.ID)
			require.NoError(t, err)
			assert.Equal(t, User{ID: "1001", UserName: "analyst@example.com", DisplayName: "Ana Lyst", Active: true}, res.User)
			assert.Equal(t, WorkspaceInfo{ID: p.ID, WorkspaceID: srv.WorkspaceID, Name: p.Name, Host: srv.URL, Cloud: CloudDemo, AuthType: p.AuthType}, res.Workspace)
		})
	}
	for _, h := range srv.AuthHeaders() {
		assert.NotContains(t, h, "from-env")
	}

	// A workspace that does not send its id still connects, without one.
	want := srv.WorkspaceID
	srv.SetWorkspaceID("")
	res, err := m.TestConnection(ctx, pat.ID)
	require.NoError(t, err)
	assert.Empty(t, res.Workspace.WorkspaceID)
	assert.Equal(t, "analyst@example.com", res.User.UserName)
	srv.SetWorkspaceID(want)

	// The cached client is built once and reused.
	c1, err := m.Client(ctx, pat.ID)
	require.NoError(t, err)
	c2, err := m.Client(ctx, pat.ID)
	require.NoError(t, err)
	assert.Same(t, c1, c2)
	assert.Equal(t, fastOptions.RateLimitPerSecond, c1.Config.RateLimitPerSecond)
	assert.Equal(t, 2, c1.Config.RetryTimeoutSeconds)
	me, err := c1.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)
	assert.Equal(t, "analyst@example.com", me.UserName)
	_, err = m.Update(ctx, Profile{ID: pat.ID, Name: "PAT renamed", Host: srv.URL, AuthType: AuthPAT}, SecretInput{})
	require.NoError(t, err)
	c3, err := m.Client(ctx, pat.ID)
	require.NoError(t, err)
	assert.NotSame(t, c1, c3, "a changed profile gets a new client")
}

func TestConnectionErrors(t *testing.T) {
	srv := workspacestest.New(t)
	tlsSrv := httptest.NewUnstartedServer(http.NotFoundHandler())
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshake failures are the point
	tlsSrv.StartTLS()
	t.Cleanup(tlsSrv.Close)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}))
	t.Cleanup(slow.Close)
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html>login</html>"))
	}))
	t.Cleanup(html.Close)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closedURL := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())

	forbidden := workspacestest.New(t)
	forbidden.Fail(workspacestest.PathMe, http.StatusForbidden)
	notWorkspace := workspacestest.New(t)
	notWorkspace.Fail(workspacestest.PathMe, http.StatusNotFound)

	keychainDown := credentials.NewMemoryStore()
	keychainDown.Err = &credentials.UnavailableError{Op: "read", Cause: errors.New("locked"), Hint: "unlock"}

	tests := []struct {
		name    string
		host    string
		token   string
		store   credentials.SecretStore
		want    error
		offline bool
	}{
		{"bad host", "http://example.com", srv.Token, nil, ErrBadHost, false},
		{"dns", "https://no-such-workspace.invalid", srv.Token, nil, ErrDNS, true},
		{"tls", tlsSrv.URL, srv.Token, nil, ErrTLS, false},
		{"401", srv.URL, "dapi-wrong-token-00000000000", nil, ErrUnauthorized, false},
		{"403", forbidden.URL, forbidden.Token, nil, ErrForbidden, false},
		{"404 not a workspace", notWorkspace.URL, notWorkspace.Token, nil, ErrNotWorkspace, false},
		{"html page", html.URL, srv.Token, nil, ErrNotWorkspace, false},
		{"timeout", slow.URL, srv.Token, nil, ErrTimeout, true},
		{"refused", closedURL, srv.Token, nil, ErrUnreachable, true},
		{"missing secret", srv.URL, "", nil, ErrMissingSecret, false},
		{"keychain unavailable", srv.URL, "", keychainDown, credentials.ErrUnavailable, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := tt.store
			if store == nil {
				mem := credentials.NewMemoryStore()
				if tt.token != "" {
					require.NoError(t, mem.Set(context.Background(), "ws-t", `{"token":"`+tt.token+`"}`))
				}
				store = mem
			}
			f := NewClientFactory(store, fastOptions)
			start := time.Now()
			_, err := f.TestConnection(context.Background(), Profile{ID: "ws-t", Name: "t", Host: tt.host, AuthType: AuthPAT})
			assert.Less(t, time.Since(start), 8*time.Second, "interactive calls stay short")
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.want, "%v", err)
			assert.Equal(t, tt.offline, IsOffline(err))
			assert.NotEmpty(t, HintOf(err))
			if tt.token != "" {
				assert.NotContains(t, err.Error(), tt.token)
			}
		})
	}
}

func TestClassifyErrorKeepsKindsApart(t *testing.T) {
	kinds := []error{ErrDNS, ErrTLS, ErrUnauthorized, ErrForbidden, ErrTimeout, ErrUnreachable, ErrNotWorkspace, ErrUnexpected}
	for _, k := range kinds {
		err := ClassifyError(&ConnectionError{Kind: k, Cause: errors.New("x")})
		for _, other := range kinds {
			assert.Equal(t, k == other, errors.Is(err, other), "%v vs %v", k, other)
		}
	}
	assert.Nil(t, ClassifyError(nil))
	assert.ErrorIs(t, ClassifyError(context.DeadlineExceeded), ErrTimeout)
	assert.ErrorIs(t, ClassifyError(errors.New("weird")), ErrUnexpected)
}
