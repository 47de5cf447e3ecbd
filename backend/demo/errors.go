// The demo answers errors in the real service's words where those are
// quoted in public; backend/demo/messages_<area>_test.go pin each wording
// with its source, or mark it a guess (TestMessageSources in
// messages_sources_test.go runs them). A new or changed message gets a row
// in its area's file.

package demo

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// apiError is an error answered to the client as Databricks does:
// {"error_code": "...", "message": "..."} with an HTTP status. The SDK maps the
// pair to its sentinel errors (ErrInvalidParameterValue, ErrResourceDoesNotExist, ...).
type apiError struct {
	Status  int
	Code    string
	Message string
}

func (e *apiError) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

func errInvalidParam(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, "INVALID_PARAMETER_VALUE", fmt.Sprintf(format, args...)}
}

func errMalformed(err error) error {
	return &apiError{http.StatusBadRequest, "MALFORMED_REQUEST", fmt.Sprintf("Could not parse request object: %v", err)}
}

func errInvalidState(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, "INVALID_STATE", fmt.Sprintf(format, args...)}
}

func errNotFound(format string, args ...any) error {
	return &apiError{http.StatusNotFound, "RESOURCE_DOES_NOT_EXIST", fmt.Sprintf(format, args...)}
}

func errPermission(format string, args ...any) error {
	return &apiError{http.StatusForbidden, "PERMISSION_DENIED", fmt.Sprintf(format, args...)}
}

func errAlreadyExists(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, "RESOURCE_ALREADY_EXISTS", fmt.Sprintf(format, args...)}
}

func errBadRequest(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, "BAD_REQUEST", fmt.Sprintf(format, args...)}
}

// errClusterMissing is the answer the real service gives for an unknown
// cluster id: a 400 whose message the SDK recognises on clusters/get and turns
// into ErrResourceDoesNotExist.
func errClusterMissing(id string) error {
	return errInvalidParam("Cluster %s does not exist", id)
}

type errorBody struct {
	ErrorCode string `json:"error_code"`
	Message   string `json:"message"`
}

func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{http.StatusInternalServerError, "INTERNAL_ERROR", err.Error()}
	}
	writeJSON(w, ae.Status, errorBody{ErrorCode: ae.Code, Message: ae.Message})
}

// writeInvalidToken answers a request whose token the workspace does not
// accept as a real workspace does: 403 with a numeric error_code and the
// reason in a header (not 401 UNAUTHENTICATED). A JWT (an OAuth access
// token) is said to have expired.
func writeInvalidToken(w http.ResponseWriter, token string) {
	msg := "Invalid access token."
	if strings.HasPrefix(token, "eyJ") {
		msg = "JWT has expired."
	}
	w.Header().Set("X-Databricks-Reason-Phrase", msg)
	writeJSON(w, http.StatusForbidden, map[string]any{"error_code": http.StatusForbidden, "message": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body, _ = json.Marshal(errorBody{ErrorCode: "INTERNAL_ERROR", Message: fmt.Sprintf("encoding response: %v", err)})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
