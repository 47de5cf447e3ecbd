package app

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/libraries"
)

// The Libraries facade reaches the demo through the workspaces' clients and
// a policy's library refuses removal with a sentence and a fix.
func TestLibrariesFacadeOnTheDemo(t *testing.T) {
	a, all := onSeededDemo(t)
	id := all[0].ClusterId

	out, err := a.Libraries.Install("demo", id, libraries.Form{Kind: "maven", Coordinates: "bad"})
	require.NoError(t, err)
	assert.False(t, out.Done)
	assert.Equal(t, "coordinates", out.Problems[0].Field)

	assert.Equal(t, "POLICY_LIBRARY", a.errors.UIError(libraries.ErrPolicyLibrary).Code)
	_, err = a.Libraries.Get("demo", "no-such-cluster")
	assert.Error(t, err)
}
