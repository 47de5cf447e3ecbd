package clusterspec

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

func TestLibraries(t *testing.T) {
	pypi := func(p string) compute.Library { return compute.Library{Pypi: &compute.PythonPyPiLibrary{Package: p}} }
	maven := func(c string) compute.Library { return compute.Library{Maven: &compute.MavenLibrary{Coordinates: c}} }
	cases := []struct {
		name string
		lib  compute.Library
		want []got
	}{
		{"pypi name", pypi("pandas"), []got{}},
		{"pypi pinned", pypi("pandas==2.2.2"), []got{}},
		{"pypi range and extras", pypi("requests[socks,security] >=2.31,<3"), []got{}},
		{"pypi compatible", pypi("numpy~=1.26"), []got{}},
		{"pypi bad", pypi("pandas=2"), []got{{"libraries.0.pypi.package", "pypi_package", Error}}},
		{"pypi empty", pypi(""), []got{{"libraries.0.pypi.package", "pypi_package", Error}}},
		{"pypi url", pypi("git+https://github.com/x/y"), []got{{"libraries.0.pypi.package", "pypi_package", Error}}},
		{"pypi repo", compute.Library{Pypi: &compute.PythonPyPiLibrary{Package: "x", Repo: "ftp://mirror"}}, []got{{"libraries.0.pypi.repo", "repo_url", Error}}},
		{"maven ok", maven("org.jsoup:jsoup:1.7.2"), []got{}},
		{"maven two parts", maven("org.jsoup:jsoup"), []got{{"libraries.0.maven.coordinates", "maven_coordinates", Error}}},
		{"maven empty part", maven("org.jsoup::1.7.2"), []got{{"libraries.0.maven.coordinates", "maven_coordinates", Error}}},
		{"maven exclusion", compute.Library{Maven: &compute.MavenLibrary{Coordinates: "a:b:1", Exclusions: []string{"org.slf4j:slf4j-log4j12", "bad"}}},
			[]got{{"libraries.0.maven.exclusions.1", "maven_exclusion", Error}}},
		{"cran ok", compute.Library{Cran: &compute.RCranLibrary{Package: "data.table"}}, []got{}},
		{"cran bad", compute.Library{Cran: &compute.RCranLibrary{Package: "1abc"}}, []got{{"libraries.0.cran.package", "cran_package", Error}}},
		{"jar volume", compute.Library{Jar: "/Volumes/main/libs/x.jar"}, []got{}},
		{"jar bad prefix", compute.Library{Jar: "C:/x.jar"}, []got{{"libraries.0.jar", "library_path", Error}}},
		{"jar extension", compute.Library{Jar: "/Workspace/libs/x.zip"}, []got{{"libraries.0.jar", "library_extension", Error}}},
		{"whl s3", compute.Library{Whl: "s3://b/pkg-1.0-py3-none-any.whl"}, []got{}},
		{"whl dbfs", compute.Library{Whl: "dbfs:/libs/pkg-1.0-py3-none-any.whl"}, []got{{"libraries.0.whl", "library_dbfs", Warning}}},
		{"requirements", compute.Library{Requirements: "/Workspace/Shared/requirements.txt"}, []got{}},
		{"egg", compute.Library{Egg: "/Volumes/x.egg"}, []got{{"libraries.0.egg", "egg_unsupported", Warning}}},
		{"none", compute.Library{}, []got{{"libraries.0", "library_kind", Error}}},
		{"two", compute.Library{Jar: "/Volumes/a.jar", Whl: "/Volumes/a.whl"}, []got{{"libraries.0", "library_kind", Error}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, codes(ValidateLibraries([]compute.Library{c.lib})))
		})
	}
	kind, label := DescribeLibrary(compute.Library{Requirements: "/Workspace/r.txt"})
	assert.Equal(t, "requirements", kind)
	assert.Equal(t, "/Workspace/r.txt", label)
}
