package drafts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordApplyKeepsRevisionAndSurvivesSaves(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "etl", Spec: smallSpec(), WorkspaceID: "ws1"})
	require.NoError(t, err)

	pending, err := s.RecordApply(d.ID, ApplyRecord{WorkspaceID: "ws1", PendingRequestID: "req-1"})
	require.NoError(t, err)
	assert.Equal(t, d.Revision, pending.Revision, "bookkeeping is not an edit")
	assert.Equal(t, d.UpdatedAt, pending.UpdatedAt)
	rec, ok := pending.Record("ws1")
	require.True(t, ok)
	assert.Equal(t, "req-1", rec.PendingRequestID)

	// The editor still holds revision 1: its autosave must not conflict, and
	// must not drop the record.
	d.Notes = "edited while applying"
	saved, err := s.Save(d)
	require.NoError(t, err)
	rec, ok = saved.Record("ws1")
	require.True(t, ok)
	assert.Equal(t, "req-1", rec.PendingRequestID)

	done, err := s.RecordApply(d.ID, ApplyRecord{WorkspaceID: "ws1", ClusterID: "0101-abc"})
	require.NoError(t, err)
	require.Len(t, done.Applied, 1, "one record per workspace")
	assert.Equal(t, "0101-abc", done.Applied[0].ClusterID)
	assert.Empty(t, done.Applied[0].PendingRequestID)
	assert.False(t, done.Applied[0].AppliedAt.IsZero())

	other, err := s.RecordApply(d.ID, ApplyRecord{WorkspaceID: "ws2", ClusterID: "0202-def"})
	require.NoError(t, err)
	assert.Len(t, other.Applied, 2)

	list, _, err := s.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Len(t, list[0].Applied, 2, "the list shows where a draft went")

	dup, err := s.Duplicate(d.ID, "")
	require.NoError(t, err)
	assert.Empty(t, dup.Applied, "a copy is not applied anywhere")
}

func TestRecordApplyRefusesBadInput(t *testing.T) {
	s, _ := openStore(t)
	_, err := s.RecordApply("../x", ApplyRecord{WorkspaceID: "ws1"})
	assert.ErrorIs(t, err, ErrInvalidID)
	d, err := s.Create(NewDraft{Name: "etl", Spec: smallSpec()})
	require.NoError(t, err)
	_, err = s.RecordApply(d.ID, ApplyRecord{})
	var fe *FieldError
	assert.ErrorAs(t, err, &fe)
	_, err = s.RecordApply("0123456789abcdef", ApplyRecord{WorkspaceID: "ws1"})
	assert.ErrorIs(t, err, ErrNotFound)
}
