package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/logs"
	"github.com/clusterdeck/clusterdeck/backend/runs"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// errorRules is ordered and the first match wins: these tests pin that
// order, so a rule moved by accident cannot change what a user reads.

// The whole table, one code per rule, in order. A reorder that is meant
// must update this list, and then check that the errors below still read
// as they should.
var errorRuleOrder = []string{
	// writeRules: adopt's, then workspaces.LostWriteWording
	"OUTCOME_UNKNOWN", "NOT_MADE", "NOT_SENT", "OUTCOME_UNKNOWN",
	// logs
	"LOG_DELIVERY_OFF", "LOG_DESTINATION_UNREADABLE", "LOG_NO_ACCESS", "LOG_GONE", "LOG_BAD_FILE",
	// draftRules: apply's, app's, drafts', app's
	"CREATE_OUTCOME_UNKNOWN", "PLAN_STALE", "CLUSTER_BUSY", "NOT_A_CANDIDATE", "NO_CLUSTER_NAME", "NOT_EDITABLE",
	"DRAFT_HAS_PROBLEMS",
	"DRAFT_CONFLICT", "DRAFT_NEWER_VERSION", "DRAFT_UNREADABLE", "DRAFT_NOT_FOUND", "DRAFT_BAD_ID", "DRAFT_BAD_NAME",
	"NOTHING_TO_IMPORT", "UNREADABLE_INPUT", "BAD_SPEC", "BAD_EXPORT", "NO_TARGET_WORKSPACE", "UNKNOWN_WORKSPACE",
	"DRAFTS_UNAVAILABLE", "DRAFTS_OFFLINE_ONLY",
	"NO_WINDOW",
	// runs
	"DRAFT_UNPARSED", "DRAFT_HAS_PROBLEMS", "NO_CLUSTER", "DUPLICATE_CLUSTER_NAME", "CLUSTER_UNUSABLE",
	// workspaceRules
	"BAD_HOST", "BAD_HOST", "BAD_HOST", "BAD_HOST", "BAD_HOST", "MISSING_SECRET", "MISSING_SECRET", "BAD_CA_FILE",
	"NAME_REQUIRED", "DUPLICATE_NAME", "CLIENT_ID_REQUIRED", "UNKNOWN_AUTH_TYPE", "DEMO_READ_ONLY", "WORKSPACE_NOT_FOUND",
	"SECRET_LEFT_BEHIND", "CFG_NOT_A_FILE", "CFG_UNREADABLE", "CFG_UNREADABLE", "PROFILES_UNREADABLE", "PROFILES_NEWER",
	"PROFILES_READ_ONLY", "BUSY", "NO_DEMO", "UNKNOWN_WORKSPACE", "KEYCHAIN_UNAVAILABLE", "KEYCHAIN_UNAVAILABLE",
	"BAD_HOST", "DNS", "TLS", "TOKEN_INVALID", "UNAUTHORIZED", "FORBIDDEN", "TIMEOUT", "UNREACHABLE", "NOT_A_WORKSPACE",
	"CONNECTION_DROPPED", "GATEWAY_FAILED", "MISSING_SECRET", "LOGIN_REQUIRED", "CLI_NOT_INSTALLED", "CLI_OUTDATED",
	"CLI_NOT_SIGNED_IN", "AZURE_CLI_NOT_INSTALLED", "AZURE_CLI_NOT_SIGNED_IN", "WORKSPACE_ERROR",
	// clusterRules
	"NOT_AVAILABLE", "FOREIGN_ADDRESS", "CLUSTER_NOT_FOUND", "ACTION_IN_PROGRESS", "NAME_MISMATCH", "BAD_SIZE", "BAD_VIEW",
	"NO_RUN_PAGE",
	// editor, rates, check, policyeval, permissions, policies, libraries, metrics
	"EDITOR_UNAVAILABLE", "EDITOR_UNAVAILABLE", "SPEC_HAS_PROBLEMS", "UNKNOWN_POLICY", "NO_SERVER_CHECK", "INVALID_RATES",
	"BAD_PERMISSION_LEVEL", "NO_PRINCIPAL", "NO_OWNER", "BAD_OBJECT_TYPE", "POLICY_INVALID", "POLICY_NOT_FOUND",
	"POLICY_LIBRARY", "NO_WAREHOUSE", "WAREHOUSE_STOPPED", "NO_SYSTEM_TABLE_ACCESS", "NO_BILLING_TABLE_ACCESS",
	"STATEMENT_TIMEOUT", "STATEMENT_FAILED", "BAD_PRICE", "BAD_RANGE", "NO_WAREHOUSE_ID",
	// poolRules, warehouseRules
	"POOL_NOT_FOUND", "INVALID_STATE", "NAME_MISMATCH", "BAD_EXPORT_FORMAT", "BAD_POOL_SPEC",
	"WAREHOUSE_NOT_FOUND", "INVALID_STATE", "NAME_MISMATCH", "BAD_EXPORT_FORMAT", "BAD_HISTORY_FILTER", "BAD_LOAD_RANGE",
	"BAD_WAREHOUSE_SPEC",
}

func TestErrorRulesKeepTheirOrder(t *testing.T) {
	rules := errorRules()
	codes := make([]string, len(rules))
	for i, r := range rules {
		codes[i] = r.Code
	}
	assert.Equal(t, errorRuleOrder, codes, "errorRules changed order; if that is meant, update errorRuleOrder and check TestErrorRulesOverlaps")
}

