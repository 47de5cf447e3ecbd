package policies

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

type fakeSource struct {
	snap catalog.Snapshot
	st   catalog.Status
	err  error
}

func (f fakeSource) Cached(string) (catalog.Snapshot, catalog.Status, error) {
	return f.snap, f.st, f.err
}

var listed = []compute.Policy{
	{PolicyId: "bad", Name: "Broken", Definition: "{not json", MaxClustersPerUser: 2, PolicyFamilyId: "fam"},
	{PolicyId: "ok", Name: "allowed", Definition: `{"autotermination_minutes": {"type": "range", "maxValue": 60}}`},
	{PolicyId: "job", Name: "Jobs", Definition: `{"cluster_type": {"type": "fixed", "value": "job"}}`},
	{PolicyId: "def", Name: "Personal", Definition: `{}`, IsDefault: true},
}

func TestListFromTheCache(t *testing.T) {
	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { return fetched.Add(time.Hour) }
	cases := []struct {
		name      string
		src       fakeSource
		wantCache catalog.ListingCache
		wantNames []string
		wantErr   bool
	}{
		{name: "never fetched", src: fakeSource{}, wantCache: catalog.ListingCache{WorkspaceID: "w"}, wantNames: []string{}},
		{name: "all listed, job-only and unreadable too, by name",
			src:       fakeSource{snap: catalog.Snapshot{Policies: catalog.Section[[]compute.Policy]{FetchedAt: fetched, Items: listed}}},
			wantCache: catalog.ListingCache{WorkspaceID: "w", Cached: true, FetchedAt: "2026-05-01T09:00:00Z", AgeSeconds: 3600},
			wantNames: []string{"allowed", "Broken", "Jobs", "Personal"}},
		{name: "unreadable cache", src: fakeSource{err: errors.New("disk")}, wantErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := NewService(c.src, now).List("w")
			if c.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.wantCache, got.Cache)
			names := []string{}
			for _, p := range got.Policies {
				names = append(names, p.Name)
			}
			assert.Equal(t, c.wantNames, names)
		})
	}
}

func enabled(av []Availability) []Action {
	out := []Action{}
	for _, a := range av {
		if a.Enabled {
			out = append(out, a.Action)
		}
	}
	return out
}

func TestViewAndActions(t *testing.T) {
	cases := []struct {
		in      compute.Policy
		admin   bool
		state   State
		actions []Action
		problem bool
	}{
		{listed[0], true, StateUnreadable, []Action{ActionEdit, ActionDelete}, true},
		{listed[1], true, StateAllPurpose, []Action{ActionCreateCompute, ActionEdit, ActionDelete}, false},
		{listed[1], false, StateAllPurpose, []Action{ActionCreateCompute}, false},
		{listed[2], true, StateJobOnly, []Action{ActionEdit, ActionDelete}, false},
		{listed[2], false, StateJobOnly, []Action{}, false},
		{listed[3], true, StateAllPurpose, []Action{ActionCreateCompute, ActionEdit}, false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s admin=%v", c.in.Name, c.admin), func(t *testing.T) {
			v := View(c.in, c.admin)
			assert.Equal(t, c.in.PolicyId, v.Info.ID)
			assert.Equal(t, c.in.Name, v.Info.Name)
			assert.Equal(t, c.problem, v.Problem != "")
			assert.Equal(t, c.state, v.State)
			assert.Equal(t, c.actions, enabled(v.Actions))
			require.Len(t, v.Actions, len(AllActions), "every action is listed, disabled ones with a reason")
			for _, a := range v.Actions {
				assert.Equal(t, a.Enabled, a.Reason == "", "%s: %q", a.Action, a.Reason)
			}
		})
	}
	broken := View(listed[0], true)
	assert.Equal(t, int64(2), broken.Info.MaxClustersPerUser, "an unreadable policy keeps its facts")
	assert.Equal(t, "fam", broken.Info.FamilyID)
	assert.NotNil(t, broken.Info.Constraints)
	assert.Equal(t, []policyeval.ClusterType{policyeval.Job}, View(listed[2], true).Info.ClusterTypes)
	assert.Equal(t, "{\n  \"autotermination_minutes\": {\n    \"type\": \"range\",\n    \"maxValue\": 60\n  }\n}", View(listed[1], true).Definition)
	for _, a := range Actions(Facts{State: "unknown", Admin: true}) {
		assert.False(t, a.Enabled)
	}
}
