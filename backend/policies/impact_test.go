package policies

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Before an edit is saved the page shows which clusters it leaves out of
// compliance: the seeded shared-analytics cluster (120 minutes, up to 8
// workers) complies with Shared Compute as seeded and breaks the tightened
// definition of tighten().
func TestEditImpactNamesTheClustersAnEditBreaks(t *testing.T) {
	s, _ := startLive(t, "")
	ctx := testCtx(t)
	shared, ok := byName(t, s, "Shared Compute")
	require.True(t, ok)
	form := Form{Name: shared.Info.Name, Description: shared.Info.Description, FamilyID: shared.Info.FamilyID,
		Definition: `{"autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 60, "defaultValue": 60}}`}

	got, err := s.EditImpact(ctx, "w", shared.Info.ID, form)
	require.NoError(t, err)
	require.NotEmpty(t, got.Clusters, "the seeded workspace has clusters on Shared Compute")
	assert.Positive(t, got.Breaks)
	first := got.Clusters[0]
	assert.True(t, first.CompliantNow, "clusters the edit breaks come first")
	require.NotEmpty(t, first.Violations)
	assert.Equal(t, "autotermination_minutes", first.Violations[0].Path)

	// The definition as it is: nothing changes, nothing breaks.
	same := form
	same.Definition = shared.Overrides
	if shared.Info.FamilyID == "" {
		same.Definition = shared.Definition
	}
	got, err = s.EditImpact(ctx, "w", shared.Info.ID, same)
	require.NoError(t, err)
	assert.Zero(t, got.Breaks)

	// A definition that cannot be read is the form's problem: nothing is asked.
	bad := form
	bad.Definition = `{"autotermination_minutes": `
	_, err = s.EditImpact(ctx, "w", shared.Info.ID, bad)
	require.ErrorIs(t, err, ErrInvalidForm)
}
