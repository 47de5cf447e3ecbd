package demo

import "net/http"

// controlMessages: what the demo's own control API (test-only, Options.Control)
// refuses; it has no service counterpart, so every row is a guess.
// The rows are messageSource; TestMessageSources runs them.
func controlMessages(f *messageFixtures) []messageSource {
	rawAs, rawCase := f.rawAs, f.rawCase
	return []messageSource{
		{name: "control: a token that is not the admin's", got: rawAs("dapi-not-a-token", "POST", controlPrefix+"advance", `{"seconds":1}`),
			status: http.StatusUnauthorized, code: "UNAUTHENTICATED", msg: "Invalid access token.",
			guess: true, source: "the demo's own endpoint; the words are the service's refused-token words (databricks-sdk-go#873), the status and code are not"},
		{name: "control: a body that is not JSON", got: rawCase("POST", controlPrefix+"advance", "{"),
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: unexpected end of JSON input",
			guess: true, source: "the demo's own endpoint"},
		{name: "control: unknown control", got: rawCase("POST", controlPrefix+"nothing", ""),
			status: http.StatusNotFound, code: "ENDPOINT_NOT_FOUND", msg: "unknown control " + controlPrefix + "nothing",
			guess: true, source: "the demo's own endpoint; only the code follows the service's unknown-endpoint answer"},
	}
}
