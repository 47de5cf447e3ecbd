package workspaces

import "time"

// The demo workspace is always listed, cannot be edited or deleted, and is
// never written to profiles.json. Its server (URL and token) is started by
// the app at run time and handed over with Demo.
const (
	DemoID   = "demo"
	DemoName = "Demo workspace"
)

// Demo describes the running demo workspace server.
type Demo struct {
	URL   string // loopback URL, e.g. http://127.0.0.1:41234
	Token string // accepted by the demo server; kept in memory only
}

// DemoProfile returns the demo's profile for the given server URL.
func DemoProfile(url string) Profile {
	host, err := NormalizeHost(url)
	if err != nil {
		host = url
	}
	return Profile{
		ID:        DemoID,
		Name:      DemoName,
		Host:      host,
		AuthType:  AuthPAT,
		Label:     "DEMO",
		Color:     "#7c3aed",
		Cloud:     CloudDemo,
		IsDemo:    true,
		CreatedAt: time.Time{},
	}
}
