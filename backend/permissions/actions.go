package permissions

// Action is something the panel offers on an object's list.
type Action string

const (
	ActionGrant       Action = "grant"        // add a principal at a level (PATCH)
	ActionChange      Action = "change"       // change a direct grant's level (PATCH)
	ActionRemove      Action = "remove"       // remove a direct grant (PUT of the rest)
	ActionChangeOwner Action = "change-owner" // clusters/change-owner, admins only
)

// access is what decides the actions: who the user is and what they hold.
type access struct {
	readable bool
	admin    bool
	manages  bool // holds the kind's manage level
}

// Actions is the table: what the current user may do on an object of kind k,
// and, when nothing, why (the panel shows that reason).
func Actions(k Kind, a access) ([]Action, string) {
	switch {
	case a.admin:
		acts := []Action{ActionGrant, ActionChange, ActionRemove}
		if k.Owned {
			acts = append(acts, ActionChangeOwner)
		}
		return acts, ""
	case k.Manage == "":
		return nil, "Only workspace admins can change who may use a " + k.Noun + "."
	case !a.readable:
		return nil, "Seeing and changing who has access needs Can manage on this " + k.Noun + ": ask its owner or a workspace admin."
	case !a.manages:
		return nil, "Changing who has access needs Can manage on this " + k.Noun + ": ask its owner or a workspace admin."
	}
	return []Action{ActionGrant, ActionChange, ActionRemove}, ""
}
