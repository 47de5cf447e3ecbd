package clusters

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/httpclient"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ClientSource gives the SDK client of a workspace (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// ListRetryBudget is how long one page call keeps retrying 429/503 answers
// inside the SDK. The workspace client's budget (a minute) suits one-off
// calls; a poller that waited that long would show "Refreshing…" for a
// minute instead of saying the list is stale and backing off itself.
const ListRetryBudget = 5 * time.Second

// clientSet caches, per SDK workspace client, a second API client over the
// same config (same auth) whose only differences are the page-walk limiter
// and the retry budget.
type clientSet struct {
	src   ClientSource
	retry time.Duration
	mu    sync.Mutex
	// Keyed by the workspace client: when the workspaces package rebuilds a
	// client (profile or secret changed), a new walker follows.
	walkers map[*workspaceapi.Client]*client.DatabricksClient
}

func newClientSet(src ClientSource, retry time.Duration) *clientSet {
	return &clientSet{src: src, retry: retry, walkers: map[*workspaceapi.Client]*client.DatabricksClient{}}
}

// get returns the workspace client and its page walker.
func (c *clientSet) get(ctx context.Context, workspaceID string) (*workspaceapi.Client, *client.DatabricksClient, error) {
	w, err := c.src.Client(ctx, workspaceID)
	if err != nil {
		return nil, nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if walker, ok := c.walkers[w]; ok {
		return w, walker, nil
	}
	walker, err := newWalker(w, c.retry)
	if err != nil {
		return nil, nil, err
	}
	if len(c.walkers) > 32 { // stale clients of rebuilt profiles
		clear(c.walkers)
	}
	c.walkers[w] = walker
	return w, walker, nil
}

func newWalker(w *workspaceapi.Client, retry time.Duration) (*client.DatabricksClient, error) {
	dc, err := w.Variant(func(hc *httpclient.ClientConfig) {
		hc.RateLimitPerSecond = workspaceapi.PageRate
		hc.RetryTimeout = retry
	})
	if err != nil {
		return nil, fmt.Errorf("page client: %w", err)
	}
	return dc, nil
}
