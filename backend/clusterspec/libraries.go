package clusterspec

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

var (
	// A PyPI requirement: name, optional extras, optional version specifiers
	// (PEP 508 without markers or URLs).
	pypiName    = `[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?`
	pypiVersion = `(?:===|==|!=|~=|>=|<=|>|<)\s*[A-Za-z0-9.*+!_-]+`
	pypiSpec    = regexp.MustCompile(`^` + pypiName + `(?:\s*\[\s*` + pypiName + `(?:\s*,\s*` + pypiName + `)*\s*\])?` +
		`(?:\s*` + pypiVersion + `(?:\s*,\s*` + pypiVersion + `)*)?$`)
	mavenPart = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)
	cranName  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]$`)
	repoURL   = regexp.MustCompile(`^https?://[^\s]+$`)
)

// libraryPrefixes are where JAR, wheel and requirements files may live.
var libraryPrefixes = []string{"/Volumes/", "/Workspace/", "dbfs:/", "s3://", "abfss://", "gs://"}

// DescribeLibrary returns a library's kind and a one-line label.
func DescribeLibrary(l compute.Library) (kind, label string) {
	switch {
	case l.Pypi != nil:
		return "pypi", l.Pypi.Package
	case l.Maven != nil:
		return "maven", l.Maven.Coordinates
	case l.Cran != nil:
		return "cran", l.Cran.Package
	case l.Jar != "":
		return "jar", l.Jar
	case l.Whl != "":
		return "whl", l.Whl
	case l.Requirements != "":
		return "requirements", l.Requirements
	case l.Egg != "":
		return "egg", l.Egg
	}
	return "unknown", ""
}

// ValidateLibraries checks library coordinates and paths; paths are
// libraries.N.<kind>[.field].
func ValidateLibraries(libs []compute.Library) []Violation {
	v := &validator{}
	for i, l := range libs {
		v.library(fmt.Sprintf("libraries.%d", i), l)
	}
	if v.out == nil {
		v.out = []Violation{}
	}
	return v.out
}

func (v *validator) library(base string, l compute.Library) {
	kinds := 0
	for _, set := range []bool{l.Pypi != nil, l.Maven != nil, l.Cran != nil, l.Jar != "", l.Whl != "", l.Requirements != "", l.Egg != ""} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		v.add(Error, base, "library_kind", "A library must be exactly one of PyPI, Maven, CRAN, JAR, wheel or requirements file (has %d).", kinds)
		return
	}
	switch {
	case l.Pypi != nil:
		if !pypiSpec.MatchString(strings.TrimSpace(l.Pypi.Package)) {
			v.add(Error, base+".pypi.package", "pypi_package",
				"PyPI package %q is not a name with an optional version, e.g. pandas or pandas==2.2.2.", l.Pypi.Package)
		}
		v.repo(base+".pypi.repo", l.Pypi.Repo)
	case l.Maven != nil:
		parts := strings.Split(l.Maven.Coordinates, ":")
		ok := len(parts) == 3
		for _, p := range parts {
			ok = ok && mavenPart.MatchString(p)
		}
		if !ok {
			v.add(Error, base+".maven.coordinates", "maven_coordinates",
				"Maven coordinates must be group:artifact:version, e.g. org.jsoup:jsoup:1.7.2 (is %q).", l.Maven.Coordinates)
		}
		v.repo(base+".maven.repo", l.Maven.Repo)
		for j, ex := range l.Maven.Exclusions {
			if len(strings.Split(ex, ":")) != 2 {
				v.add(Error, fmt.Sprintf("%s.maven.exclusions.%d", base, j), "maven_exclusion",
					"A Maven exclusion must be group:artifact, e.g. org.slf4j:slf4j-log4j12 (is %q).", ex)
			}
		}
	case l.Cran != nil:
		if !cranName.MatchString(l.Cran.Package) {
			v.add(Error, base+".cran.package", "cran_package", "CRAN package %q is not a valid package name, e.g. data.table.", l.Cran.Package)
		}
		v.repo(base+".cran.repo", l.Cran.Repo)
	case l.Jar != "":
		v.file(base+".jar", "JAR", l.Jar, ".jar")
	case l.Whl != "":
		v.file(base+".whl", "wheel", l.Whl, ".whl")
	case l.Requirements != "":
		v.file(base+".requirements", "requirements", l.Requirements, ".txt")
	case l.Egg != "":
		v.add(Warning, base+".egg", "egg_unsupported", "Egg libraries are not supported from Databricks Runtime 14.0 on; build a wheel instead.")
	}
}

func (v *validator) repo(path, repo string) {
	if repo != "" && !repoURL.MatchString(repo) {
		v.add(Error, path, "repo_url", "The repository must be an http(s) URL (is %q).", repo)
	}
}

func (v *validator) file(path, what, p, ext string) {
	okPrefix := false
	for _, pre := range libraryPrefixes {
		okPrefix = okPrefix || strings.HasPrefix(p, pre)
	}
	switch {
	case !okPrefix:
		v.add(Error, path, "library_path", "The %s file path must start with one of %s (is %q).", what, strings.Join(libraryPrefixes, ", "), p)
	case !strings.HasSuffix(strings.ToLower(p), ext):
		v.add(Error, path, "library_extension", "A %s file name ends in %s (is %q).", what, ext, p)
	case strings.HasPrefix(p, "dbfs:/"):
		v.add(Warning, path, "library_dbfs", "Libraries on DBFS are deprecated; store the %s file in a volume or the workspace.", what)
	}
}
