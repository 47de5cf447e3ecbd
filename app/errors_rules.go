package app

// errorRules is the one ordered table of every kind's rules. The first rule
// whose target matches (errors.Is) wins, so the order matters; the SDK's own
// API error classes follow all of them (NewErrorFormatter).
func errorRules() []ErrorRule {
	var out []ErrorRule
	for _, rules := range [][]ErrorRule{
		writeRules(), // a lost answer of a write wraps the network error behind it
		logsRules(),  // they name the API error they wrap
		draftRules(), // an apply error can wrap the network error behind it
		runRules(),   // a refused draft wraps the checker's own refusal
		// The workspace form names the exact field problem, where the
		// connection kinds of workspaceRules would only say "invalid host";
		// both come before the API rules: a classified connection error
		// also wraps its cause.
		workspaceFormRules(), workspaceRules(),
		clusterRules(), editorRules(), permissionRules(), policyRules(), libraryRules(), metricsRules(),
		poolRules(), warehouseRules(),
	} {
		out = append(out, rules...)
	}
	return out
}
