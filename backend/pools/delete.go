package pools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/export"
)

// Impact is what deleting a pool does, shown before the name is typed.
type Impact struct {
	PoolID string `json:"poolId"`
	Name   string `json:"name"`
	Idle   int    `json:"idle"` // idle instances terminated
	// Running clusters keep running but cannot grow; Stopped ones will not
	// start until edited off the pool.
	Running []ClusterRef `json:"running"`
	Stopped []ClusterRef `json:"stopped"`
}

// ImpactOf splits the clusters using a pool by what its deletion does to them.
func ImpactOf(p compute.InstancePoolAndStats, refs []ClusterRef) Impact {
	im := Impact{PoolID: p.InstancePoolId, Name: p.InstancePoolName, Running: []ClusterRef{}, Stopped: []ClusterRef{}}
	if p.Stats != nil {
		im.Idle = p.Stats.IdleCount + p.Stats.PendingIdleCount
	}
	for _, r := range refs {
		if r.State == string(compute.StateTerminated) || r.State == string(compute.StateError) {
			im.Stopped = append(im.Stopped, r)
		} else {
			im.Running = append(im.Running, r)
		}
	}
	return im
}

// Impact reads the pool and the clusters using it now.
func (s *Service) Impact(ctx context.Context, ws, id string) (Impact, error) {
	p, err := s.Get(ctx, ws, id)
	if err != nil {
		return Impact{}, err
	}
	u, err := s.usageOf(ctx, ws, true)
	if err != nil {
		return Impact{}, err
	}
	return ImpactOf(p, u.byPool[id]), nil
}

// Delete deletes the pool once confirmName is its exact name.
func (s *Service) Delete(ctx context.Context, ws, id, confirmName string) error {
	p, err := s.Get(ctx, ws, id)
	if err != nil {
		return err
	}
	if !Allowed(p.State, ActionDelete) {
		return fmt.Errorf("delete pool in state %s: %w", p.State, ErrNotAllowed)
	}
	if confirmName != p.InstancePoolName {
		return ErrNameMismatch
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return err
	}
	if err := w.InstancePools.DeleteByInstancePoolId(ctx, id); err != nil {
		return fmt.Errorf("delete pool %q: %w", p.InstancePoolName, err)
	}
	return nil
}

// Export is a pool as API JSON (the create request) and as Terraform.
type Export struct {
	Name      string `json:"name"`
	JSON      string `json:"json"`
	Terraform string `json:"terraform"`
	// File names to save each as.
	JSONFile      string `json:"jsonFile"`
	TerraformFile string `json:"terraformFile"`
}

// ErrBadExportFormat: the page asked for a format pools do not export as.
var ErrBadExportFormat = errors.New("pools export as API JSON or Terraform only")

// Text is the export in format "json" or "terraform", with its file name.
func (e Export) Text(format string) (name, text string, err error) {
	switch format {
	case "json":
		return e.JSONFile, e.JSON, nil
	case "terraform":
		return e.TerraformFile, e.Terraform, nil
	}
	return "", "", fmt.Errorf("%w: not %q", ErrBadExportFormat, format)
}

// ExportOf writes the pool's create request as JSON and as a
// databricks_instance_pool resource (the drafts' HCL writer).
func ExportOf(p compute.InstancePoolAndStats, host string) (Export, error) {
	raw, err := json.MarshalIndent(SpecOf(p), "", "  ")
	if err != nil {
		return Export{}, fmt.Errorf("encode pool: %w", err)
	}
	obj, err := export.DecodeObject(raw)
	if err != nil {
		return Export{}, err
	}
	key := export.Key(p.InstancePoolName, "pool")
	t := export.NewTerraform(host)
	if _, err := t.Resource("databricks_instance_pool", key, obj, terraformLayout); err != nil {
		return Export{}, fmt.Errorf("pool %q: %w", p.InstancePoolName, err)
	}
	tf := t.Bytes()
	return Export{Name: p.InstancePoolName, JSON: string(raw) + "\n", Terraform: string(tf),
		JSONFile: key + ".json", TerraformFile: key + ".tf"}, nil
}

// terraformLayout puts the pool's name and sizing first; custom_tags is a map.
var terraformLayout = export.Layout{
	First: []string{"instance_pool_name", "node_type_id", "min_idle_instances", "max_capacity",
		"idle_instance_autotermination_minutes"},
	StringMaps: map[string]bool{"custom_tags": true},
}

// Export reads the pool and exports it; the workspace's host goes in the
// provider block.
func (s *Service) Export(ctx context.Context, ws, id string) (Export, error) {
	p, err := s.Get(ctx, ws, id)
	if err != nil {
		return Export{}, err
	}
	return ExportOf(p, s.profile(ws).Host)
}
