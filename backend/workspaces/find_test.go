package workspaces

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFindByNameOrID(t *testing.T) {
	list := []Profile{{ID: "a1", Name: "Prod EU"}, {ID: "b2", Name: "dev"}}
	cases := []struct {
		want, id string
	}{
		{"a1", "a1"},
		{"prod eu", "a1"},
		{"DEV", "b2"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			p, err := Find(list, c.want)
			require.NoError(t, err)
			assert.Equal(t, c.id, p.ID)
		})
	}
	_, err := Find(list, "staging")
	assert.ErrorIs(t, err, ErrNoSuchWorkspace)
	assert.EqualError(t, err, `no such workspace named "staging"; known: Prod EU, dev, Demo workspace`)
}
