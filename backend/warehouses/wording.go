package warehouses

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Warehouses page's own failures; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNotFound, Code: "WAREHOUSE_NOT_FOUND",
			Message: "This SQL warehouse no longer exists in the workspace.",
			Hint:    "Someone may have deleted it; its history, load and connection details went with it. The list refreshes by itself."},
		{Target: ErrNotAllowed, Code: "INVALID_STATE",
			Message: "The warehouse's state does not allow this now.",
			Hint:    "The list shows the current state; wait for it to change, then try again."},
		{Target: ErrNameMismatch, Code: "NAME_MISMATCH",
			Message: "The name you typed does not match the warehouse's name.",
			Hint:    "Type the name exactly as shown, including capitals and spaces."},
		{Target: ErrBadExportFormat, Code: "BAD_EXPORT_FORMAT",
			Message: "SQL warehouses export as API JSON, a bundle or Terraform only.",
			Hint:    "Pick one of the three formats."},
		{Target: ErrBadHistoryQuery, Code: "BAD_HISTORY_FILTER",
			Message: "The query history cannot be filtered that way.",
			Hint:    "Pick users and statuses from the lists; a user must exist in the workspace."},
	}
}
