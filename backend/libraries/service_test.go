package libraries

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInstallOnRunningClusterReachesInstalledThenUninstallOnRestart(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	id := running(t, w, srv, "libs", "")

	out, err := svc.Install(ctx(t), "demo", id, Form{Kind: "pypi", Package: "pandas==2.2.2"})
	require.NoError(t, err)
	assert.True(t, out.Done)
	assert.Contains(t, out.Note, "Installing now")
	e := entry(out.View, "pandas==2.2.2")
	require.NotNil(t, e)
	assert.Equal(t, "PENDING", e.Status)
	assert.True(t, out.View.Changing, "a pending library keeps the tab polling")

	e2 := settle(t, svc, srv, id, "pandas==2.2.2")
	assert.Equal(t, "INSTALLED", e2.Status)
	assert.True(t, e2.Removable)

	gone, err := svc.Uninstall(ctx(t), "demo", id, e2.Key)
	require.NoError(t, err)
	assert.Contains(t, gone.Note, "Restart now")
	assert.Contains(t, gone.View.Actions, ActionRestart)
	e3 := entry(gone.View, "pandas==2.2.2")
	require.NotNil(t, e3)
	assert.Equal(t, "UNINSTALL_ON_RESTART", e3.Status)
	assert.False(t, e3.Removable)
	assert.False(t, gone.View.Changing)

	_, err = w.Clusters.Restart(ctx(t), compute.RestartCluster{ClusterId: id})
	require.NoError(t, err)
	until(t, w, srv, id, compute.StateRunning)
	v, err := svc.Get(ctx(t), "demo", id)
	require.NoError(t, err)
	assert.Nil(t, entry(v, "pandas==2.2.2"), "gone after the restart")
}

func TestUnknownPyPIPackageFailsWithItsMessage(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	id := running(t, w, srv, "libs", "")
	_, err := svc.Install(ctx(t), "demo", id, Form{Kind: "pypi", Package: "does-not-exist-xyz"})
	require.NoError(t, err)
	e := settle(t, svc, srv, id, "does-not-exist-xyz")
	assert.Equal(t, "FAILED", e.Status)
	require.NotEmpty(t, e.Messages)
	assert.Contains(t, e.Messages[0], "No matching distribution found for does-not-exist-xyz")
}

func TestInstallOnTerminatedClusterIsQueued(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	id := running(t, w, srv, "libs", "")
	_, err := w.Clusters.Delete(ctx(t), compute.DeleteCluster{ClusterId: id})
	require.NoError(t, err)
	until(t, w, srv, id, compute.StateTerminated)

	out, err := svc.Install(ctx(t), "demo", id, Form{Kind: "maven", Coordinates: "org.jsoup:jsoup:1.7.2",
		Repo: "https://repo1.maven.org/maven2", Exclusions: []string{"org.slf4j:slf4j-log4j12", " "}})
	require.NoError(t, err)
	assert.True(t, out.Done)
	assert.Contains(t, out.Note, "queued and runs at the next start")
	e := entry(out.View, "org.jsoup:jsoup:1.7.2")
	require.NotNil(t, e)
	assert.Equal(t, "PENDING", e.Status)
	assert.Equal(t, "repository https://repo1.maven.org/maven2; excluding org.slf4j:slf4j-log4j12", e.Detail)
	assert.NotContains(t, out.View.Actions, ActionRestart)

	gone, err := svc.Uninstall(ctx(t), "demo", id, e.Key)
	require.NoError(t, err)
	assert.Contains(t, gone.Note, "terminated")
	assert.Nil(t, entry(gone.View, "org.jsoup:jsoup:1.7.2"))
}

func TestFormIsCheckedBeforeSending(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	id := running(t, w, srv, "libs", "")
	for _, tc := range []struct {
		name  string
		form  Form
		field string
		done  bool
		text  string
	}{
		{"maven needs three parts", Form{Kind: "maven", Coordinates: "org.jsoup:jsoup"}, "coordinates", false, "group:artifact:version"},
		{"maven exclusion", Form{Kind: "maven", Coordinates: "a:b:1", Exclusions: []string{"nocolon"}}, "exclusions", false, "group:artifact"},
		{"pip specifier", Form{Kind: "pypi", Package: "pandas=>2"}, "package", false, "pandas==2.2.2"},
		{"index url", Form{Kind: "pypi", Package: "pandas", Repo: "ftp://x"}, "repo", false, "http(s) URL"},
		{"cran name", Form{Kind: "cran", Package: "1bad"}, "package", false, "CRAN"},
		{"wheel path kind", Form{Kind: "whl", Path: "/Volumes/main/default/libs/tool.jar"}, "path", false, ".whl"},
		{"jar outside storage", Form{Kind: "jar", Path: "/tmp/tool.jar"}, "path", false, "/Volumes/"},
		{"requirements from workspace", Form{Kind: "requirements", Path: "/Workspace/Shared/requirements.txt"}, "", true, ""},
		{"dbfs is deprecated but works", Form{Kind: "jar", Path: "dbfs:/FileStore/jars/tool.jar"}, "path", true, "deprecated"},
		{"no kind", Form{Kind: ""}, "kind", false, "exactly one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := svc.Install(ctx(t), "demo", id, tc.form)
			require.NoError(t, err)
			assert.Equal(t, tc.done, out.Done)
			if tc.field == "" {
				assert.Empty(t, out.Problems)
				return
			}
			require.Len(t, out.Problems, 1)
			assert.Equal(t, tc.field, out.Problems[0].Field)
			assert.Contains(t, out.Problems[0].Message, tc.text)
		})
	}
	v, err := svc.Get(ctx(t), "demo", id)
	require.NoError(t, err)
	assert.Len(t, v.Libraries, 2, "only the two valid forms were sent")
}

func TestPolicyLibrariesAreMarkedAndKept(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	lib := compute.Library{Pypi: &compute.PythonPyPiLibrary{Package: "requests"}}
	p, err := w.ClusterPolicies.Create(ctx(t), compute.CreatePolicy{Name: "with libs", Definition: "{}", Libraries: []compute.Library{lib}})
	require.NoError(t, err)
	id := running(t, w, srv, "under policy", p.PolicyId) // the policy installs it at start

	v, err := svc.Get(ctx(t), "demo", id)
	require.NoError(t, err)
	e := entry(v, "requests")
	require.NotNil(t, e)
	assert.True(t, e.FromPolicy)
	assert.False(t, e.Removable)
	assert.Contains(t, e.Why, "policy")
	_, err = svc.Uninstall(ctx(t), "demo", id, e.Key)
	assert.ErrorIs(t, err, ErrPolicyLibrary)
}

func TestWhereElseIsThisInstalled(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	a := running(t, w, srv, "alpha", "")
	b := running(t, w, srv, "beta", "")
	for _, id := range []string{a, b} {
		_, err := svc.Install(ctx(t), "demo", id, Form{Kind: "pypi", Package: "numpy"})
		require.NoError(t, err)
	}
	_, err := svc.Install(ctx(t), "demo", b, Form{Kind: "pypi", Package: "scipy"})
	require.NoError(t, err)
	settle(t, svc, srv, b, "numpy")
	e := settle(t, svc, srv, a, "numpy")

	got, err := svc.Elsewhere(ctx(t), "demo", a, e.Key)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, Elsewhere{ClusterID: b, ClusterName: "beta", Status: "INSTALLED"}, got[0])
}
