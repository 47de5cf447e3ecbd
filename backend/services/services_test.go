package services

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func TestBuildWiresWhatItsInputsAllow(t *testing.T) {
	home := t.TempDir()
	mgr, err := workspaces.NewManager(workspaces.Deps{Paths: workspaces.Paths{Config: filepath.Join(home, "config"),
		Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}, Secrets: credentials.NewMemoryStore(),
		Home: home, LookupEnv: func(string) (string, bool) { return "", false }})
	require.NoError(t, err)
	refresher := catalog.NewRefresher(catalog.NewCache(filepath.Join(home, "catalog")), mgr.Client, catalog.RefresherOptions{})
	tests := []struct {
		name                 string
		in                   Inputs
		pages, loop, changes bool // Pools and Warehouses; the reconnect loop; workspace edits
		policies             bool
	}{
		{name: "nothing"},
		{name: "session", in: Inputs{Session: session.New(mgr, session.Options{})}, loop: true},
		{name: "catalog", in: Inputs{Catalog: refresher, Clients: mgr}, policies: true},
		{name: "all", in: Inputs{Session: session.New(mgr, session.Options{}), Manager: mgr, Catalog: refresher, Clients: mgr},
			pages: true, loop: true, changes: true, policies: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			s := Build(ctx, tt.in)
			t.Cleanup(func() { cancel(); s.Clusters.Close(); s.Fleet.Close() })
			for _, svc := range []any{s.Apply, s.Editor, s.Drafts, s.Clusters, s.Fleet, s.Permissions, s.Libraries, s.Logs,
				s.Runs, s.Metrics, s.Rates, s.Prices, s.Notices} {
				assert.NotNil(t, svc)
			}
			assert.Same(t, s.Apply, s.Editor.Apply, "one apply service, the editor's check before anything is sent")
			assert.Equal(t, tt.pages, s.Pools != nil)
			assert.Equal(t, tt.pages, s.Warehouses != nil)
			assert.Equal(t, tt.policies, s.Policies != nil)
			assert.Equal(t, tt.loop, s.Loop != nil)
			assert.Equal(t, tt.changes, s.Changes != nil)
		})
	}
}

// Without a directory every workspace is unknown, as the session says.
func TestNoClientsKnowsNoWorkspace(t *testing.T) {
	s := Build(context.Background(), Inputs{})
	t.Cleanup(func() { s.Clusters.Close(); s.Fleet.Close() })
	_, err := s.Clients.Client(context.Background(), "demo")
	assert.ErrorIs(t, err, session.ErrUnknownWorkspace)
}
