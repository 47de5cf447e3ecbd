package drafts

import (
	"fmt"
	"strings"
	"time"
)

// ApplyRecord is what applying a draft to one workspace left behind: the
// cluster it made or changed, and the request id of a create whose outcome
// is not known yet. Keeping the request id with the draft lets a retry (even
// after a crash) look for that create's cluster instead of making a second.
type ApplyRecord struct {
	WorkspaceID string    `json:"workspace_id"`
	ClusterID   string    `json:"cluster_id,omitempty"`
	AppliedAt   time.Time `json:"applied_at,omitempty"`
	// PendingRequestID is set from just before a create is sent until its
	// cluster id is known.
	PendingRequestID string `json:"pending_request_id,omitempty"`
}

// Record returns the draft's record for a workspace, if any.
func (d *Draft) Record(workspaceID string) (ApplyRecord, bool) {
	for _, r := range d.Applied {
		if r.WorkspaceID == workspaceID {
			return r, true
		}
	}
	return ApplyRecord{}, false
}

// RecordApply stores rec as the draft's record for rec.WorkspaceID,
// replacing an earlier one. It is bookkeeping, not an edit: the revision and
// the last-edited time stay as they are, so an editor's next autosave does
// not conflict with it. A zero AppliedAt with a ClusterID is set to now.
func (s *Store) RecordApply(id string, rec ApplyRecord) (Draft, error) {
	if !validID(id) {
		return Draft{}, fmt.Errorf("%w: %q", ErrInvalidID, id)
	}
	if strings.TrimSpace(rec.WorkspaceID) == "" {
		return Draft{}, &FieldError{"workspace_id", ErrNotFound, "choose the workspace the draft was applied to"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d, p, err := s.load(id)
	if err != nil {
		if p != nil {
			return Draft{}, fmt.Errorf("%s: %w", p.Message, err)
		}
		return Draft{}, err
	}
	if rec.ClusterID != "" && rec.AppliedAt.IsZero() {
		rec.AppliedAt = s.now().UTC()
	}
	out := make([]ApplyRecord, 0, len(d.Applied)+1)
	for _, r := range d.Applied {
		if r.WorkspaceID != rec.WorkspaceID {
			out = append(out, r)
		}
	}
	d.Applied = append(out, rec)
	if err := s.write(&d, true); err != nil {
		return Draft{}, err
	}
	return d, nil
}
