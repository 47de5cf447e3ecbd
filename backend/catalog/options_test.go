package catalog

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func TestCloudOf(t *testing.T) {
	nodes := func(ids ...string) []compute.NodeType {
		out := []compute.NodeType{}
		for _, id := range ids {
			out = append(out, compute.NodeType{NodeTypeId: id})
		}
		return out
	}
	cases := []struct {
		name     string
		declared workspaces.Cloud
		nodes    []compute.NodeType
		want     string
	}{
		{"the profile's cloud wins", workspaces.CloudGCP, nodes("Standard_DS3_v2"), "gcp"},
		{"azure node names", "", nodes("Standard_DS3_v2"), "azure"},
		{"gcp node names", "", nodes("n2-standard-4"), "gcp"},
		{"gcp highmem", "", nodes("n2-highmem-8"), "gcp"},
		{"aws node names", "", nodes("m5.xlarge"), "aws"},
		{"nothing to go by", "", nil, "azure"},
		{"an unknown declared cloud is read from the nodes", workspaces.Cloud("other"), nodes("i3.xlarge"), "aws"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, cloudOf(c.declared, c.nodes)) })
	}
}

func TestNodeTypeOptions(t *testing.T) {
	got := nodeTypeOptions([]compute.NodeType{
		{NodeTypeId: "big", Category: "General", NumCores: 16, MemoryMb: 65536},
		{NodeTypeId: "hidden", Category: "General", IsHidden: true},
		{NodeTypeId: "small", Category: "General", NumCores: 4, MemoryMb: 16384, PhotonWorkerCapable: true, PhotonDriverCapable: true},
		{NodeTypeId: "worker-only-photon", Category: "General", NumCores: 4, PhotonWorkerCapable: true},
		{NodeTypeId: "gpu", NumCores: 8, NumGpus: 1, IsDeprecated: true},
	})
	ids := []string{}
	for _, o := range got {
		ids = append(ids, o.ID)
	}
	assert.Equal(t, []string{"small", "worker-only-photon", "big", "gpu"}, ids, "by category, then cores, then id; hidden left out")
	assert.Equal(t, NodeTypeOption{ID: "small", Category: "General", Cores: 4, MemoryGB: 16, Photon: true}, got[0])
	assert.False(t, got[1].Photon, "Photon needs worker and driver capability")
	assert.Equal(t, NodeTypeOption{ID: "gpu", Category: "Other", Cores: 8, GPUs: 1, Deprecated: true}, got[3])
}

func TestRuntimeOptions(t *testing.T) {
	got := runtimeOptions([]compute.SparkVersion{
		{Key: "13.3.x-scala2.12", Name: "13.3 LTS (includes Apache Spark 3.4.1, Scala 2.12)"},
		{Key: "16.4.x-scala2.12", Name: "16.4 LTS"},
		{Key: "16.4.x-cpu-ml-scala2.12", Name: "16.4 LTS ML"},
		{Key: "16.4.x-gpu-ml-scala2.12", Name: "16.4 LTS ML GPU"},
		{Key: "17.0.x-scala2.13", Name: "17.0 Beta"},
		{Key: "8.4.x-scala2.12", Name: "8.4"},
		{Key: "custom-thing", Name: "Custom"},
	})
	cases := []struct {
		key, group   string
		photon, beta bool
	}{
		{"17.0.x-scala2.13", "Standard", true, true},
		{"16.4.x-cpu-ml-scala2.12", "ML", false, false},
		{"16.4.x-gpu-ml-scala2.12", "GPU", false, false},
		{"16.4.x-scala2.12", "LTS", true, false},
		{"13.3.x-scala2.12", "LTS", true, false},
		{"8.4.x-scala2.12", "Standard", false, false},
		{"custom-thing", "Standard", false, false},
	}
	keys := []string{}
	for _, o := range got {
		keys = append(keys, o.Key)
	}
	want := []string{}
	for _, c := range cases {
		want = append(want, c.key)
	}
	assert.Equal(t, want, keys, "newest first, unparsable last")
	for i, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			assert.Equal(t, c.group, got[i].Group)
			assert.Equal(t, c.photon, got[i].Photon)
			assert.Equal(t, c.beta, got[i].Beta)
		})
	}
}

