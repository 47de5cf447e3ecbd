package pools

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// WithProfiles tells the service the workspaces' profiles: the declared
// cloud (without it, or for the demo, it is read from the node types) and
// the host an export names.
func (s *Service) WithProfiles(f func() []workspaces.Profile) *Service {
	s.profiles = f
	return s
}

func (s *Service) profile(ws string) workspaces.Profile {
	if s.profiles != nil {
		for _, p := range s.profiles() {
			if p.ID == ws {
				return p
			}
		}
	}
	return workspaces.Profile{}
}

// Context is what a form of this workspace is checked against: the cached
// catalog, the cloud and the pools last listed.
func (s *Service) Context(ws string) FormContext {
	snap, st, _ := s.cache.Cached(ws)
	fc := FormContext{Cloud: catalog.EditorOptions(snap, st, s.profile(ws).Cloud, s.now()).Cloud, Pools: snap.Pools.Items}
	s.mu.Lock()
	if last, ok := s.last[ws]; ok {
		fc.Pools = last
	}
	s.mu.Unlock()
	for _, n := range snap.NodeTypes.Items {
		fc.NodeTypes = append(fc.NodeTypes, n.NodeTypeId)
	}
	for _, v := range snap.SparkVersions.Items {
		fc.Runtimes = append(fc.Runtimes, v.Key)
	}
	return fc
}

// Check returns the form's problems, field by field, before anything is sent.
func (s *Service) Check(ws string, spec compute.CreateInstancePool) []Problem {
	return orEmpty(Validate(spec, s.Context(ws)))
}

// Saved is the outcome of a create or edit: the pool's id, or the problems
// that stopped it before anything was sent.
type Saved struct {
	ID       string    `json:"id"`
	Problems []Problem `json:"problems"`
	// Adopted: the create's answer was lost, and the pool it made was found
	// by its name (unique in a workspace) and taken, not made again.
	Adopted bool `json:"adopted"`
}

// Create checks the form and creates the pool.
func (s *Service) Create(ctx context.Context, ws string, spec compute.CreateInstancePool) (Saved, error) {
	if ps := s.Check(ws, spec); HasErrors(ps) {
		return Saved{Problems: ps}, nil
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Saved{}, err
	}
	res, err := adopt.Create(ctx, func(ctx context.Context) (string, error) {
		created, err := w.InstancePools.Create(ctx, spec)
		return created.InstancePoolId, err
	}, func(ctx context.Context) (*adopt.Found, error) { return findByName(ctx, w, spec) })
	if err != nil {
		return Saved{}, fmt.Errorf("create pool %q: %w", spec.InstancePoolName, err)
	}
	return Saved{ID: res.ID, Adopted: res.Adopted, Problems: []Problem{}}, nil
}

// findByName looks for the live pool named as spec, and whether it is what
// spec asks for (every field the form set has the pool's value).
func findByName(ctx context.Context, w *workspaceapi.Client, spec compute.CreateInstancePool) (*adopt.Found, error) {
	all, err := w.InstancePools.ListAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("list pools: %w", err)
	}
	want, err := fieldsOf(spec)
	if err != nil {
		return nil, err
	}
	for _, p := range all {
		if p.InstancePoolName != spec.InstancePoolName || p.State == compute.InstancePoolStateDeleted {
			continue
		}
		have, err := fieldsOf(SpecOf(p))
		if err != nil {
			return nil, err
		}
		same := true
		for k, v := range want {
			// Zero asks for the workspace's default (it stores 60 idle
			// minutes for 0): any value matches it.
			same = same && (v == nil || reflect.ValueOf(v).IsZero() || reflect.DeepEqual(have[k], v))
		}
		return &adopt.Found{ID: p.InstancePoolId, Same: same}, nil
	}
	return nil, nil
}

// Get reads one pool from the workspace.
func (s *Service) Get(ctx context.Context, ws, id string) (compute.InstancePoolAndStats, error) {
	w, err := s.client(ctx, ws)
	if err != nil {
		return compute.InstancePoolAndStats{}, err
	}
	p, err := w.InstancePools.GetByInstancePoolId(ctx, id)
	if err != nil {
		if errors.Is(err, apierr.ErrResourceDoesNotExist) {
			return compute.InstancePoolAndStats{}, fmt.Errorf("pool %s: %w", id, ErrNotFound)
		}
		return compute.InstancePoolAndStats{}, fmt.Errorf("get pool %s: %w", id, err)
	}
	if p.State == compute.InstancePoolStateDeleted {
		return compute.InstancePoolAndStats{}, fmt.Errorf("pool %s was deleted: %w", id, ErrNotFound)
	}
	return andStats(p), nil
}

// Form is a pool as its create request, for the edit form.
func (s *Service) Form(ctx context.Context, ws, id string) (compute.CreateInstancePool, error) {
	p, err := s.Get(ctx, ws, id)
	if err != nil {
		return compute.CreateInstancePool{}, err
	}
	return SpecOf(p), nil
}

// PlanEdit reads the pool and says what the form would change.
func (s *Service) PlanEdit(ctx context.Context, ws, id string, form compute.CreateInstancePool) (EditPlan, error) {
	p, err := s.Get(ctx, ws, id)
	if err != nil {
		return EditPlan{}, err
	}
	if !Allowed(p.State, ActionEdit) {
		return EditPlan{}, fmt.Errorf("edit pool in state %s: %w", p.State, ErrNotAllowed)
	}
	return PlanEdit(p, form, s.Context(ws))
}

// Edit plans again against the pool as it is now and sends the edit (only
// the editable fields, the node type resent unchanged).
func (s *Service) Edit(ctx context.Context, ws, id string, form compute.CreateInstancePool) (Saved, error) {
	plan, err := s.PlanEdit(ctx, ws, id, form)
	if err != nil {
		return Saved{}, err
	}
	if HasErrors(plan.Problems) {
		return Saved{ID: id, Problems: plan.Problems}, nil
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Saved{}, err
	}
	if err := w.InstancePools.Edit(ctx, plan.Request()); err != nil {
		return Saved{}, fmt.Errorf("edit pool %q: %w", plan.Name, err)
	}
	return Saved{ID: id, Problems: []Problem{}}, nil
}

func orEmpty(ps []Problem) []Problem {
	if ps == nil {
		return []Problem{}
	}
	return ps
}

func andStats(p *compute.GetInstancePool) compute.InstancePoolAndStats {
	return compute.InstancePoolAndStats{InstancePoolId: p.InstancePoolId, InstancePoolName: p.InstancePoolName,
		NodeTypeId: p.NodeTypeId, MinIdleInstances: p.MinIdleInstances, MaxCapacity: p.MaxCapacity,
		IdleInstanceAutoterminationMinutes: p.IdleInstanceAutoterminationMinutes, CustomTags: p.CustomTags,
		DefaultTags: p.DefaultTags, EnableElasticDisk: p.EnableElasticDisk, DiskSpec: p.DiskSpec,
		AzureAttributes: p.AzureAttributes, AwsAttributes: p.AwsAttributes, GcpAttributes: p.GcpAttributes,
		PreloadedSparkVersions: p.PreloadedSparkVersions, PreloadedDockerImages: p.PreloadedDockerImages,
		NodeTypeFlexibility: p.NodeTypeFlexibility, State: p.State, Stats: p.Stats, Status: p.Status}
}
