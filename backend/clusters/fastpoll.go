package clusters

import (
	"context"
	"maps"

	"github.com/databricks/databricks-sdk-go/client"
)

// fetchTransitional is the fast rhythm's pass while something is in
// transition: it lists only transitional clusters and sends the rows that
// changed. It gives way to a full pass (done false) when there is nothing in
// transition to follow, or when a cluster left its transitional state (its
// new state, or its deletion, is only in the full list).
func (lv *listView) fetchTransitional(ctx context.Context, walker *client.DatabricksClient) (done, transitional bool, err error) {
	s := lv.svc
	following := false
	for _, r := range lv.snapshot.Rows() {
		if r.Transitional {
			following = true
			break
		}
	}
	if !following {
		return false, false, nil
	}
	s.mu.Lock()
	pinned := maps.Clone(s.pinned[viewKey{lv.ws, lv.view}])
	s.mu.Unlock()
	rows, _, err := ListTransitional(ctx, walker, lv.view, pinned)
	if err != nil {
		return true, false, err
	}
	s.price(lv.ws, rows)
	seen := NewRowSet(rows)
	for _, r := range lv.snapshot.Rows() {
		if _, ok := seen.Get(r.ID); r.Transitional && !ok {
			return false, false, nil // it settled (or vanished): learn how from the full list
		}
	}
	var up []Row
	for _, r := range rows {
		if old, ok := lv.snapshot.Get(r.ID); !ok || !equal(old, r) {
			up = append(up, r)
		}
	}
	if len(up) > 0 {
		lv.snapshot = lv.snapshot.with(up)
		s.sink.Delta(Delta{Workspace: lv.ws, View: lv.view, Complete: true, Upserts: up})
	}
	lv.republish()
	s.observe(lv.ws, seen, "") // not the whole list: a missing cluster is not deleted
	s.watchFailures(lv.ws, rows)
	return true, len(rows) > 0, nil
}
