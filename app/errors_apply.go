package app

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/wording"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// applyOutcome words what the apply service decided: cancelled, sign-in
// needed, or "Not created: <why>"; anything else passes through as it is.
func applyOutcome(errs *ErrorFormatter, err error) error {
	var c *apply.CancelledError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &c):
		msg, hint := c.Wording()
		return UIError{Code: "CANCELLED", Message: msg, Hint: hint, Detail: c.Err.Error()}
	case errors.Is(err, apply.ErrSignInNeeded): // said at once, nothing sent or retried
		msg, hint := apply.SignInWording(errors.Is(err, apply.ErrOutcomeUnknown))
		return UIError{Code: "SIGN_IN_NEEDED", Message: msg, Hint: hint, Status: http.StatusUnauthorized, Detail: err.Error()}
	case !errors.Is(err, apply.ErrNotCreated):
		return err
	}
	cause := err
	var ae *apierr.APIError
	if !errors.As(err, &ae) {
		cause = workspaces.ClassifyError(err)
	}
	ui := errs.UIError(cause)
	ui.Message = "Not created: " + wording.LowerFirst(ui.Message)
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
