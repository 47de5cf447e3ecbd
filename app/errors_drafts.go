package app

import (
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// draftRules turn the drafts and apply sentinels into what the user reads.
// They go ahead of the workspace rules: an apply error may also wrap the
// network failure that caused it, and the apply meaning matters more.
func draftRules() []ErrorRule {
	return []ErrorRule{
		{apply.ErrOutcomeUnknown, "CREATE_OUTCOME_UNKNOWN",
			"Clusterdeck could not tell whether the cluster was created.",
			"Retry when the workspace is reachable; it will not create twice: it first looks for the cluster this request made."},
		{apply.ErrPlanStale, "PLAN_STALE",
			"The cluster changed since you reviewed the changes.",
			"Review the updated changes and apply again."},
		{apply.ErrMustWait, "CLUSTER_BUSY",
			"The cluster is between states and cannot take changes now.",
			"Wait until it is running or terminated, then apply again."},
		{apply.ErrNotCandidate, "NOT_A_CANDIDATE",
			"That cluster does not carry the draft's cluster name.",
			"Choose one of the clusters listed, or rename the cluster in the draft."},
		{apply.ErrNoName, "NO_CLUSTER_NAME",
			"The draft has no cluster name.",
			"Set cluster_name in the spec: apply finds the cluster by it."},
		{errPolicyBlocked, "DRAFT_HAS_PROBLEMS",
			"The draft does not pass the policy or the API's rules.",
			"Fix the problems listed in the draft, then apply again."},
		{drafts.ErrConflict, "DRAFT_CONFLICT",
			"This draft was changed in another window.",
			"Reload the draft to see the newer version; copy anything you want to keep first."},
		{drafts.ErrNewerSchema, "DRAFT_NEWER_VERSION",
			"This draft was saved by a newer version of Clusterdeck.",
			"Update Clusterdeck to open it; the file is left as it is."},
		{drafts.ErrCorrupt, "DRAFT_UNREADABLE",
			"The draft file cannot be read.",
			"It was moved aside so the other drafts keep working; the notice on the Drafts page says where."},
		{drafts.ErrNotFound, "DRAFT_NOT_FOUND",
			"That draft no longer exists.",
			"It may have been deleted in another window: look in the trash."},
		{drafts.ErrInvalidID, "DRAFT_BAD_ID",
			"That is not a draft id.",
			"Open the draft from the Drafts page."},
		{drafts.ErrInvalidName, "DRAFT_BAD_NAME",
			"The draft name is not valid.",
			"Give the draft a name of at most 100 characters on one line."},
		{drafts.ErrNothingToImport, "NOTHING_TO_IMPORT",
			"No cluster was found in that text.",
			"Paste API JSON (clusters/create, clusters/get or list output) or a bundle YAML with resources.clusters or job_clusters."},
		{drafts.ErrUnreadableImport, "UNREADABLE_INPUT",
			"The text cannot be read as a cluster definition.",
			"Paste API JSON (clusters/create or clusters/get) or a bundle YAML with resources.clusters."},
		{drafts.ErrBadSpec, "BAD_SPEC",
			"The spec is not a cluster spec the Clusters API understands.",
			"Correct the JSON; field names and types follow the clusters/create request."},
		{drafts.ErrBadExport, "BAD_EXPORT",
			"That export cannot be made.",
			"Choose API JSON for one draft, or bundle YAML or Terraform for several."},
		{drafts.ErrNoTarget, "NO_TARGET_WORKSPACE",
			"No target workspace is chosen.",
			"Choose the workspace the draft is for."},
		{drafts.ErrUnknownTarget, "UNKNOWN_WORKSPACE",
			"That workspace is not open in Clusterdeck.",
			"Choose another target workspace, or add it in Workspaces."},
		{drafts.ErrNoStore, "DRAFTS_UNAVAILABLE",
			"Drafts are not available in this run.",
			"Restart Clusterdeck; if it persists, check that its data folder is writable."},
		{drafts.ErrUnavailable, "DRAFTS_OFFLINE_ONLY",
			"This run cannot reach workspaces, so drafts can be edited but not applied.",
			"Restart Clusterdeck; if it persists, check that the workspaces are set up in Workspaces."},
		{errNoWindow, "NO_WINDOW",
			"The save dialog cannot open yet.",
			"Wait for the window to finish loading and try again, or copy the text."},
	}
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
		ui.Field, ui.Message = fe.Field, sentence(fe.Msg)
		if ui.Code == "UNEXPECTED" {
			ui.Code, ui.Hint = "INVALID_INPUT", "Correct the field and try again."
		}
		return ui
	case errors.As(err, &pe):
		ui := f.UIError(err)
		ui.Line, ui.Column = pe.Line, pe.Column
		ui.Code = "UNREADABLE_INPUT"
		ui.Message = fmt.Sprintf("Line %d, column %d: %s", pe.Line, pe.Column, sentence(pe.Err.Error()))
		if pe.Column <= 0 {
			ui.Message = fmt.Sprintf("Line %d: %s", pe.Line, sentence(pe.Err.Error()))
		}
		ui.Hint = "Fix the text at that place, or paste API JSON (clusters/create or clusters/get) or bundle YAML (resources.clusters)."
		return ui
	}
	return err
}
