package workspaces

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// AuthType is how Clusterdeck authenticates to a workspace. The values are
// the SDK's auth type names, except AuthOAuthU2M, which is our in-process
// browser login with the token cache in the keychain.
type AuthType string

const (
	AuthPAT           AuthType = "pat"            // personal access token (keychain)
	AuthOAuthU2M      AuthType = "oauth-u2m"      // browser login with PKCE; tokens in the keychain
	AuthOAuthM2M      AuthType = "oauth-m2m"      // service principal client id + secret (keychain)
	AuthDatabricksCLI AuthType = "databricks-cli" // delegates to `databricks auth token`
	AuthAzureCLI      AuthType = "azure-cli"      // delegates to `az account get-access-token`
)

// AuthTypes lists the supported auth types in the order the UI offers them.
var AuthTypes = []AuthType{AuthPAT, AuthOAuthU2M, AuthOAuthM2M, AuthDatabricksCLI, AuthAzureCLI}

// Valid reports whether a is a supported auth type.
func (a AuthType) Valid() bool {
	for _, t := range AuthTypes {
		if a == t {
			return true
		}
	}
	return false
}

// UsesKeychain reports whether the auth type keeps something in the keychain.
// The others keep working when the keychain is unavailable.
func (a AuthType) UsesKeychain() bool {
	return a == AuthPAT || a == AuthOAuthM2M || a == AuthOAuthU2M
}

// Profile is one workspace as stored in profiles.json. It never holds a
// secret: tokens and client secrets live in the keychain under ID.
type Profile struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Host         string   `json:"host"`
	AuthType     AuthType `json:"auth_type"`
	ClientID     string   `json:"client_id,omitempty"`       // oauth-m2m (not a secret)
	AzureTenant  string   `json:"azure_tenant_id,omitempty"` // azure-cli, optional
	Label        string   `json:"label,omitempty"`           // e.g. "PROD"
	Color        string   `json:"color,omitempty"`           // CSS colour for the marker
	IsProduction bool     `json:"is_production"`
	Cloud        Cloud    `json:"cloud"`
	WarehouseID  string   `json:"warehouse_id,omitempty"` // default SQL warehouse (metrics)
	// CAFile is a PEM file of extra certificate authorities to trust (a
	// TLS-inspecting corporate proxy's); "" trusts the system's only.
	CAFile       string    `json:"ca_file,omitempty"`
	ImportedFrom string    `json:"imported_from,omitempty"`
	IsDemo       bool      `json:"is_demo,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
}

// Profile validation errors.
var (
	ErrNameRequired     = errors.New("a display name is required")
	ErrUnknownAuthType  = errors.New("unsupported auth type")
	ErrClientIDRequired = errors.New("OAuth machine-to-machine needs a client id")
	ErrNotFound         = errors.New("workspace not found")
	ErrDemoReadOnly     = errors.New("the demo workspace cannot be changed or deleted")
	ErrDuplicateName    = errors.New("a workspace with this name already exists")
)

// normalize validates p and fills derived fields (normalised host, cloud).
func (p *Profile) normalize() error {
	p.Name = strings.TrimSpace(p.Name)
	if p.Name == "" {
		return ErrNameRequired
	}
	host, err := NormalizeHost(p.Host)
	if err != nil {
		return err
	}
	p.Host = host
	p.Cloud = DetectCloud(host)
	if !p.AuthType.Valid() {
		return fmt.Errorf("%w: %q", ErrUnknownAuthType, p.AuthType)
	}
	p.ClientID = strings.TrimSpace(p.ClientID)
	if p.AuthType == AuthOAuthM2M && p.ClientID == "" {
		return ErrClientIDRequired
	}
	p.Label = strings.TrimSpace(p.Label)
	p.WarehouseID = strings.TrimSpace(p.WarehouseID)
	p.CAFile = strings.TrimSpace(p.CAFile)
	if p.CAFile != "" {
		if _, err := LoadCAFile(p.CAFile); err != nil {
			return err
		}
	}
	return nil
}

// ErrNoSuchWorkspace is wrapped when no saved workspace has a name or id.
var ErrNoSuchWorkspace = errors.New("no such workspace")

// Find picks the profile whose id is want or whose name is want (any
// case), as the command-line tools take a workspace; the error names the
// known ones.
func Find(list []Profile, want string) (Profile, error) {
	names := make([]string, 0, len(list))
	for _, p := range list {
		if p.ID == want || strings.EqualFold(p.Name, want) {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Profile{}, fmt.Errorf("%w named %q; known: %s", ErrNoSuchWorkspace, want, strings.Join(append(names, DemoName), ", "))
}
