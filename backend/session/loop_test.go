package session

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// The system's network news wakes the monitor, and Stop ends the listener
// and the ticker: nothing of the loop runs after it returns.
func TestLoopHearsTheNetworkAndStopsEverything(t *testing.T) {
	d := &countingDirectory{fakeDirectory: dir("a")}
	d.results["a"] = workspaces.ErrUnreachable
	s := New(d, Options{})
	_, err := s.Select("a")
	require.NoError(t, err)
	m := NewMonitor(s, nil, MonitorOptions{RetryMin: time.Hour, RetryMax: time.Hour})

	wakes := make(chan func(string), 1)
	listening := make(chan struct{})
	network := func(ctx context.Context, wake func(string)) error {
		wakes <- wake
		<-ctx.Done()
		close(listening)
		return errors.New("stopped")
	}
	l := NewLoop(m, network, nil)
	l.Start(context.Background())
	wake := <-wakes
	require.Eventually(t, func() bool { st, _ := s.Status("a"); return st.State == StateOffline }, 10*time.Second, time.Millisecond,
		"the first tick checks the active workspace")
	d.take()

	d.results["a"] = nil
	wake("the network is connected")
	require.Eventually(t, func() bool { st, _ := s.Status("a"); return st.State == StateOnline }, 10*time.Second, time.Millisecond,
		"a network change checks the offline workspace at once, whatever its backoff of an hour")

	l.Stop()
	select {
	case <-listening:
	default:
		t.Fatal("Stop returned while the network listener still ran")
	}
	assert.Error(t, l.Context().Err(), "calls made with the loop's context end with it")
}

// Freshen answers at once; Settle and Stop wait for what it started.
func TestLoopFreshenRunsBehindTheAnswer(t *testing.T) {
	d := &countingDirectory{fakeDirectory: dir("a")}
	s := New(d, Options{})
	cat := &fakeCatalog{}
	l := NewLoop(NewMonitor(s, cat, MonitorOptions{OnCatalog: func(string, error) {}}), nil, nil)
	l.Freshen("a")
	l.Settle()
	assert.Equal(t, []string{"a"}, d.take())
	assert.Equal(t, []string{"a"}, cat.refreshed)
	l.Stop() // never started: returns at once
}

// A run with no session has no loop: every call on it does nothing.
func TestNilLoopDoesNothing(t *testing.T) {
	var l *Loop
	assert.NotPanics(t, func() {
		l.Start(context.Background())
		l.Freshen("a")
		l.Settle()
		l.Stop()
	})
}
