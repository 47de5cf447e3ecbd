package runcmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func TestMain(m *testing.M) { testenv.Main(m, "runcmd") }

// syncBuf is a buffer the command writes while the test reads it.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// fast starts a demo whose clock runs 400 times faster than real time.
func fast(t *testing.T, dur demo.Durations) (*demo.Server, *workspaceapi.Client) {
	t.Helper()
	srv, err := demo.Start(context.Background(), demo.Options{Seed: 42, Empty: true, TimeScale: 400, Durations: dur})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	return srv, sdktest.Client(t, srv.URL(), srv.Token())
}

// deps points the command at the demo through DATABRICKS_* variables.
func deps(t *testing.T, srv *demo.Server) Deps {
	dir := t.TempDir()
	env := map[string]string{"DATABRICKS_HOST": srv.URL(), "DATABRICKS_TOKEN": srv.Token()}
	return Deps{Paths: workspaces.Paths{Config: dir, Data: dir, Cache: dir}, Secrets: credentials.NewMemoryStore(),
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }, Home: dir,
		PollEvery: 20 * time.Millisecond, CancelWait: 30 * time.Second}
}

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

const stack = `stacks:
  databricks-prod:
    compute:
      backend: databricks
      cluster_name: flowyml-training
      node_type_id: Standard_DS3_v2
      num_workers: 1
      spark_version: "16.4.x-scala2.12"
    runtime:
      python_version: "3.11"
`

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return c
}
