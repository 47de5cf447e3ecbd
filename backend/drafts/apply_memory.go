package drafts

// ApplyMemory keeps a draft's create request in its apply record for one
// workspace, so a retry after a timeout, a cancel or a crash finds the
// cluster that request made (it is the apply service's Memory).
type ApplyMemory struct {
	store                *Store
	draftID, workspaceID string
	// Linked is the draft once it names its cluster; nil before.
	Linked *Draft
}

// ApplyMemory is the memory of draft id's apply to workspace workspaceID.
func (s *Store) ApplyMemory(id, workspaceID string) *ApplyMemory {
	return &ApplyMemory{store: s, draftID: id, workspaceID: workspaceID}
}

// Pending records the request id before the create is sent.
func (m *ApplyMemory) Pending(requestID string) error {
	_, err := m.store.RecordApply(m.draftID, ApplyRecord{WorkspaceID: m.workspaceID, PendingRequestID: requestID})
	return err
}

// Settled records the cluster the draft became; "" clears the pending request.
func (m *ApplyMemory) Settled(clusterID string) error {
	dr, err := m.store.RecordApply(m.draftID, ApplyRecord{WorkspaceID: m.workspaceID, ClusterID: clusterID})
	if err == nil && clusterID != "" {
		m.Linked = &dr
	}
	return err
}
