package app

import (
	"errors"
	"fmt"
	"slices"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/wording"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// draftRules turn the drafts and apply sentinels into what the user reads:
// the services' (apply's and drafts' wording.go) and the facade's own. They
// go ahead of the workspace rules: an apply error may also wrap the network
// failure that caused it, and the apply meaning matters more.
func draftRules() []ErrorRule {
	return slices.Concat(apply.ErrorWording(), []ErrorRule{
		{Target: errPolicyBlocked, Code: "DRAFT_HAS_PROBLEMS",
			Message: "The draft does not pass the policy or the API's rules.",
			Hint:    "Fix the problems listed in the draft, then apply again."},
	}, drafts.ErrorWording(), []ErrorRule{
		{Target: errNoWindow, Code: "NO_WINDOW",
			Message: "The save dialog cannot open yet.",
			Hint:    "Wait for the window to finish loading and try again, or copy the text."},
	})
}

// netErr classifies failures to reach or use a workspace (so they read as
// "cannot be reached" with a hint) and leaves everything else as it is: an
// API refusal keeps its own code and an apply sentinel its meaning.
func netErr(err error) error {
	if err == nil {
		return nil
	}
	for _, keep := range []error{apply.ErrOutcomeUnknown, apply.ErrPlanStale, apply.ErrMustWait, apply.ErrNotCandidate} {
		if errors.Is(err, keep) {
			return err
		}
	}
	if workspaces.IsOffline(err) || errors.Is(err, apierr.ErrUnauthenticated) || errors.Is(err, apierr.ErrPermissionDenied) {
		return workspaces.ClassifyError(err)
	}
	return err
}

// draftInputError places input errors (a field, or a line and column) for the form.
func draftInputError(f *ErrorFormatter, err error) error {
	var fe *drafts.FieldError
	var pe *drafts.PositionError
	switch {
	case errors.As(err, &fe):
		ui := f.UIError(err)
		ui.Field, ui.Message = fe.Field, wording.Sentence(fe.Msg)
		if ui.Code == "UNEXPECTED" {
			ui.Code, ui.Hint = "INVALID_INPUT", "Correct the field and try again."
		}
		return ui
	case errors.As(err, &pe):
		ui := f.UIError(err)
		ui.Line, ui.Column = pe.Line, pe.Column
		ui.Code = "UNREADABLE_INPUT"
		ui.Message = fmt.Sprintf("Line %d, column %d: %s", pe.Line, pe.Column, wording.Sentence(pe.Err.Error()))
		if pe.Column <= 0 {
			ui.Message = fmt.Sprintf("Line %d: %s", pe.Line, wording.Sentence(pe.Err.Error()))
		}
		ui.Hint = "Fix the text at that place, or paste API JSON (clusters/create or clusters/get) or bundle YAML (resources.clusters)."
		return ui
	}
	return err
}
