package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Refresh fetches every section with w and saves the result. A section that
// fails keeps its previous data and records the (classified) error; the
// returned error joins the failures and matches the workspaces.Err* kinds
// (workspaces.IsOffline tells "cannot reach" apart).
func (c *Cache) Refresh(ctx context.Context, id string, w *workspaceapi.Client, now func() time.Time) (Snapshot, error) {
	if now == nil {
		now = time.Now
	}
	s, err := c.Load(id)
	if err != nil && !errors.Is(err, ErrNotCached) {
		return Snapshot{}, err
	}
	var (
		errs    []error
		offline error
	)
	// step runs one fetch unless the workspace already proved unreachable
	// (each call would otherwise wait for its own timeout). A section's
	// error names its own endpoint, never the one that failed first.
	step := func(name, endpoint string, fetch func() error) string {
		if offline != nil {
			return sectionError("not read", offline, endpoint)
		}
		err := fetch()
		if err == nil {
			return ""
		}
		err = workspaces.ClassifyError(err)
		errs = append(errs, fmt.Errorf("%s: %w", name, err))
		if workspaces.IsOffline(err) {
			offline = err
		}
		return sectionError("", err, endpoint)
	}

	s.NodeTypes.Error = step("node types", "GET /api/2.1/clusters/list-node-types", func() error {
		resp, err := w.Clusters.ListNodeTypes(ctx)
		if err == nil {
			s.NodeTypes = Section[[]compute.NodeType]{Items: resp.NodeTypes, FetchedAt: now().UTC()}
		}
		return err
	})
	s.SparkVersions.Error = step("Spark versions", "GET /api/2.1/clusters/spark-versions", func() error {
		resp, err := w.Clusters.SparkVersions(ctx)
		if err == nil {
			s.SparkVersions = Section[[]compute.SparkVersion]{Items: resp.Versions, FetchedAt: now().UTC()}
		}
		return err
	})
	s.Policies.Error = step("policies", "GET /api/2.0/policies/clusters/list", func() error {
		items, err := leanread.Policies(ctx, w.Pages, compute.ListClusterPoliciesRequest{})
		if err == nil {
			s.Policies = Section[[]compute.Policy]{Items: items, FetchedAt: now().UTC()}
		}
		return err
	})
	s.Pools.Error = step("pools", "GET /api/2.0/instance-pools/list", func() error {
		items, err := leanread.Pools(ctx, w.Pages)
		if err == nil {
			s.Pools = Section[[]compute.InstancePoolAndStats]{Items: items, FetchedAt: now().UTC()}
		}
		return err
	})
	// Optional: a user without SQL access (or a workspace without the
	// API) has a catalog all the same; only the section says why not.
	n := len(errs)
	s.Warehouses.Error = step("SQL warehouses", "GET /api/2.0/sql/warehouses", func() error {
		items, err := leanread.Warehouses(ctx, w.Pages)
		if err == nil {
			s.Warehouses = Section[[]sql.EndpointInfo]{Items: items, FetchedAt: now().UTC()}
		}
		return err
	})
	if offline == nil {
		errs = errs[:n]
	}
	s.CurrentUser.Error = step("current user", "GET /api/2.0/preview/scim/v2/Me", func() error {
		u, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
		if err == nil {
			s.CurrentUser = Section[*iam.User]{Items: u, FetchedAt: now().UTC()}
		}
		return err
	})
	if err := c.Save(s); err != nil {
		errs = append(errs, err)
	}
	return s, errors.Join(errs...)
}

// sectionError is what a section records of a failed read: the kind in
// words and the section's own endpoint ("the workspace cannot be reached
// (GET /api/2.1/clusters/spark-versions)"); an answer the workspace gave
// but we have no kind for keeps its own text. prefix says it was skipped.
func sectionError(prefix string, err error, endpoint string) string {
	text := err.Error()
	var ce *workspaces.ConnectionError
	if errors.As(err, &ce) && !errors.Is(ce.Kind, workspaces.ErrUnexpected) {
		text = ce.Kind.Error()
	}
	if prefix != "" {
		text = prefix + ": " + text
	}
	return text + " (" + endpoint + ")"
}
