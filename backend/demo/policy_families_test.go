package demo

import (
	"testing"

	"github.com/stretchr/testify/assert"

	policylang "github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// The demo's families must be definitions the console's own checker accepts:
// they are what a user starts a policy from.
func TestFamiliesPassTheDefinitionChecker(t *testing.T) {
	for _, f := range policyFamilies {
		for _, p := range policylang.CheckDefinition(f.Definition) {
			assert.NotEqual(t, policylang.SeverityError, p.Severity, "%s: %+v", f.PolicyFamilyId, p)
		}
	}
}
