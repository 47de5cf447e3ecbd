package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
)

// memory is the small file that remembers the active workspace, so the app
// opens where the user left it. It holds an id only, never a secret.
type memory struct{ path string }

type memoryFile struct {
	SchemaVersion int    `json:"schema_version"`
	Active        string `json:"active_workspace"`
}

const memoryVersion = 1

func (m *memory) load() (string, error) {
	data, err := boundedfile.ReadFile(m.path, boundedfile.ConfigLimit, "the last-used workspace")
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read %s: %w", m.path, err)
	}
	var f memoryFile
	if err := json.Unmarshal(data, &f); err != nil || f.SchemaVersion != memoryVersion {
		// A damaged or foreign file only costs the user one click.
		return "", fmt.Errorf("ignore %s: unknown format", m.path)
	}
	return f.Active, nil
}

func (m *memory) save(id string) error {
	data, err := json.Marshal(memoryFile{SchemaVersion: memoryVersion, Active: id})
	if err != nil {
		return fmt.Errorf("encode session state: %w", err)
	}
	if err := atomicfile.Write(m.path, data, 0o600); err != nil {
		return fmt.Errorf("save session state: %w", err)
	}
	return nil
}
