package runs

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// shortLived is a policy that fixes auto-termination at 30 minutes.
func shortLived(t *testing.T, w *workspaceapi.Client) string {
	t.Helper()
	p, err := w.ClusterPolicies.Create(demotest.Ctx(t), compute.CreatePolicy{Name: "Short-lived",
		Definition: `{"autotermination_minutes": {"type": "fixed", "value": 30}}`})
	require.NoError(t, err)
	return p.PolicyId
}

// specCases are specs the editor refuses (or accepts), with or without the
// workspace's catalog cached; the policy is made in the workspace first.
func specCases() []struct {
	name    string
	cached  bool
	spec    func(policyID string) compute.ClusterSpec
	refused bool
} {
	return []struct {
		name    string
		cached  bool
		spec    func(policyID string) compute.ClusterSpec
		refused bool
	}{
		{"a node type the workspace does not offer", true, func(string) compute.ClusterSpec {
			s := smallSpec("checked")
			s.NodeTypeId = "Standard_Nope_v9"
			return s
		}, true},
		{"a spec its policy forbids", true, func(policyID string) compute.ClusterSpec {
			s := smallSpec("checked")
			s.PolicyId = policyID // auto-termination 60, the policy fixes 30
			return s
		}, true},
		{"no runtime (an API rule: refused with nothing cached)", false, func(string) compute.ClusterSpec {
			s := smallSpec("checked")
			s.SparkVersion = ""
			return s
		}, true},
		{"a valid spec with the catalog cached", true, func(policyID string) compute.ClusterSpec {
			s := smallSpec("checked")
			s.PolicyId, s.AutoterminationMinutes = policyID, 30
			return s
		}, false},
		{"a valid spec with nothing cached (offline): not blocked", false, func(string) compute.ClusterSpec {
			return smallSpec("checked")
		}, false},
	}
}

// Ensure creates through apply.Service: a spec its check refuses is
// apply.ErrRefused, and no create is sent.
func TestEnsureCreatesOnlyWhatTheCheckPasses(t *testing.T) {
	t.Parallel()
	for _, c := range specCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv, direct := demotest.Start(t, demo.Options{Empty: true})
			gate := newCreateGate(t, srv.URL(), false)
			w := sdktest.Client(t, gate.URL, srv.Token())
			policyID := shortLived(t, direct)
			var snaps check.Snapshots
			if c.cached {
				snaps = cachedCatalog(t, direct)
			}
			res, err := Ensure(demotest.Ctx(t), Workspace{ID: "demo", Client: w, Apply: applyOn(w, snaps)}, c.spec(policyID), EnsureOptions{})
			found, ferr := apply.FindByName(demotest.Ctx(t), direct, "checked")
			require.NoError(t, ferr)
			if c.refused {
				require.ErrorIs(t, err, apply.ErrRefused)
				assert.ErrorIs(t, err, check.ErrSpecHasProblems)
				assert.Zero(t, gate.creates.Load(), "no create was sent")
				assert.Empty(t, found)
				assert.Empty(t, res.ClusterID)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, DecisionCreate, res.Decision)
			assert.EqualValues(t, 1, gate.creates.Load())
			require.Len(t, found, 1)
			assert.Equal(t, found[0].ClusterId, res.ClusterID)
		})
	}
}

// A create that went out and has no answer yet stops when the caller's
// context ends (Ctrl+C) or its operation is cancelled; the request id it
// used is given back, and resuming with it makes the cluster once.
func TestEnsureCreateStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		operation bool // cancel through apply.Service.Cancel, else the context
	}{
		{"the context ends", false},
		{"the operation is cancelled", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv, direct := demotest.Start(t, demo.Options{Empty: true})
			gate := newCreateGate(t, srv.URL(), true)
			w := sdktest.Client(t, gate.URL, srv.Token())
			ws := at(w)
			ctx, cancel := context.WithCancel(demotest.Ctx(t))
			defer cancel()
			type answer struct {
				res Ensured
				err error
			}
			done := make(chan answer, 1)
			go func() {
				res, err := Ensure(ctx, ws, smallSpec("cancelled"), EnsureOptions{OperationID: "op-ensure"})
				done <- answer{res, err}
			}()
			select {
			case <-gate.held:
			case <-time.After(20 * time.Second):
				t.Fatal("the create never went out")
			}
			if c.operation {
				require.True(t, ws.Apply.Cancel("op-ensure"))
			} else {
				cancel()
			}
			var got answer
			select {
			case got = <-done:
			case <-time.After(15 * time.Second):
				t.Fatal("Ensure did not stop")
			}
			require.Error(t, got.err)
			if c.operation {
				assert.ErrorIs(t, got.err, apply.ErrCancelled)
				assert.ErrorIs(t, got.err, apply.ErrOutcomeUnknown)
			} else {
				assert.ErrorIs(t, got.err, apply.ErrNotCreated, "the last look found nothing")
			}
			require.NotEmpty(t, got.res.RequestID)
			assert.Empty(t, got.res.ClusterID)
			assert.EqualValues(t, 1, gate.creates.Load())

			// Resumed by its request id, on a fresh service: it looks first, then makes one.
			again, err := Ensure(demotest.Ctx(t), at(direct), smallSpec("cancelled"), EnsureOptions{RequestID: got.res.RequestID})
			require.NoError(t, err)
			assert.Equal(t, got.res.RequestID, again.RequestID)
			made, err := apply.FindByRequestID(demotest.Ctx(t), direct.Pages, got.res.RequestID)
			require.NoError(t, err)
			require.NotNil(t, made)
			assert.Equal(t, again.ClusterID, made.ClusterId)
		})
	}
}
