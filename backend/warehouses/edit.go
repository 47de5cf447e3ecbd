package warehouses

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Change is one field an edit changes (old and new as text): the cluster
// and pool edits' shape, so the page shows all three with one component.
type Change = clusterspec.Change

// EditPlan is what an edit will send, shown before saving.
type EditPlan struct {
	WarehouseID string    `json:"warehouseId"`
	Name        string    `json:"name"`
	State       string    `json:"state"`    // the warehouse's state when planned
	Changes     []Change  `json:"changes"`  // empty: nothing to save, nothing is sent
	Problems    []Problem `json:"problems"` // any error: nothing is sent
	// Restarts: saving restarts the warehouse (running) or starts it
	// (stopped): the API applies an edit by starting its clusters anew, and
	// the SDK's Edit waits for RUNNING. Notice says so in a sentence.
	Restarts bool   `json:"restarts"`
	Notice   string `json:"notice"`
	request  sql.EditWarehouseRequest
}

// readOnly are fields of the create request an edit does not send: the
// API fills creator_name itself.
var readOnly = map[string]bool{"creator_name": true}

// SpecOf is a warehouse as its create request: the form's document. The
// zeros that differ from the API's defaults (auto-stop 0 = never, Photon
// or serverless off) are kept.
func SpecOf(w sql.EndpointInfo) sql.CreateWarehouseRequest {
	r := sql.CreateWarehouseRequest{Name: w.Name, ClusterSize: w.ClusterSize, MinNumClusters: w.MinNumClusters,
		MaxNumClusters: w.MaxNumClusters, AutoStopMins: w.AutoStopMins, EnablePhoton: w.EnablePhoton,
		EnableServerlessCompute: w.EnableServerlessCompute, WarehouseType: sql.CreateWarehouseRequestWarehouseType(w.WarehouseType),
		SpotInstancePolicy: w.SpotInstancePolicy, Tags: w.Tags, InstanceProfileArn: w.InstanceProfileArn,
		ForceSendFields: []string{"AutoStopMins", "EnablePhoton", "EnableServerlessCompute"}}
	if w.Channel != nil {
		// The version a channel runs now is the service's to say, except
		// on a custom channel, where it is the choice.
		r.Channel = &sql.Channel{Name: w.Channel.Name}
		if w.Channel.Name == sql.ChannelNameChannelNameCustom {
			r.Channel.DbsqlVersion = w.Channel.DbsqlVersion
		}
	}
	return r
}

// PlanEdit compares the form with the warehouse. A field the form leaves
// out stays as it is (the API's edit changes only the fields it carries);
// every field the form carries is checked with the create's rules against
// the warehouse as it would be.
func PlanEdit(current sql.EndpointInfo, form sql.CreateWarehouseRequest, fc FormContext) (EditPlan, error) {
	fc.Self = current.Id
	plan := EditPlan{WarehouseID: current.Id, Name: current.Name, State: string(current.State),
		Changes: []Change{}, Problems: []Problem{}}
	from, err := fieldsOf(SpecOf(current))
	if err != nil {
		return plan, err
	}
	to, err := fieldsOf(form)
	if err != nil {
		return plan, err
	}
	merged := map[string]any{}
	for k, v := range from {
		merged[k] = v
	}
	for _, k := range slices.Sorted(maps.Keys(to)) {
		if readOnly[k] {
			continue
		}
		merged[k] = to[k]
		if !reflect.DeepEqual(from[k], to[k]) {
			plan.Changes = append(plan.Changes, Change{Path: k, Field: k, Kind: clusterspec.Changed, Old: clusterspec.ValueText(from[k]), New: clusterspec.ValueText(to[k])})
		}
	}
	raw, err := json.Marshal(merged)
	if err != nil {
		return plan, fmt.Errorf("encode warehouse: %w", err)
	}
	var edited sql.CreateWarehouseRequest
	if err := json.Unmarshal(raw, &edited); err != nil {
		return plan, fmt.Errorf("decode warehouse: %w", err)
	}
	plan.Problems = append(plan.Problems, Validate(edited, fc)...)
	if err := json.Unmarshal(raw, &plan.request); err != nil {
		return plan, fmt.Errorf("decode warehouse edit: %w", err)
	}
	plan.request.Id = current.Id
	if len(plan.Changes) > 0 {
		plan.Restarts = true
		plan.Notice = notice(current)
	}
	return plan, nil
}

// notice says what saving does to the warehouse in its state.
func notice(w sql.EndpointInfo) string {
	if w.State == sql.StateStopped {
		return "Saving starts the warehouse to apply the change; it bills until it stops again."
	}
	return "Saving restarts the warehouse: queries running on it fail, and new ones wait until it is back."
}

// Request is the edit the plan sends: the warehouse's fields with the
// form's over them.
func (p EditPlan) Request() sql.EditWarehouseRequest { return p.request }

// fieldsOf is a request as a JSON tree: the fields it carries.
func fieldsOf(r any) (map[string]any, error) {
	raw, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode warehouse: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("decode warehouse: %w", err)
	}
	return m, nil
}
