package app

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/runs"
)

// The Runs facade reaches the demo through the workspaces' clients: a form
// with a problem comes back with it at its field; a good one is a run that
// the cluster's list shows with lists as [] (never null).
func TestRunsFacadeOnTheDemo(t *testing.T) {
	a, all := onSeededDemo(t)
	id := all[0].ClusterId

	out, err := a.Runs.Submit("demo", runs.SubmitRequest{ClusterID: id, Task: runs.Task{Kind: runs.KindNotebook, Path: "etl"}})
	require.NoError(t, err)
	require.Len(t, out.Problems, 1)
	assert.Equal(t, "path", out.Problems[0].Field)

	token, err := a.Runs.NewToken()
	require.NoError(t, err)
	out, err = a.Runs.Submit("demo", runs.SubmitRequest{ClusterID: id, IdempotencyToken: token, Task: runs.Task{Kind: runs.KindNotebook, Path: "/Shared/etl"}})
	require.NoError(t, err)
	require.NotNil(t, out.Run)
	assert.NotNil(t, out.Problems)
	rows, err := a.Runs.List("demo", id)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	assert.Equal(t, out.Run.RunID, rows[0].RunID)
	assert.NotNil(t, rows[0].Actions)
	empty, err := a.Runs.List("demo", "no-runs-here")
	require.NoError(t, err)
	assert.NotNil(t, empty)

	// Without a drafts store the facade says so instead of panicking; the
	// tab's own failures read as sentences with a code.
	_, err = a.Runs.SubmitOnDraft("demo", "d1", runs.SubmitRequest{Task: runs.Task{Kind: runs.KindNotebook, Path: "/x"}})
	assert.Error(t, err)
	assert.Equal(t, "DRAFT_UNPARSED", a.errors.UIError(fmt.Errorf("draft: %w", runs.ErrDraftUnparsed)).Code)
	assert.Equal(t, "DUPLICATE_CLUSTER_NAME", a.errors.UIError(&runs.DuplicateError{Name: "x"}).Code)
}

func TestRunsErrorsSaySentences(t *testing.T) {
	a := New(Deps{})
	cases := []struct {
		err  error
		code string
	}{
		{fmt.Errorf("%w: 0101-x is ERROR: driver lost", runs.ErrUnusable), "CLUSTER_UNUSABLE"},
		{runs.ErrNoCluster, "NO_CLUSTER"},
		{runs.ErrDraftUnparsed, "DRAFT_UNPARSED"},
		// As SubmitOnDraft refuses: the run's words, not the editor's "fix the form".
		{fmt.Errorf("draft %q: %w: %w", "etl", runs.ErrDraftRefused,
			fmt.Errorf("%w: %w: node_type_id", apply.ErrRefused, check.ErrSpecHasProblems)), "DRAFT_HAS_PROBLEMS"},
	}
	for _, c := range cases {
		ui := a.errors.UIError(c.err)
		assert.Equal(t, c.code, ui.Code)
		assert.NotEmpty(t, ui.Hint)
	}
}
