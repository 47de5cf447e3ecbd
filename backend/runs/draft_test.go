package runs

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// A run on a new cluster from a draft submits only a spec that passes the
// apply service's check, as the editor's create would: a refusal is
// apply.ErrRefused and no run is submitted.
func TestSubmitOnDraftChecksTheSpecFirst(t *testing.T) {
	t.Parallel()
	for _, c := range specCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, w := demotest.Start(t, demo.Options{Empty: true})
			ctx := demotest.Ctx(t)
			policyID := shortLived(t, w)
			var snaps check.Snapshots
			if c.cached {
				snaps = cachedCatalog(t, w)
			}
			svc := NewService(one{w}, applyOn(w, snaps))
			store, err := drafts.Open(t.TempDir(), drafts.Options{})
			require.NoError(t, err)
			spec := c.spec(policyID)
			d, err := store.Create(drafts.NewDraft{Name: "checked", Spec: spec, PolicyID: spec.PolicyId})
			require.NoError(t, err)

			sub, err := svc.SubmitOnDraft(ctx, "demo", store, d.ID, SubmitRequest{Task: Task{Kind: KindNotebook, Path: "/Shared/etl/load"}})
			submitted, lerr := w.Jobs.ListRunsAll(ctx, jobs.ListRunsRequest{RunType: jobs.RunTypeSubmitRun})
			require.NoError(t, lerr)
			if c.refused {
				require.ErrorIs(t, err, apply.ErrRefused)
				assert.ErrorIs(t, err, check.ErrSpecHasProblems)
				assert.Nil(t, sub.Run)
				assert.Empty(t, submitted, "nothing was sent")
				return
			}
			require.NoError(t, err)
			require.NotNil(t, sub.Run)
			assert.True(t, sub.Run.NewCluster)
			assert.Len(t, submitted, 1)
		})
	}
}

// Without an apply service there is no check, so no draft is submitted.
func TestSubmitOnDraftNeedsTheCheck(t *testing.T) {
	t.Parallel()
	_, w := demotest.Start(t, demo.Options{Empty: true})
	store, err := drafts.Open(t.TempDir(), drafts.Options{})
	require.NoError(t, err)
	d, err := store.Create(drafts.NewDraft{Name: "etl", Spec: smallSpec("etl")})
	require.NoError(t, err)
	_, err = NewService(one{w}, nil).SubmitOnDraft(demotest.Ctx(t), "demo", store, d.ID, SubmitRequest{Task: Task{Kind: KindNotebook, Path: "/x"}})
	assert.ErrorIs(t, err, ErrNoSpecCheck)
}
