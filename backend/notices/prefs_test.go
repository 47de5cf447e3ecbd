package notices

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEveryKindIsOnUntilTurnedOff(t *testing.T) {
	p := NewPrefs(filepath.Join(t.TempDir(), "notifications.json"))
	for _, c := range p.All() {
		assert.Equal(t, Channels{Desktop: true, InApp: true}, c.Channels, c.Kind)
		assert.NotEmpty(t, c.Label)
	}
	assert.Len(t, p.All(), 4)
}

func TestChoicesAreKeptAcrossRestarts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notifications.json")
	p := NewPrefs(path)
	require.NoError(t, p.Set(Ready, Channels{Desktop: false, InApp: true}))
	require.NoError(t, p.Set(Terminated, Channels{}))

	again := NewPrefs(path)
	tests := []struct {
		kind Kind
		want Channels
	}{
		{Ready, Channels{Desktop: false, InApp: true}},
		{StartFailed, Channels{Desktop: true, InApp: true}},
		{Failed, Channels{Desktop: true, InApp: true}},
		{Terminated, Channels{}},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, again.For(tc.kind), tc.kind)
	}

	// Turning a kind back on leaves nothing of it in the file.
	require.NoError(t, again.Set(Terminated, Channels{Desktop: true, InApp: true}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(b), "terminated")
}

func TestUnknownKindIsRefused(t *testing.T) {
	err := NewPrefs("").Set("sometimes", Channels{})
	assert.ErrorIs(t, err, ErrUnknownKind)
}

func TestABadFileLeavesEveryKindOn(t *testing.T) {
	dir := t.TempDir()
	tests := map[string]func(path string){
		"not JSON":   func(path string) { require.NoError(t, os.WriteFile(path, []byte("{off: nope"), 0o600)) },
		"a folder":   func(path string) { require.NoError(t, os.Mkdir(path, 0o700)) },
		"too large":  func(path string) { require.NoError(t, os.WriteFile(path, make([]byte, maxFile+1), 0o600)) },
		"kinds gone": func(path string) { require.NoError(t, os.WriteFile(path, []byte(`{"off":{"old":{}}}`), 0o600)) },
	}
	for name, make := range tests {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			make(path)
			for _, c := range NewPrefs(path).All() {
				assert.Equal(t, Channels{Desktop: true, InApp: true}, c.Channels)
			}
		})
	}
}
