package demo

import "net/http"

// anyCallMessages: the messages any call can get: a refused token, an unknown endpoint, a body that is not JSON.
// The rows are messageSource; TestMessageSources runs them.
func anyCallMessages(f *messageFixtures) []messageSource {
	rawAs, rawCase := f.rawAs, f.rawCase
	return []messageSource{
		{name: "refused token", got: rawAs("dapi-not-a-token", "GET", "/api/2.1/clusters/list", ""),
			status: http.StatusForbidden, code: "403", msg: "Invalid access token.",
			source: "https://github.com/databricks/databricks-sdk-go/issues/873 (403, `\"error_code\": 403`, `Invalid access token.`)"},
		{name: "unknown endpoint", got: rawCase("GET", "/api/2.0/nothing/here", ""),
			status: http.StatusNotFound, code: "ENDPOINT_NOT_FOUND", msg: "No API found for 'GET /nothing/here'",
			source: "https://github.com/databricks/databricks-agent-skills/issues/259 (`No API found for 'POST /sql/statements/execute'` for /api/2.0/sql/statements/execute; the code is the SDK's ErrNotFound class, not quoted)"},
		{name: "body that is not JSON", got: rawCase("POST", "/api/2.1/clusters/create", "{"),
			status: http.StatusBadRequest, code: "MALFORMED_REQUEST", msg: "Could not parse request object: unexpected end of JSON input",
			guess: true, source: "no public quote found; the parser's own words follow the colon"},
		{name: "expired OAuth token", got: rawAs("eyJhbGciOiJSUzI1NiJ9.e30.x", "GET", "/api/2.1/clusters/list", ""),
			status: http.StatusForbidden, code: "403", msg: "JWT has expired.",
			guess: true, source: "no public quote of these words; the refused-token answer's shape (databricks-sdk-go#873) with an OAuth token's reason. The one public expired-JWT answer found reads otherwise (https://github.com/databricks/terraform-provider-databricks/issues/2522, policies/clusters/create 2023: `Error while parsing token: io.jsonwebtoken.ExpiredJwtException: JWT expired at 2023-03-02T21:43:10Z. Current time: …`), status and code not quoted"},
	}
}
