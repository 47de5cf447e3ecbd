package pools

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Editable are the only fields instance-pools/edit changes; node_type_id is
// resent unchanged because the API requires it.
var Editable = []string{"instance_pool_name", "min_idle_instances", "max_capacity", "idle_instance_autotermination_minutes"}

// ReadOnlyReason is why every other field shows read-only when editing.
const ReadOnlyReason = "The Instance Pools API cannot change this after the pool is created; create a new pool to change it."

// Change is one field an edit changes (old and new as text): the cluster
// edit's shape, so the page shows both with one component.
type Change = clusterspec.Change

// EditPlan is what an edit will send, shown before saving.
type EditPlan struct {
	PoolID   string    `json:"poolId"`
	Name     string    `json:"name"`
	Changes  []Change  `json:"changes"`  // empty: nothing to save
	Problems []Problem `json:"problems"` // any error: nothing is sent
	// ReadOnly lists the fields the edit cannot change, with ReadOnlyReason.
	ReadOnly []string `json:"readOnly"`
	Reason   string   `json:"reason"`
	request  compute.EditInstancePool
}

// SpecOf is a pool as its create request: the form's document.
func SpecOf(p compute.InstancePoolAndStats) compute.CreateInstancePool {
	return compute.CreateInstancePool{
		InstancePoolName: p.InstancePoolName, NodeTypeId: p.NodeTypeId, MinIdleInstances: p.MinIdleInstances,
		MaxCapacity: p.MaxCapacity, IdleInstanceAutoterminationMinutes: p.IdleInstanceAutoterminationMinutes,
		CustomTags: p.CustomTags, EnableElasticDisk: p.EnableElasticDisk, DiskSpec: p.DiskSpec,
		PreloadedSparkVersions: p.PreloadedSparkVersions, AzureAttributes: p.AzureAttributes,
		AwsAttributes: p.AwsAttributes, GcpAttributes: p.GcpAttributes, NodeTypeFlexibility: p.NodeTypeFlexibility,
		PreloadedDockerImages: p.PreloadedDockerImages,
		ForceSendFields:       []string{"MinIdleInstances", "IdleInstanceAutoterminationMinutes"},
	}
}

// PlanEdit compares the form with the pool: editable fields become changes,
// any other field that differs is a problem at that field (read-only), and
// the form's own rules apply as on create.
func PlanEdit(current compute.InstancePoolAndStats, form compute.CreateInstancePool, fc FormContext) (EditPlan, error) {
	fc.Self = current.InstancePoolId
	plan := EditPlan{PoolID: current.InstancePoolId, Name: current.InstancePoolName, Changes: []Change{},
		Problems: []Problem{}, Reason: ReadOnlyReason}
	from, err := fieldsOf(SpecOf(current))
	if err != nil {
		return plan, err
	}
	to, err := fieldsOf(form)
	if err != nil {
		return plan, err
	}
	keys := map[string]bool{}
	for k := range from {
		keys[k] = true
	}
	for k := range to {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if !slices.Contains(Editable, k) {
			plan.ReadOnly = append(plan.ReadOnly, k)
		}
		if reflect.DeepEqual(from[k], to[k]) {
			continue
		}
		if slices.Contains(Editable, k) {
			plan.Changes = append(plan.Changes, Change{Path: k, Field: k, Kind: clusterspec.Changed, Old: clusterspec.ValueText(from[k]), New: clusterspec.ValueText(to[k])})
			continue
		}
		plan.Problems = append(plan.Problems, Problem{Path: k, Code: "read_only", Severity: "error",
			Message: fmt.Sprintf("%s cannot change after the pool is created (was %s).", k, clusterspec.ValueText(from[k]))})
	}
	// The form's own rules, on the fields that can change.
	edited := SpecOf(current)
	edited.InstancePoolName, edited.MinIdleInstances, edited.MaxCapacity = form.InstancePoolName, form.MinIdleInstances, form.MaxCapacity
	edited.IdleInstanceAutoterminationMinutes = form.IdleInstanceAutoterminationMinutes
	for _, p := range Validate(edited, fc) {
		if slices.Contains(Editable, p.Path) {
			plan.Problems = append(plan.Problems, p)
		}
	}
	plan.request = compute.EditInstancePool{InstancePoolId: current.InstancePoolId, InstancePoolName: form.InstancePoolName,
		NodeTypeId: current.NodeTypeId, MinIdleInstances: form.MinIdleInstances, MaxCapacity: form.MaxCapacity,
		IdleInstanceAutoterminationMinutes: form.IdleInstanceAutoterminationMinutes, CustomTags: current.CustomTags,
		ForceSendFields: []string{"MinIdleInstances", "IdleInstanceAutoterminationMinutes"}}
	return plan, nil
}

// Request is the edit request the plan sends: node type resent unchanged.
func (p EditPlan) Request() compute.EditInstancePool { return p.request }

func fieldsOf(s compute.CreateInstancePool) (map[string]any, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("encode pool: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("decode pool: %w", err)
	}
	// Zero and absent mean the same to the API for these.
	for _, k := range Editable[1:] {
		if _, ok := m[k]; !ok {
			m[k] = float64(0)
		}
	}
	return m, nil
}
