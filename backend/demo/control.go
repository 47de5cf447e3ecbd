package demo

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// controlPrefix is where the test-only control API lives. The real
// Databricks API has no such path, and the server answers it only when
// Options.Control is set (the bridge's --demo-control, for end-to-end tests).
const controlPrefix = "/__demo/control/"

// controlRequest is the body of every control call; each uses its fields.
type controlRequest struct {
	Seconds float64   `json:"seconds"` // advance
	Scale   *float64  `json:"scale"`   // time-scale
	Fault   FaultRule `json:"fault"`   // fault
	// cluster-error: the cluster and its driver failure (default DRIVER_UNREACHABLE)
	ClusterID string                        `json:"cluster_id"`
	Code      compute.TerminationReasonCode `json:"code"`
	Bytes     int64                         `json:"bytes"` // log-size: older driver log bytes
}

// serveControl answers the control API: advance the virtual clock, change
// its speed, inject or clear faults, cut the workspace off (outage: every
// API connection is reset for `seconds`, 0 meaning until restore), drive a
// running cluster to ERROR (cluster-error). It needs the default
// workspace's admin token, like a real API call.
func (s *Server) serveControl(w http.ResponseWriter, r *http.Request) {
	if !s.opts.Control {
		writeError(w, &apiError{http.StatusNotFound, "ENDPOINT_NOT_FOUND", "No API found for '" + r.Method + " " + r.URL.Path + "'"})
		return
	}
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if subtle.ConstantTimeCompare([]byte(token), []byte(s.Token())) != 1 {
		writeError(w, &apiError{http.StatusUnauthorized, "UNAUTHENTICATED", "Invalid access token."})
		return
	}
	var req controlRequest
	if body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20)); err == nil && len(body) > 0 {
		if err := json.Unmarshal(body, &req); err != nil {
			writeError(w, errBadRequest("control: %v", err))
			return
		}
	}
	switch strings.TrimPrefix(r.URL.Path, controlPrefix) {
	case "advance":
		if s.vclock == nil {
			writeError(w, errBadRequest("control: the clock is not virtual"))
			return
		}
		s.vclock.Advance(time.Duration(req.Seconds * float64(time.Second)))
	case "time-scale":
		if s.vclock == nil || req.Scale == nil {
			writeError(w, errBadRequest("control: need a virtual clock and a scale"))
			return
		}
		s.vclock.SetScale(*req.Scale)
	case "fault":
		s.InjectFault(req.Fault)
	case "clear-faults":
		s.ClearFaults()
	case "outage":
		if req.Seconds < 0 {
			writeError(w, errBadRequest("control: seconds must be ≥ 0"))
			return
		}
		s.SetOutage(true, time.Duration(req.Seconds*float64(time.Second)))
	case "restore":
		s.SetOutage(false, 0)
	case "cluster-error":
		if err := s.FailDriver(s.Token(), req.ClusterID, req.Code); err != nil {
			writeError(w, controlError(err))
			return
		}
	case "log-size":
		if err := s.SetLogPadding(s.Token(), req.ClusterID, req.Bytes); err != nil {
			writeError(w, controlError(err))
			return
		}
	default:
		writeError(w, &apiError{http.StatusNotFound, "ENDPOINT_NOT_FOUND", "unknown control " + r.URL.Path})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"now": s.clock.Now().UTC().Format(time.RFC3339)})
}

// controlError answers a failed control call with the API's error shape.
func controlError(err error) error {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, ErrNotRunning):
		return errInvalidState("control: %v", err)
	}
	return errBadRequest("control: %v", err)
}
