package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func TestCallChecksBoundsAndShapes(t *testing.T) {
	refused := errors.New("not open")
	tests := []struct {
		name    string
		known   func(string) error
		wantErr error
		called  bool
	}{
		{"not checked", nil, nil, true},
		{"known", func(string) error { return nil }, nil, true},
		{"unknown workspace", func(string) error { return refused }, refused, false},
		{"not wired", knownIn(nil, true), errNotWired, false},
		{"no service", knownIn(new(session.Session), false), errNotWired, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := facade{ctx: context.Background(), known: tt.known}
			called := false
			got, err := call(f, "ws", time.Minute, func(ctx context.Context) ([]string, error) {
				called = true
				deadline, ok := ctx.Deadline()
				require.True(t, ok, "bounded")
				assert.WithinDuration(t, time.Now().Add(time.Minute), deadline, 5*time.Second)
				return nil, nil
			})
			assert.ErrorIs(t, err, tt.wantErr)
			assert.Equal(t, tt.called, called)
			assert.NotNil(t, got, "a nil list reaches the page as []")
		})
	}
}

// A write whose answer was lost says so (tracked), for results and bare
// errors alike; any other failure passes as it is.
func TestWriteWordsALostAnswer(t *testing.T) {
	f := facade{ctx: context.Background()}
	plain := errors.New("refused")
	for _, tt := range []struct {
		name string
		err  error
		want error
	}{
		{"timed out", context.DeadlineExceeded, workspaces.ErrAnswerLost},
		{"refused", plain, plain},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := write(f, "ws", time.Minute, func(context.Context) (int, error) { return 0, tt.err })
			assert.ErrorIs(t, err, tt.want)
			assert.ErrorIs(t, writeErr(f, "ws", time.Minute, func(context.Context) error { return tt.err }), tt.want)
			assert.NotErrorIs(t, callErr(f, "ws", time.Minute, func(context.Context) error { return tt.err }), workspaces.ErrAnswerLost)
		})
	}
}
