package permissions

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Permissions panel's own failures; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrBadLevel, Code: "BAD_PERMISSION_LEVEL",
			Message: "That permission level does not exist for this object.",
			Hint:    "Pick one of the levels the panel lists."},
		{Target: ErrNoPrincipal, Code: "NO_PRINCIPAL",
			Message: "No user, group or service principal was chosen.",
			Hint:    "Search for one by name and pick it from the list."},
		{Target: ErrNotOwned, Code: "NO_OWNER",
			Message: "Only compute has an owner to change.",
			Hint:    "Change who may manage it instead."},
		{Target: ErrUnknownObjectType, Code: "BAD_OBJECT_TYPE",
			Message: "The panel cannot show permissions of this kind of object.",
			Hint:    "This is a bug in Clusterdeck: please report it."},
	}
}
