package session

import "github.com/clusterdeck/clusterdeck/backend/workspaces"

// Views are the switcher's rows: the open workspaces, the active one marked.
func (s *Session) Views() []workspaces.View {
	active, _ := s.Active()
	list := s.List()
	out := make([]workspaces.View, 0, len(list))
	for _, p := range list {
		out = append(out, workspaces.ViewOf(p, p.ID == active.ID))
	}
	return out
}

// IsActive says whether id is the active workspace.
func (s *Session) IsActive(id string) bool {
	active, ok := s.Active()
	return ok && active.ID == id
}

// IDs are the open workspaces' ids, in the switcher's order.
func (s *Session) IDs() []string {
	list := s.List()
	out := make([]string, 0, len(list))
	for _, p := range list {
		out = append(out, p.ID)
	}
	return out
}
