package pools

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
)

// Live lists the pools from the workspace: one list call, plus a clusters
// listing when the usage is older than UsageMaxAge. When the workspace
// cannot be reached, the cached listing comes back with the error, so the
// page keeps showing rows with their age.
func (s *Service) Live(ctx context.Context, ws string) (ListView, error) {
	w, err := s.client(ctx, ws)
	if err == nil {
		var items []compute.InstancePoolAndStats
		items, err = leanread.Pools(ctx, w.Pages)
		if err == nil {
			return s.liveView(ctx, ws, items), nil
		}
	}
	v, cerr := s.List(ws)
	if cerr != nil {
		return ListView{}, fmt.Errorf("list pools: %w", err)
	}
	v.Cache.Error = err.Error()
	return v, nil
}

func (s *Service) liveView(ctx context.Context, ws string, items []compute.InstancePoolAndStats) ListView {
	now := s.now()
	s.mu.Lock()
	s.last[ws] = items
	s.mu.Unlock()
	// Which clusters use a pool changes when its used counts do: list the
	// clusters again then, else at most every UsageMaxAge.
	sig := usedSignature(items)
	s.mu.Lock()
	fresh := s.usage[ws].sig != sig
	s.mu.Unlock()
	u, uerr := s.usageOf(ctx, ws, fresh)
	if uerr == nil {
		s.mu.Lock()
		u.sig = sig
		s.usage[ws] = u
		s.mu.Unlock()
	}
	v := listView(catalog.ListingCache{WorkspaceID: ws, Cached: true, FetchedAt: catalog.RFC3339(now)}, items)
	if uerr != nil {
		v.Cache.Error = "clusters using the pools: " + uerr.Error()
	}
	v.Live = true
	for i := range v.Pools {
		p := &v.Pools[i]
		if refs := u.byPool[p.ID]; refs != nil {
			p.Clusters = refs
		}
		if p.PendingIdle > 0 || p.PendingUsed > 0 {
			v.Pending = true
		}
	}
	v.NextPollSec = int(PollSlow / time.Second)
	if v.Pending {
		v.NextPollSec = int(PollFast / time.Second)
	}
	return v
}

// usageOf lists the clusters and which pools they use, reusing a listing
// younger than UsageMaxAge unless fresh is asked for.
func (s *Service) usageOf(ctx context.Context, ws string, fresh bool) (usage, error) {
	s.mu.Lock()
	u, ok := s.usage[ws]
	s.mu.Unlock()
	if ok && !fresh && s.now().Sub(u.at) < UsageMaxAge {
		return u, nil
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return u, err
	}
	all, err := leanread.Clusters(ctx, w.Pages, compute.ListClustersRequest{})
	if err != nil {
		return u, fmt.Errorf("list clusters: %w", err)
	}
	u = usage{at: s.now(), byPool: UsageByPool(all), all: all}
	s.mu.Lock()
	s.usage[ws] = u
	s.mu.Unlock()
	return u, nil
}

// usedSignature is every pool's in-use counts, as text to compare.
func usedSignature(items []compute.InstancePoolAndStats) string {
	var b strings.Builder
	for _, p := range items {
		if p.Stats != nil {
			fmt.Fprintf(&b, "%s:%d:%d;", p.InstancePoolId, p.Stats.UsedCount, p.Stats.PendingUsedCount)
		}
	}
	return b.String()
}

// UsageByPool maps each pool id to the clusters using it, by name.
func UsageByPool(all []compute.ClusterDetails) map[string][]ClusterRef {
	out := map[string][]ClusterRef{}
	for _, c := range all {
		ref := ClusterRef{ID: c.ClusterId, Name: c.ClusterName, State: string(c.State)}
		worker, driver := c.InstancePoolId, c.DriverInstancePoolId
		switch {
		case worker != "" && worker == driver:
			ref.Role = "workers and driver"
			out[worker] = append(out[worker], ref)
		default:
			if worker != "" {
				r := ref
				r.Role = "workers"
				out[worker] = append(out[worker], r)
			}
			if driver != "" {
				r := ref
				r.Role = "driver"
				out[driver] = append(out[driver], r)
			}
		}
	}
	for _, refs := range out {
		sort.Slice(refs, func(i, j int) bool { return refs[i].Name < refs[j].Name })
	}
	return out
}
