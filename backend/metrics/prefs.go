package metrics

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
)

// maxPrefsFile bounds the settings file read (a few lines per workspace).
const maxPrefsFile = 1 << 20

// Prefs remembers the SQL warehouse picked and the prices per DBU set per
// workspace, in its own small
// file (the demo workspace's profile is read-only, so not in the profile).
// A workspace with no pick falls back to its profile's default warehouse.
type Prefs struct {
	path string // "" keeps choices in memory only

	mu     sync.Mutex
	loaded bool
	picks  map[string]string
	prices map[string]Prices
}

// prefsFile is the file's shape.
type prefsFile struct {
	Warehouses map[string]string `json:"warehouses"`
	Prices     map[string]Prices `json:"prices"`
}

// NewPrefs keeps the choices at path ("" for memory only).
func NewPrefs(path string) *Prefs {
	return &Prefs{path: path, picks: map[string]string{}, prices: map[string]Prices{}}
}

func (p *Prefs) load() {
	if p.loaded || p.path == "" {
		p.loaded = true
		return
	}
	p.loaded = true
	b, err := boundedfile.ReadFile(p.path, maxPrefsFile, "the metrics settings")
	if err != nil {
		return // none yet, or unreadable: start empty rather than fail the tab
	}
	var f prefsFile
	if json.Unmarshal(b, &f) == nil {
		if f.Warehouses != nil {
			p.picks = f.Warehouses
		}
		if f.Prices != nil {
			p.prices = f.Prices
		}
	}
}

// Warehouse is the pick for a workspace ("" when none).
func (p *Prefs) Warehouse(ws string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.load()
	return p.picks[ws]
}

// SetWarehouse remembers the pick ("" forgets it).
func (p *Prefs) SetWarehouse(ws, id string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.load()
	if id == "" {
		delete(p.picks, ws)
	} else {
		p.picks[ws] = id
	}
	return p.saveLocked()
}

// Prices are the workspace's prices per DBU (zero when none are set).
func (p *Prefs) Prices(ws string) Prices {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.load()
	return p.prices[ws]
}

// SetPrices remembers the workspace's prices per DBU.
func (p *Prefs) SetPrices(ws string, v Prices) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.load()
	p.prices[ws] = v
	return p.saveLocked()
}

func (p *Prefs) saveLocked() error {
	if p.path == "" {
		return nil
	}
	b, _ := json.MarshalIndent(prefsFile{Warehouses: p.picks, Prices: p.prices}, "", "  ")
	if err := atomicfile.Write(p.path, b, 0o600); err != nil {
		return fmt.Errorf("save the metrics settings: %w", err)
	}
	return nil
}
