package apply

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net/http/httptrace"
	"sync/atomic"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/httpclient"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ErrOutcomeUnknown means a create may or may not have made a cluster and
// Clusterdeck could not find out (the look-up failed too). Retrying with the
// same RequestID is safe: it looks before it creates.
var ErrOutcomeUnknown = errors.New("cluster creation outcome unknown")

// ErrNotCreated means the create was refused or never reached the
// workspace: no cluster was made, and the reason follows.
var ErrNotCreated = errors.New("the cluster was not created")

// CreateOptions tunes CreateIdempotent; the zero value is sensible.
type CreateOptions struct {
	// RequestID names this create. Pass the id of an earlier attempt (kept
	// with the draft) to resume it after a crash; empty makes a new one.
	RequestID string
	// Unsent says RequestID was never sent: no earlier attempt can have made
	// a cluster, so the first create goes out without looking first.
	Unsent bool
	// MaxAttempts bounds create calls (default 4).
	MaxAttempts int
	// AttemptTimeout bounds one create call (default 2 minutes).
	AttemptTimeout time.Duration
	// Backoff is the pause before attempt n (n ≥ 2); default n-1 seconds, at most 10 s.
	Backoff func(attempt int) time.Duration
	// LookTimeout bounds the last look after the attempts (default 30 s).
	LookTimeout time.Duration
	// Progress hears each step (sending, looking); may be nil.
	Progress Progress
}

// CreateResult tells what CreateIdempotent did.
type CreateResult struct {
	ClusterID string `json:"clusterId"`
	RequestID string `json:"requestId"`
	Attempts  int    `json:"attempts"` // create calls sent
	// Adopted: an earlier attempt had made the cluster although its answer
	// was lost; it was found by its request-id tag.
	Adopted bool `json:"adopted"`
}

// NewRequestID returns a fresh id for the request-id tag.
func NewRequestID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("apply: crypto/rand failed: %v", err))
	}
	return "cd-" + hex.EncodeToString(b[:])
}

// Creator makes clusters without ever making two for one request.
type Creator struct {
	list *client.DatabricksClient  // look-ups, with the SDK's retries
	once compute.ClustersInterface // create, one HTTP attempt per call
}

// NewCreator builds a Creator on w. The SDK retries a connection reset or
// a 503 by itself, which for a create could make a second cluster; so create
// calls go through a client with the same configuration and credentials but
// no retries, and this package decides what to retry after looking.
func NewCreator(w *workspaceapi.Client) (*Creator, error) {
	// The SDK's retrier stops once RetryTimeout has passed: after the first attempt.
	dbc, err := w.Variant(func(hc *httpclient.ClientConfig) { hc.RetryTimeout = time.Nanosecond })
	if err != nil {
		return nil, fmt.Errorf("configure create client: %w", err)
	}
	return &Creator{list: w.Pages, once: compute.NewClusters(dbc)}, nil
}

