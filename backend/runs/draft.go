package runs

import (
	"context"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// DraftSource reads a saved draft (drafts.Store does).
type DraftSource interface {
	Get(id string) (drafts.Draft, *drafts.Problem, error)
}

// ErrDraftUnparsed means the draft's JSON does not parse yet: its spec is
// not what the user last typed, so no cluster is made from it.
var ErrDraftUnparsed = errors.New("the draft's JSON does not parse yet")

// ErrNoSpecCheck means the service has no apply service to check a draft's
// spec with: no cluster is made from a spec nobody checked.
var ErrNoSpecCheck = errors.New("no spec check is available to submit a draft")

// ErrDraftRefused means the draft's spec does not pass the check the
// editor's create runs (it wraps apply.ErrRefused and the problems).
var ErrDraftRefused = errors.New("the draft does not pass its checks")

// SubmitOnDraft submits the run on a new job cluster made from the draft's
// spec and libraries: the cluster lives only as long as the run. The spec
// first passes the apply service's check, as the editor's create does (a
// refusal is apply.ErrRefused and nothing is sent).
func (s *Service) SubmitOnDraft(ctx context.Context, workspaceID string, src DraftSource, draftID string, req SubmitRequest) (Submitted, error) {
	if src == nil {
		return Submitted{}, fmt.Errorf("drafts are not available")
	}
	if s.apply == nil {
		return Submitted{}, ErrNoSpecCheck
	}
	d, _, err := src.Get(draftID)
	if err != nil {
		return Submitted{}, fmt.Errorf("draft %s: %w", draftID, err)
	}
	if d.SpecText != "" {
		return Submitted{}, fmt.Errorf("draft %q: %w: fix it in the drafts editor first", d.Name, ErrDraftUnparsed)
	}
	if ps := req.Check(); len(ps) > 0 {
		return Submitted{Problems: ps}, nil // the form's own problems first, as Submit reports them
	}
	spec := d.Spec
	libs := append([]compute.Library(nil), d.Libraries...)
	if err := s.apply.Check(ctx, workspaceID, d.PolicyID, spec, libs); err != nil {
		return Submitted{}, fmt.Errorf("draft %q: %w: %w", d.Name, ErrDraftRefused, err)
	}
	req.ClusterID, req.NewCluster, req.Libraries = "", &spec, libs
	return s.Submit(ctx, workspaceID, req)
}
