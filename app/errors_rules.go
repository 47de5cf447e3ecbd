package app

import (
	"slices"

	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/editor"
	"github.com/clusterdeck/clusterdeck/backend/libraries"
	"github.com/clusterdeck/clusterdeck/backend/logs"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/permissions"
	"github.com/clusterdeck/clusterdeck/backend/policies"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/runs"
)

// errorRules is the one ordered table of every kind's rules: each backend
// package words its own sentinels (its wording.go), app words its own
// (errors_<kind>.go). The first rule whose target matches (errors.Is) wins,
// so the order matters; the SDK's own API error classes follow all of them
// (NewErrorFormatter).
func errorRules() []ErrorRule {
	return slices.Concat(
		writeRules(),        // a lost answer of a write wraps the network error behind it
		logs.ErrorWording(), // they name the API error they wrap
		draftRules(),        // an apply error can wrap the network error behind it
		runs.ErrorWording(), // a refused draft wraps the checker's own refusal
		workspaceRules(),    // before the API rules: a classified connection error also wraps its cause
		clusterRules(),
		editor.ErrorWording(), rates.ErrorWording(), check.ErrorWording(), policyeval.ErrorWording(),
		permissions.ErrorWording(), policies.ErrorWording(), libraries.ErrorWording(), metrics.ErrorWording(),
		poolRules(), warehouseRules(),
	)
}
