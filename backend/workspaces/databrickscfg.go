package workspaces

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/databricks/databricks-sdk-go/config"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"gopkg.in/ini.v1"
)

// LookupEnv is os.LookupEnv, injected so tests control the environment.
type LookupEnv func(string) (string, bool)

// Env variables of the Databricks config-file convention.
const (
	EnvConfigFile    = "DATABRICKS_CONFIG_FILE"
	EnvConfigProfile = "DATABRICKS_CONFIG_PROFILE"
)

// ErrCfgUnreadable reports a .databrickscfg that exists but cannot be parsed.
// The parser's message is not included: it can quote a line holding a token.
var ErrCfgUnreadable = errors.New("the Databricks config file cannot be parsed")

// ErrCfgProfileNotImportable reports a profile Clusterdeck cannot import as
// it is; ProfileNotImportableError says why and what to change.
var ErrCfgProfileNotImportable = errors.New("the profile cannot be imported")

// ProfileNotImportableError is one profile that cannot be imported.
type ProfileNotImportableError struct {
	Profile, Problem, Fix string
}

func (e *ProfileNotImportableError) Error() string {
	return fmt.Sprintf("it cannot be imported: %s; %s", e.Problem, e.Fix)
}

// Is lets errors.Is(err, ErrCfgProfileNotImportable) match.
func (e *ProfileNotImportableError) Is(target error) bool {
	return target == ErrCfgProfileNotImportable
}

// ErrCfgNotAFile reports a .databrickscfg path that is a device, FIFO or
// folder (or a link to one), or a file too large to be a config file.
var ErrCfgNotAFile = fmt.Errorf("%w: it is not a config file", errCfgAccessBase)

// ErrCfgAccess reports a .databrickscfg path that cannot be opened as a file
// (no permission, a directory). It also matches ErrCfgUnreadable.
var ErrCfgAccess = errCfgAccessBase

var errCfgAccessBase = fmt.Errorf("%w: it cannot be opened", ErrCfgUnreadable)

