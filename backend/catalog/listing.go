package catalog

import (
	"errors"
	"time"
)

// ListingCache says where a page's listing comes from and how fresh it is.
// Every read-only resource kind read from the cache (pools, policies) shows one.
type ListingCache struct {
	WorkspaceID string `json:"workspaceId"`
	Cached      bool   `json:"cached"`     // this listing was fetched at least once
	FetchedAt   string `json:"fetchedAt"`  // RFC 3339, "" when never fetched
	AgeSeconds  int64  `json:"ageSeconds"` // how old the listing is
	Offline     bool   `json:"offline"`    // the last refresh could not reach the workspace
	Refreshing  bool   `json:"refreshing"`
	Error       string `json:"error"` // why the last refresh of this listing failed, if it did
}

// ListingOf describes one section of a snapshot: its own age (not the
// snapshot's oldest) and its own last failure, with the workspace's state.
func ListingOf[T any](sec Section[T], st Status, now time.Time) ListingCache {
	info := ListingCache{WorkspaceID: st.WorkspaceID, Cached: !sec.FetchedAt.IsZero(), FetchedAt: RFC3339(sec.FetchedAt),
		Offline: st.Offline, Refreshing: st.Refreshing, Error: sec.Error}
	if info.Cached {
		info.AgeSeconds = max(0, int64(now.Sub(sec.FetchedAt)/time.Second))
	}
	return info
}

// Reader reads a workspace's cache without network traffic (Refresher).
type Reader interface {
	Cached(workspaceID string) (Snapshot, Status, error)
}

// Listing reads one section of a workspace's cache for a read-only page:
// its items and its ListingCache.
func Listing[T any](r Reader, workspaceID string, section func(Snapshot) Section[T], now time.Time) (ListingCache, T, error) {
	snap, st, err := r.Cached(workspaceID)
	if err != nil {
		var none T
		return ListingCache{}, none, err
	}
	st.WorkspaceID = workspaceID
	sec := section(snap)
	return ListingOf(sec, st, now), sec.Items, nil
}

// Cached reads a workspace's snapshot and state without any network
// traffic; a workspace never fetched is an empty snapshot, not an error.
func (r *Refresher) Cached(id string) (Snapshot, Status, error) {
	snap, err := r.cache.Load(id)
	if err != nil && !errors.Is(err, ErrNotCached) {
		return Snapshot{}, Status{}, err
	}
	return snap, r.Status(id), nil
}

// RFC3339 formats t for the page; "" for the zero time (never).
func RFC3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