func TestPolicyAndPoolOptions(t *testing.T) {
	policies := policyOptions([]compute.Policy{
		{PolicyId: "z", Name: "zeta", Definition: `{}`},
		{PolicyId: "j", Name: "Jobs only", Definition: `{"cluster_type": {"type": "fixed", "value": "job"}}`},
		{PolicyId: "bad", Name: "Broken", Definition: `{not json`},
		{PolicyId: "a", Name: "Alpha", Definition: `{"autotermination_minutes": {"type": "range", "maxValue": 60}}`},
	})
	names := []string{}
	for _, p := range policies {
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{"Alpha", "zeta"}, names, "all-purpose and readable only, by name case-insensitively")

	pools := poolOptions([]compute.InstancePoolAndStats{
		{InstancePoolId: "2", InstancePoolName: "b", NodeTypeId: "m5.large", Stats: &compute.InstancePoolStats{IdleCount: 3}},
		{InstancePoolId: "1", InstancePoolName: "a", NodeTypeId: "m5.xlarge"},
	})
	assert.Equal(t, []PoolOption{{ID: "1", Name: "a", NodeTypeID: "m5.xlarge"}, {ID: "2", Name: "b", NodeTypeID: "m5.large", Idle: 3}}, pools)
}

func TestEditorOptionsSaysHowOldAndWhatFailed(t *testing.T) {
	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	snap := Snapshot{WorkspaceID: "w",
		NodeTypes:     Section[[]compute.NodeType]{FetchedAt: fetched, Items: []compute.NodeType{{NodeTypeId: "m5.large"}}},
		SparkVersions: Section[[]compute.SparkVersion]{FetchedAt: fetched.Add(time.Minute), Error: "timeout"},
		Pools:         Section[[]compute.InstancePoolAndStats]{Error: "forbidden"},
		CurrentUser:   Section[*iam.User]{FetchedAt: fetched, Items: &iam.User{UserName: "ana@example.com"}},
	}
	got := EditorOptions(snap, Status{WorkspaceID: "w", Offline: true}, "", fetched.Add(2*time.Minute))
	assert.Equal(t, "w", got.WorkspaceID)
	assert.Equal(t, "aws", got.Cloud)
	assert.Equal(t, "2026-05-01T09:00:00Z", got.FetchedAt)
	assert.Equal(t, int64(120), got.AgeSeconds)
	assert.True(t, got.Offline)
	assert.Equal(t, "ana@example.com", got.CurrentUser)
	assert.Empty(t, got.Problems, "offline: one line says so, no box per section")
	online := EditorOptions(snap, Status{WorkspaceID: "w"}, "", fetched.Add(2*time.Minute))
	assert.Equal(t, []string{"pools: forbidden", "runtimes: timeout"}, online.Problems)

	empty := EditorOptions(Snapshot{}, Status{WorkspaceID: "w"}, workspaces.CloudGCP, fetched)
	assert.Empty(t, empty.FetchedAt)
	assert.Zero(t, empty.AgeSeconds)
	assert.NotNil(t, empty.Problems)
	assert.Equal(t, "gcp", empty.Cloud)
}

func TestSnapshotPolicy(t *testing.T) {
	snap := Snapshot{Policies: Section[[]compute.Policy]{Items: []compute.Policy{{PolicyId: "p1", Name: "one"}}}}
	p, ok := snap.Policy("p1")
	assert.True(t, ok)
	assert.Equal(t, "one", p.Name)
	_, ok = snap.Policy("nope")
	assert.False(t, ok)
}

func TestSummaryAndListing(t *testing.T) {
	dir := t.TempDir()
	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	r := NewRefresher(NewCache(dir), nil, RefresherOptions{Now: func() time.Time { return fetched.Add(time.Minute) }})

	empty := r.Summary("w")
	assert.Equal(t, Summary{WorkspaceID: "w"}, empty, "never fetched: nothing cached, no error")
	snap, st, err := r.Cached("w")
	assert.NoError(t, err, "a workspace never fetched is an empty snapshot")
	assert.Empty(t, snap.Pools.Items)
	assert.Equal(t, ListingCache{WorkspaceID: "w"}, ListingOf(snap.Pools, st, fetched))

	assert.NoError(t, r.Cache().Save(Snapshot{SchemaVersion: SchemaVersion, WorkspaceID: "w",
		NodeTypes:   Section[[]compute.NodeType]{FetchedAt: fetched, Items: []compute.NodeType{{}, {}}},
		Pools:       Section[[]compute.InstancePoolAndStats]{FetchedAt: fetched.Add(30 * time.Second), Error: "denied", Items: []compute.InstancePoolAndStats{{}}},
		CurrentUser: Section[*iam.User]{FetchedAt: fetched, Items: &iam.User{UserName: "ana@example.com"}}}))
	got := r.Summary("w")
	assert.Equal(t, Summary{WorkspaceID: "w", Cached: true, NodeTypes: 2, Pools: 1, User: "ana@example.com",
		FetchedAt: "2026-05-01T09:00:00Z", AgeSeconds: 60}, got)
	snap, st, err = r.Cached("w")
	assert.NoError(t, err)
	assert.Equal(t, ListingCache{WorkspaceID: "w", Cached: true, FetchedAt: "2026-05-01T09:00:30Z", AgeSeconds: 30, Error: "denied"},
		ListingOf(snap.Pools, st, fetched.Add(time.Minute)), "a listing's own age, not the snapshot's oldest")
}
