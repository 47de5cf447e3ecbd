package clusters

import (
	"fmt"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Explanation is a termination reason in plain words, with the raw code,
// type and parameters kept for the details view.
type Explanation struct {
	Code    string `json:"code"`
	Type    string `json:"type"`
	Summary string `json:"summary"`
	Fix     string `json:"fix,omitempty"`
	// FixStarts: the fix is to start the cluster again (see Advice).
	FixStarts bool              `json:"-"`
	Failure   bool              `json:"failure"` // anything but a normal stop
	Params    map[string]string `json:"params,omitempty"`
}

// reasonText words a reason; startsIt says the fix is to start the cluster
// again, which an ERROR cluster cannot do before it is terminated.
type reasonText struct {
	summary, fix string
	startsIt     bool
}

// reasonTexts covers the codes users meet most; others get a readable form
// of the code and a hint chosen from the reason type.
var reasonTexts = map[compute.TerminationReasonCode]reasonText{
	compute.TerminationReasonCodeUserRequest: {"Terminated by {username}.", "", false},
	compute.TerminationReasonCodeInactivity: {"Stopped automatically after {inactivity_duration_min} minutes without activity.",
		"Start it again when you need it, or raise auto termination in its configuration.", true},
	compute.TerminationReasonCodeJobFinished: {"Its job run finished.", "", false},
	compute.TerminationReasonCodeAzureQuotaExceededException: {"The cloud refused to create the machines: the subscription has no core quota left for this VM family.",
		"Request a quota increase for the VM family in the Azure portal, or pick a node type from another family.", false},
	compute.TerminationReasonCodeCloudProviderResourceStockout: {"The cloud region ran out of machines of this type.",
		"Try again later, or pick another node type or availability zone.", false},
	compute.TerminationReasonCodeSpotInstanceTermination: {"The cloud took back its spot instances.",
		"Start it again, or use on-demand instances for the driver.", true},
	compute.TerminationReasonCodeInitScriptFailure: {"An init script failed while the cluster started.",
		"Check the init script named in the details and its logs, then start the cluster again.", true},
	compute.TerminationReasonCodeDriverUnreachable: {"The Spark driver stopped answering.",
		"Start the cluster again; if it keeps happening, check the driver logs for memory pressure.", true},
	compute.TerminationReasonCodeDriverUnresponsive: {"The Spark driver stopped answering.",
		"Start the cluster again; if it keeps happening, check the driver logs for memory pressure.", true},
	compute.TerminationReasonCodeCommunicationLost: {"The control plane lost contact with the cluster.",
		"Start it again; check the workspace network configuration if it repeats.", true},
	compute.TerminationReasonCodeInstanceUnreachable: {"The cluster's machines could not be reached.",
		"Start it again; check the workspace network configuration if it repeats.", true},
	compute.TerminationReasonCodeCloudProviderLaunchFailure: {"The cloud failed to launch the machines.",
		"Try again; the details name the cloud's error.", false},
	compute.TerminationReasonCodeInstancePoolClusterFailure: {"The instance pool could not provide machines.",
		"Check the pool's capacity and state, or detach the cluster from the pool.", false},
	compute.TerminationReasonCodeInvalidArgument: {"The configuration was rejected as invalid.",
		"Fix the setting named in the details, then start the cluster again.", true},
	compute.TerminationReasonCodeTrialExpired: {"The workspace trial has expired.", "Upgrade the workspace subscription.", false},
	compute.TerminationReasonCodeUnexpectedLaunchFailure: {"The cluster failed to launch for an unexpected reason.",
		"Start it again; contact Databricks support with the details if it repeats.", true},
}

// ExplainTermination turns a termination reason into plain words. Nil gives nil.
func ExplainTermination(r *compute.TerminationReason) *Explanation {
	if r == nil {
		return nil
	}
	e := &Explanation{Code: string(r.Code), Type: string(r.Type), Params: r.Parameters}
	e.Failure = r.Type != "" && r.Type != compute.TerminationReasonTypeSuccess
	if t, ok := reasonTexts[r.Code]; ok {
		e.Summary, e.Fix, e.FixStarts = fill(t.summary, r.Parameters), t.fix, t.startsIt
	} else {
		e.Summary = humanize(string(r.Code)) + "."
		e.Fix, e.FixStarts = fixForType(r.Type)
	}
	if msg := r.Parameters["databricks_error_message"]; msg != "" && !strings.Contains(e.Summary, msg) && e.Failure {
		e.Summary += " " + msg
	}
	return e
}

// fixForType is the hint for a code without its own words; the bool says
// it is to start the cluster again.
func fixForType(t compute.TerminationReasonType) (string, bool) {
	switch t {
	case compute.TerminationReasonTypeClientError:
		return "Check the configuration named in the details, then start the cluster again.", true
	case compute.TerminationReasonTypeCloudFailure:
		return "The cloud provider failed; try again later or pick another node type.", false
	case compute.TerminationReasonTypeServiceFault:
		return "Databricks had a problem; start the cluster again, and contact support if it repeats.", true
	}
	return "", false
}

// fill replaces {name} with the parameter, or "someone"/"some" when absent.
func fill(s string, params map[string]string) string {
	for {
		i := strings.Index(s, "{")
		j := strings.Index(s, "}")
		if i < 0 || j < i {
			return s
		}
		v := params[s[i+1:j]]
		if v == "" {
			v = "someone"
			if strings.Contains(s[i+1:j], "min") {
				v = "some"
			}
		}
		s = s[:i] + v + s[j+1:]
	}
}

// humanize turns "CLOUD_PROVIDER_DISK_LIMIT_EXCEEDED" into "Cloud provider disk limit exceeded".
func humanize(code string) string {
	if code == "" {
		return "Unknown reason"
	}
	s := strings.ToLower(strings.ReplaceAll(code, "_", " "))
	return strings.ToUpper(s[:1]) + s[1:]
}

// eventTexts explain event types for the event log.
var eventTexts = map[compute.EventType]string{
	compute.EventTypeCreating:               "The cluster was created and is starting.",
	compute.EventTypeStarting:               "Somebody started the cluster.",
	compute.EventTypeRestarting:             "Somebody restarted the cluster.",
	compute.EventTypeTerminating:            "The cluster is stopping.",
	compute.EventTypeRunning:                "The cluster is up and accepting work.",
	compute.EventTypeResizing:               "The number of workers is changing.",
	compute.EventTypeUpsizeCompleted:        "New workers joined the cluster.",
	compute.EventTypeEdited:                 "The configuration was edited.",
	compute.EventTypePinned:                 "The cluster was pinned: it stays in the list after termination.",
	compute.EventTypeUnpinned:               "The cluster was unpinned.",
	compute.EventTypeDriverHealthy:          "The Spark driver is healthy.",
	compute.EventTypeDriverNotResponding:    "The Spark driver is not responding (often memory pressure or long garbage collection).",
	compute.EventTypeDriverUnavailable:      "The Spark driver is unavailable.",
	compute.EventTypeInitScriptsStarted:     "Init scripts started running.",
	compute.EventTypeInitScriptsFinished:    "Init scripts finished.",
	compute.EventTypeAddNodesFailed:         "Workers could not be added.",
	compute.EventTypeNodesLost:              "Some workers were lost.",
	compute.EventTypeAutoscalingStatsReport: "Autoscaling statistics were reported.",
	compute.EventTypeSparkException:         "Spark reported an exception.",
	compute.EventTypeDbfsDown:               "DBFS was unavailable.",
	compute.EventTypeMetastoreDown:          "The metastore was unavailable.",
}

// ExplainEventType says what an event type means.
func ExplainEventType(t compute.EventType) string {
	if s, ok := eventTexts[t]; ok {
		return s
	}
	return humanize(string(t)) + "."
}

// EventTypes lists every event type the SDK knows, sorted, for the filter.
func EventTypes() []string {
	var et compute.EventType
	out := make([]string, 0, len(et.Values()))
	for _, v := range et.Values() {
		out = append(out, string(v))
	}
	sort.Strings(out)
	return out
}

// workersPhrase puts describeWorkers' column text in a sentence, counted
// right: "1 worker", "3 workers", "2–8 workers (4 now)", "a single node".
func workersPhrase(column string) string {
	switch column {
	case "Single node":
		return "a single node"
	case "1":
		return "1 worker"
	}
	if i := strings.Index(column, " ("); i >= 0 {
		return column[:i] + " workers" + column[i:]
	}
	return column + " workers"
}

// describeWorkers is the list's workers column: "3", "2–8 (4 now)".
func describeWorkers(d *compute.ClusterDetails) string {
	if a := d.Autoscale; a != nil {
		s := fmt.Sprintf("%d–%d", a.MinWorkers, a.MaxWorkers)
		if d.State == compute.StateRunning || d.State == compute.StateResizing {
			s += fmt.Sprintf(" (%d now)", d.NumWorkers)
		}
		return s
	}
	if d.NumWorkers == 0 {
		return "Single node"
	}
	return fmt.Sprint(d.NumWorkers)
}
