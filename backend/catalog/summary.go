package catalog

// Summary sums up a workspace's cached catalog: enough for the workspace
// card and the offline banner ("data from 12 minutes ago").
type Summary struct {
	WorkspaceID   string `json:"workspaceId"`
	Cached        bool   `json:"cached"`
	NodeTypes     int    `json:"nodeTypes"`
	SparkVersions int    `json:"sparkVersions"`
	Policies      int    `json:"policies"`
	Pools         int    `json:"pools"`
	User          string `json:"user"`
	FetchedAt     string `json:"fetchedAt"` // RFC 3339, "" when never fetched
	AgeSeconds    int64  `json:"ageSeconds"`
	CheckedAt     string `json:"checkedAt"`
	Offline       bool   `json:"offline"`
	Refreshing    bool   `json:"refreshing"`
	Error         string `json:"error"`
	Hint          string `json:"hint"`
}

// Summary reads the disk cache and the refresh state only: no network.
func (r *Refresher) Summary(id string) Summary {
	snap, err := r.cache.Load(id)
	st := r.Status(id)
	v := Summary{WorkspaceID: id, Cached: err == nil, NodeTypes: len(snap.NodeTypes.Items),
		SparkVersions: len(snap.SparkVersions.Items), Policies: len(snap.Policies.Items), Pools: len(snap.Pools.Items),
		FetchedAt: RFC3339(st.FetchedAt), AgeSeconds: st.AgeSeconds, CheckedAt: RFC3339(st.CheckedAt),
		Offline: st.Offline, Refreshing: st.Refreshing, Error: st.Error, Hint: st.Hint}
	if u := snap.CurrentUser.Items; u != nil {
		v.User = u.UserName
	}
	return v
}

// Summaries are the Summary of each workspace in ids, in that order.
func (r *Refresher) Summaries(ids []string) []Summary {
	out := make([]Summary, 0, len(ids))
	for _, id := range ids {
		out = append(out, r.Summary(id))
	}
	return out
}
