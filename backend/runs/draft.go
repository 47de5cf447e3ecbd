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

// SubmitOnDraft submits the run on a new job cluster made from the draft's
// spec and libraries: the cluster lives only as long as the run.
func (s *Service) SubmitOnDraft(ctx context.Context, workspaceID string, src DraftSource, draftID string, req SubmitRequest) (Submitted, error) {
	if src == nil {
		return Submitted{}, fmt.Errorf("drafts are not available")
	}
	d, _, err := src.Get(draftID)
	if err != nil {
		return Submitted{}, fmt.Errorf("draft %s: %w", draftID, err)
	}
	if d.SpecText != "" {
		return Submitted{}, fmt.Errorf("draft %q: %w: fix it in the drafts editor first", d.Name, ErrDraftUnparsed)
	}
	spec := d.Spec
	req.ClusterID, req.NewCluster = "", &spec
	req.Libraries = append([]compute.Library(nil), d.Libraries...)
	return s.Submit(ctx, workspaceID, req)
}
