package app

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// signInNeeded is the answer to a create in a workspace whose credentials
// were refused: said at once, nothing sent or retried.
func signInNeeded(detail string) UIError {
	return UIError{Code: "SIGN_IN_NEEDED", Message: "Sign-in needed: nothing was created.",
		Hint:   "The workspace refused the credentials. Open Workspaces to enter a new token or sign in again, then create again.",
		Status: http.StatusUnauthorized, Detail: detail}
}

// signInNeededPending answers when looking for an earlier create's cluster
// was refused: the request stays remembered, so nothing is made twice.
func signInNeededPending(detail string) UIError {
	return UIError{Code: "SIGN_IN_NEEDED", Message: "Sign-in needed: Clusterdeck could not look for the cluster an earlier create may have made.",
		Hint:   "The workspace refused the credentials. Open Workspaces to enter a new token or sign in again, then apply again: it looks for that cluster first and never creates a second.",
		Status: http.StatusUnauthorized, Detail: detail}
}

// cancelledUI says plainly that the user cancelled, and what state that left.
func cancelledUI(c *apply.CancelledError) UIError {
	ui := UIError{Code: "CANCELLED", Message: "Cancelled.", Detail: c.Err.Error()}
	switch c.State {
	case apply.CancelCreatePending:
		ui.Message = "Cancelled. The create may already have reached the workspace."
		ui.Hint = "Clusterdeck remembers the request: creating again looks for its cluster first and never makes a second one."
	case apply.CancelClusterMade:
		ui.Message = "Cancelled after the cluster was created."
		ui.Hint = "The cluster " + c.ClusterID + " exists; libraries or the start that came after were not done."
	case apply.CancelMayHaveChanged:
		ui.Message = "Cancelled. The change may already have reached the cluster."
		ui.Hint = "Open the cluster to see its settings before saving again."
	default:
		ui.Hint = "Nothing was sent to the workspace."
	}
	return ui
}

// applyOutcome words what the apply service decided: cancelled, sign-in
// needed, or "Not created: <why>"; anything else passes through as it is.
func applyOutcome(errs *ErrorFormatter, err error) error {
	var c *apply.CancelledError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &c):
		return cancelledUI(c)
	case errors.Is(err, apply.ErrSignInNeeded) && errors.Is(err, apply.ErrOutcomeUnknown):
		return signInNeededPending(err.Error())
	case errors.Is(err, apply.ErrSignInNeeded):
		return signInNeeded(err.Error())
	case !errors.Is(err, apply.ErrNotCreated):
		return err
	}
	cause := err
	var ae *apierr.APIError
	if !errors.As(err, &ae) {
		cause = workspaces.ClassifyError(err)
	}
	ui := errs.UIError(cause)
	ui.Message = "Not created: " + lowerFirst(ui.Message)
	if ae == nil {
		ui.Detail = err.Error()
	}
	return ui
}

// refusedAs gives a checker's refusal the facade's own meaning (sentinel),
// unless it already has it.
func refusedAs(err, sentinel error) error {
	if err == nil || !errors.Is(err, apply.ErrRefused) || errors.Is(err, sentinel) {
		return err
	}
	return fmt.Errorf("%w: %w", sentinel, err)
}

func isUIError(err error) bool {
	var ui UIError
	return errors.As(err, &ui)
}
