package runcmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

func TestEnsurePrintsTheClusterIDAndReusesIt(t *testing.T) {
	t.Parallel()
	srv, w := fast(t, demo.Durations{})
	d := deps(t, srv)
	spec := write(t, "flowyml.yaml", stack)
	var out, errs syncBuf
	code := RunCommand(ctx(t), "ensure", []string{"--spec", spec}, &out, &errs, d)
	require.Equal(t, ExitSucceeded, code, errs.String())
	id := strings.TrimSpace(out.String())
	c, err := w.Clusters.GetByClusterId(ctx(t), id)
	require.NoError(t, err)
	assert.Equal(t, "flowyml-training", c.ClusterName)
	assert.Equal(t, compute.StateRunning, c.State, "ensure waits until it runs")
	assert.Contains(t, errs.String(), "using DATABRICKS_HOST="+srv.URL())
	assert.NotContains(t, errs.String(), srv.Token(), "never a secret")

	var out2, errs2 syncBuf
	require.Equal(t, ExitSucceeded, RunCommand(ctx(t), "ensure", []string{"--spec", spec}, &out2, &errs2, d))
	assert.Equal(t, id, strings.TrimSpace(out2.String()))
	assert.Contains(t, errs2.String(), "Reusing cluster "+id)
}

func TestRunPrintsStatusAndOutputAndExitsPerStatus(t *testing.T) {
	t.Parallel()
	srv, _ := fast(t, demo.Durations{})
	d := deps(t, srv)
	spec := write(t, "flowyml.yaml", stack)
	cases := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"notebook succeeds", []string{"--notebook", "/Shared/etl/load", "--param", "date=2026-11-23"}, ExitSucceeded, `"date":"2026-11-23"`},
		{"missing notebook fails", []string{"--notebook", "/Shared/missing"}, ExitFailed, "Notebook not found: /Shared/missing"},
		{"python exception fails with its trace", []string{"--python-file", "/Workspace/etl/fail_on_nulls.py"}, ExitFailed, "Traceback (most recent call last)"},
		{"wheel succeeds with logs", []string{"--wheel", "flowyml:run_pipeline", "--param", "--pipeline-name", "--param", "training"}, ExitSucceeded, "--- logs ---"},
	}
	for _, c := range cases {
		var out, errs syncBuf
		code := RunCommand(ctx(t), "run", append([]string{"--spec", spec}, c.args...), &out, &errs, d)
		assert.Equal(t, c.code, code, "%s: %s", c.name, errs.String())
		assert.Contains(t, out.String(), c.out, c.name)
		assert.Contains(t, errs.String(), "submitted on cluster", c.name)
	}
}

func TestRunCtrlCCancelsTheRun(t *testing.T) {
	t.Parallel()
	srv, w := fast(t, demo.Durations{RunDuration: 10 * time.Hour})
	d := deps(t, srv)
	spec := write(t, "flowyml.yaml", stack)
	runCtx, interrupt := context.WithCancel(ctx(t))
	var out, errs syncBuf
	done := make(chan int, 1)
	go func() {
		done <- RunCommand(runCtx, "run", []string{"--spec", spec, "--notebook", "/Shared/etl/long"}, &out, &errs, d)
	}()
	require.Eventually(t, func() bool { return strings.Contains(errs.String(), "running (RUNNING") }, 30*time.Second, 10*time.Millisecond)
	interrupt() // what Ctrl+C does to the command's context
	var code int
	select {
	case code = <-done:
	case <-time.After(40 * time.Second):
		t.Fatal("the command did not exit after Ctrl+C")
	}
	assert.Equal(t, ExitInterrupted, code, errs.String())
	assert.Contains(t, errs.String(), "Interrupted: cancelling run")

	list, err := w.Jobs.ListRunsAll(ctx(t), jobs.ListRunsRequest{})
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, jobs.RunLifeCycleStateTerminated, list[0].State.LifeCycleState)
	assert.Equal(t, jobs.RunResultStateCanceled, list[0].State.ResultState, "the run ends CANCELED in the workspace")
}

func TestUsageAndRefusals(t *testing.T) {
	t.Parallel()
	srv, w := fast(t, demo.Durations{})
	d := deps(t, srv)
	spec := write(t, "flowyml.yaml", stack)
	for _, name := range []string{"dup", "dup"} {
		_, err := w.Clusters.Create(ctx(t), compute.CreateCluster{ClusterName: name, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1})
		require.NoError(t, err)
	}
	dup := write(t, "dup.json", `{"cluster_name":"dup","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1}`)
	noEnv := d
	noEnv.LookupEnv = func(string) (string, bool) { return "", false }
	cases := []struct {
		name    string
		command string
		args    []string
		d       Deps
		code    int
		says    string
	}{
		{"no spec", "ensure", nil, d, ExitUsage, "--spec FILE is required"},
		{"two tasks", "run", []string{"--spec", spec, "--notebook", "/a", "--python-file", "/b.py"}, d, ExitUsage, "exactly one task"},
		{"relative notebook", "run", []string{"--spec", spec, "--notebook", "a/b"}, d, ExitUsage, "path: A workspace notebook path must be absolute"},
		{"missing spec file", "ensure", []string{"--spec", "/nonexistent.json"}, d, ExitUsage, "no such file"},
		{"no credentials", "ensure", []string{"--spec", spec}, noEnv, ExitUsage, "--workspace NAME, --profile NAME"},
		{"unknown workspace", "ensure", []string{"--spec", spec, "--workspace", "prod"}, d, ExitUsage, `no such workspace named "prod"`},
		{"duplicate names", "ensure", []string{"--spec", dup}, d, ExitError, `2 clusters are named "dup"`},
	}
	for _, c := range cases {
		var out, errs syncBuf
		code := RunCommand(ctx(t), c.command, c.args, &out, &errs, c.d)
		assert.Equal(t, c.code, code, c.name)
		assert.Contains(t, errs.String(), c.says, c.name)
		assert.Empty(t, out.String(), c.name)
	}
}

