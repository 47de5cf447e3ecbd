package permissions

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// The seeded Analytics Pro warehouse (backend/demo/sql_warehouses.go).
const analyticsPro = "8a1e0c4d2b6f9e13"

// A SQL warehouse's list has its own four levels; its owner is a level
// (IS_OWNER) and manages it, though it is not the CAN_MANAGE level itself.
func TestWarehouseLevelsAndTheOwnerManages(t *testing.T) {
	t.Parallel()
	svc, _ := seeded(t, demo.Options{})
	v, err := svc.Get(ctx(t), "admin", "warehouses", analyticsPro)
	require.NoError(t, err)
	var names, labels []string
	for _, l := range v.Levels {
		names, labels = append(names, l.Name), append(labels, l.Label)
	}
	assert.Equal(t, []string{"CAN_USE", "CAN_MONITOR", "CAN_MANAGE", "IS_OWNER"}, names)
	assert.Equal(t, []string{"Can use", "Can monitor", "Can manage", "Is owner"}, labels)
	assert.True(t, v.CanEdit)

	analysts := Principal{Kind: KindGroup, Name: "analysts"}
	v, err = svc.Update(ctx(t), "admin", "warehouses", analyticsPro, []Grant{{Principal: analysts, Level: "CAN_MONITOR"}})
	require.NoError(t, err)
	require.NotNil(t, entryOf(v, KindGroup, "analysts"))
	assert.Equal(t, "CAN_MONITOR", entryOf(v, KindGroup, "analysts").Level)

	// The limited user may use it only: the list is closed to them, with why.
	lim, err := svc.Get(ctx(t), "limited", "warehouses", analyticsPro)
	require.NoError(t, err)
	assert.False(t, lim.CanEdit)
	assert.Contains(t, lim.ReadOnlyReason, "Can manage on this SQL warehouse")

	// Made its owner, the same user may change who has access.
	_, err = svc.Update(ctx(t), "admin", "warehouses", analyticsPro, []Grant{{Principal: Principal{Kind: KindUser, Name: "li.wei@example.com"}, Level: "IS_OWNER"}})
	require.NoError(t, err)
	owned, err := svc.Get(ctx(t), "limited", "warehouses", analyticsPro)
	require.NoError(t, err)
	assert.True(t, owned.CanEdit, "IS_OWNER manages the warehouse")
}
