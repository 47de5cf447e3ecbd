package notices

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
)

// ErrUnknownKind is a kind of news this version does not have.
var ErrUnknownKind = errors.New("no such kind of notification")

// maxFile bounds the settings file read (it holds a few lines).
const maxFile = 64 << 10

// Channels says where news of one kind goes.
type Channels struct {
	Desktop bool `json:"desktop"` // a desktop notification, where the platform has them
	InApp   bool `json:"inApp"`   // a notice in the window, with a link to the cluster
}

// Choice is one kind as Settings shows it.
type Choice struct {
	Kind     Kind     `json:"kind"`
	Label    string   `json:"label"`
	About    string   `json:"about"`
	Channels Channels `json:"channels"`
}

// Prefs keeps the user's choices in a small JSON file; every kind goes
// everywhere until the user turns it off.
type Prefs struct {
	path string // "" keeps choices in memory only

	mu     sync.Mutex
	loaded bool
	off    map[Kind]Channels // true = turned off
}

// NewPrefs keeps the choices at path ("" for memory only).
func NewPrefs(path string) *Prefs {
	return &Prefs{path: path, off: map[Kind]Channels{}}
}

// For is where news of kind k goes.
func (p *Prefs) For(k Kind) Channels {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.loadLocked()
	off := p.off[k]
	return Channels{Desktop: !off.Desktop, InApp: !off.InApp}
}

// All lists every kind with where its news goes.
func (p *Prefs) All() []Choice {
	out := make([]Choice, 0, len(kinds))
	for _, d := range kinds {
		out = append(out, Choice{Kind: d.kind, Label: d.label, About: d.about, Channels: p.For(d.kind)})
	}
	return out
}

// Set says where news of kind k goes from now on, and saves it.
func (p *Prefs) Set(k Kind, c Channels) error {
	if !Known(k) {
		return fmt.Errorf("%w: %q", ErrUnknownKind, k)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.loadLocked()
	off := Channels{Desktop: !c.Desktop, InApp: !c.InApp}
	if off == (Channels{}) {
		delete(p.off, k)
	} else {
		p.off[k] = off
	}
	if p.path == "" {
		return nil
	}
	b, err := json.MarshalIndent(file{Off: p.off}, "", "  ")
	if err != nil {
		return fmt.Errorf("save the notification settings: %w", err)
	}
	if err := atomicfile.Write(p.path, b, 0o600); err != nil {
		return fmt.Errorf("save the notification settings: %w", err)
	}
	return nil
}

// file is the settings file's shape: only what was turned off, so kinds
// added later start on.
type file struct {
	Off map[Kind]Channels `json:"off"`
}

// loadLocked reads the file once. A missing or damaged file means every
// kind is on: news is never lost to a bad settings file.
func (p *Prefs) loadLocked() {
	if p.loaded {
		return
	}
	p.loaded = true
	if p.path == "" {
		return
	}
	b, err := boundedfile.ReadFile(p.path, maxFile, "the notification settings")
	if err != nil {
		return
	}
	var f file
	if json.Unmarshal(b, &f) != nil {
		return
	}
	for k, c := range f.Off {
		if Known(k) {
			p.off[k] = c
		}
	}
}
