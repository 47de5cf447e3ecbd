// Package workspaces holds the workspace profiles (stored as JSON under the
// XDG config dir, never with a secret), their secrets in the keychain, the
// ~/.databrickscfg import, and the lazily built Databricks SDK clients.
package workspaces

import (
	"path/filepath"

	"github.com/adrg/xdg"
)

// AppDir is the directory name used under each XDG base directory.
const AppDir = "clusterdeck"

// Paths are the directories the backend writes to. Build them once with
// DefaultPaths and pass them down; tests use temporary directories.
type Paths struct {
	Config string // profiles.json
	Cache  string // catalog caches (safe to delete)
	Data   string // reserved for durable app data
}

// DefaultPaths returns the platform directories (XDG on Linux, the macOS and
// Windows equivalents elsewhere) with AppDir appended. It re-reads the
// environment, so XDG_* changes made before the call are honoured.
func DefaultPaths() Paths {
	xdg.Reload()
	return Paths{
		Config: filepath.Join(xdg.ConfigHome, AppDir),
		Cache:  filepath.Join(xdg.CacheHome, AppDir),
		Data:   filepath.Join(xdg.DataHome, AppDir),
	}
}

// ProfilesFile is the location of the profiles JSON file.
func (p Paths) ProfilesFile() string { return filepath.Join(p.Config, "profiles.json") }
