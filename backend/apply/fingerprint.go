package apply

import (
	"fmt"
	"sort"
	"strings"
)

// Fingerprint identifies what the user reviewed: the action, the cluster
// and its state, and every change with its values. Applying with the
// fingerprint of another plan is refused (ErrPlanStale).
func Fingerprint(p *Plan) string {
	parts := make([]string, 0, len(p.Changes))
	for _, c := range p.Changes {
		parts = append(parts, fmt.Sprintf("%s=%v>%v", c.Path, c.Old, c.New))
	}
	sort.Strings(parts)
	return fmt.Sprintf("%s|%s|%s|%s", p.Action, p.ClusterID, p.State, strings.Join(parts, ";"))
}
