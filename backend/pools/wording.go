package pools

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Pools page's own failures; app puts them in its
// one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNotFound, Code: "POOL_NOT_FOUND",
			Message: "This instance pool no longer exists in the workspace.",
			Hint:    "Someone may have deleted it; the list refreshes by itself."},
		{Target: ErrNotAllowed, Code: "INVALID_STATE",
			Message: "The pool's state does not allow this.",
			Hint:    "A deleted pool cannot be edited or deleted again."},
		{Target: ErrNameMismatch, Code: "NAME_MISMATCH",
			Message: "The name you typed does not match the pool's name.",
			Hint:    "Type the name exactly as shown, including capitals and spaces."},
		{Target: ErrBadExportFormat, Code: "BAD_EXPORT_FORMAT",
			Message: "Pools export as API JSON or Terraform only.",
			Hint:    "Pick one of the two formats."},
	}
}
