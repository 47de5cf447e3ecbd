// Package clusters is the clusters console's backend: listing (streamed page
// by page), live polling with row diffs, the state → allowed-actions table,
// lifecycle actions and readable labels. It talks to Databricks only through
// databricks-sdk-go and knows nothing about Wails.
package clusters

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// ltsReleases are the Databricks Runtime versions published as Long Term
// Support. The spark_version key does not say it, so the list is kept here.
var ltsReleases = map[string]bool{
	"7.3": true, "9.1": true, "10.4": true, "11.3": true, "12.2": true,
	"13.3": true, "14.3": true, "15.4": true, "16.4": true, "17.3": true,
}

// sparkVersionKey matches keys such as "15.4.x-gpu-ml-scala2.12",
// "16.4.x-photon-scala2.12", "17.3.x-scala2.13" and "13.3.x-aarch64-scala2.12".
var sparkVersionKey = regexp.MustCompile(`^(\d+\.\d+)\.x(?:-([a-z0-9-]+?))?-scala(\d+\.\d+)$`)

// RuntimeLabel turns a spark_version key into what the Databricks UI shows,
// e.g. "15.4.x-gpu-ml-scala2.12" → "15.4 LTS ML (GPU, Scala 2.12)". Keys it
// does not recognise (custom images, aliases) are returned unchanged.
func RuntimeLabel(sparkVersion string) string {
	m := sparkVersionKey.FindStringSubmatch(sparkVersion)
	if m == nil {
		return sparkVersion
	}
	version, flavour, scala := m[1], m[2], m[3]
	label := version
	if ltsReleases[version] {
		label += " LTS"
	}
	var extras []string
	for _, part := range strings.Split(flavour, "-") {
		switch part {
		case "ml":
			label += " ML"
		case "photon":
			label += " Photon"
		case "gpu":
			extras = append(extras, "GPU")
		case "aarch64":
			extras = append(extras, "ARM")
		case "", "cpu":
		default:
			extras = append(extras, part)
		}
	}
	extras = append(extras, "Scala "+scala)
	return fmt.Sprintf("%s (%s)", label, strings.Join(extras, ", "))
}

// AccessModeLabel names a data_security_mode the way the Compute UI does.
func AccessModeLabel(mode compute.DataSecurityMode) string {
	switch mode {
	case compute.DataSecurityModeSingleUser, compute.DataSecurityModeDataSecurityModeDedicated:
		return "Dedicated (single user)"
	case compute.DataSecurityModeUserIsolation, compute.DataSecurityModeDataSecurityModeStandard:
		return "Standard (shared)"
	case compute.DataSecurityModeNone:
		return "No isolation shared"
	case compute.DataSecurityModeDataSecurityModeAuto:
		return "Auto"
	case compute.DataSecurityModeLegacySingleUser, compute.DataSecurityModeLegacySingleUserStandard:
		return "Legacy single user"
	case compute.DataSecurityModeLegacyTableAcl:
		return "Legacy table ACL"
	case compute.DataSecurityModeLegacyPassthrough:
		return "Legacy passthrough"
	case "":
		return "Not set"
	}
	return string(mode)
}

// StateLabel is a state in sentence case ("RUNNING" → "Running").
func StateLabel(s compute.State) string {
	if s == "" {
		return "Unknown"
	}
	l := strings.ToLower(string(s))
	return strings.ToUpper(l[:1]) + l[1:]
}

// Transitional reports whether a cluster in state s is on its way somewhere:
// the poller polls fast while any cluster is.
func Transitional(s compute.State) bool {
	switch s {
	case compute.StatePending, compute.StateRestarting, compute.StateResizing, compute.StateTerminating:
		return true
	}
	return false
}