// Create makes the cluster for spec, tagged with a request id. After an
// ambiguous failure (connection reset, timeout, 5xx after the request went
// out) it looks the cluster up by that tag and adopts it instead of
// creating again. A definite refusal (4xx) or a failure before anything was
// sent (DNS, refused connection, TLS) returns at once as ErrNotCreated.
func (c *Creator) Create(ctx context.Context, spec compute.ClusterSpec, opts CreateOptions) (CreateResult, error) {
	res := CreateResult{RequestID: opts.RequestID}
	if res.RequestID == "" {
		res.RequestID = NewRequestID()
	}
	req, err := clusterspec.ToCreate(clusterspec.Clean(spec))
	if err != nil {
		return res, err
	}
	req.CustomTags = maps.Clone(req.CustomTags)
	if req.CustomTags == nil {
		req.CustomTags = map[string]string{}
	}
	req.CustomTags[clusterspec.RequestIDTag] = res.RequestID
	maxAttempts := opts.MaxAttempts
	if maxAttempts <= 0 {
		maxAttempts = 4
	}
	timeout := opts.AttemptTimeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	backoff := opts.Backoff
	if backoff == nil {
		backoff = func(n int) time.Duration { return min(time.Duration(n-1)*time.Second, 10*time.Second) }
	}

	// Look first when resuming, and after every ambiguous failure.
	mustLook := opts.RequestID != "" && !opts.Unsent
	var lastErr error
	for res.Attempts < maxAttempts {
		if mustLook {
			opts.Progress.step("Looking for the cluster this request made")
			found, err := FindByRequestID(ctx, c.list, res.RequestID)
			if err != nil {
				if ctx.Err() != nil {
					return res, fmt.Errorf("%w (request %s): %w", ErrOutcomeUnknown, res.RequestID, err)
				}
				// Unknown whether it exists: never create blind. Wait and look again.
				lastErr = err
				if err := sleep(ctx, backoff(res.Attempts+1)); err != nil {
					return res, fmt.Errorf("%w (request %s): %w", ErrOutcomeUnknown, res.RequestID, lastErr)
				}
				res.Attempts++ // a failed look counts against the budget
				continue
			}
			if found != nil {
				res.ClusterID, res.Adopted = found.ClusterId, true
				return res, nil
			}
		}
		if res.Attempts > 0 {
			if err := sleep(ctx, backoff(res.Attempts+1)); err != nil {
				return res, fmt.Errorf("%w (request %s): %w", ErrOutcomeUnknown, res.RequestID, lastErr)
			}
		}
		res.Attempts++
		opts.Progress.step(fmt.Sprintf("Sending create (attempt %d of %d)", res.Attempts, maxAttempts))
		actx, cancel := context.WithTimeout(ctx, timeout)
		var sent atomic.Bool
		actx = httptrace.WithClientTrace(actx, &httptrace.ClientTrace{WroteHeaders: func() { sent.Store(true) }})
		wait, err := c.once.Create(actx, req)
		cancel()
		if err == nil {
			res.ClusterID = wait.ClusterId
			return res, nil
		}
		if !sent.Load() || !ambiguous(err) {
			return res, fmt.Errorf("%w: create cluster %q: %w", ErrNotCreated, spec.ClusterName, err)
		}
		lastErr, mustLook = err, true
		if ctx.Err() != nil {
			break
		}
	}
	// Cancelled by the user after a create went out: the server may still
	// be making the cluster, so nothing is concluded; the caller keeps the
	// request id and a retry looks first.
	if userCancelled(ctx) {
		return res, fmt.Errorf("%w (request %s): %w", ErrOutcomeUnknown, res.RequestID, lastErr)
	}
	// Out of attempts (or out of time) after an ambiguous failure: one last look.
	opts.Progress.step("Looking for the cluster this request made")
	lookTimeout := opts.LookTimeout
	if lookTimeout <= 0 {
		lookTimeout = 30 * time.Second
	}
	lookCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), lookTimeout)
	defer cancel()
	found, err := FindByRequestID(lookCtx, c.list, res.RequestID)
	switch {
	case err != nil:
		return res, fmt.Errorf("%w (request %s): %w", ErrOutcomeUnknown, res.RequestID, errors.Join(lastErr, err))
	case found != nil:
		res.ClusterID, res.Adopted = found.ClusterId, true
		return res, nil
	}
	// The look worked and found nothing: no cluster was made.
	return res, fmt.Errorf("%w: create cluster %q failed %d times, no cluster was made: %w", ErrNotCreated, spec.ClusterName, res.Attempts, lastErr)
}

// FindByRequestID returns the cluster tagged with id (its listed fields:
// see leanread), or nil.
func FindByRequestID(ctx context.Context, api *client.DatabricksClient, id string) (*compute.ClusterDetails, error) {
	all, err := leanread.Clusters(ctx, api, compute.ListClustersRequest{
		FilterBy: &compute.ListClustersFilterBy{ClusterSources: []compute.ClusterSource{compute.ClusterSourceApi}},
	})
	if err != nil {
		return nil, fmt.Errorf("look up request %s: %w", id, err)
	}
	for i := range all {
		if clusterspec.RequestIDOf(all[i].CustomTags) == id {
			return &all[i], nil
		}
	}
	return nil, nil
}

// ambiguous reports whether a failed create may still have made a cluster.
// Only an answer from the API that refuses the request (4xx) proves it did
// not; 429 is retried too, and is harmless to look up first.
func ambiguous(err error) bool {
	var ae *apierr.APIError
	if errors.As(err, &ae) {
		return ae.StatusCode >= 500 || ae.StatusCode == 429
	}
	return true
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
