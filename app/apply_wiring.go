package app

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/databricks/databricks-sdk-go"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/apply"
)

// newApplyService builds the one apply service the editor and the drafts
// share, reporting each operation's steps under apply:progress:<id>.
func newApplyService(d Deps, checker apply.SpecChecker) *apply.Service {
	clients := func(ctx context.Context, workspaceID string) (*databricks.WorkspaceClient, error) {
		if d.Session != nil {
			if _, err := d.Session.Status(workspaceID); err != nil {
				return nil, err
			}
		}
		return d.Clients.Client(ctx, workspaceID)
	}
	emit := func(ev apply.ProgressEvent) { d.Emitter.Emit(Scoped(EventApplyProgress, ev.OperationID), ev) }
	return apply.NewService(clients, checker, d.Session, apply.InteractiveBudgets(), emit)
}

// interimChecker is the apply service's SpecChecker built on the facades'
// existing checks: the editor's for creates and edits, the drafts' for a
// draft's apply (each facade marks its context with withCheck).
// temporary: replaced by backend/check at merge
type interimChecker struct {
	editor *Editor
	drafts *Drafts
}

type checkKey struct{}

type checkKind int

const (
	editorCheck checkKind = iota
	draftCheck
)

// withCheck says which facade's check applies (temporary: replaced by backend/check at merge).
func withCheck(ctx context.Context, k checkKind) context.Context {
	return context.WithValue(ctx, checkKey{}, k)
}

func (c interimChecker) Refuse(ctx context.Context, workspaceID, policyID string, spec compute.ClusterSpec, libs []compute.Library) error {
	if k, _ := ctx.Value(checkKey{}).(checkKind); k == draftCheck {
		if chk := c.drafts.check(spec, workspaceID, policyID, nil); chk.Errors > 0 {
			return fmt.Errorf("%w: %d problem(s); fix them in the draft first", errPolicyBlocked, chk.Errors)
		}
		return nil
	}
	if policyID != "" {
		spec.PolicyId = policyID
	}
	raw, err := json.Marshal(spec)
	if err != nil {
		return fmt.Errorf("encode spec: %w", err)
	}
	if len(libs) > 0 { // the editor's JSON carries them beside the create fields
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return fmt.Errorf("encode spec: %w", err)
		}
		doc["libraries"] = libs
		if raw, err = json.Marshal(doc); err != nil {
			return fmt.Errorf("encode spec: %w", err)
		}
	}
	_, _, err = c.editor.checkedSpec(ctx, workspaceID, string(raw))
	return err
}
