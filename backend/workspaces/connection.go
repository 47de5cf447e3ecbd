package workspaces

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/databricks/databricks-sdk-go/service/iam"
)

// User is the signed-in identity, as the page may show it.
type User struct {
	ID          string `json:"id"`
	UserName    string `json:"userName"`
	DisplayName string `json:"displayName"`
	Active      bool   `json:"active"`
}

// UserFromSCIM converts the SDK's SCIM user.
func UserFromSCIM(u *iam.User) User {
	if u == nil {
		return User{}
	}
	return User{ID: u.Id, UserName: u.UserName, DisplayName: u.DisplayName, Active: u.Active}
}

// WorkspaceInfo describes the workspace a connection test reached.
type WorkspaceInfo struct {
	ID string `json:"id"` // profile id
	// WorkspaceID is Databricks' numeric workspace id (the org id the
	// workspace sends with every answer); "" when it did not say.
	WorkspaceID string   `json:"workspaceId"`
	Name        string   `json:"name"`
	Host        string   `json:"host"`
	Cloud       Cloud    `json:"cloud"`
	AuthType    AuthType `json:"authType"`
}

// ConnectionResult is a successful "Test connection".
type ConnectionResult struct {
	User      User          `json:"user"`
	Workspace WorkspaceInfo `json:"workspace"`
	Latency   time.Duration `json:"latencyNs"`
}

// TestConnection checks that p's host is valid, its credentials work and it
// answers SCIM Me, within ClientOptions.ProbeTimeout. It builds a throwaway
// client with short timeouts instead of using the cached one. Errors are
// classified (see ClassifyError).
func (f *ClientFactory) TestConnection(ctx context.Context, p Profile) (ConnectionResult, error) {
	return f.TestConnectionWith(ctx, p, SecretInput{})
}

// TestConnectionWith is TestConnection with secrets typed into a form that
// is not saved yet (empty fields fall back to the keychain).
func (f *ClientFactory) TestConnectionWith(ctx context.Context, p Profile, in SecretInput) (ConnectionResult, error) {
	if p.ID != DemoID {
		host, err := NormalizeHost(p.Host)
		if err != nil {
			return ConnectionResult{}, ClassifyError(err)
		}
		p.Host, p.Cloud = host, DetectCloud(host)
		if err := checkAzureCLIHost(p.AuthType, p.Cloud); err != nil {
			return ConnectionResult{}, ClassifyError(err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, f.opts.ProbeTimeout)
	defer cancel()
	// Resolve and connect first: the SDK retries a refused connection until
	// its retry timeout, while a plain dial answers at once.
	if err := f.dial(ctx, p.Host); err != nil {
		return ConnectionResult{}, ClassifyError(err)
	}
	w, err := f.newClient(ctx, p, f.opts.ProbeTimeout, f.opts.ProbeTimeout, in)
	if err != nil {
		return ConnectionResult{}, classifyFor(p, err)
	}
	type answer struct {
		u     *iam.User
		orgID int64
		err   error
	}
	start := time.Now()
	ch := make(chan answer, 1)
	// Auth helpers (databricks-cli, azure-cli) run a subprocess that does
	// not see ctx: wait for the answer or the deadline, whichever is first.
	go func() {
		u, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
		if err != nil {
			ch <- answer{err: err}
			return
		}
		// The SDK reads the id from the X-Databricks-Org-Id header of another
		// SCIM Me call; without it the test still succeeded.
		org, _ := w.CurrentWorkspaceID(ctx)
		ch <- answer{u: u, orgID: org}
	}()
	var a answer
	select {
	case a = <-ch:
	case <-ctx.Done():
		a.err = fmt.Errorf("test connection: %w", ctx.Err())
	}
	if a.err != nil {
		return ConnectionResult{}, classifyFor(p, a.err)
	}
	return ConnectionResult{
		User: UserFromSCIM(a.u),
		Workspace: WorkspaceInfo{ID: p.ID, WorkspaceID: orgIDString(a.orgID), Name: p.Name, Host: w.Config.Host,
			Cloud: p.Cloud, AuthType: p.AuthType},
		Latency: time.Since(start),
	}, nil
}

// dial opens and closes a TCP connection to the host's address.
func (f *ClientFactory) dial(ctx context.Context, host string) error {
	u, err := url.Parse(host)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadHost, err)
	}
	// Behind a proxy, the proxy is what must answer: a corporate firewall
	// refuses direct connections that the proxy makes fine.
	to := u
	if pu, err := f.opts.Proxy(&http.Request{Method: http.MethodGet, URL: u, Header: http.Header{}}); err == nil && pu != nil {
		to = pu
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", hostPort(to))
	if err != nil {
		return fmt.Errorf("connect to %s: %w", to.Host, err)
	}
	return conn.Close()
}

// hostPort is u's host and port, the scheme's default port when none.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "443"
		if u.Scheme == "http" {
			port = "80"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

func orgIDString(id int64) string {
	if id <= 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}
