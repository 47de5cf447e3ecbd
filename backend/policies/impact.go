package policies

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// ImpactCluster is one cluster using a policy: whether it complies now and
// the rules it breaks under the edited policy.
type ImpactCluster struct {
	ID           string        `json:"id"`
	Name         string        `json:"name"`
	State        compute.State `json:"state"`
	Creator      string        `json:"creator"`
	CompliantNow bool          `json:"compliantNow"`
	Violations   []Violation   `json:"violations"` // under the edited policy
}

// ImpactView is what saving an edited policy does to the clusters that use
// it, shown before the edit is sent (as deleting shows them).
type ImpactView struct {
	PolicyID string          `json:"policyId"`
	Clusters []ImpactCluster `json:"clusters"` // every cluster using it: those that break first
	// Breaks counts the clusters that comply now and will not after the edit.
	Breaks int `json:"breaks"`
}

// EditImpact checks each cluster that uses the policy against the policy as
// it is and as the form would make it, with the same evaluator for both so
// that only the edit makes a difference. Clusters keep running either way;
// a non-compliant one is held to the policy at its next edit or by Enforce.
func (s *Service) EditImpact(ctx context.Context, workspaceID, policyID string, f Form) (ImpactView, error) {
	s.loadFamilies(ctx, workspaceID, f)
	edited, err := s.policyOf(workspaceID, f)
	if err != nil {
		return ImpactView{}, fmt.Errorf("%w: %w", ErrInvalidForm, err)
	}
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return ImpactView{}, err
	}
	snap, _, err := s.cache.Cached(workspaceID)
	if err != nil && !errors.Is(err, catalog.ErrNotCached) {
		return ImpactView{}, err
	}
	current, err := s.cachedPolicy(ctx, workspaceID, snap, policyID)
	if err != nil {
		return ImpactView{}, err
	}
	using, err := clustersUsing(ctx, w, policyID, true)
	if err != nil {
		return ImpactView{}, err
	}
	now, after := s.evaluator(current, snap), s.evaluator(edited, snap)
	out := ImpactView{PolicyID: policyID, Clusters: make([]ImpactCluster, 0, len(using))}
	for _, c := range using {
		ic := ImpactCluster{ID: c.ClusterId, Name: c.ClusterName, State: c.State, Creator: c.CreatorUserName,
			CompliantNow: len(now(c)) == 0, Violations: after(c)}
		if ic.CompliantNow && len(ic.Violations) > 0 {
			out.Breaks++
		}
		out.Clusters = append(out.Clusters, ic)
	}
	breaks := func(c ImpactCluster) bool { return c.CompliantNow && len(c.Violations) > 0 }
	sort.SliceStable(out.Clusters, func(i, j int) bool {
		a, b := out.Clusters[i], out.Clusters[j]
		if breaks(a) != breaks(b) {
			return breaks(a)
		}
		return a.Name < b.Name
	})
	return out, nil
}
