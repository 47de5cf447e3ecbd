package app

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policy"
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

// CheckWithServer asks the workspace whether the saved cluster complies with
// its policy (PolicyComplianceForClusters) and compares the answer, path by
// path and word for word, with the offline evaluation of the same spec
// against the cached policy. The service checks only existing clusters.
func (e *Editor) CheckWithServer(workspaceID, clusterID, draftJSON string) (ServerVerdict, error) {
	if clusterID == "" {
		return ServerVerdict{}, ErrNoServerCheck
	}
	w, err := e.client(e.ctx, workspaceID)
	if err != nil {
		return ServerVerdict{}, err
	}
	d, err := w.Clusters.GetByClusterId(e.ctx, clusterID)
	if err != nil {
		return ServerVerdict{}, fmt.Errorf("get cluster %s: %w", clusterID, err)
	}
	out := ServerVerdict{ClusterID: clusterID, PolicyID: d.PolicyId, Server: []PathMessage{}, Ours: []PathMessage{}}
	if d.PolicyId == "" {
		return forPage(out), fmt.Errorf("%w: cluster %s has no policy", ErrNoServerCheck, clusterID)
	}
	resp, err := w.PolicyComplianceForClusters.GetComplianceByClusterId(e.ctx, clusterID)
	if err != nil {
		return forPage(out), fmt.Errorf("policy compliance of %s: %w", clusterID, err)
	}
	out.ServerCompliant = resp.IsCompliant
	for path, msg := range resp.Violations {
		out.Server = append(out.Server, PathMessage{Path: path, Message: msg})
	}

	saved, ok := clusterspec.Requested(d)
	if !ok {
		if saved, err = clusterspec.FromDetails(d); err != nil {
			return forPage(out), err
		}
	}
	snap, err := e.snapshot(e.ctx, workspaceID)
	if err != nil {
		return forPage(out), err
	}
	p, err := policyByID(snap, d.PolicyId)
	if err != nil {
		return forPage(out), err
	}
	// The same rate table as the form's evaluation: without it a
	// dbus_per_hour rule would go unchecked on our side only.
	rates := e.rateTable()
	res, err := policy.Evaluate(p.Definition, saved, policy.Options{ClusterType: policy.AllPurpose, Rates: &rates,
		NodeTypes: snap.NodeTypes.Items, Pools: snap.Pools.Items, SparkVersions: snap.SparkVersions.Items})
	if err != nil {
		return forPage(out), err
	}
	for _, v := range res.Violations {
		out.Ours = append(out.Ours, PathMessage{Path: v.Path, Message: v.Message})
	}
	sortMessages(out.Server)
	sortMessages(out.Ours)
	out.Agree = sameMessages(out.Server, out.Ours)
	if draft, _, err := decodeSpec(draftJSON); err == nil {
		changes, err := clusterspec.Diff(d, draft)
		out.DraftDiffers = err == nil && len(changes) > 0
	}
	return forPage(out), nil
}

func sortMessages(m []PathMessage) {
	sort.Slice(m, func(i, j int) bool { return m[i].Path < m[j].Path })
}

func sameMessages(a, b []PathMessage) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
