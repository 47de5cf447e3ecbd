package workspaces

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"gopkg.in/ini.v1"
)

// DatabricksCfgPath returns the .databrickscfg location the Manager reads.
func (m *Manager) DatabricksCfgPath() string { return m.cfgPath }

// ListDatabricksCfg lists the profiles of .databrickscfg for import.
func (m *Manager) ListDatabricksCfg() (CfgFile, error) {
	return ReadDatabricksCfg(m.cfgPath, m.lookup)
}

// ImportDatabricksCfg imports the named profiles of .databrickscfg. Tokens
// and client secrets move to the keychain; the profiles file never sees
// them. Each profile is imported or not on its own: the returned error joins
// the failures (each naming its profile), the slice holds the successes.
func (m *Manager) ImportDatabricksCfg(ctx context.Context, names []string) ([]Profile, error) {
	listing, err := m.ListDatabricksCfg()
	if err != nil {
		return nil, err
	}
	if !listing.Exists {
		return nil, fmt.Errorf("no Databricks config file at %s", m.cfgPath)
	}
	f, _, err := loadCfg(m.cfgPath)
	if err != nil {
		return nil, err
	}
	var (
		imported []Profile
		errs     []error
	)
	for _, name := range names {
		idx := slices.IndexFunc(listing.Profiles, func(p CfgProfile) bool { return p.Name == name })
		if idx < 0 {
			errs = append(errs, fmt.Errorf("profile %q: %w", name, ErrNotFound))
			continue
		}
		p, err := m.importOne(ctx, listing.Profiles[idx], f.Section(name))
		if err != nil {
			errs = append(errs, fmt.Errorf("profile %q: %w", name, err))
			continue
		}
		imported = append(imported, p)
	}
	return imported, errors.Join(errs...)
}

// ImportOutcome is what importing one named profile did.
type ImportOutcome struct {
	Name     string
	Imported []Profile // the workspace made from it (none when Err is set)
	Err      error     // why it was not imported
}

// ImportEach imports the named profiles one by one, in order, so each
// failure stays with its profile; a profile that fails does not stop the rest.
func (m *Manager) ImportEach(ctx context.Context, names []string) []ImportOutcome {
	out := make([]ImportOutcome, 0, len(names))
	for _, name := range names {
		got, err := m.ImportDatabricksCfg(ctx, []string{name})
		out = append(out, ImportOutcome{Name: name, Imported: got, Err: err})
	}
	return out
}

func (m *Manager) importOne(ctx context.Context, cp CfgProfile, sec *ini.Section) (Profile, error) {
	if cp.ImportAs == "" {
		return Profile{}, &ProfileNotImportableError{Profile: cp.Name, Problem: cp.Problem, Fix: cp.Fix}
	}
	keys := sec.KeysHash()
	name := cp.Name
	if name == ini.DefaultSection {
		name = "Default"
	}
	for i := 2; m.store.nameInUse(name); i++ {
		name = fmt.Sprintf("%s (%d)", cp.Name, i)
	}
	p := Profile{
		Name:         name,
		Host:         cp.Host,
		AuthType:     cp.ImportAs,
		ClientID:     keys["client_id"],
		AzureTenant:  keys["azure_tenant_id"],
		WarehouseID:  keys["warehouse_id"],
		ImportedFrom: fmt.Sprintf("%s [%s]", m.cfgPath, cp.Name),
	}
	in := SecretInput{Token: keys["token"], ClientSecret: keys["client_secret"]}
	return m.Create(ctx, p, in)
}
