package runcmd

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/config"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ErrNoCredentials means no way to reach a workspace was given.
var ErrNoCredentials = errors.New("no workspace given: pass --workspace NAME, --profile NAME, or set DATABRICKS_HOST and DATABRICKS_TOKEN")

// client builds the SDK client the way the Databricks CLI chooses one: a
// Clusterdeck workspace (its secret from the keychain), a ~/.databrickscfg
// profile, or the DATABRICKS_* variables. It returns the Clusterdeck
// workspace's id ("" for a profile or the variables) and which one was
// used, in words without any secret.
func client(ctx context.Context, o options, d Deps) (*workspaceapi.Client, string, string, error) {
	switch {
	case o.workspace != "" && o.profile != "":
		return nil, "", "", fmt.Errorf("%w: give --workspace or --profile, not both", errUsage)
	case o.workspace != "":
		return workspaceClient(ctx, o.workspace, d)
	case o.profile != "":
		cfg := &config.Config{Profile: o.profile, ConfigFile: workspaces.DatabricksCfgPath(d.LookupEnv, d.Home),
			Loaders: []config.Loader{config.ConfigFile}}
		bound(cfg, d.Reach)
		w, err := workspaceapi.NewWithin(ctx, cfg, d.Reach.HostMetadata)
		if err != nil {
			return nil, "", "", fmt.Errorf("profile %q of %s: %w", o.profile, cfg.ConfigFile, err)
		}
		return w, "", fmt.Sprintf("profile %q of %s (%s, %s)", o.profile, cfg.ConfigFile, w.Config.Host, w.Config.AuthType), nil
	}
	host, _ := d.LookupEnv("DATABRICKS_HOST")
	if strings.TrimSpace(host) == "" {
		return nil, "", "", ErrNoCredentials
	}
	// Only the variables: a profile file must not fill in what they lack.
	cfg := &config.Config{Loaders: []config.Loader{envLoader{d.LookupEnv}}}
	bound(cfg, d.Reach)
	w, err := workspaceapi.NewWithin(ctx, cfg, d.Reach.HostMetadata)
	if err != nil {
		return nil, "", "", fmt.Errorf("DATABRICKS_* variables: %w", err)
	}
	return w, "", fmt.Sprintf("DATABRICKS_HOST=%s (%s auth from the environment)", w.Config.Host, w.Config.AuthType), nil
}

// bound sets the command's limits. They win over a profile's
// http_timeout_seconds and retry_timeout_seconds (the SDK's loaders fill
// only unset fields): a profile tuned for another tool must not make the
// command wait minutes on an unreachable host.
func bound(cfg *config.Config, r Reach) {
	cfg.HTTPTimeoutSeconds = wholeSeconds(r.HTTP)
	cfg.RetryTimeoutSeconds = wholeSeconds(r.Retry)
}

// wholeSeconds rounds up: the SDK takes seconds, and 0 means its default.
func wholeSeconds(d time.Duration) int { return int((d + time.Second - 1) / time.Second) }

// envLoader reads the DATABRICKS_* variables through Deps.LookupEnv, so
// tests need not touch the process's environment.
type envLoader struct{ lookup workspaces.LookupEnv }

func (envLoader) Name() string { return "environment" }

func (l envLoader) Configure(c *config.Config) error {
	get := func(k string) string { v, _ := l.lookup(k); return v }
	c.Host, c.Token = get("DATABRICKS_HOST"), get("DATABRICKS_TOKEN")
	c.ClientID, c.ClientSecret = get("DATABRICKS_CLIENT_ID"), get("DATABRICKS_CLIENT_SECRET")
	if c.Token != "" {
		c.AuthType = "pat"
	}
	return nil
}

// workspaceClient opens a saved Clusterdeck workspace by name or id.
func workspaceClient(ctx context.Context, want string, d Deps) (*workspaceapi.Client, string, string, error) {
	if strings.EqualFold(want, workspaces.DemoID) || strings.EqualFold(want, workspaces.DemoName) {
		return nil, "", "", fmt.Errorf("%w: the Demo workspace lives inside the app; run `clusterdeck demo-api` and use the DATABRICKS_HOST and DATABRICKS_TOKEN it prints", errUsage)
	}
	m, err := workspaces.NewManager(workspaces.Deps{Paths: d.Paths, Secrets: d.Secrets, LookupEnv: d.LookupEnv, Home: d.Home,
		Client: workspaces.ClientOptions{HTTPTimeout: d.Reach.HTTP, RetryTimeout: d.Reach.Retry}})
	if m == nil || err != nil {
		return nil, "", "", fmt.Errorf("Clusterdeck workspaces: %w", err)
	}
	p, err := workspaces.Find(m.List(), want)
	if err != nil {
		return nil, "", "", fmt.Errorf("%w: Clusterdeck workspaces: %w", errUsage, err)
	}
	w, err := m.Client(ctx, p.ID)
	if err != nil {
		return nil, "", "", fmt.Errorf("workspace %q: %w", p.Name, err)
	}
	return w, p.ID, fmt.Sprintf("Clusterdeck workspace %q (%s, %s; secret from the keychain)", p.Name, p.Host, p.AuthType), nil
}
