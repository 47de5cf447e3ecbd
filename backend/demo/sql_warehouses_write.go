package demo

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// Create, edit and delete of SQL warehouses with the service's rules
// (POST /api/2.0/sql/warehouses, POST …/{id}/edit, DELETE …/{id}). A
// create starts the warehouse; an edit restarts it whatever its state (the
// SDK's Edit waits for RUNNING, as its Create and Start do); a delete
// stops it, DELETING for a moment and then gone.

var warehouseSizes = []string{"2X-Small", "X-Small", "Small", "Medium", "Large", "X-Large", "2X-Large", "3X-Large", "4X-Large", "5X-Large"}

const (
	maxWarehouseClusters    = 40 // max_num_clusters
	maxWarehouseMinClusters = 30 // min_num_clusters
	maxWarehouseTags        = 45 // custom_tags: fewer than this
	maxWarehouseNameLen     = 100
)

// warehouseSpec is the request of a create or an edit with the fields it
// carries: an edit changes only those (every field is optional in JSON).
type warehouseSpec struct {
	req sql.CreateWarehouseRequest
	has map[string]json.RawMessage
}

func decodeWarehouseSpec(c *call) (warehouseSpec, error) {
	s := warehouseSpec{has: map[string]json.RawMessage{}}
	if err := c.decode(&s.req); err != nil {
		return s, err
	}
	if err := c.decode(&s.has); err != nil {
		return s, err
	}
	return s, nil
}

// apply writes the fields the request carries over e.
func (s warehouseSpec) apply(e *sql.EndpointInfo) {
	r, has := s.req, func(k string) bool { _, ok := s.has[k]; return ok }
	if has("name") {
		e.Name = r.Name
	}
	if has("cluster_size") {
		e.ClusterSize = r.ClusterSize
	}
	if has("min_num_clusters") {
		e.MinNumClusters = r.MinNumClusters
	}
	if has("max_num_clusters") {
		e.MaxNumClusters = r.MaxNumClusters
	}
	if has("auto_stop_mins") {
		e.AutoStopMins = r.AutoStopMins
	}
	if has("enable_photon") {
		e.EnablePhoton = r.EnablePhoton
	}
	if has("enable_serverless_compute") {
		e.EnableServerlessCompute = r.EnableServerlessCompute
	}
	if has("warehouse_type") && r.WarehouseType != sql.CreateWarehouseRequestWarehouseTypeTypeUnspecified {
		e.WarehouseType = sql.EndpointInfoWarehouseType(r.WarehouseType)
	}
	if has("spot_instance_policy") {
		e.SpotInstancePolicy = r.SpotInstancePolicy
		if e.SpotInstancePolicy == sql.SpotInstancePolicyPolicyUnspecified {
			e.SpotInstancePolicy = sql.SpotInstancePolicyCostOptimized
		}
	}
	if has("channel") && r.Channel != nil {
		ch := *r.Channel
		if ch.Name == "" {
			ch.Name = sql.ChannelNameChannelNameCurrent
		}
		e.Channel = &ch
	}
	if has("tags") {
		e.Tags = r.Tags
	}
	if has("instance_profile_arn") {
		e.InstanceProfileArn = r.InstanceProfileArn
	}
}

// newWarehouseInfo is a create's warehouse: the service's defaults, then
// the request. Without warehouse_type and enable_serverless_compute a
// warehouse made through the API is serverless where the workspace allows
// it (the demo's does); warehouse_type CLASSIC alone makes a classic one.
func newWarehouseInfo(s warehouseSpec) sql.EndpointInfo {
	e := sql.EndpointInfo{AutoStopMins: 120, EnablePhoton: true, MinNumClusters: 1,
		SpotInstancePolicy: sql.SpotInstancePolicyCostOptimized, Channel: &sql.Channel{Name: sql.ChannelNameChannelNameCurrent}}
	s.apply(&e)
	if _, ok := s.has["max_num_clusters"]; !ok {
		e.MaxNumClusters = e.MinNumClusters
	}
	if _, ok := s.has["enable_serverless_compute"]; !ok {
		e.EnableServerlessCompute = e.WarehouseType != sql.EndpointInfoWarehouseTypeClassic
	}
	if e.WarehouseType == "" {
		e.WarehouseType = sql.EndpointInfoWarehouseTypeClassic
		if e.EnableServerlessCompute {
			e.WarehouseType = sql.EndpointInfoWarehouseTypePro
		}
	}
	return e
}

