package session

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// fakeDirectory answers connection tests with a fixed result per workspace.
type fakeDirectory struct {
	profiles []workspaces.Profile
	results  map[string]error
	users    map[string]string
}

func (f *fakeDirectory) List() []workspaces.Profile { return f.profiles }

func (f *fakeDirectory) TestConnection(_ context.Context, id string) (workspaces.ConnectionResult, error) {
	if err := f.results[id]; err != nil {
		return workspaces.ConnectionResult{}, err
	}
	return workspaces.ConnectionResult{User: workspaces.User{UserName: f.users[id]}}, nil
}

func dir(ids ...string) *fakeDirectory {
	f := &fakeDirectory{results: map[string]error{}, users: map[string]string{}}
	for _, id := range ids {
		f.profiles = append(f.profiles, workspaces.Profile{ID: id, Name: "ws " + id})
	}
	return f
}

func TestCheckClassifiesTheAnswer(t *testing.T) {
	cases := []struct {
		name  string
		err   error
		state State
		user  string
	}{
		{"online", nil, StateOnline, "ada@example.com"},
		{"token rejected", fmt.Errorf("me: %w", workspaces.ErrUnauthorized), StateUnauthorized, ""},
		{"no permission", workspaces.ErrForbidden, StateUnauthorized, ""},
		{"sign-in needed", workspaces.ErrLoginRequired, StateUnauthorized, ""},
		{"secret missing", workspaces.ErrMissingSecret, StateUnauthorized, ""},
		{"timeout", workspaces.ErrTimeout, StateOffline, ""},
		{"unreachable", workspaces.ErrUnreachable, StateOffline, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := dir("a")
			d.results["a"], d.users["a"] = tc.err, "ada@example.com"
			var seen []State
			s := New(d, Options{OnStatus: func(_ string, st Status) { seen = append(seen, st.State) }})

			st, err := s.Check(context.Background(), "a")
			require.NoError(t, err)
			assert.Equal(t, tc.state, st.State)
			assert.Equal(t, tc.user, st.User)
			if tc.err != nil {
				assert.ErrorIs(t, st.Err, tc.err, "the cause stays matchable")
			}
			assert.Equal(t, []State{StateChecking, tc.state}, seen)
			last, err := s.Status("a")
			require.NoError(t, err)
			assert.Equal(t, st, last)
		})
	}
}

// A periodic re-check must not make the page think the user signed out:
// "checking" carries the user the last check found (and none before any).
func TestRecheckKeepsTheUserWhileChecking(t *testing.T) {
	d := dir("a")
	d.users["a"] = "ada@example.com"
	var checking []string
	s := New(d, Options{OnStatus: func(_ string, st Status) {
		if st.State == StateChecking {
			checking = append(checking, st.User)
		}
	}})
	for range 2 {
		_, err := s.Check(context.Background(), "a")
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"", "ada@example.com"}, checking)
}

func TestStatusBeforeAnyCheck(t *testing.T) {
	s := New(dir("a"), Options{})
	st, err := s.Status("a")
	require.NoError(t, err)
	assert.Equal(t, StateUnknown, st.State)
}

func TestActiveAndSelect(t *testing.T) {
	d := dir()
	s := New(d, Options{})
	_, ok := s.Active()
	assert.False(t, ok, "no workspace, nothing active")

	d.profiles = dir("demo", "prod").profiles
	active, ok := s.Active()
	require.True(t, ok)
	assert.Equal(t, "demo", active.ID, "the first listed is active until one is chosen")

	got, err := s.Select("prod")
	require.NoError(t, err)
	assert.Equal(t, "prod", got.ID)
	active, _ = s.Active()
	assert.Equal(t, "prod", active.ID)

	d.profiles = d.profiles[:1]
	active, _ = s.Active()
	assert.Equal(t, "demo", active.ID, "a removed workspace falls back to the first")

	for _, call := range []func() error{
		func() error { _, err := s.Select("zzz"); return err },
		func() error { _, err := s.Status("zzz"); return err },
		func() error { _, err := s.Check(context.Background(), "zzz"); return err },
	} {
		assert.ErrorIs(t, call(), ErrUnknownWorkspace)
	}
}

// gatedDirectory holds each connection test until the test answers it, by
// the order the tests began in.
type gatedDirectory struct {
	*fakeDirectory
	mu    sync.Mutex
	calls []chan error
}

func (g *gatedDirectory) TestConnection(_ context.Context, _ string) (workspaces.ConnectionResult, error) {
	ch := make(chan error)
	g.mu.Lock()
	g.calls = append(g.calls, ch)
	g.mu.Unlock()
	if err := <-ch; err != nil {
		return workspaces.ConnectionResult{}, err
	}
	return workspaces.ConnectionResult{User: workspaces.User{UserName: "ada@example.com"}}, nil
}

func (g *gatedDirectory) began() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.calls)
}

func (g *gatedDirectory) answer(i int, err error) {
	g.mu.Lock()
	ch := g.calls[i]
	g.mu.Unlock()
	ch <- err
}

// Two checks overlap: one left before an outage, one after. The later check
// decides even when the earlier one's answer (online) comes back last, and
// the statuses are numbered in the order they were stored.
func TestTheLaterOfOverlappingChecksDecides(t *testing.T) {
	g := &gatedDirectory{fakeDirectory: dir("a")}
	var mu sync.Mutex
	var published []Status
	s := New(g, Options{OnStatus: func(_ string, st Status) { mu.Lock(); published = append(published, st); mu.Unlock() }})
	check := func() chan Status {
		out := make(chan Status, 1)
		go func() { st, _ := s.Check(context.Background(), "a"); out <- st }()
		return out
	}

	earlier := check()
	require.Eventually(t, func() bool { return g.began() == 1 }, 5*time.Second, time.Millisecond)
	later := check()
	require.Eventually(t, func() bool { return g.began() == 2 }, 5*time.Second, time.Millisecond)
	g.answer(1, workspaces.ErrUnreachable)
	assert.Equal(t, StateOffline, (<-later).State)
	g.answer(0, nil) // the stale answer
	stale := <-earlier
	assert.Equal(t, StateOffline, stale.State, "the earlier check reports what the session holds")

	final, err := s.Status("a")
	require.NoError(t, err)
	assert.Equal(t, StateOffline, final.State)
	assert.Equal(t, final, stale)
	mu.Lock()
	defer mu.Unlock()
	states := []State{}
	for i, st := range published {
		states = append(states, st.State)
		if i > 0 {
			assert.Greater(t, st.Seq, published[i-1].Seq)
		}
	}
	assert.Equal(t, []State{StateChecking, StateChecking, StateOffline}, states, "the stale online is never published")
	assert.Equal(t, published[len(published)-1].Seq, final.Seq)
}

func TestHost(t *testing.T) {
	d := dir("a", "b")
	d.profiles[1].Host = "https://b.example.com"
	s := New(d, Options{})
	for _, tt := range []struct{ id, want string }{{"b", "https://b.example.com"}, {"a", ""}, {"gone", ""}} {
		assert.Equal(t, tt.want, s.Host(tt.id), tt.id)
	}
}
