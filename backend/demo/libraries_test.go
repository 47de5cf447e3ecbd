package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func libStatuses(t *testing.T, s *compute.ClusterLibraryStatuses) map[string]compute.LibraryInstallStatus {
	t.Helper()
	out := map[string]compute.LibraryInstallStatus{}
	for _, l := range s.LibraryStatuses {
		switch {
		case l.Library.Pypi != nil:
			out[l.Library.Pypi.Package] = l.Status
		case l.Library.Maven != nil:
			out[l.Library.Maven.Coordinates] = l.Status
		}
	}
	return out
}

func TestLibrariesLifeCycle(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	step := srv.Clock().Advance
	created, err := w.Clusters.Create(ctx, smallSpec("libs"))
	require.NoError(t, err)
	id := created.ClusterId

	// Installed on a PENDING cluster: waits for the start.
	require.NoError(t, w.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: id, Libraries: []compute.Library{
		{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2"}},
		{Pypi: &compute.PythonPyPiLibrary{Package: "does-not-exist==1.0"}},
	}}))
	st, err := w.Libraries.ClusterStatusByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, map[string]compute.LibraryInstallStatus{"pandas==2.2.2": "PENDING", "does-not-exist==1.0": "PENDING"}, libStatuses(t, st))

	stepUntil(t, srv, w, id, compute.StateRunning)
	step(10 * time.Second)
	st, err = w.Libraries.ClusterStatusByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.LibraryInstallStatusInstalling, libStatuses(t, st)["pandas==2.2.2"])
	step(2 * time.Minute)
	st, err = w.Libraries.ClusterStatusByClusterId(ctx, id)
	require.NoError(t, err)
	got := libStatuses(t, st)
	assert.Equal(t, compute.LibraryInstallStatusInstalled, got["pandas==2.2.2"])
	assert.Equal(t, compute.LibraryInstallStatusFailed, got["does-not-exist==1.0"])

	// Installing on a RUNNING cluster goes straight through.
	require.NoError(t, w.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: id, Libraries: []compute.Library{
		{Maven: &compute.MavenLibrary{Coordinates: "com.example:tool:1.0"}}}}))
	step(2 * time.Minute)

	// Uninstall waits for a restart.
	require.NoError(t, w.Libraries.Uninstall(ctx, compute.UninstallLibraries{ClusterId: id, Libraries: []compute.Library{
		{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2"}}}}))
	st, err = w.Libraries.ClusterStatusByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.LibraryInstallStatusUninstallOnRestart, libStatuses(t, st)["pandas==2.2.2"])
	assert.Equal(t, compute.LibraryInstallStatusInstalled, libStatuses(t, st)["com.example:tool:1.0"])

	_, err = w.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
	require.NoError(t, err)
	stepUntil(t, srv, w, id, compute.StateRunning)
	step(2 * time.Minute)
	st, err = w.Libraries.ClusterStatusByClusterId(ctx, id)
	require.NoError(t, err)
	got = libStatuses(t, st)
	assert.NotContains(t, got, "pandas==2.2.2")
	assert.Equal(t, compute.LibraryInstallStatusInstalled, got["com.example:tool:1.0"])

	all, err := w.Libraries.AllClusterStatusesAll(ctx)
	require.NoError(t, err)
	require.Len(t, all, 1)
	assert.Equal(t, id, all[0].ClusterId)

	err = w.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: id, Libraries: []compute.Library{{Jar: "/a.jar", Whl: "/b.whl"}}})
	assert.Error(t, err)
}

// A policy's libraries install on the clusters that use it, at start.
func TestPolicyLibrariesInstallAtStart(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	p, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "with libs", Definition: "{}",
		Libraries: []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "requests"}}}})
	require.NoError(t, err)
	spec := smallSpec("under policy")
	spec.PolicyId = p.PolicyId
	created, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	stepUntil(t, srv, w, created.ClusterId, compute.StateRunning)
	srv.Clock().Advance(2 * time.Minute)
	st, err := w.Libraries.ClusterStatusByClusterId(ctx, created.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, map[string]compute.LibraryInstallStatus{"requests": "INSTALLED"}, libStatuses(t, st))
}

// cluster-status lists the libraries to install first, in the order they were
// added, and the ones marked for removal last. Source: the SDK's doc of
// LibrariesInterface.ClusterStatus (databricks-sdk-go service/compute/api.go):
// "1. Libraries set to be installed on this cluster, in the order that the
// libraries were added to the cluster, are returned first. 2. Libraries that
// were previously requested to be installed on this cluster or, but are now
// marked for removal, in no particular order, are returned last."
func TestLibrariesStatusOrder(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		uninstall []string
		wantFirst []string // in this order
		wantLast  []string // marked for removal, any order
	}{
		{name: "none marked", wantFirst: []string{"a", "b", "c"}},
		{name: "first marked", uninstall: []string{"a"}, wantFirst: []string{"b", "c"}, wantLast: []string{"a"}},
		{name: "middle marked", uninstall: []string{"b"}, wantFirst: []string{"a", "c"}, wantLast: []string{"b"}},
		{name: "two marked", uninstall: []string{"c", "a"}, wantFirst: []string{"b"}, wantLast: []string{"a", "c"}},
	}
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	pypi := func(names ...string) []compute.Library {
		out := make([]compute.Library, 0, len(names))
		for _, n := range names {
			out = append(out, compute.Library{Pypi: &compute.PythonPyPiLibrary{Package: n}})
		}
		return out
	}
	for _, tc := range cases {
		created, err := w.Clusters.Create(ctx, smallSpec("order "+tc.name))
		require.NoError(t, err)
		id := created.ClusterId
		stepUntil(t, srv, w, id, compute.StateRunning)
		for _, n := range []string{"a", "b", "c"} { // one call each: the order of adding
			require.NoError(t, w.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: id, Libraries: pypi(n)}))
		}
		srv.Clock().Advance(2 * time.Minute)
		if len(tc.uninstall) > 0 {
			require.NoError(t, w.Libraries.Uninstall(ctx, compute.UninstallLibraries{ClusterId: id, Libraries: pypi(tc.uninstall...)}))
		}

		st, err := w.Libraries.ClusterStatusByClusterId(ctx, id)
		require.NoError(t, err, tc.name)
		var got []string
		for _, l := range st.LibraryStatuses {
			got = append(got, l.Library.Pypi.Package)
		}
		require.Len(t, got, 3, tc.name)
		n := len(tc.wantFirst)
		assert.Equal(t, tc.wantFirst, got[:n], tc.name)
		assert.ElementsMatch(t, tc.wantLast, got[n:], tc.name)
		for _, l := range st.LibraryStatuses[n:] {
			assert.Equal(t, compute.LibraryInstallStatusUninstallOnRestart, l.Status, tc.name)
		}
	}
}
