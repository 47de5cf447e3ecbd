// Package workspaceapi builds the SDK's service clients that Clusterdeck
// uses for one workspace. The SDK's WorkspaceClient builds all of its
// services (about 200 in 40 packages), which links every one of them into the
// binary; building only ours makes the binary 8 MB (a fifth) smaller.
package workspaceapi

import (
	"context"
	"fmt"
	"strconv"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/httpclient"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/files"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/databricks/databricks-sdk-go/service/workspace"
)

// PageRate is the request rate allowed to a page walk (list pages, event
// pages). The SDK's shared limiter (10–15 rps, burst the same) would turn a
// 100-page list into a 7–10 s wait although the walk is sequential: each page
// needs the previous page's token, so the walk cannot go faster than the
// server answers anyway. A walk gets its own limiter instead, so listing
// 10,000 clusters is bounded by latency, and other calls keep theirs.
const PageRate = 100

// Client holds one workspace's service clients, under the names the SDK's
// WorkspaceClient gives them.
type Client struct {
	Config *config.Config
	api    *httpclient.ApiClient
	// http is Config's HTTP settings, read once in New: Config's first
	// authentication (on some goroutine's first call) rewrites fields that
	// reading them later would race with.
	http httpclient.ClientConfig

	// Pages reads the answers decoded outside the SDK's types (leanread:
	// the typed ones are slow to decode): list and event pages, walked
	// under a limiter of its own, and the pools and policies lists.
	Pages *client.DatabricksClient

	Clusters           compute.ClustersInterface
	ClusterPolicies    compute.ClusterPoliciesInterface
	InstancePools      compute.InstancePoolsInterface
	Libraries          compute.LibrariesInterface
	PolicyFamilies     compute.PolicyFamiliesInterface
	Permissions        iam.PermissionsInterface
	CurrentUser        iam.CurrentUserInterface
	Users              iam.UsersInterface
	Groups             iam.GroupsInterface
	ServicePrincipals  iam.ServicePrincipalsInterface
	Jobs               jobs.JobsInterface
	Workspace          workspace.WorkspaceInterface
	Dbfs               files.DbfsInterface
	Files              files.FilesInterface
	StatementExecution sql.StatementExecutionInterface
	Warehouses         sql.WarehousesInterface
	QueryHistory       sql.QueryHistoryInterface

	PolicyComplianceForClusters compute.PolicyComplianceForClustersInterface
}

// New resolves cfg (as the SDK's NewWorkspaceClient does) and builds the
// service clients over one HTTP client.
func New(cfg *config.Config) (*Client, error) {
	if err := cfg.EnsureResolved(); err != nil {
		return nil, err
	}
	hc, err := config.HTTPClientConfigFromConfig(cfg)
	if err != nil {
		return nil, err
	}
	api := httpclient.NewApiClient(hc)
	c, err := client.NewWithClient(cfg, api)
	if err != nil {
		return nil, err
	}
	pageHTTP := hc
	pageHTTP.RateLimitPerSecond = PageRate
	pages, err := client.NewWithClient(cfg, httpclient.NewApiClient(pageHTTP))
	if err != nil {
		return nil, err
	}
	return &Client{
		Config: cfg,
		api:    api,
		http:   hc,
		Pages:  pages,

		Clusters:           compute.NewClusters(c),
		ClusterPolicies:    compute.NewClusterPolicies(c),
		InstancePools:      compute.NewInstancePools(c),
		Libraries:          compute.NewLibraries(c),
		PolicyFamilies:     compute.NewPolicyFamilies(c),
		Permissions:        iam.NewPermissions(c),
		CurrentUser:        iam.NewCurrentUser(c),
		Users:              iam.NewUsers(c),
		Groups:             iam.NewGroups(c),
		ServicePrincipals:  iam.NewServicePrincipals(c),
		Jobs:               jobs.NewJobs(c),
		Workspace:          workspace.NewWorkspace(c),
		Dbfs:               files.NewDbfs(c),
		Files:              files.NewFiles(c),
		StatementExecution: sql.NewStatementExecution(c),
		Warehouses:         sql.NewWarehouses(c),
		QueryHistory:       sql.NewQueryHistory(c),

		PolicyComplianceForClusters: compute.NewPolicyComplianceForClusters(c),
	}, nil
}

// Variant builds a client with the same host, credentials and settings,
// changed by tune (retries, rate limit), for services that need other
// HTTP behaviour than the shared one.
func (w *Client) Variant(tune func(*httpclient.ClientConfig)) (*client.DatabricksClient, error) {
	hc := w.http
	tune(&hc)
	return client.NewWithClient(w.Config, httpclient.NewApiClient(hc))
}

// CurrentWorkspaceID reads the workspace's id from the header the service
// sets on every answer, as the SDK's WorkspaceClient does: one SCIM Me call.
func (w *Client) CurrentWorkspaceID(ctx context.Context) (int64, error) {
	var id string
	opts := []httpclient.DoOption{
		httpclient.WithResponseHeader("X-Databricks-Org-Id", &id),
		httpclient.WithRequestData(map[string]string{"excludedAttributes": "entitlements"}),
	}
	if w.Config.WorkspaceID != "" {
		opts = append(opts, httpclient.WithRequestHeader("X-Databricks-Workspace-Id", w.Config.WorkspaceID))
	}
	if err := w.api.Do(ctx, "GET", "/api/2.0/preview/scim/v2/Me", opts...); err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("workspace id %q: %w", id, err)
	}
	return n, nil
}
