package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// newApplyService builds the one apply service the editor and the drafts
// share, reporting each operation's steps under apply:progress:<id>.
func newApplyService(d Deps, checker apply.SpecChecker) *apply.Service {
	clients := func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error) {
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
