package warehouses

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Saved is the outcome of a create or edit: the warehouse's id, or the
// problems that stopped it before anything was sent (the pools' shape).
type Saved struct {
	ID       string    `json:"id"`
	Problems []Problem `json:"problems"`
	// Adopted: the create's answer was lost, and the warehouse it made was
	// found by its name (unique in a workspace) and taken, not made again.
	Adopted bool `json:"adopted"`
}

// Context is what a form of this workspace is checked against: the
// warehouses listed now, or the cached listing when the workspace cannot
// be reached (the check then runs offline; the API checks again).
func (s *Service) Context(ctx context.Context, ws string) FormContext {
	if w, err := s.client(ctx, ws); err == nil {
		if items, err := leanread.Warehouses(ctx, w.Pages); err == nil {
			return FormContext{Warehouses: items}
		}
	}
	if s.cache == nil {
		return FormContext{}
	}
	snap, _, _ := s.cache.Cached(ws)
	return FormContext{Warehouses: snap.Warehouses.Items}
}

// Check returns the form's problems, field by field; nothing is sent.
func (s *Service) Check(ctx context.Context, ws string, req sql.CreateWarehouseRequest) []Problem {
	return orEmpty(Validate(req, s.Context(ctx, ws)))
}

// Create checks the form and creates the warehouse (which starts it). A
// create whose answer is lost is looked for by its name before anything
// is sent again, and adopted when it is the one asked for.
func (s *Service) Create(ctx context.Context, ws string, req sql.CreateWarehouseRequest) (Saved, error) {
	fc := s.Context(ctx, ws)
	if ps := Validate(req, fc); HasErrors(ps) {
		if again, ok := s.madeBefore(ctx, ws, req, fc, ps); ok {
			return again, nil
		}
		return Saved{Problems: ps}, nil
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Saved{}, err
	}
	req.CreatorName = "" // the API's to fill
	res, err := adopt.Create(ctx, func(ctx context.Context) (string, error) {
		// Not waited for: the list follows the warehouse as it starts.
		wait, err := w.Warehouses.Create(ctx, req)
		if err != nil {
			return "", err
		}
		return wait.Id, nil
	}, func(ctx context.Context) (*adopt.Found, error) { return findByName(ctx, w, req) })
	if err != nil {
		return Saved{}, fmt.Errorf("create SQL warehouse %q: %w", req.Name, err)
	}
	return Saved{ID: res.ID, Adopted: res.Adopted, Problems: []Problem{}}, nil
}

// findByName looks for the warehouse named as req, and whether it is the
// one asked for: made by the current user (when the workspace says who
// that is) with every field the form set.
func findByName(ctx context.Context, w *workspaceapi.Client, req sql.CreateWarehouseRequest) (*adopt.Found, error) {
	all, err := leanread.Warehouses(ctx, w.Pages)
	if err != nil {
		return nil, fmt.Errorf("list SQL warehouses: %w", err)
	}
	return findIn(ctx, w, all, req)
}

// madeBefore is the retry of a create whose answer was lost: the only
// problem is the name, taken by the warehouse that create made (as asked,
// by this user). It is adopted instead of refused.
func (s *Service) madeBefore(ctx context.Context, ws string, req sql.CreateWarehouseRequest, fc FormContext, ps []Problem) (Saved, bool) {
	for _, p := range ps {
		if p.Code != "name_taken" {
			return Saved{}, false
		}
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Saved{}, false
	}
	found, err := findIn(ctx, w, fc.Warehouses, req)
	if err != nil || found == nil || !found.Same {
		return Saved{}, false
	}
	return Saved{ID: found.ID, Adopted: true, Problems: []Problem{}}, true
}

func findIn(ctx context.Context, w *workspaceapi.Client, all []sql.EndpointInfo, req sql.CreateWarehouseRequest) (*adopt.Found, error) {
	me := ""
	if u, err := w.CurrentUser.Me(ctx, iam.MeRequest{}); err == nil {
		me = u.UserName
	}
	want, err := fieldsOf(req)
	if err != nil {
		return nil, err
	}
	for _, x := range all {
		if x.Name != req.Name || x.State == sql.StateDeleted || x.State == sql.StateDeleting {
			continue
		}
		have, err := fieldsOf(SpecOf(x))
		if err != nil {
			return nil, err
		}
		mine := me == "" || x.CreatorName == "" || x.CreatorName == me
		return &adopt.Found{ID: x.Id, Same: mine && covers(want, have)}, nil
	}
	return nil, nil
}

// covers reports whether have has every value want sets. A zero asks for
// the API's default, which any value may be.
func covers(want, have any) bool {
	if want == nil || reflect.ValueOf(want).IsZero() {
		return true
	}
	if wm, ok := want.(map[string]any); ok {
		hm, _ := have.(map[string]any)
		for k, v := range wm {
			if !covers(v, hm[k]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(want, have)
}

// Form is a warehouse as its create request, for the edit form.
func (s *Service) Form(ctx context.Context, ws, id string) (sql.CreateWarehouseRequest, error) {
	info, err := s.Get(ctx, ws, id)
	if err != nil {
		return sql.CreateWarehouseRequest{}, err
	}
	return SpecOf(info), nil
}

// PlanEdit reads the warehouse and says what the form would change.
func (s *Service) PlanEdit(ctx context.Context, ws, id string, form sql.CreateWarehouseRequest) (EditPlan, error) {
	info, err := s.Get(ctx, ws, id)
	if err != nil {
		return EditPlan{}, err
	}
	if !Allowed(info.State, ActionEdit) {
		return EditPlan{}, fmt.Errorf("edit SQL warehouse %q in state %s: %w", info.Name, info.State, ErrNotAllowed)
	}
	return PlanEdit(info, form, s.Context(ctx, ws))
}

// Edit plans again against the warehouse as it is now and sends the edit
// once the plan has no problem. A form that changes nothing sends nothing:
// every edit restarts the warehouse.
func (s *Service) Edit(ctx context.Context, ws, id string, form sql.CreateWarehouseRequest) (Saved, error) {
	plan, err := s.PlanEdit(ctx, ws, id, form)
	if err != nil {
		return Saved{}, err
	}
	if HasErrors(plan.Problems) {
		return Saved{ID: id, Problems: plan.Problems}, nil
	}
	if len(plan.Changes) == 0 {
		return Saved{ID: id, Problems: []Problem{}}, nil
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Saved{}, err
	}
	// Not waited for: the list follows the restart.
	_, err = w.Warehouses.Edit(ctx, plan.Request())
	if errors.Is(err, apierr.ErrNotFound) || errors.Is(err, apierr.ErrResourceDoesNotExist) {
		return Saved{}, fmt.Errorf("SQL warehouse %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Saved{}, fmt.Errorf("edit SQL warehouse %q: %w", plan.Name, err)
	}
	return Saved{ID: id, Problems: []Problem{}}, nil
}

func orEmpty(ps []Problem) []Problem {
	if ps == nil {
		return []Problem{}
	}
	return ps
}
