package app

import "github.com/clusterdeck/clusterdeck/backend/notices"

// Notifications is the Settings section that says which kinds of cluster
// news raise a desktop notification and which an in-app notice.
type Notifications struct {
	prefs *notices.Prefs
}

// List returns every kind with where its news goes.
func (n *Notifications) List() ([]notices.Choice, error) {
	return forPage(n.prefs.All()), nil
}

// Set says where news of one kind goes, and returns the list as saved.
func (n *Notifications) Set(kind string, to notices.Channels) ([]notices.Choice, error) {
	if err := n.prefs.Set(notices.Kind(kind), to); err != nil {
		return nil, err
	}
	return forPage(n.prefs.All()), nil
}
