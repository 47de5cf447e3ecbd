package runcmd

import (
	"context"
	"path/filepath"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// applyService is the command's one way to create a cluster, as the app's:
// the spec is checked as the editor checks it, with the user's DBU rate
// table and, for a Clusterdeck workspace, its cached catalog (read only,
// never fetched: with nothing cached, or with --profile or DATABRICKS_*,
// the check is the API's own rules); each step is said on stderr.
func (c *cmd) applyService(w *workspaceapi.Client) *apply.Service {
	snaps := check.CacheSnapshots(catalog.NewCache(filepath.Join(c.d.Paths.Cache, "catalog")))
	checker := check.New(snaps, rates.NewStore(filepath.Join(c.d.Paths.Config, policyeval.RateFileName)))
	clients := func(context.Context, string) (*workspaceapi.Client, error) { return w, nil }
	say := func(ev apply.ProgressEvent) { c.say("%s", ev.Step) }
	return apply.NewService(clients, checker, nil, apply.ScriptBudgets(), say)
}