// DatabricksCfgPath returns DATABRICKS_CONFIG_FILE (with ~ expanded) or
// home/.databrickscfg.
func DatabricksCfgPath(lookup LookupEnv, home string) string {
	if v, ok := lookup(EnvConfigFile); ok && strings.TrimSpace(v) != "" {
		v = strings.TrimSpace(v)
		if v == "~" || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, `~\`) {
			v = filepath.Join(home, v[1:])
		}
		return v
	}
	return filepath.Join(home, ".databrickscfg")
}

// EnvOverride is a DATABRICKS_* (or ARM_*, GOOGLE_*) variable that is set
// and that the Databricks CLI and SDKs would use instead of, or on top of,
// the profile's value. Only the variable's name is reported, never its value.
type EnvOverride struct {
	Var            string `json:"var"`
	Key            string `json:"key"`            // config key it sets, e.g. "host"
	ProfileSetsKey bool   `json:"profileSetsKey"` // true: it replaces the profile's own value
}

// CfgProfile is one profile of .databrickscfg as listed for import. It holds
// no secret: only which keys hold one.
type CfgProfile struct {
	Name         string        `json:"name"`
	Host         string        `json:"host"`
	AuthType     string        `json:"authType"`           // explicit auth_type, or inferred from the keys
	ImportAs     AuthType      `json:"importAs,omitempty"` // "" when Clusterdeck cannot import it
	Problem      string        `json:"problem,omitempty"`  // why it cannot be imported
	Fix          string        `json:"fix,omitempty"`      // what to change in the file so it can be
	SecretKeys   []string      `json:"secretKeys"`         // moved to the keychain on import
	EnvOverrides []EnvOverride `json:"envOverrides"`
}

// CfgFile is the listing of a .databrickscfg.
type CfgFile struct {
	Path           string       `json:"path"`
	Exists         bool         `json:"exists"`
	Profiles       []CfgProfile `json:"profiles"`
	ProfileFromEnv string       `json:"profileFromEnv,omitempty"` // DATABRICKS_CONFIG_PROFILE
}

// loadCfg reads the file (capped, only a regular file: a link to /dev/zero
// or a FIFO must not take the app down) and parses it with the options the
// SDK's config.LoadFile uses.
func loadCfg(path string) (*ini.File, []byte, error) {
	data, err := boundedfile.ReadFile(path, boundedfile.ConfigLimit, "the Databricks config file")
	if err == nil {
		data, err = boundedfile.Text(data, path)
	}
	switch {
	case errors.Is(err, boundedfile.ErrTooLarge), errors.Is(err, boundedfile.ErrNotRegular):
		return nil, nil, fmt.Errorf("%w: %w", ErrCfgNotAFile, err)
	case errors.Is(err, boundedfile.ErrNotUTF8):
		return nil, nil, fmt.Errorf("%w: %w", ErrCfgUnreadable, err)
	case err != nil:
		// These errors name the path and the reason, never content.
		return nil, nil, fmt.Errorf("%w: %w", ErrCfgAccess, err)
	}
	// Passwords may contain '#': like the SDK, a comment needs a space first.
	f, err := ini.LoadSources(ini.LoadOptions{SpaceBeforeInlineComment: true}, data)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %s", ErrCfgUnreadable, path)
	}
	return f, data, nil
}

// ReadDatabricksCfg lists the profiles of the file at path. A missing file
// is not an error (Exists is false).
func ReadDatabricksCfg(path string, lookup LookupEnv) (CfgFile, error) {
	out := CfgFile{Path: path, Profiles: []CfgProfile{}}
	if v, ok := lookup(EnvConfigProfile); ok {
		out.ProfileFromEnv = v
	}
	f, data, err := loadCfg(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	out.Exists = true
	dups := duplicateSections(data)
	for _, sec := range f.Sections() {
		keys := sec.KeysHash()
		if sec.Name() == ini.DefaultSection && keys["host"] == "" {
			continue
		}
		p := describeCfgProfile(sec.Name(), keys, lookup)
		if n := dups[sec.Name()]; n > 1 {
			// The parser merges repeated sections key by key: the result can
			// pair one workspace's token with another's host.
			p.ImportAs, p.Problem = "", fmt.Sprintf("[%s] appears %d times in the file", sec.Name(), n)
			p.Fix = "keep one of them and import again"
		}
		out.Profiles = append(out.Profiles, p)
	}
	return out, nil
}

// duplicateSections counts the section headers that appear more than once.
func duplicateSections(data []byte) map[string]int {
	count := map[string]int{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			count[strings.TrimSpace(line[1:len(line)-1])]++
		}
	}
	return count
}

func describeCfgProfile(name string, keys map[string]string, lookup LookupEnv) CfgProfile {
	p := CfgProfile{Name: name, Host: keys["host"], SecretKeys: []string{}, EnvOverrides: []EnvOverride{}}
	for _, attr := range config.ConfigAttributes {
		if attr.Sensitive && keys[attr.Name] != "" {
			p.SecretKeys = append(p.SecretKeys, attr.Name)
		}
		if attr.Name == "profile" || attr.Name == "config_file" {
			continue
		}
		for _, env := range attr.EnvVars {
			if v, ok := lookup(env); ok && v != "" {
				p.EnvOverrides = append(p.EnvOverrides, EnvOverride{Var: env, Key: attr.Name, ProfileSetsKey: keys[attr.Name] != ""})
			}
		}
	}
	slices.SortFunc(p.EnvOverrides, func(a, b EnvOverride) int { return strings.Compare(a.Var, b.Var) })
	p.AuthType = keys["auth_type"]
	if p.AuthType == "" {
		p.AuthType = inferAuthType(keys)
	}
	p.ImportAs, p.Problem, p.Fix = importability(p, keys)
	return p
}

// inferAuthType mirrors the SDK's default chain order for the keys present.
func inferAuthType(k map[string]string) string {
	switch {
	case k["token"] != "":
		return "pat"
	case k["username"] != "" && k["password"] != "":
		return "basic"
	case k["client_id"] != "" && k["client_secret"] != "":
		return "oauth-m2m"
	case k["azure_client_secret"] != "":
		return "azure-client-secret"
	case k["azure_use_msi"] != "":
		return "azure-msi"
	case k["google_service_account"] != "" || k["google_credentials"] != "":
		return "google"
	case k["azure_workspace_resource_id"] != "" || strings.Contains(k["host"], "azuredatabricks.net"):
		return "databricks-cli" // tried before azure-cli in the SDK chain
	default:
		return "databricks-cli"
	}
}

func importability(p CfgProfile, k map[string]string) (AuthType, string, string) {
	if p.Host == "" {
		return "", "no host", "add a host = https://… line for the workspace's URL"
	}
	if _, err := NormalizeHost(p.Host); err != nil {
		return "", "invalid host: " + err.Error(), "set host to the workspace's URL, e.g. https://adb-123.4.azuredatabricks.net"
	}
	if host, _ := NormalizeHost(p.Host); strings.HasPrefix(host, "https://accounts.") || strings.HasPrefix(host, "https://accounts-dod.") {
		return "", "account-level profile (Clusterdeck manages workspaces)", "import a profile whose host is a workspace URL instead"
	}
	switch p.AuthType {
	case "pat":
		if k["token"] == "" {
			return "", "auth_type is pat but no token is set", "add a token = … line with a personal access token"
		}
		return AuthPAT, "", ""
	case "oauth-m2m":
		if k["client_id"] == "" || k["client_secret"] == "" {
			return "", "oauth-m2m needs client_id and client_secret", "add the service principal's client_id and client_secret"
		}
		return AuthOAuthM2M, "", ""
	case "databricks-cli", "external-browser", "u2m":
		return AuthDatabricksCLI, "", ""
	case "azure-cli":
		return AuthAzureCLI, "", ""
	}
	return "", fmt.Sprintf("auth type %q is not supported by Clusterdeck", p.AuthType),
		"use a token (pat), a service principal (oauth-m2m), the Databricks CLI or the Azure CLI, or add the workspace by hand"
}
