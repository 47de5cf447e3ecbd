package app

import (
	"log/slog"
	"sync"
)

// AppInfo describes the running build for the About box and the page.
type AppInfo struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	Platform  string `json:"platform"`
	Transport string `json:"transport"`
}

// Shell is the facade for the app frame itself.
type Shell struct {
	info      AppInfo
	log       *slog.Logger
	readyOnce sync.Once
	marks     sync.Map // page marks already logged
}

// Info returns what the About box shows.
func (s *Shell) Info() (AppInfo, error) {
	return s.info, nil
}

// Ready is called by the page once the shell has rendered. It is logged once
// so the desktop smoke test (and a user reading logs) can see the page booted.
func (s *Shell) Ready() error {
	s.readyOnce.Do(func() { s.log.Info("shell ready") })
	return nil
}

// pageMarks are the moments the page may log (once each): `make bench`
// reads them from the desktop app's log to time its start, and the desktop
// smoke test whether the Metrics tab drew its first chart (or said it could not).
var pageMarks = map[string]bool{
	"clusters:first-rows-painted": true, "clusters:all-rows-painted": true,
	"metrics:chart-drawn": true, "metrics:chart-failed": true,
}

// Mark logs that the page reached a moment, once per name, by the page's
// own clock in ms since the epoch: the bench reads at_unix_ms, not when the
// line came, so a start is timed to the frame painted, as the yardstick app's
// is (build/bench/hello). Unknown names are ignored.
func (s *Shell) Mark(name string, atUnixMs float64) error {
	if !pageMarks[name] {
		return nil
	}
	if _, seen := s.marks.LoadOrStore(name, true); !seen {
		s.log.Info("page mark", "name", name, "at_unix_ms", int64(atUnixMs))
	}
	return nil
}
