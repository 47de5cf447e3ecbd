package apply

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
)

// ErrCancelled means the user cancelled the operation; see CancelledError
// for what state it left things in.
var ErrCancelled = errors.New("cancelled")

// CancelState says what a cancelled operation had done.
type CancelState string

const (
	// CancelNothingSent: nothing reached the workspace.
	CancelNothingSent CancelState = "nothing-sent"
	// CancelCreatePending: a create may have been sent. Its request id is
	// remembered, so creating again looks for that cluster first.
	CancelCreatePending CancelState = "create-pending"
	// CancelMayHaveChanged: a change may have reached the cluster.
	CancelMayHaveChanged CancelState = "may-have-changed"
	// CancelClusterMade: the cluster exists; what came after (libraries,
	// start) was not done.
	CancelClusterMade CancelState = "cluster-made"
)

// CancelledError is returned by an operation the user cancelled.
type CancelledError struct {
	State     CancelState
	RequestID string // CancelCreatePending: the remembered request
	ClusterID string // CancelClusterMade
	Err       error  // what the cancellation interrupted
}

func (e *CancelledError) Error() string {
	return fmt.Sprintf("cancelled (%s): %v", e.State, e.Err)
}

func (e *CancelledError) Is(target error) bool { return target == ErrCancelled }

func (e *CancelledError) Unwrap() error { return e.Err }

// Operations lets the page cancel a running operation by the id it chose.
type Operations struct {
	mu      sync.Mutex
	running map[string]context.CancelCauseFunc
}

// NewOperationID returns a fresh id for an operation the page starts.
func NewOperationID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("apply: crypto/rand failed: %v", err))
	}
	return "op-" + hex.EncodeToString(b[:])
}

// start registers id (if any) and returns its cancellable context.
func (o *Operations) start(ctx context.Context, id string) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	if id == "" {
		return ctx, func() { cancel(nil) }
	}
	o.mu.Lock()
	if o.running == nil {
		o.running = map[string]context.CancelCauseFunc{}
	}
	o.running[id] = cancel
	o.mu.Unlock()
	return ctx, func() {
		o.mu.Lock()
		delete(o.running, id)
		o.mu.Unlock()
		cancel(nil)
	}
}

// Cancel cancels the operation id; false when none runs under that id.
func (o *Operations) Cancel(id string) bool {
	o.mu.Lock()
	cancel, ok := o.running[id]
	o.mu.Unlock()
	if ok {
		cancel(ErrCancelled)
	}
	return ok
}

// userCancelled reports whether ctx ended because the user cancelled.
func userCancelled(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), ErrCancelled)
}
