package demo

// Cluster visibility control. Workspaces created since platform 3.34
// (December 2020) show a user only the clusters they hold a permission on
// ("Cluster Visibility Control", on by default); admins hold CAN_MANAGE on
// every cluster. Reading or changing an object's access list needs
// CAN_MANAGE on it. Options.AllClustersVisible brings back the older
// behaviour, where everyone sees every cluster and its access list.

// visibilityControl reports whether the workspace hides what a user holds no permission on.
func (ws *workspace) visibilityControl() bool { return !ws.opts.AllClustersVisible }

// canSeeCluster reports whether u may list or read cluster id.
func (ws *workspace) canSeeCluster(u *user, id string) bool {
	return !ws.visibilityControl() || ws.effective(u, kindCluster, id) >= levelAttach
}

// visibleClusterIDs keeps the ids u may see, in order.
func (ws *workspace) visibleClusterIDs(u *user, ids []string) []string {
	if !ws.visibilityControl() || u.isAdmin() {
		return ids
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if ws.canSeeCluster(u, id) {
			out = append(out, id)
		}
	}
	return out
}

// mayReadACL is the check before answering an object's access list: the
// real service answers 403 PERMISSION_DENIED "<principal> does not have
// Manage permissions on …. Please contact the owner or an administrator for access."
func (ws *workspace) mayReadACL(u *user, k *objectKind, id string) error {
	if !ws.visibilityControl() || ws.effective(u, k, id) >= levelManage {
		return nil
	}
	return errPermission("%s does not have Manage permissions on %s with ID: %s. Please contact the owner or an administrator for access.",
		u.userName, capitalize(k.noun), id)
}

// clusterHidden is the answer to a read of a cluster u may not see.
func clusterHidden(u *user, id string) error {
	return errPermission("User %s does not have permission to view cluster %s.", u.userName, id)
}
