package demo

import (
	"bufio"
	"context"
	"flag"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// runCommand starts RunCommand with args and returns the environment lines
// it printed and a channel with its result.
func runCommand(t *testing.T, ctx context.Context, args ...string) (map[string]string, chan error) {
	t.Helper()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- RunCommand(ctx, args, pw)
		_ = pw.Close()
	}()
	env := map[string]string{}
	sc := bufio.NewScanner(pr)
	for len(env) < 2 && sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok && strings.HasPrefix(k, "DATABRICKS_") {
			env[k] = v
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	require.Contains(t, env, "DATABRICKS_HOST")
	require.Contains(t, env, "DATABRICKS_TOKEN")
	return env, done
}

// postControl calls the control API of a server known only by its URL.
func postControl(t *testing.T, env map[string]string, path, body string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, env["DATABRICKS_HOST"]+controlPrefix+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+env["DATABRICKS_TOKEN"])
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

func TestRunCommandServesUntilCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	env, done := runCommand(t, ctx, "--clusters", "5", "--latency", "1ms", "--time-scale", "2", "--seed", "7")
	assert.True(t, strings.HasPrefix(env["DATABRICKS_HOST"], "http://127.0.0.1:"))
	assert.Equal(t, http.StatusNotFound, postControl(t, env, "advance", `{"seconds":60}`), "no control API unless asked")

	w, err := workspaceapi.New(&config.Config{Host: env["DATABRICKS_HOST"], Token: env["DATABRICKS_TOKEN"],
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 10, HTTPTimeoutSeconds: 5})
	require.NoError(t, err)
	me, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)
	assert.Equal(t, adminUserName, me.UserName)

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("RunCommand did not return after cancel")
	}
}

func TestRunCommandControlFlag(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	env, done := runCommand(t, ctx, "--control", "--empty")
	assert.Equal(t, http.StatusOK, postControl(t, env, "advance", `{"seconds":60}`))
	assert.Equal(t, http.StatusOK, postControl(t, env, "clear-faults", ``))
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("RunCommand did not return after cancel")
	}
}

func TestRunCommandRejectsBadFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--fault-rate", "2"}, {"--time-scale", "0"}, {"--addr", "0.0.0.0:0"}, {"--nope"}} {
		err := RunCommand(context.Background(), args, io.Discard)
		assert.Error(t, err, args)
	}
}

func TestParseCommand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		args    []string
		help    bool
		wantErr string
	}{
		{name: "defaults", args: nil},
		{name: "help", args: []string{"--help"}, help: true},
		{name: "short help", args: []string{"-h"}, help: true},
		{name: "unknown flag", args: []string{"--nope"}, wantErr: "flag provided but not defined"},
		{name: "stray argument", args: []string{"serve"}, wantErr: `unexpected argument "serve"`},
		{name: "fault rate out of range", args: []string{"--fault-rate", "2"}, wantErr: "--fault-rate must be between 0 and 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out strings.Builder
			opts, err := ParseCommand(c.args, &out)
			switch {
			case c.help:
				require.ErrorIs(t, err, flag.ErrHelp)
				assert.True(t, strings.HasPrefix(out.String(), "Usage: clusterdeck demo-api [flags]\n"), out.String())
				assert.Contains(t, out.String(), "-time-scale")
			case c.wantErr != "":
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.wantErr)
			default:
				require.NoError(t, err)
				assert.Equal(t, "127.0.0.1:0", opts.Addr)
			}
		})
	}
}
