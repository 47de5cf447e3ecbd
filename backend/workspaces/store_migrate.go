package workspaces

import (
	"encoding/json"
	"fmt"
	"time"
)

// versionOf reads schema_version without decoding the rest (0 if absent).
func versionOf(data []byte) int {
	var head struct {
		SchemaVersion int `json:"schema_version"`
	}
	_ = json.Unmarshal(data, &head)
	return head.SchemaVersion
}

// decodeProfiles reads any known schema version and returns current
// profiles, and whether a migration happened.
func decodeProfiles(data []byte, now time.Time) ([]Profile, bool, error) {
	var head struct {
		SchemaVersion *int `json:"schema_version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, false, fmt.Errorf("%w: %w", ErrCorruptFile, err)
	}
	if head.SchemaVersion == nil {
		return nil, false, fmt.Errorf("%w: no schema_version", ErrCorruptFile)
	}
	switch v := *head.SchemaVersion; {
	case v == SchemaVersion:
		var f fileV2
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, false, fmt.Errorf("%w: %w", ErrCorruptFile, err)
		}
		return f.Profiles, false, nil
	case v == 1:
		p, err := migrateV1(data, now)
		return p, true, err
	case v > SchemaVersion:
		return nil, false, fmt.Errorf("%w (version %d, this one reads up to %d)", ErrNewerSchema, v, SchemaVersion)
	default:
		return nil, false, fmt.Errorf("%w: unknown schema_version %d", ErrCorruptFile, v)
	}
}

// fileV1 is the first format: "workspaces" instead of "profiles", short auth
// names, "production"/"colour", no cloud and no timestamps.
type fileV1 struct {
	SchemaVersion int `json:"schema_version"`
	Workspaces    []struct {
		ID         string `json:"id"`
		Name       string `json:"name"`
		Host       string `json:"host"`
		Auth       string `json:"auth"`
		ClientID   string `json:"client_id"`
		Production bool   `json:"production"`
		Colour     string `json:"colour"`
		Label      string `json:"label"`
	} `json:"workspaces"`
}

var v1AuthTypes = map[string]AuthType{
	"token":     AuthPAT,
	"oauth":     AuthOAuthU2M,
	"m2m":       AuthOAuthM2M,
	"cli":       AuthDatabricksCLI,
	"azure-cli": AuthAzureCLI,
}

func migrateV1(data []byte, now time.Time) ([]Profile, error) {
	var f fileV1
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorruptFile, err)
	}
	out := make([]Profile, 0, len(f.Workspaces))
	for _, w := range f.Workspaces {
		p := Profile{
			ID:           w.ID,
			Name:         w.Name,
			Host:         w.Host,
			AuthType:     v1AuthTypes[w.Auth],
			ClientID:     w.ClientID,
			Label:        w.Label,
			Color:        w.Colour,
			IsProduction: w.Production,
			CreatedAt:    now.UTC(),
			UpdatedAt:    now.UTC(),
		}
		if p.ID == "" {
			p.ID = NewID()
		}
		if p.AuthType == "" {
			p.AuthType = AuthDatabricksCLI // v1 default: delegate to the CLI
		}
		if err := p.normalize(); err != nil {
			return nil, fmt.Errorf("%w: workspace %q: %w", ErrCorruptFile, w.Name, err)
		}
		out = append(out, p)
	}
	return out, nil
}
