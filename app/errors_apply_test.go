package app

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// A create in a workspace whose token is refused says "Sign-in needed:
// nothing was created" at once, marks the workspace sign-in needed, and
// the next create answers the same without calling the workspace.
func TestEditorCreateWithRefusedTokenSaysSignInNeeded(t *testing.T) {
	a, srv := newEditorTestApp(t)
	_, err := a.Editor.Catalog("demo") // the catalog is cached while the token works
	require.NoError(t, err)
	st, err := a.Workspaces.Check("demo")
	require.NoError(t, err)
	require.Equal(t, ConnOnline, st.State)

	var creates atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/2.1/clusters/create" {
			creates.Add(1)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error_code":"UNAUTHENTICATED","message":"Invalid access token."}`))
	}))
	t.Cleanup(proxy.Close)
	mgrOf(t, a).SetDemo(workspaces.Demo{URL: proxy.URL, Token: srv.Token()})

	spec := specJSON(t, map[string]any{"cluster_name": "refused", "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 60})
	reqID, _ := a.Editor.NewRequestID()
	start := time.Now()
	_, err = a.Editor.Create("demo", spec, reqID, "")
	require.Error(t, err)
	ui := a.errors.UIError(err)
	assert.Equal(t, "SIGN_IN_NEEDED", ui.Code)
	assert.Equal(t, "Sign-in needed: nothing was created.", ui.Message)
	assert.Less(t, time.Since(start), 5*time.Second, "no retries")
	assert.EqualValues(t, 1, creates.Load())

	status, err := a.Workspaces.Status("demo")
	require.NoError(t, err)
	assert.Equal(t, ConnUnauthorized, status.State, "read-only until the credentials are fixed")

	_, err = a.Editor.Create("demo", spec, reqID, "")
	assert.Equal(t, "SIGN_IN_NEEDED", a.errors.UIError(err).Code)
	assert.EqualValues(t, 1, creates.Load(), "answered without calling the workspace")
}

// A workspace that cannot be reached: the create says "Not created" with
// the reason, quickly, and a retry with the same id does not look first.
func TestEditorCreateUnreachableSaysNotCreated(t *testing.T) {
	a, srv := newEditorTestApp(t)
	_, err := a.Editor.Catalog("demo")
	require.NoError(t, err)
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	mgrOf(t, a).SetDemo(workspaces.Demo{URL: deadURL, Token: srv.Token()})

	spec := specJSON(t, map[string]any{"cluster_name": "unreachable", "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 60})
	reqID, _ := a.Editor.NewRequestID()
	for range 2 {
		start := time.Now()
		_, err = a.Editor.Create("demo", spec, reqID, "")
		require.Error(t, err)
		ui := a.errors.UIError(err)
		assert.Contains(t, ui.Message, "Not created")
		assert.Contains(t, ui.Detail, "connection refused")
		assert.Less(t, time.Since(start), 10*time.Second)
	}
	st, err := a.Workspaces.Status("demo")
	require.NoError(t, err)
	assert.NotEqual(t, session.StateUnauthorized, session.State(st.State))
}

func mgrOf(t *testing.T, a *App) *workspaces.Manager {
	t.Helper()
	require.NotNil(t, a.Workspaces.manager)
	return a.Workspaces.manager
}

// A draft's create refused for its credentials made nothing: the draft is
// not left pending, and the user reads "Sign-in needed: nothing was created".
func TestDraftApplyRefusedCreateLeavesNothingPending(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	refuseAt(t, e, "/api/2.1/clusters/create")

	v, err := d.Create(drafts.DraftInput{Name: "refused", WorkspaceID: "demo", Spec: map[string]any{"cluster_name": "refused-draft",
		"spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 30}})
	require.NoError(t, err)
	plan, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	require.Equal(t, "create", string(plan.Plan.Action))
	start := time.Now()
	_, err = d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: plan.Fingerprint})
	ui := uiErr(t, e.app, err)
	assert.Equal(t, "SIGN_IN_NEEDED", ui.Code)
	assert.Equal(t, "Sign-in needed: nothing was created.", ui.Message)
	assert.Less(t, time.Since(start), 10*time.Second)

	again, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	assert.False(t, again.PendingCreate, "nothing was sent that could have made a cluster")
}

// refuseAt points the demo workspace at a proxy that answers path with 401
// (the token refused) and forwards everything else.
func refuseAt(t *testing.T, e draftsEnv, path string) {
	t.Helper()
	target, err := url.Parse(e.srv.URL())
	require.NoError(t, err)
	forward := httputil.NewSingleHostReverseProxy(target)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == path {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error_code":"UNAUTHENTICATED","message":"Invalid access token."}`))
			return
		}
		forward.ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close)
	e.mgr.SetDemo(workspaces.Demo{URL: proxy.URL, Token: e.srv.Token()})
}
