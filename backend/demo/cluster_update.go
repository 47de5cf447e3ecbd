package demo

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// clusterUpdate is clusters/update: a partial edit. The fields named in
// update_mask (top-level fields of the cluster resource, or dotted paths
// into objects; "*" for all) are taken from "cluster"; a named field absent
// there is cleared; everything else keeps its current value. The result is
// checked and applied as an edit: a RUNNING cluster restarts, a TERMINATED
// one keeps the spec for its next start.
func (ws *workspace) clusterUpdate(c *call) (any, error) {
	var req struct {
		ClusterID  string                     `json:"cluster_id"`
		UpdateMask string                     `json:"update_mask"`
		Cluster    map[string]json.RawMessage `json:"cluster"`
	}
	if err := json.Unmarshal(c.body, &req); err != nil {
		return nil, errMalformed(err)
	}
	if req.ClusterID == "" {
		return nil, errInvalidParam("Missing required field: cluster_id")
	}
	if strings.TrimSpace(req.UpdateMask) == "" {
		return nil, errInvalidParam("Missing required field: update_mask")
	}
	paths := strings.Split(req.UpdateMask, ",")
	for _, path := range paths {
		top, _, _ := strings.Cut(strings.TrimSpace(path), ".")
		if top != "*" && !updatableFields[top] {
			return nil, errInvalidParam("Invalid update_mask: %q is not a field of the cluster that can be updated.", path)
		}
	}
	cl, err := ws.clusterFor(c, req.ClusterID, levelManage)
	if err != nil {
		return nil, err
	}
	if err := editable(cl); err != nil {
		return nil, err
	}
	base := map[string]any{}
	if spec := cl.spec(); spec != nil {
		raw, err := json.Marshal(spec)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(raw, &base); err != nil {
			return nil, err
		}
	}
	for _, path := range paths {
		if err := applyMask(base, req.Cluster, path); err != nil {
			return nil, err
		}
	}
	raw, err := json.Marshal(base)
	if err != nil {
		return nil, err
	}
	var spec compute.EditCluster
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, errMalformed(err)
	}
	return nil, ws.replaceSpec(c, cl, spec)
}

// updatableFields are the top-level fields of clusters/update's resource.
var updatableFields = func() map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeOf(compute.UpdateClusterResource{})
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}()

// applyMask copies one masked path from the request's cluster into base.
func applyMask(base map[string]any, from map[string]json.RawMessage, path string) error {
	path = strings.TrimSpace(path)
	if path == "*" {
		for k := range base {
			delete(base, k)
		}
		for k, v := range from {
			var val any
			if err := json.Unmarshal(v, &val); err != nil {
				return errMalformed(err)
			}
			base[k] = val
		}
		return nil
	}
	parts := strings.Split(path, ".") // the top-level field was checked by the caller
	raw, present := from[parts[0]]
	var val any
	if present {
		if err := json.Unmarshal(raw, &val); err != nil {
			return errMalformed(err)
		}
	}
	for _, p := range parts[1:] {
		m, ok := val.(map[string]any)
		if !ok {
			val, present = nil, false
			break
		}
		val, present = m[p]
	}
	// Set the masked leaf from the request, or clear it when the request
	// does not carry it.
	dst := base
	for _, p := range parts[:len(parts)-1] {
		next, ok := dst[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			dst[p] = next
		}
		dst = next
	}
	if leaf := parts[len(parts)-1]; present {
		dst[leaf] = val
	} else {
		delete(dst, leaf)
	}
	return nil
}

// clusterChangeOwner is clusters/change-owner: an admin hands a terminated
// cluster to another user, who then holds it as its creator did.
func (ws *workspace) clusterChangeOwner(c *call) (any, error) {
	var req compute.ChangeClusterOwner
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if !c.user.isAdmin() {
		return nil, errPermission("Only workspace admins can change the owner of a cluster.")
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	if cl.d.State != compute.StateTerminated {
		return nil, unexpectedState(cl)
	}
	if ws.users[req.OwnerUsername] == nil {
		return nil, errInvalidParam("User %s does not exist in this workspace.", req.OwnerUsername)
	}
	cl.d.CreatorUserName = req.OwnerUsername
	if a := ws.acls[aclKey(kindCluster, cl.d.ClusterId)]; a != nil {
		a.owner = req.OwnerUsername
	}
	ws.clustersChanged()
	return nil, nil
}
