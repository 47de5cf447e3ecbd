package demo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// The Databricks CLI works against the demo unchanged: `bundle validate`
// on the databricks.yml Clusterdeck exports (issue 40: it stopped at
// "No API found for 'POST /api/2.0/workspace/mkdirs'"), the workspace
// commands on the seeded tree, the warehouses and query-history ones, and
// the jobs ones on the seeded job.
// Runs only where the CLI is installed.
func TestDatabricksCLIAgainstTheDemo(t *testing.T) {
	cli, err := exec.LookPath("databricks")
	if err != nil {
		t.Skip("the Databricks CLI (databricks) is not on PATH: install it (docs.databricks.com/dev-tools/cli/install) to check bundle validate, workspace, warehouses and query-history against the demo")
	}
	srv := startServer(t, Options{}) // seeded: jobs with runs, a query history
	dir := t.TempDir()
	yml, name, err := drafts.ExportTo(drafts.FormatBundleProject, drafts.Target{Host: srv.URL(), BundleName: "clusterdeck_demo"},
		drafts.Draft{Name: "etl", Spec: compute.ClusterSpec{ClusterName: "etl", SparkVersion: "16.4.x-scala2.12",
			NodeTypeId: "Standard_DS3_v2", NumWorkers: 2, AutoterminationMinutes: 30}})
	require.NoError(t, err)
	require.Equal(t, "databricks.yml", name)
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), yml, 0o600))

	// Only the demo's host and token: no profile, no user config.
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + dir,
		"DATABRICKS_HOST=" + srv.URL(), "DATABRICKS_TOKEN=" + srv.Token(), "DATABRICKS_AUTH_TYPE=pat",
		"DATABRICKS_CONFIG_FILE=" + filepath.Join(dir, "no-databrickscfg"), "DATABRICKS_CLI_DISABLE_TELEMETRY=true",
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"bundle validate", []string{"bundle", "validate"}, "Validation OK!"},
		{"bundle validate (JSON)", []string{"bundle", "validate", "-o", "json"}, "/Workspace/Users/" + adminUserName + "/.bundle/clusterdeck_demo/dev"},
		{"workspace list", []string{"workspace", "list", "/Shared/etl"}, "/Shared/etl/load"},
		{"workspace mkdirs", []string{"workspace", "mkdirs", "/Users/" + adminUserName + "/.bundle/clusterdeck_demo/dev/files"}, ""},
		{"workspace export", []string{"workspace", "export", "/Shared/etl/load"}, "Databricks notebook source"},
		// Issue 38: the SQL warehouses and query history commands.
		{"warehouses list", []string{"warehouses", "list"}, "Serverless Starter Warehouse"},
		{"warehouses get", []string{"warehouses", "get", demoWarehouseID, "-o", "json"}, `"cluster_size"`},
		{"query-history list", []string{"query-history", "list", "-o", "json"}, `"query_text": "`}, // the seeded history
		{"warehouses get-workspace-warehouse-config", []string{"warehouses", "get-workspace-warehouse-config"}, `"security_policy": "DATA_ACCESS_CONTROL"`},
		// The seeded job and the runs of it that the demo seeds (seed.go).
		{"jobs list", []string{"jobs", "list"}, "771204563  nightly-orders-etl"},
		{"jobs get", []string{"jobs", "get", "771204563"}, `"name": "nightly-orders-etl"`},
		{"jobs list-runs", []string{"jobs", "list-runs", "--job-id", "771204563"}, "#job/771204563/run/3318902"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, cli, tc.args...)
			cmd.Dir, cmd.Env = dir, env
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.NotContains(t, string(out), "No API found", "every call the CLI makes is routed")
			assert.Contains(t, string(out), tc.want)
		})
	}
}
