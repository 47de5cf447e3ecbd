package demo

import (
	"encoding/json"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// clusterEdit replaces a cluster's spec. A RUNNING cluster restarts to apply
// it; a TERMINATED one keeps the new spec for its next start.
func (ws *workspace) clusterEdit(c *call) (any, error) {
	var req compute.EditCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	if err := editable(cl); err != nil {
		return nil, err
	}
	return nil, ws.replaceSpec(c, cl, req)
}

// editable refuses job clusters and clusters between states.
func editable(cl *cluster) error {
	if cl.d.ClusterSource == compute.ClusterSourceJob {
		return errInvalidParam("Cannot edit cluster %s created by JobLauncher", cl.d.ClusterId) // databricks-cli#458; see messages_clusters_test.go
	}
	if cl.d.State != compute.StateRunning && cl.d.State != compute.StateTerminated {
		return unexpectedState(cl)
	}
	return nil
}

// replaceSpec checks and stores a cluster's new spec, as edit and update do.
func (ws *workspace) replaceSpec(c *call, cl *cluster, req compute.EditCluster) error {
	spec := req
	spec.ClusterId = ""
	d, err := ws.prepareSpec(c, &spec, req.ApplyPolicyDefaultValues, cl.d.ClusterId, clusterTypeOf(cl))
	if err != nil {
		return err
	}
	prev := attributesOf(cl.spec())
	keepServerFields(&d, &cl.d)
	running := cl.d.State == compute.StateRunning
	cl.d = d
	ws.event(cl, c.now, compute.EventTypeEdited, &compute.EventDetails{
		User: c.user.userName, PreviousAttributes: prev, Attributes: attributesOf(cl.spec()),
		PreviousClusterSize: nil, ClusterSize: sizeOf(&cl.d),
	})
	if running {
		ws.closeUptime(cl, c.now)
		ws.poolsReturn(cl, c.now)
		ws.beginStart(cl, c.now, startRestart, c.user.userName)
	}
	return nil
}

// attributesOf is a cluster's spec as events carry it.
func attributesOf(spec *compute.ClusterSpec) *compute.ClusterAttributes {
	var a compute.ClusterAttributes
	raw, err := json.Marshal(spec)
	if err != nil || spec == nil {
		return nil
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil
	}
	a.ForceSendFields = nil
	return &a
}
