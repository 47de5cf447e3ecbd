package clusters

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/notices"
)

func TestWatchFailuresTellsOfUnexpectedStops(t *testing.T) {
	running := Row{ID: "c1", Name: "etl", State: "RUNNING", Kind: KindAllPurpose}
	with := func(state string, term *Explanation) Row {
		r := running
		r.State, r.Termination = state, term
		return r
	}
	userStop := &Explanation{Code: "USER_REQUEST", Type: "SUCCESS", Summary: "Terminated by ada."}
	idle := &Explanation{Code: "INACTIVITY", Type: "SUCCESS", Summary: "Stopped automatically."}
	lost := &Explanation{Code: "DRIVER_UNREACHABLE", Type: "SERVICE_FAULT", Summary: "The Spark driver stopped answering.", Fix: "Start it again.", Failure: true}
	spot := &Explanation{Code: "SPOT_INSTANCE_TERMINATION", Type: "CLOUD_FAILURE", Summary: "The cloud took the machines back.", Failure: true}
	job := running
	job.Kind = KindJob
	jobErr := job
	jobErr.State = "ERROR"
	cases := []struct {
		name   string
		seen   []Row
		title  string // "" means no notice
		body   string
		reason notices.Kind
	}{
		{"running to ERROR", []Row{running, with("ERROR", lost)}, "etl failed", "The Spark driver stopped answering. Start it again.", notices.Failed},
		{"resizing to ERROR", []Row{with("RESIZING", nil), with("ERROR", nil)}, "etl failed", "It stopped while it was running.", notices.Failed},
		{"terminated by the cloud, reason known later", []Row{running, with("TERMINATING", nil), with("TERMINATED", spot)}, "etl was terminated", "The cloud took the machines back.", notices.Terminated},
		{"terminated by the user", []Row{running, with("TERMINATING", userStop), with("TERMINATED", userStop)}, "", "", ""},
		{"stopped after inactivity", []Row{running, with("TERMINATED", idle)}, "", "", ""},
		{"already in ERROR when first seen", []Row{with("ERROR", lost), with("ERROR", lost)}, "", "", ""},
		{"restarted by the user, then fine", []Row{running, with("RESTARTING", nil), running}, "", "", ""},
		{"a job cluster", []Row{job, jobErr}, "", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sink := &recordingSink{}
			s := NewService(context.Background(), Options{Sink: sink})
			for _, r := range tc.seen {
				s.watchFailures("ws", []Row{r})
			}
			s.watchFailures("ws", []Row{tc.seen[len(tc.seen)-1]}) // seen again: told once
			_, _, notices := sink.snapshot()
			if tc.title == "" {
				assert.Empty(t, notices)
				return
			}
			require.Len(t, notices, 1)
			assert.Equal(t, Notice{Kind: "error", Reason: tc.reason, Title: tc.title, Body: tc.body, Workspace: "ws", ClusterID: "c1"}, notices[0])
		})
	}
}

// A running cluster nobody started from Clusterdeck, driven to ERROR in
// the workspace: the next listing brings the same kind of notice as "ready".
func TestListedClusterThatFailsIsNoticed(t *testing.T) {
	s, sink, srv, src := newService(t, demo.Options{})
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	waitDeltas(t, sink, 1)
	id := clusterID(t, src, "streaming-orders")
	require.Eventually(t, func() bool {
		s.Refresh("demo") // refused while the first poll still runs
		return len(sink.statusesOf("demo", ViewAllPurpose)) >= 2
	}, 30*time.Second, 50*time.Millisecond)

	require.NoError(t, srv.FailDriver(srv.Token(), id, ""))
	// Refresh is refused while a poll runs (one that may have listed before
	// the failure): ask again until a listing after it has been made.
	require.Eventually(t, func() bool {
		s.Refresh("demo")
		_, _, n := sink.snapshot()
		return len(n) == 1
	}, 30*time.Second, 50*time.Millisecond)
	_, _, notices := sink.snapshot()
	assert.Equal(t, "error", notices[0].Kind)
	assert.Equal(t, "streaming-orders failed", notices[0].Title)
	assert.Equal(t, id, notices[0].ClusterID)
	assert.NotEmpty(t, notices[0].Body)
}
