package check

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Server check errors.
var (
	ErrNoServerCheck = errors.New("the server checks policy compliance only for existing clusters")
	ErrUnknownPolicy = errors.New("the policy is not in the workspace catalog")
)

// PathMessage is one policy violation as one side words it.
type PathMessage struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// ServerVerdict compares the workspace's own policy compliance check of a
// saved cluster with this app's offline evaluation of the same spec.
type ServerVerdict struct {
	ClusterID       string        `json:"clusterId"`
	PolicyID        string        `json:"policyId"`
	ServerCompliant bool          `json:"serverCompliant"`
	Server          []PathMessage `json:"server"`
	Ours            []PathMessage `json:"ours"`
	Agree           bool          `json:"agree"`
	// DraftDiffers: the form holds unsaved changes, so the verdicts are
	// about the saved cluster, not the form.
	DraftDiffers bool `json:"draftDiffers"`
}

// WithServer asks the workspace whether the saved cluster complies with its
// policy (PolicyComplianceForClusters) and compares the answer, path by
// path and word for word, with the offline evaluation of the same spec
// against the cached policy. draftJSON is the form's spec, to say whether
// it differs from the saved one.
func (c *Checker) WithServer(ctx context.Context, w *workspaceapi.Client, workspaceID, clusterID string, draftJSON []byte) (ServerVerdict, error) {
	if clusterID == "" {
		return ServerVerdict{}, ErrNoServerCheck
	}
	d, err := w.Clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return ServerVerdict{}, fmt.Errorf("get cluster %s: %w", clusterID, err)
	}
	out := ServerVerdict{ClusterID: clusterID, PolicyID: d.PolicyId, Server: []PathMessage{}, Ours: []PathMessage{}}
	if d.PolicyId == "" {
		return out, fmt.Errorf("%w: cluster %s has no policy", ErrNoServerCheck, clusterID)
	}
	resp, err := w.PolicyComplianceForClusters.GetComplianceByClusterId(ctx, clusterID)
	if err != nil {
		return out, fmt.Errorf("policy compliance of %s: %w", clusterID, err)
	}
	out.ServerCompliant = resp.IsCompliant
	for path, msg := range resp.Violations {
		out.Server = append(out.Server, PathMessage{Path: path, Message: msg})
	}
	saved, err := clusterspec.OfCluster(d, clusterspec.AsRequested)
	if err != nil {
		return out, err
	}
	if c.snapshots == nil {
		return out, ErrUnknownPolicy
	}
	snap, err := c.snapshots(ctx, workspaceID)
	if err != nil {
		return out, err
	}
	cp, ok := snap.Policy(d.PolicyId)
	if !ok {
		return out, ErrUnknownPolicy
	}
	p, err := policyeval.FromAPI(cp, nil)
	if err != nil {
		return out, err
	}
	// The same rate table as the form's evaluation: without it a
	// dbus_per_hour rule would go unchecked on our side only.
	found, err := Existing(p, saved, TypeOf(d.ClusterSource), snap, c.rateTable())
	if err != nil {
		return out, err
	}
	for _, v := range found {
		out.Ours = append(out.Ours, PathMessage{Path: v.Path, Message: v.Message})
	}
	sortMessages(out.Server)
	sortMessages(out.Ours)
	out.Agree = sameMessages(out.Server, out.Ours)
	if draft, _, err := Sendable(draftJSON); err == nil {
		changes, err := clusterspec.Diff(d, draft)
		out.DraftDiffers = err == nil && len(changes) > 0
	}
	return out, nil
}

func sortMessages(m []PathMessage) {
	sort.Slice(m, func(i, j int) bool { return m[i].Path < m[j].Path })
}

func sameMessages(a, b []PathMessage) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
