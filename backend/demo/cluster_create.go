package demo

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Creating a cluster: its spec read, defaulted and checked as the service
// checks it, then added in its first state.

// specToDetails copies every spec field the SDK knows, through JSON, so new
// SDK fields need no code here.
func specToDetails(spec any) (compute.ClusterDetails, error) {
	var d compute.ClusterDetails
	raw, err := json.Marshal(spec)
	if err != nil {
		return d, fmt.Errorf("encoding cluster spec: %w", err)
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return d, fmt.Errorf("decoding cluster spec: %w", err)
	}
	var s compute.ClusterSpec
	if err := json.Unmarshal(raw, &s); err != nil {
		return d, fmt.Errorf("decoding cluster spec: %w", err)
	}
	s.ApplyPolicyDefaultValues = false
	d.Spec = &s
	d.ForceSendFields = nil
	return d, nil
}

func (ws *workspace) clusterCreate(c *call) (any, error) {
	var req compute.CreateCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	d, err := ws.prepareSpec(c, &req, req.ApplyPolicyDefaultValues, "", "all-purpose")
	if err != nil {
		return nil, err
	}
	if !c.user.entitled(entitlementClusterCreate) && d.PolicyId == "" {
		return nil, errPermission("You are not authorized to create clusters. Please contact your administrator, or choose a cluster policy you may use.")
	}
	cl := ws.addCluster(d, c.user.userName, compute.ClusterSourceApi, c.now)
	return compute.CreateClusterResponse{ClusterId: cl.d.ClusterId}, nil
}

// prepareSpec applies the policy, validates and fills server defaults.
func (ws *workspace) prepareSpec(c *call, spec any, applyDefaults bool, existingID, clusterType string) (compute.ClusterDetails, error) {
	d, err := specToDetails(spec)
	if err != nil {
		return d, err
	}
	if d.PolicyId != "" {
		if err := ws.enforcePolicy(c.user, &d, applyDefaults, existingID, clusterType); err != nil {
			return d, err
		}
		// Fixed values and defaults are part of the spec from now on.
		d.Spec = nil
		if d, err = specToDetails(d); err != nil {
			return d, err
		}
	}
	if err := ws.validateSpec(c, &d); err != nil {
		return d, err
	}
	return d, nil
}

func (ws *workspace) validateSpec(c *call, d *compute.ClusterDetails) error {
	if d.SparkVersion == "" {
		return errInvalidParam("Missing required field 'spark_version'") // the form clusters/create uses for node_type_id (tf-provider#2521)
	}
	v, ok := ws.cat.resolveSparkVersion(d.SparkVersion)
	if !ok {
		return errInvalidParam("Invalid spark version %s.", d.SparkVersion)
	}
	d.SparkVersion = v
	if len(d.ClusterName) > 100 {
		return errInvalidParam("Cluster name must be at most 100 characters (is %d).", len(d.ClusterName))
	}
	if d.InstancePoolId != "" {
		if d.NodeTypeId != "" {
			return errInvalidParam("The field 'node_type_id' cannot be supplied when an instance pool ID is provided.")
		}
		p, err := ws.poolFor(c, d.InstancePoolId, levelAttach)
		if err != nil {
			return err
		}
		d.NodeTypeId = p.d.NodeTypeId
		if d.DriverInstancePoolId == "" && d.DriverNodeTypeId == "" {
			d.DriverInstancePoolId = d.InstancePoolId
		}
	}
	if d.DriverInstancePoolId != "" {
		if d.DriverNodeTypeId != "" {
			return errInvalidParam("The field 'driver_node_type_id' cannot be supplied when a driver instance pool ID is provided.")
		}
		p, err := ws.poolFor(c, d.DriverInstancePoolId, levelAttach)
		if err != nil {
			return err
		}
		d.DriverNodeTypeId = p.d.NodeTypeId
	}
	if d.NodeTypeId == "" {
		return errInvalidParam("Missing required field 'node_type_id'") // tf-provider#2521; see messages_clusters_test.go
	}
	if _, ok := ws.cat.nodes[d.NodeTypeId]; !ok {
		return ws.errNodeTypeUnsupported(d.NodeTypeId)
	}
	if d.DriverNodeTypeId == "" {
		d.DriverNodeTypeId = d.NodeTypeId
	}
	if _, ok := ws.cat.nodes[d.DriverNodeTypeId]; !ok {
		return ws.errNodeTypeUnsupported(d.DriverNodeTypeId)
	}
	if isGPURuntime(d.SparkVersion) && ws.cat.nodes[d.NodeTypeId].NumGpus == 0 {
		return errInvalidParam("The GPU runtime %s requires a GPU node type; %s has no GPU.", d.SparkVersion, d.NodeTypeId)
	}
	if a := d.Autoscale; a != nil {
		if a.MinWorkers < 0 || a.MaxWorkers < 1 || a.MinWorkers > a.MaxWorkers {
			return errInvalidParam("Invalid autoscale configuration: min_workers %d, max_workers %d.", a.MinWorkers, a.MaxWorkers)
		}
	} else if d.NumWorkers < 0 {
		return errInvalidParam("num_workers must be non-negative (is %d).", d.NumWorkers)
	}
	if m := d.AutoterminationMinutes; m != 0 && (m < 10 || m > 10000) {
		return errInvalidParam("Auto-termination minutes must be 0 (disabled) or between 10 and 10000 (is %d).", m)
	}
	return nil
}

// addCluster records a new cluster and starts it.
func (ws *workspace) addCluster(d compute.ClusterDetails, creator string, source compute.ClusterSource, at time.Time) *cluster {
	d.ClusterId = ws.newClusterID(at)
	d.CreatorUserName = creator
	d.ClusterSource = source
	d.StartTime = millis(at)
	d.JdbcPort = 10000
	d.DefaultTags = nil // written from the cluster on each answer (defaultTags)
	if d.Spec != nil {
		d.Spec.ClusterName = d.ClusterName
	}
	cl := &cluster{d: d, lastActivity: at}
	cl.target = desiredWorkers(&cl.d)
	ws.clusters[d.ClusterId] = cl // its access list: aclOf
	ws.event(cl, at, compute.EventTypeCreating, &compute.EventDetails{User: creator, ClusterSize: sizeOf(&cl.d)})
	ws.beginStart(cl, at, startCreate, creator)
	return cl
}

func desiredWorkers(d *compute.ClusterDetails) int {
	if d.Autoscale != nil {
		return d.Autoscale.MinWorkers
	}
	return d.NumWorkers
}

func sizeOf(d *compute.ClusterDetails) *compute.ClusterSize {
	if d.Autoscale != nil {
		a := *d.Autoscale
		return &compute.ClusterSize{Autoscale: &a}
	}
	return &compute.ClusterSize{NumWorkers: d.NumWorkers, ForceSendFields: []string{"NumWorkers"}}
}

// errNodeTypeUnsupported words an unknown node type as the service does,
// listing the workspace's node types (terraform-provider-databricks#220:
// "Node type m4.large is not supported. Supported node types: Standard_DS3_v2,
// Standard_DS4_v2, ..."); see messages_clusters_test.go.
func (ws *workspace) errNodeTypeUnsupported(id string) error {
	ids := make([]string, len(ws.cat.nodeTypes))
	for i, nt := range ws.cat.nodeTypes {
		ids[i] = nt.NodeTypeId
	}
	return errInvalidParam("Node type %s is not supported. Supported node types: %s", id, strings.Join(ids, ", "))
}
