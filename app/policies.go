package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policies"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Policies is the facade of the Policies page: list (from the cache),
// check as the user types, create, edit, delete, compliance and enforce,
// export. Each method checks the workspace exists and makes one call.
type Policies struct {
	facade  // known: the session knows the workspace
	session *session.Session
	catalog *catalog.Refresher
	svc     *policies.Service
	emit    Emitter
	files   FileSaver // nil in the browser bridge
}

// changed tells the pages reading the catalog (Policies, the cluster form's
// policy picker) that the workspace's policies changed.
func (p *Policies) changed(workspaceID string, err error) error {
	if err == nil {
		p.emit.Emit(Scoped(EventCatalogChanged, workspaceID), catalog.Summary(p.catalog.Summary(workspaceID)))
	}
	return err
}

// List is the workspace's policies from the cache, each with its actions.
func (p *Policies) List(workspaceID string) (policies.ListView, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(context.Context) (policies.ListView, error) {
		return p.svc.List(workspaceID)
	})
}

// Get is one cached policy with its rules, definition and actions: the
// list holds only summaries, the page asks for the policy it opens.
func (p *Policies) Get(workspaceID, policyID string) (policies.PolicyView, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(context.Context) (policies.PolicyView, error) {
		return p.svc.Get(workspaceID, policyID)
	})
}

// Families lists the policy families a policy can start from.
func (p *Policies) Families(workspaceID string) ([]policies.FamilyView, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) ([]policies.FamilyView, error) {
		return p.svc.Families(ctx, workspaceID)
	})
}

// Check checks a policy form as the user types (editingID: "" for a new
// policy) and returns the problems at their lines and the preview.
func (p *Policies) Check(workspaceID, editingID string, form policies.Form) (policies.FormCheck, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(context.Context) (policies.FormCheck, error) {
		return p.svc.Check(workspaceID, editingID, form), nil
	})
}

// Create creates the policy and returns its id.
func (p *Policies) Create(workspaceID string, form policies.Form) (string, error) {
	id, err := call(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (string, error) {
		return p.svc.Create(ctx, workspaceID, form)
	})
	return id, p.changed(workspaceID, err)
}

// Edit replaces the policy with the form.
func (p *Policies) Edit(workspaceID, policyID string, form policies.Form) error {
	return p.changed(workspaceID, writeErr(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) error {
		return p.svc.Edit(ctx, workspaceID, policyID, form)
	}))
}

// Delete deletes the policy.
func (p *Policies) Delete(workspaceID, policyID string) error {
	return p.changed(workspaceID, writeErr(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) error {
		return p.svc.Delete(ctx, workspaceID, policyID)
	}))
}

// Usage lists the clusters using the policy, each with its compliance.
func (p *Policies) Usage(workspaceID, policyID string) (policies.UsageView, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (policies.UsageView, error) {
		return p.svc.Usage(ctx, workspaceID, policyID)
	})
}

// EditImpact is what saving the form would do to the clusters using the
// policy: which comply now and break after. Nothing is sent.
func (p *Policies) EditImpact(workspaceID, policyID string, form policies.Form) (policies.ImpactView, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (policies.ImpactView, error) {
		return p.svc.EditImpact(ctx, workspaceID, policyID, form)
	})
}

// Enforce previews (apply false) or applies the policy on one cluster.
func (p *Policies) Enforce(workspaceID, clusterID string, apply bool) (policies.EnforcePlan, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (policies.EnforcePlan, error) {
		return p.svc.Enforce(ctx, workspaceID, clusterID, apply)
	})
}

// Export renders the policy as API JSON or Terraform ("json", "terraform"),
// the provider block on the workspace's host as the pool export writes it.
func (p *Policies) Export(workspaceID, policyID, format string) (policies.Exported, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutRead, func(context.Context) (policies.Exported, error) {
		return p.svc.Export(workspaceID, policyID, format, p.session.Host(workspaceID))
	})
}

// SaveExport saves the policy's export in format ("json" or "terraform")
// through the desktop's save dialog.
func (p *Policies) SaveExport(workspaceID, policyID, format string) (SavedFile, error) {
	ex, err := p.Export(workspaceID, policyID, format)
	if err != nil {
		return SavedFile{}, err
	}
	return saveAs(p.ctx, p.files, ex.FileName, ex.Content)
}
