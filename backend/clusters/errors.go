package clusters

import (
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

var (
	// ErrNotFound: the cluster does not exist (any more) in the workspace.
	ErrNotFound = errors.New("this compute no longer exists in the workspace")
	// ErrBusy: the same action on the same cluster is already being sent.
	ErrBusy = errors.New("this action is already in progress")
	// ErrNotAllowed: the cluster's state does not allow the action.
	ErrNotAllowed = errors.New("the compute's state does not allow this action")
	// ErrNameMismatch: the typed confirmation does not match the name.
	ErrNameMismatch = errors.New("the typed name does not match the compute's name")
	// ErrBadSize: a resize request is not a valid size.
	ErrBadSize = errors.New("the requested size is not valid")
)

// NotAllowedError says which action the state forbids and why.
type NotAllowedError struct {
	Action Action
	State  compute.State
	Reason string
}

func (e *NotAllowedError) Error() string {
	return fmt.Sprintf("%s is not possible while the compute is %s: %s", e.Action, StateLabel(e.State), e.Reason)
}

// Unwrap lets errors.Is(err, ErrNotAllowed) match.
func (e *NotAllowedError) Unwrap() error { return ErrNotAllowed }

// ErrBadView: the page asked for a list view that does not exist.
var ErrBadView = errors.New("unknown compute list")

// notFound wraps ErrNotFound with the API's answer as text. The API error is
// deliberately not wrapped: its code (400 INVALID_PARAMETER_VALUE on most
// calls) would otherwise win over "not found" when the app classifies it.
func notFound(what string, apiErr error) error {
	var ae *apierr.APIError
	if errors.As(apiErr, &ae) {
		return fmt.Errorf("%s: %w [%s (HTTP %d): %s]", what, ErrNotFound, ae.ErrorCode, ae.StatusCode, ae.Message)
	}
	return fmt.Errorf("%s: %w [%v]", what, ErrNotFound, apiErr)
}
