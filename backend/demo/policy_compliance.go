package demo

import (
	"sort"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// compliance evaluates a cluster's current spec against its policy.
func (ws *workspace) compliance(cl *cluster, fix bool) ([]violation, []compute.ClusterSettingsChange, *compute.ClusterDetails, error) {
	d := cl.details()
	p, ok := ws.policies[d.PolicyId]
	if d.PolicyId == "" || !ok {
		return nil, nil, &d, nil
	}
	spec, err := specToDetails(specOnly(&d))
	if err != nil {
		return nil, nil, nil, err
	}
	vs, changes, err := ws.evaluate(p.rules, &spec, clusterTypeOf(cl), false, fix)
	return vs, changes, &spec, err
}

func clusterTypeOf(cl *cluster) string {
	if cl.d.ClusterSource == compute.ClusterSourceJob {
		return "job"
	}
	return "all-purpose"
}

// specOnly is the user-settable part of a cluster's details.
func specOnly(d *compute.ClusterDetails) compute.ClusterDetails {
	if d.Spec == nil {
		return *d
	}
	out, err := specToDetails(d.Spec)
	if err != nil {
		return *d
	}
	out.Spec = nil
	return out
}

func (ws *workspace) complianceGet(c *call) (any, error) {
	cl, err := ws.clusterFor(c, c.query("cluster_id"), levelNone)
	if err != nil {
		return nil, err
	}
	vs, _, _, err := ws.compliance(cl, false)
	if err != nil {
		return nil, err
	}
	out := compute.GetClusterComplianceResponse{IsCompliant: len(vs) == 0, ForceSendFields: []string{"IsCompliant"}}
	if len(vs) > 0 {
		out.Violations = map[string]string{}
		for _, v := range vs {
			out.Violations[v.path] = v.msg
		}
	}
	return out, nil
}

func (ws *workspace) complianceEnforce(c *call) (any, error) {
	var req compute.EnforceClusterComplianceRequest
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	if cl.d.PolicyId == "" {
		return nil, errInvalidParam("Cluster %s has no policy to enforce.", cl.d.ClusterId)
	}
	vs, changes, fixed, err := ws.compliance(cl, true)
	if err != nil {
		return nil, err
	}
	if len(vs) > 0 {
		return nil, violationsError(vs)
	}
	out := compute.EnforceClusterComplianceResponse{Changes: changes, HasChanges: len(changes) > 0, ForceSendFields: []string{"HasChanges"}}
	if req.ValidateOnly || len(changes) == 0 {
		return out, nil
	}
	if cl.d.State != compute.StateRunning && cl.d.State != compute.StateTerminated {
		return nil, unexpectedState(cl)
	}
	// Apply like an edit: keep the server-owned fields, restart if running.
	next := *fixed
	// The requested spec follows the fix, or the next compliance check
	// would read the old values again.
	next.Spec = nil
	if re, err := specToDetails(next); err == nil {
		next.Spec = re.Spec
	}
	keepServerFields(&next, &cl.d)
	cl.d = next
	ws.event(cl, c.now, compute.EventTypeEdited, &compute.EventDetails{User: c.user.userName, Attributes: attributesOf(cl.spec())})
	if cl.d.State == compute.StateRunning {
		ws.closeUptime(cl, c.now)
		ws.poolsReturn(cl, c.now)
		ws.beginStart(cl, c.now, startRestart, c.user.userName)
	}
	return out, nil
}

func (ws *workspace) complianceList(c *call) (any, error) {
	policyID := c.query("policy_id")
	if _, err := ws.policyFor(policyID); err != nil {
		return nil, err
	}
	out := compute.ListClusterCompliancesResponse{Clusters: []compute.ClusterCompliance{}}
	for _, id := range sortedClusterIDs(ws.clusters) {
		cl := ws.clusters[id]
		if cl.d.PolicyId != policyID {
			continue
		}
		vs, _, _, err := ws.compliance(cl, false)
		if err != nil {
			return nil, err
		}
		cc := compute.ClusterCompliance{ClusterId: id, IsCompliant: len(vs) == 0, ForceSendFields: []string{"IsCompliant"}}
		for _, v := range vs {
			if cc.Violations == nil {
				cc.Violations = map[string]string{}
			}
			cc.Violations[v.path] = v.msg
		}
		out.Clusters = append(out.Clusters, cc)
	}
	sort.Slice(out.Clusters, func(i, j int) bool { return out.Clusters[i].ClusterId < out.Clusters[j].ClusterId })
	return out, nil
}

// keepServerFields copies what the server owns from old into next.
func keepServerFields(next, old *compute.ClusterDetails) {
	next.ClusterId, next.CreatorUserName, next.ClusterSource = old.ClusterId, old.CreatorUserName, old.ClusterSource
	next.StartTime, next.JdbcPort = old.StartTime, old.JdbcPort
	next.State, next.StateMessage = old.State, old.StateMessage
	next.TerminatedTime, next.TerminationReason = old.TerminatedTime, old.TerminationReason
	next.Driver, next.Executors = old.Driver, old.Executors
	next.ClusterCores, next.ClusterMemoryMb = old.ClusterCores, old.ClusterMemoryMb
	next.LastRestartedTime, next.SparkContextId = old.LastRestartedTime, old.SparkContextId
}
