package demo

import "net/http"

// libraryMessages: library installs the Libraries API refuses.
// The rows are messageSource; TestMessageSources runs them.
func libraryMessages(f *messageFixtures) []messageSource {
	clusterID, rawCase := f.clusterID, f.rawCase
	return []messageSource{
		{name: "maven coordinates", got: rawCase("POST", "/api/2.0/libraries/install",
			`{"cluster_id":"`+clusterID+`","libraries":[{"maven":{"coordinates":"nope"}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Maven coordinates must look like group:artifact:version (is "nope").`,
			guess: true, source: "no public quote found"},
		{name: "library with two kinds", got: rawCase("POST", "/api/2.0/libraries/install",
			`{"cluster_id":"`+clusterID+`","libraries":[{"jar":"dbfs:/a.jar","whl":"dbfs:/a.whl"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Each library must set exactly one of jar, whl, egg, requirements, pypi, maven or cran.",
			guess: true, source: "no public quote found"},
		{name: "library: pypi without a package", got: rawCase("POST", "/api/2.0/libraries/install",
			`{"cluster_id":"`+clusterID+`","libraries":[{"pypi":{}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "pypi.package is required.",
			guess: true, source: "no public quote found"},
	}
}