func TestEnsureWithADatabricksCfgProfile(t *testing.T) {
	t.Parallel()
	srv, _ := fast(t, demo.Durations{})
	d := deps(t, srv)
	d.LookupEnv = func(string) (string, bool) { return "", false }
	require.NoError(t, os.WriteFile(filepath.Join(d.Home, ".databrickscfg"),
		[]byte("[ci]\nhost = "+srv.URL()+"\ntoken = "+srv.Token()+"\n"), 0o600))
	var out, errs syncBuf
	code := RunCommand(ctx(t), "ensure", []string{"--spec", write(t, "s.yaml", stack), "--profile", "ci", "--no-wait"}, &out, &errs, d)
	require.Equal(t, ExitSucceeded, code, errs.String())
	assert.Contains(t, errs.String(), `using profile "ci" of `)
	assert.NotContains(t, errs.String(), srv.Token())
	assert.NotEmpty(t, strings.TrimSpace(out.String()))
}

// Issue 35: a run is followed through a flaky network (500s, a reset
// connection) to its end, and the command gives up only after its patience,
// saying the run may still be running, with its own exit code (5, not 4:
// a run was made).
func TestRunFollowsThroughTransientErrors(t *testing.T) {
	t.Parallel()
	srv, _ := fast(t, demo.Durations{})
	d := deps(t, srv)
	spec := write(t, "flowyml.yaml", stack)
	srv.InjectFault(demo.FaultRule{Method: "GET", PathPrefix: "/api/2.2/jobs/runs/get", Kind: demo.FaultInternal, Count: 3})
	srv.InjectFault(demo.FaultRule{Method: "GET", PathPrefix: "/api/2.2/jobs/runs/get", Kind: demo.FaultReset, Count: 2})
	var out, errs syncBuf
	code := RunCommand(ctx(t), "run", []string{"--spec", spec, "--notebook", "/Shared/etl/load"}, &out, &errs, d)
	assert.Equal(t, ExitSucceeded, code, errs.String())
	assert.Contains(t, errs.String(), "still following")
	assert.Contains(t, errs.String(), "answers again")

	srv.ClearFaults()
	srv.InjectFault(demo.FaultRule{Method: "GET", PathPrefix: "/api/2.2/jobs/runs/get", Kind: demo.FaultInternal})
	d.FollowPatience = 300 * time.Millisecond
	var out2, errs2 syncBuf
	code = RunCommand(ctx(t), "run", []string{"--spec", spec, "--notebook", "/Shared/etl/load"}, &out2, &errs2, d)
	assert.Equal(t, ExitLost, code, errs2.String())
	assert.Contains(t, errs2.String(), "may still be running")
}

func TestBackoffDoublesToThirtySeconds(t *testing.T) {
	for n, want := range map[int]time.Duration{1: 10 * time.Second, 2: 20 * time.Second, 3: 30 * time.Second, 9: 30 * time.Second} {
		assert.Equal(t, want, backoff(10*time.Second, n), "failure %d", n)
	}
	assert.Equal(t, 80*time.Millisecond, backoff(20*time.Millisecond, 3))
}

// A draft's libraries reach a cluster that already exists: ensure installs
// the ones it lacks and waits for them, as a run needs them.
func TestEnsureInstallsTheDraftsLibrariesOnAnExistingCluster(t *testing.T) {
	t.Parallel()
	srv, w := fast(t, demo.Durations{})
	d := deps(t, srv)
	made, err := w.Clusters.CreateAndWait(ctx(t), compute.CreateCluster{ClusterName: "etl-draft", SparkVersion: "16.4.x-scala2.12",
		NodeTypeId: "Standard_DS3_v2", NumWorkers: 1, AutoterminationMinutes: 60})
	require.NoError(t, err)
	draft := write(t, "draft.json", `{"schema":1,"id":"d1","name":"ETL","spec":{"cluster_name":"etl-draft","spark_version":"16.4.x-scala2.12",
		"node_type_id":"Standard_DS3_v2","num_workers":1},"libraries":[{"pypi":{"package":"pandas==2.2.2"}}]}`)
	var out, errs syncBuf
	code := RunCommand(ctx(t), "ensure", []string{"--spec", draft}, &out, &errs, d)
	require.Equal(t, ExitSucceeded, code, errs.String())
	assert.Equal(t, made.ClusterId, strings.TrimSpace(out.String()))
	assert.Contains(t, errs.String(), "Installing 1 library on cluster "+made.ClusterId)
	st, err := w.Libraries.ClusterStatusByClusterId(ctx(t), made.ClusterId)
	require.NoError(t, err)
	require.Len(t, st.LibraryStatuses, 1)
	assert.Equal(t, compute.LibraryInstallStatusInstalled, st.LibraryStatuses[0].Status, "ensure waited for it")

	// Again: it is there, nothing is sent.
	var out2, errs2 syncBuf
	require.Equal(t, ExitSucceeded, RunCommand(ctx(t), "ensure", []string{"--spec", draft}, &out2, &errs2, d), errs2.String())
	assert.NotContains(t, errs2.String(), "Installing")
}