// checkWarehouse is the service's validation of a warehouse's settings
// (self is the warehouse being edited, "" on create).
func (ws *workspace) checkWarehouse(e sql.EndpointInfo, self string) error {
	switch {
	case strings.TrimSpace(e.Name) == "":
		return errInvalidParam("Warehouse name is required.")
	case len(e.Name) >= maxWarehouseNameLen:
		return errInvalidParam("Warehouse name must be less than %d characters.", maxWarehouseNameLen)
	}
	for _, o := range ws.warehouseList() {
		if o.info.Id != self && o.info.Name == e.Name {
			return errInvalidParam("SQL warehouse with name `%s` already exists", e.Name) // dbdemos#12: a 400 INVALID_PARAMETER_VALUE
		}
	}
	if !contains(warehouseSizes, e.ClusterSize) {
		if e.ClusterSize == "" {
			return errInvalidParam("cluster_size is required. Supported values: %s.", strings.Join(warehouseSizes, ", "))
		}
		return errInvalidParam("Invalid cluster_size %q. Supported values: %s.", e.ClusterSize, strings.Join(warehouseSizes, ", "))
	}
	switch {
	case e.MinNumClusters < 1:
		return errInvalidParam("min_num_clusters must be greater than 0 (is %d).", e.MinNumClusters)
	case e.MinNumClusters > maxWarehouseMinClusters:
		return errInvalidParam("min_num_clusters must be at most %d (is %d).", maxWarehouseMinClusters, e.MinNumClusters)
	case e.MaxNumClusters < e.MinNumClusters:
		return errInvalidParam("max_num_clusters (%d) must be greater than or equal to min_num_clusters (%d).", e.MaxNumClusters, e.MinNumClusters)
	case e.MaxNumClusters > maxWarehouseClusters:
		return errInvalidParam("max_num_clusters must be at most %d (is %d).", maxWarehouseClusters, e.MaxNumClusters)
	}
	switch e.WarehouseType {
	case sql.EndpointInfoWarehouseTypeClassic, sql.EndpointInfoWarehouseTypePro:
	default:
		return errInvalidParam("Invalid warehouse_type %q. Supported values: CLASSIC, PRO.", e.WarehouseType)
	}
	if e.EnableServerlessCompute && e.WarehouseType != sql.EndpointInfoWarehouseTypePro {
		return errInvalidParam("Invalid warehouseType: Serverless is only available for PRO warehouses.") // tf-provider#1765
	}
	switch {
	case e.AutoStopMins < 0:
		return errInvalidParam("auto_stop_mins must be 0 (no auto stop) or a positive number of minutes (is %d).", e.AutoStopMins)
	case !e.EnableServerlessCompute && e.AutoStopMins > 0 && e.AutoStopMins < 10:
		// tf-provider#4131 quotes these words for a pro warehouse turned from serverless.
		return errInvalidParam("%d is not a valid value for auto_stop_mins. The value must be greater than or equal to 10.", e.AutoStopMins)
	}
	switch e.SpotInstancePolicy {
	case sql.SpotInstancePolicyCostOptimized, sql.SpotInstancePolicyReliabilityOptimized:
	default:
		return errInvalidParam("Invalid spot_instance_policy %q. Supported values: COST_OPTIMIZED, RELIABILITY_OPTIMIZED.", e.SpotInstancePolicy)
	}
	if e.Channel != nil {
		switch e.Channel.Name {
		case sql.ChannelNameChannelNameCurrent, sql.ChannelNameChannelNamePreview, sql.ChannelNameChannelNamePrevious:
		default:
			return errInvalidParam("Invalid channel name %q. Supported values: CHANNEL_NAME_CURRENT, CHANNEL_NAME_PREVIEW, CHANNEL_NAME_PREVIOUS.", e.Channel.Name)
		}
	}
	if e.Tags != nil {
		if n := len(e.Tags.CustomTags); n >= maxWarehouseTags {
			return errInvalidParam("A warehouse takes fewer than %d custom tags (has %d).", maxWarehouseTags, n)
		}
		for _, t := range e.Tags.CustomTags {
			if strings.TrimSpace(t.Key) == "" {
				return errInvalidParam("Custom tag keys must not be empty.")
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// warehouseCreate needs the entitlement to create compute; the creator
// owns the warehouse (IS_OWNER), and it starts at once.
func (ws *workspace) warehouseCreate(c *call) (any, error) {
	if !c.user.entitled(entitlementClusterCreate) {
		return nil, errPermission("User %s is not allowed to create SQL warehouses.", c.user.userName)
	}
	s, err := decodeWarehouseSpec(c)
	if err != nil {
		return nil, err
	}
	e := newWarehouseInfo(s)
	if err := ws.checkWarehouse(e, ""); err != nil {
		return nil, err
	}
	e.Id, e.CreatorName = ws.newWarehouseID(), c.user.userName
	wh := ws.addWarehouse(e)
	ws.bootWarehouse(wh, c.now)
	return sql.CreateWarehouseResponse{Id: e.Id}, nil
}

func (ws *workspace) newWarehouseID() string {
	for {
		id := strings.ToLower(ws.randomHex(16))
		if _, taken := ws.warehouses[id]; !taken {
			return id
		}
	}
}

// warehouseEdit changes the fields the request carries and restarts the
// warehouse (STARTING → RUNNING).
func (ws *workspace) warehouseEdit(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if err := ws.authorize(c.user, kindWarehouse, wh.info.Id, levelManage); err != nil {
		return nil, err
	}
	if wh.info.State == sql.StateDeleting {
		return nil, errInvalidState("SQL warehouse %s is being deleted.", wh.info.Id)
	}
	s, err := decodeWarehouseSpec(c)
	if err != nil {
		return nil, err
	}
	e := wh.info
	s.apply(&e)
	if err := ws.checkWarehouse(e, wh.info.Id); err != nil {
		return nil, err
	}
	wh.info = e
	ws.bootWarehouse(wh, c.now)
	return struct{}{}, nil
}

// warehouseDelete stops the warehouse: DELETING for a moment (its name
// still taken), then gone from list and get.
func (ws *workspace) warehouseDelete(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if err := ws.authorize(c.user, kindWarehouse, wh.info.Id, levelManage); err != nil {
		return nil, err
	}
	if wh.info.State == sql.StateDeleting {
		return struct{}{}, nil
	}
	wh.gen++
	gen := wh.gen
	if wh.info.State == sql.StateRunning || wh.info.State == sql.StateStarting {
		wh.event(c.now, eventStopping) // its clusters go with it
		wh.stopQueries(c.now)
	}
	wh.info.State, wh.info.NumClusters = sql.StateDeleting, 0
	ws.sched.at(c.now.Add(warehouseDeleteTime), func(at time.Time) {
		if wh.gen == gen {
			if n := len(wh.events); n > 0 && wh.events[n-1].typ == eventStopping {
				wh.event(at, eventStopped)
			}
			wh.deleted = true
			wh.info.State = sql.StateDeleted
			delete(ws.acls, aclKey(kindWarehouse, wh.info.Id))
		}
	})
	return struct{}{}, nil
}
