package credentials

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFixSaysWhichWorkspacesKeepWorking(t *testing.T) {
	cases := []struct {
		name, fallback, want string
		err                  error
	}{
		{"the keychain's own hint", "Try again.", "Unlock it. " + HintNoSecretAuth, &UnavailableError{Hint: "Unlock it."}},
		{"the general fix", "Try again.", "Try again. " + HintNoSecretAuth, errors.New("boom")},
		{"said once", "Try. " + HintNoSecretAuth, "Try. " + HintNoSecretAuth, errors.New("boom")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Fix(tc.err, tc.fallback))
		})
	}
}
