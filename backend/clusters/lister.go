package clusters

import (
	"context"
	"sync"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// View is which list the page shows: the tabs of the Compute page.
type View string

const (
	ViewAllPurpose View = "all-purpose"
	ViewJob        View = "job"
)

// sources is the server-side filter behind each tab.
func (v View) sources() []compute.ClusterSource {
	if v == ViewJob {
		return []compute.ClusterSource{compute.ClusterSourceJob}
	}
	return []compute.ClusterSource{compute.ClusterSourceUi, compute.ClusterSourceApi}
}

// Valid reports whether v names a tab.
func (v View) Valid() bool { return v == ViewAllPurpose || v == ViewJob }

const listPageSize = leanread.PageSize

// pinnedIDs lists the pinned clusters of a view. The list API does not say
// which clusters are pinned, but it filters by it; a workspace has at most a
// hundred pinned clusters, so this is one page.
func pinnedIDs(ctx context.Context, c *client.DatabricksClient, v View) (map[string]bool, error) {
	all, err := leanread.Clusters(ctx, c, compute.ListClustersRequest{PageSize: listPageSize,
		FilterBy: &compute.ListClustersFilterBy{ClusterSources: v.sources(), IsPinned: true}})
	if err != nil {
		return nil, err
	}
	ids := make(map[string]bool, len(all))
	for _, d := range all {
		ids[d.ClusterId] = true
	}
	return ids, nil
}

// ListPages walks every page of a view, calling page with each page's rows as
// soon as it arrives. It returns the number of API calls made.
//
// The view's cluster sources are disjoint partitions (a cluster has one
// source), walked in parallel beside the pinned query, so every cluster
// comes exactly once and a view of two sources lists in about half the
// time of one sequential walk (each page needs the previous page's token).
// page is never called concurrently.
func ListPages(ctx context.Context, c *client.DatabricksClient, v View, page func(rows []Row) error) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		pinned    map[string]bool
		pinnedErr error
		pinnedOK  = make(chan struct{})
	)
	go func() {
		defer close(pinnedOK)
		pinned, pinnedErr = pinnedIDs(ctx, c, v)
	}()
	var (
		mu       sync.Mutex // serialises page and the counters
		calls    = 1        // the pinned query
		firstErr error
		wg       sync.WaitGroup
	)
	for _, source := range v.sources() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := walk(ctx, c, compute.ListClustersFilterBy{ClusterSources: []compute.ClusterSource{source}},
				func() (map[string]bool, error) { <-pinnedOK; return pinned, pinnedErr },
				func(rows []Row) error {
					if len(rows) == 0 {
						return nil // a partition with nothing: the first page the caller sees has rows
					}
					mu.Lock()
					defer mu.Unlock()
					if firstErr != nil {
						return firstErr
					}
					return page(rows)
				})
			mu.Lock()
			defer mu.Unlock()
			calls += n
			if err != nil && firstErr == nil {
				firstErr = err
				cancel() // the other partitions stop: the pass failed
			}
		}()
	}
	wg.Wait()
	<-pinnedOK
	if firstErr == nil {
		firstErr = pinnedErr
	}
	return calls, firstErr
}

// transitionalStates are the states Transitional reports, as a list filter.
var transitionalStates = []compute.State{compute.StatePending, compute.StateRestarting,
	compute.StateResizing, compute.StateTerminating}

// ListTransitional walks only the view's clusters in a transitional state:
// usually one call, where the whole list is a hundred at 10,000 clusters.
// The filtered list cannot say which clusters are pinned, so pinned (from
// the last full pass) does.
func ListTransitional(ctx context.Context, c *client.DatabricksClient, v View, pinned map[string]bool) ([]Row, int, error) {
	var out []Row
	calls, err := walk(ctx, c, compute.ListClustersFilterBy{ClusterSources: v.sources(), ClusterStates: transitionalStates},
		func() (map[string]bool, error) { return pinned, nil }, func(rows []Row) error {
			out = append(out, rows...)
			return nil
		})
	return out, calls, err
}

// walk calls page with the rows of every page the filter selects. pinned
// gives the pinned clusters (it may wait for them: the first page is
// fetched meanwhile).
func walk(ctx context.Context, c *client.DatabricksClient, filter compute.ListClustersFilterBy,
	pinned func() (map[string]bool, error), page func(rows []Row) error) (int, error) {
	req := compute.ListClustersRequest{PageSize: listPageSize, FilterBy: &filter}
	calls := 0
	shared := sharedMaps{}
	for {
		calls++
		// A failed page is tried again on its own: the walk goes on.
		resp, err := workspaces.RetryPage(ctx, func(ctx context.Context) (*leanread.Wire, error) {
			return leanread.ClustersPage(ctx, c, req)
		})
		if err != nil {
			return calls, err
		}
		isPinned, err := pinned()
		if err != nil {
			return calls, err
		}
		rows := make([]Row, 0, len(resp.Clusters))
		for i := range resp.Clusters {
			w := &resp.Clusters[i]
			w.CustomTags = shared.of(w.CustomTags)
			if w.TerminationReason != nil {
				w.TerminationReason.Parameters = shared.of(w.TerminationReason.Parameters)
			}
			d := w.Details()
			r := RowOf(&d, isPinned[d.ClusterId])
			r.LastActivity = int64(w.LastActivityTime)
			rows = append(rows, r)
		}
		if err := page(rows); err != nil {
			return calls, err
		}
		if resp.NextPageToken == "" {
			return calls, nil
		}
		req.PageToken = resp.NextPageToken
	}
}
