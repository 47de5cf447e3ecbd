// Package testenv keeps a package's tests away from the user's files and
// Databricks settings: a package's TestMain calls Main.
package testenv

import (
	"fmt"
	"os"
	"testing"
)

// Main points HOME and XDG_* at a temporary folder and clears the
// DATABRICKS_* variables the SDK reads, runs the tests, removes the folder
// and exits with their code. Tests that run in parallel cannot use
// t.Setenv, so this is done once for the package.
func Main(m *testing.M, name string) {
	dir, err := os.MkdirTemp("", "clusterdeck-"+name+"-test-")
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
