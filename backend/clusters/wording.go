package clusters

import (
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/wording"
)

// ErrorWording explains the clusters console's own failures; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrForeignAddress, Code: "FOREIGN_ADDRESS",
			Message: "Not opened: the workspace sent an address that is not one of its own web pages.",
			Hint:    "Clusterdeck opens only https pages on the workspace's own host; the details show the address it refused."},
		{Target: ErrNotFound, Code: "CLUSTER_NOT_FOUND",
			Message: "This compute no longer exists in the workspace.",
			Hint:    "Someone may have deleted it; the list refreshes by itself."},
		{Target: ErrBusy, Code: "ACTION_IN_PROGRESS",
			Message: "This action is already being sent.",
			Hint:    "Wait for it to finish; the state updates by itself."},
		{Target: ErrNameMismatch, Code: "NAME_MISMATCH",
			Message: "The name you typed does not match the compute's name.",
			Hint:    "Type the name exactly as shown, including capitals and spaces."},
		{Target: ErrBadSize, Code: "BAD_SIZE",
			Message: "That size is not valid.",
			Hint:    "Check the number of workers and try again."},
		{Target: ErrBadView, Code: "BAD_VIEW",
			Message: "That compute list does not exist.",
			Hint:    "Pick All-purpose or Job compute."},
	}
}

// Wording names the refused action in a sentence, with the fix.
func (e *NotAllowedError) Wording() (message, hint string) {
	verb := string(e.Action)
	if e.Action == ActionPermanentDelete {
		verb = "delete"
	}
	return fmt.Sprintf("Cannot %s it now: %s", verb, wording.LowerFirst(e.Reason)),
		"The list shows the current state; wait for it to change, then try again."
}
