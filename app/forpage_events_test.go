package app

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
)

// Events reach the page as bound results do: a nil list inside a payload
// arrives as [], never null (the open cluster's detail with no settings).
func TestEventPayloadsCarryNoNullLists(t *testing.T) {
	rec := &recordingEmitter{}
	a := New(Deps{Emitter: rec})
	clusterSink{a.Clusters}.Detail(clusters.DetailUpdate{Workspace: "w", ClusterID: "c", Detail: &clusters.Detail{}})
	clusterSink{a.Clusters}.Delta(clusters.Delta{Workspace: "w"})

	events := rec.all()
	require.Len(t, events, 2)
	for _, e := range events {
		raw, err := json.Marshal(e.data)
		require.NoError(t, err)
		assert.NotContains(t, string(raw), "null", "event %s: %s", e.name, raw)
	}
}

// A list refusal is reported with the time its poll started, so the session
// can ignore one older than the latest sign-in.
func TestAListRefusalCarriesWhenItsPollStarted(t *testing.T) {
	a := New(Deps{})
	var got time.Time
	a.Clusters.rejected = func(_ string, _ error, started time.Time) { got = started }
	started := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	unauth := &apierr.APIError{StatusCode: http.StatusUnauthorized, ErrorCode: "UNAUTHENTICATED", Message: "Invalid access token."}
	clusterSink{a.Clusters}.Status(clusters.ViewStatus{Workspace: "w", Err: unauth, AttemptAt: started})
	assert.Equal(t, started, got)
}
