package app

import (
	"github.com/clusterdeck/clusterdeck/backend/permissions"
)

// permissionRules explain the panel's own failures.
func permissionRules() []ErrorRule {
	return []ErrorRule{
		{permissions.ErrBadLevel, "BAD_PERMISSION_LEVEL",
			"That permission level does not exist for this object.", "Pick one of the levels the panel lists."},
		{permissions.ErrNoPrincipal, "NO_PRINCIPAL",
			"No user, group or service principal was chosen.", "Search for one by name and pick it from the list."},
		{permissions.ErrNotOwned, "NO_OWNER",
			"Only compute has an owner to change.", "Change who may manage it instead."},
		{permissions.ErrUnknownObjectType, "BAD_OBJECT_TYPE",
			"The panel cannot show permissions of this kind of object.", "This is a bug in Clusterdeck: please report it."},
	}
}
