package app

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/clusterdeck/clusterdeck/backend/policies"
)

func TestPoliciesFacadeIsBoundAndExplainsItsErrors(t *testing.T) {
	a := New(Deps{})
	assert.Contains(t, a.Bindings(), any(a.Policies))
	_, err := a.Policies.List("w")
	assert.ErrorIs(t, err, errNotWired)
	ui := a.errors.UIError(policies.ErrInvalidForm)
	assert.Equal(t, "POLICY_INVALID", ui.Code)
}
