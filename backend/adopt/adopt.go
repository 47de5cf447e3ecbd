// Package adopt makes creates survive a lost answer, for the kinds whose
// names the workspace keeps unique (instance pools, cluster policies): when
// a create fails in a way that leaves its outcome open, the object is looked
// for by name and, if it is the one asked for, adopted. A retry therefore
// never makes a second object. (Clusters have no unique name; the apply
// service finds them by a request tag instead.)
package adopt

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

var (
	// ErrOutcomeUnknown: the create may have reached the workspace, and
	// looking for its object failed too. A retry looks first.
	ErrOutcomeUnknown = errors.New("the answer was lost and the workspace could not be asked whether it was made")
	// ErrNotMade: the answer was lost, and the workspace has no such object:
	// the create did not happen, and trying again is safe.
	ErrNotMade = errors.New("the answer was lost and the workspace shows it was not made")
)

// LookTimeout bounds the look after a failed create: the create's own
// context may have run out (that may be why it failed).
const LookTimeout = 15 * time.Second

// Found is what a look by name found.
type Found struct {
	ID string
	// Same: it is what the create asked for (not another's object that
	// happens to bear the name).
	Same bool
}

// Result is a create's outcome.
type Result struct {
	ID string
	// Adopted: the answer was lost, and the object was found and taken.
	Adopted bool
}

// Create runs create. When it fails without a clear refusal (the answer was
// lost on the way: a timeout, a dropped connection, a gateway's or proxy's
// page, a 5xx; or the name is taken, which is what the SDK's own retry of a
// create that had worked answers), look searches for the object by name:
// the one asked for is adopted; none means not made (ErrNotMade); a failed
// look means ErrOutcomeUnknown; no request got through means
// workspaces.ErrNotSent. A clear refusal is returned as it is.
func Create(ctx context.Context, create func(context.Context) (string, error),
	look func(context.Context) (*Found, error)) (Result, error) {
	tracked, sent := workspaces.TrackSent(ctx)
	id, err := create(tracked)
	if err == nil {
		return Result{ID: id}, nil
	}
	taken := NameTaken(err)
	if !taken && !open(err) {
		return Result{}, err
	}
	if s, known := sent(); known && !s {
		return Result{}, fmt.Errorf("%w: %w", workspaces.ErrNotSent, err) // nothing made: safe to try again
	}
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), LookTimeout)
	defer cancel()
	found, lerr := look(lctx)
	switch {
	case lerr != nil:
		return Result{}, fmt.Errorf("%w: %w", ErrOutcomeUnknown, errors.Join(err, fmt.Errorf("looking for it: %w", lerr)))
	case found != nil && found.Same:
		return Result{ID: found.ID, Adopted: true}, nil
	case taken:
		return Result{}, err // another object has the name
	case found != nil:
		return Result{}, err
	}
	return Result{}, fmt.Errorf("%w: %w", ErrNotMade, err)
}

// NameTaken reports whether the workspace refused a create because the
// name is in use: RESOURCE_ALREADY_EXISTS or ALREADY_EXISTS, or, as pools
// and policies answer, INVALID_PARAMETER_VALUE saying it "already exists".
func NameTaken(err error) bool {
	if errors.Is(err, apierr.ErrResourceAlreadyExists) || errors.Is(err, apierr.ErrAlreadyExists) {
		return true
	}
	var api *apierr.APIError
	return errors.Is(err, apierr.ErrInvalidParameterValue) && errors.As(err, &api) &&
		strings.Contains(strings.ToLower(api.Message), "already exists")
}

// open reports whether a failed create may still have happened: anything
// but the workspace's clear refusal (a 4xx in its own JSON).
func open(err error) bool {
	if errors.Is(err, context.Canceled) {
		return true // the user gave up waiting: the request may have arrived
	}
	var api *apierr.APIError
	if !errors.As(err, &api) {
		return true // no answer at all: refused, reset, timed out, not JSON
	}
	return api.StatusCode >= http.StatusInternalServerError || api.StatusCode == http.StatusTooManyRequests ||
		api.ErrorCode == "" || api.ErrorCode == "UNKNOWN"
}
