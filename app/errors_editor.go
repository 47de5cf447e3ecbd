package app

import "github.com/clusterdeck/clusterdeck/backend/apply"

// editorRules word the cluster editor's refusals.
func editorRules() []ErrorRule {
	return []ErrorRule{
		{ErrEditorUnavailable, "EDITOR_UNAVAILABLE",
			"The cluster editor is not connected to the workspaces.", "Restart Clusterdeck."},
		{ErrSpecHasProblems, "SPEC_HAS_PROBLEMS",
			"The cluster spec still has problems, so nothing was sent.",
			"Fix the fields marked in red (the details name one), then try again."},
		{ErrRestartNeeded, "RESTART_REQUIRED",
			"Saving these changes restarts the running cluster.",
			"Review the changes and confirm the restart, or change only the number of workers to resize without a restart."},
		{apply.ErrNotEditable, "NOT_EDITABLE",
			"The cluster cannot be edited in its current state.",
			"Wait until it is running or terminated, then save again."},
		{ErrUnknownPolicy, "UNKNOWN_POLICY",
			"That policy is not in the workspace catalog.",
			"Refresh the catalog, or pick another policy."},
		{ErrNoServerCheck, "NO_SERVER_CHECK",
			"The workspace checks policy compliance only for clusters that exist and use a policy.",
			"Create the cluster first; this form already checks the spec against the policy offline."},
		{ErrInvalidRates, "INVALID_RATES",
			"The DBU rate table has an entry out of range, so it was not saved.",
			"Rates are DBUs per hour from 0 to 10000, per-core family rates 0 to 100 with a prefix, the Photon multiplier 0 to 10."},
	}
}
