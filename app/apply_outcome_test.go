package app

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// A draft whose earlier create is pending, applied while the workspace
// refuses the token: the look-up answered 401 says "Sign-in needed" (not
// "outcome unknown"), marks the workspace sign-in needed, and keeps the
// request pending so the apply after sign-in looks for that cluster first.
func TestDraftApplyPendingLookupRefusedSaysSignInNeeded(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	v, err := d.Create(drafts.DraftInput{Name: "pending", WorkspaceID: "demo", Spec: map[string]any{"cluster_name": "pending-draft",
		"spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 30}})
	require.NoError(t, err)
	_, err = e.store.RecordApply(v.ID, drafts.ApplyRecord{WorkspaceID: "demo", PendingRequestID: "cd-pending-1"})
	require.NoError(t, err)
	plan, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	require.True(t, plan.PendingCreate)

	refuseAt(t, e, "/api/2.1/clusters/list")

	_, err = d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: plan.Fingerprint})
	ui := uiErr(t, e.app, err)
	assert.Equal(t, "SIGN_IN_NEEDED", ui.Code)
	assert.Contains(t, ui.Message, "Sign-in needed")
	assert.Contains(t, ui.Hint, "never creates a second")

	status, err := e.app.Workspaces.Status("demo")
	require.NoError(t, err)
	assert.Equal(t, ConnUnauthorized, status.State)
	dr, _, err := e.store.Get(v.ID)
	require.NoError(t, err)
	rec, _ := dr.Record("demo")
	assert.Equal(t, "cd-pending-1", rec.PendingRequestID, "still pending: looked for after sign-in")
}

// A cancelled operation says "Cancelled" plainly, with what state it left.
func TestCancelledOperationsReadPlainly(t *testing.T) {
	f := NewErrorFormatter(errorRules()...)
	cases := []struct {
		state   apply.CancelState
		message string
		hint    string
	}{
		{apply.CancelNothingSent, "Cancelled.", "Nothing was sent"},
		{apply.CancelCreatePending, "Cancelled. The create may already have reached the workspace.", "never makes a second"},
		{apply.CancelClusterMade, "Cancelled after the cluster was created.", "c-1 exists"},
		{apply.CancelMayHaveChanged, "Cancelled. The change may already have reached the cluster.", "Open the cluster"},
	}
	for _, c := range cases {
		t.Run(string(c.state), func(t *testing.T) {
			err := applyOutcome(f, &apply.CancelledError{State: c.state, ClusterID: "c-1", Err: errors.New("context canceled")})
			ui := f.UIError(err)
			assert.Equal(t, "CANCELLED", ui.Code)
			assert.Equal(t, c.message, ui.Message)
			assert.Contains(t, ui.Hint, c.hint)
		})
	}
}

// A create the page names with an operation id reports its steps under
// apply:progress:<id>; once it has finished there is nothing to cancel.
func TestCreateReportsProgressUnderItsOperationID(t *testing.T) {
	events := &recordingEmitter{}
	a, _ := newEditorTestAppWith(t, events)
	opID, err := a.Operations.NewOperationID()
	require.NoError(t, err)
	reqID, _ := a.Editor.NewRequestID()
	spec := specJSON(t, map[string]any{"cluster_name": "with-progress", "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 60})
	_, err = a.Editor.Create("demo", spec, reqID, opID)
	require.NoError(t, err)

	got := events.named(string(Scoped(EventApplyProgress, opID)))
	require.NotEmpty(t, got)
	first, ok := got[0].data[0].(apply.ProgressEvent)
	require.True(t, ok, "%T", got[0].data[0])
	assert.Equal(t, apply.ProgressEvent{OperationID: opID, Step: "Checking the spec"}, first)
	cancelled, err := a.Operations.Cancel(opID)
	require.NoError(t, err)
	assert.False(t, cancelled, "finished: nothing to cancel")
}
