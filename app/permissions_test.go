package app

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/permissions"
)

// The Permissions facade reaches the demo through the workspaces' clients
// and its failures read as sentences with a fix.
func TestPermissionsFacadeOnTheDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	a, _ := newCatalogTestApp(t, srv.URL(), srv.Token())

	found, err := a.Permissions.Search("demo", "analy")
	require.NoError(t, err)
	require.Len(t, found, 1)
	assert.Equal(t, permissions.Principal{Kind: "group", Name: "analysts", DisplayName: "analysts"}, found[0])

	_, err = a.Permissions.Get("demo", "notebooks", "x")
	ui := a.errors.UIError(err)
	assert.Equal(t, "BAD_OBJECT_TYPE", ui.Code)
	_, err = a.Permissions.Grant("demo", "clusters", "x", []permissions.Grant{{Level: "CAN_RESTART"}})
	assert.Equal(t, "NO_PRINCIPAL", a.errors.UIError(err).Code)
	_, err = a.Permissions.ChangeOwner("demo", "instance-pools", "x", "li.wei@example.com")
	assert.Equal(t, "NO_OWNER", a.errors.UIError(err).Code)
}
