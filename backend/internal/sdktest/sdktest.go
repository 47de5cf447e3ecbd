// Package sdktest holds what Go tests that talk to the demo through
// databricks-sdk-go share: a client for a demo server (keeping the SDK away
// from the user's files is backend/testenv's Main).
package sdktest

import (
	"context"
	"fmt"
	"testing"

	"github.com/databricks/databricks-sdk-go/config"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Client is an SDK client for host with a token and short timeouts, read
// from its arguments only.
func Client(t testing.TB, host, token string) *workspaceapi.Client {
	t.Helper()
	w, err := workspaceapi.New(&config.Config{Host: host, Token: token,
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 10, HTTPTimeoutSeconds: 10})
	if err != nil {
		t.Fatalf("SDK client for %s: %v", host, err)
	}
	return w
}

// OneWorkspace is a ClientSource (what services take) with one workspace,
// "demo", answered by W.
type OneWorkspace struct{ W *workspaceapi.Client }

// Client implements the services' ClientSource.
func (o OneWorkspace) Client(_ context.Context, ws string) (*workspaceapi.Client, error) {
	if ws != "demo" {
		return nil, fmt.Errorf("no workspace %q", ws)
	}
	return o.W, nil
}
