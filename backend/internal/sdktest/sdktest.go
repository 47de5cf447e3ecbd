// Package sdktest holds what Go tests that talk to the demo through
// databricks-sdk-go share: keeping the SDK away from the user's files and
// variables, and a client for a demo server. New test packages use it
// instead of another copy of the same TestMain.
package sdktest

import (
	"fmt"
	"os"
	"testing"

	"github.com/databricks/databricks-sdk-go"
	"github.com/databricks/databricks-sdk-go/config"
)

// Main runs the package's tests with HOME and the XDG folders in a
// throwaway directory and no DATABRICKS_* variables, so the SDK reads
// nothing of the user's.
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "clusterdeck-sdk-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, k := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"} {
		_ = os.Setenv(k, dir)
	}
	for _, k := range []string{"DATABRICKS_HOST", "DATABRICKS_TOKEN", "DATABRICKS_CONFIG_PROFILE", "DATABRICKS_CONFIG_FILE"} {
		_ = os.Unsetenv(k)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// Client is an SDK client for host with a token and short timeouts, read
// from its arguments only.
func Client(t testing.TB, host, token string) *databricks.WorkspaceClient {
	t.Helper()
	w, err := databricks.NewWorkspaceClient(&databricks.Config{Host: host, Token: token,
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 10, HTTPTimeoutSeconds: 10})
	if err != nil {
		t.Fatalf("SDK client for %s: %v", host, err)
	}
	return w
}