// Every rule is reached by its own sentinel: a rule placed behind a more
// general one that its sentinel wraps (the Azure CLI host behind "invalid
// workspace host", a changed host's secret behind "no credentials", the
// config file's three levels) would never be read.
func TestErrorRulesNoneShadowed(t *testing.T) {
	f := NewErrorFormatter(errorRules()...)
	for i, r := range errorRules() {
		t.Run(fmt.Sprintf("%d %s", i, r.Code), func(t *testing.T) {
			got := f.UIError(fmt.Errorf("doing it: %w", r.Target))
			assert.Equal(t, r.Code, got.Code)
			assert.Equal(t, r.Message, got.Message)
		})
	}
}

// refusedDial is a real "connection refused" from the network, as a call
// to a workspace that is down gets it.
func refusedDial(t *testing.T) error {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, "http://"+addr+"/api/2.1/clusters/create", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	if resp != nil {
		_ = resp.Body.Close()
	}
	require.Error(t, err)
	require.True(t, workspaces.IsOffline(err), "classified as offline: %v", err)
	return err
}

// Errors that match several rules, built as the code that returns them
// wraps them: each reads as the rule the order puts first. Swapping the
// groups named in a case (tried: workspace rules before the write or draft
// rules, check's first, LostWrite's before adopt's) changes its sentence,
// and this test fails.
func TestErrorRulesOverlaps(t *testing.T) {
	f := NewErrorFormatter(errorRules()...)
	for _, tc := range overlaps(t) {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.message, f.UIError(tc.err).Message, "would read as %s if the rules swapped", tc.before)
		})
	}
}

type overlap struct {
	name    string
	err     error
	message string
	before  string // what it would read as if the order changed
}

func overlaps(t *testing.T) []overlap {
	t.Helper()
	refused := refusedDial(t)
	notSent := func() (bool, bool) { return false, true }
	maybeSent := func() (bool, bool) { return true, true }
	forbidden := sdkError(t, http.StatusForbidden, `{"error_code":"PERMISSION_DENIED","message":"no access to dbfs:/logs"}`)
	missing := sdkError(t, http.StatusNotFound, `{"error_code":"RESOURCE_DOES_NOT_EXIST","message":"No file"}`)
	refusal := fmt.Errorf("%w: %w", check.ErrSpecHasProblems, errors.New("1 problem remains, e.g. num_workers"))

	return []overlap{
		{"a write that never left (writeRules before workspaceRules)",
			workspaces.LostWrite(refused, notSent),
			"Not done: the workspace could not be reached, so nothing was sent.", "UNREACHABLE"},
		{"a write whose answer was lost (writeRules before workspaceRules)",
			workspaces.LostWrite(refused, maybeSent),
			"Not known whether it was done: the request may have reached the workspace, but its answer was lost.", "UNREACHABLE"},
		{"a create looked for and not found (adopt's before LostWrite's)",
			fmt.Errorf("create pool: %w", fmt.Errorf("%w: %w", adopt.ErrNotMade, workspaces.LostWrite(refused, maybeSent))),
			"Not made: the answer was lost, and the workspace shows nothing was made.", "OUTCOME_UNKNOWN"},
		{"a create that could not be looked for (adopt's before LostWrite's)",
			fmt.Errorf("%w: %w", adopt.ErrOutcomeUnknown, errors.Join(workspaces.LostWrite(refused, maybeSent), fmt.Errorf("looking for it: %w", refused))),
			"Not known whether it was made: the answer was lost, and the workspace cannot be asked now.", "OUTCOME_UNKNOWN"},
		// No rule of the table matches the API's own errors, so logs' place
		// in it is free; these pin that they read as logs', not as the API
		// rules that follow the table (NewErrorFormatter).
		{"a log destination refused (logs before the API rules)",
			fmt.Errorf("%w: %s: %w", logs.ErrNoAccess, "dbfs:/logs", forbidden),
			"You have no permission to read the log destination.", "PERMISSION_DENIED (the API rules)"},
		{"a log file gone (logs before the API rules)",
			fmt.Errorf("%w: %s: %w", logs.ErrGone, "dbfs:/logs/driver/stdout", missing),
			"That log file is not there any more.", "RESOURCE_DOES_NOT_EXIST (the API rules)"},
		{"an apply whose create outcome is unknown (draftRules before workspaceRules)",
			fmt.Errorf("%w (request %s): %w", apply.ErrOutcomeUnknown, "r-1", refused),
			"Clusterdeck could not tell whether the cluster was created.", "UNREACHABLE"},
		{"a draft apply the checker refused (draftRules before check's)",
			fmt.Errorf("%w: %w", errPolicyBlocked, fmt.Errorf("%w: %w", apply.ErrRefused, refusal)),
			"The draft does not pass the policy or the API's rules.", "SPEC_HAS_PROBLEMS"},
		{"a run's draft the checker refused (runs before check's)",
			fmt.Errorf("draft %q: %w: %w", "etl", runs.ErrDraftRefused, fmt.Errorf("%w: %w", apply.ErrRefused, refusal)),
			"The draft does not pass its policy or the API's rules, so no cluster is made from it.", "SPEC_HAS_PROBLEMS"},
	}
}
