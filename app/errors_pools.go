package app

import "github.com/clusterdeck/clusterdeck/backend/pools"

// poolRules explain the Pools page's own failures.
func poolRules() []ErrorRule {
	return []ErrorRule{
		{pools.ErrNotFound, "POOL_NOT_FOUND",
			"This instance pool no longer exists in the workspace.",
			"Someone may have deleted it; the list refreshes by itself."},
		{pools.ErrNotAllowed, "INVALID_STATE",
			"The pool's state does not allow this.",
			"A deleted pool cannot be edited or deleted again."},
		{pools.ErrNameMismatch, "NAME_MISMATCH",
			"The name you typed does not match the pool's name.",
			"Type the name exactly as shown, including capitals and spaces."},
		{errBadPoolExport, "BAD_EXPORT_FORMAT",
			"Pools export as API JSON or Terraform only.",
			"Pick one of the two formats."},
		{errBadPoolSpec, "BAD_POOL_SPEC",
			"The pool form could not be read.",
			"Reload the page and fill in the form again."},
	}
}
