package workspaces

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
)

// Transient reports whether a failed read is worth repeating: the workspace
// or the network stumbled (a 5xx, a 429, a refused or dropped connection,
// no answer in time, a proxy's page); a refusal (403, gone) is final.
func Transient(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var api *apierr.APIError
	if errors.As(err, &api) {
		return api.StatusCode >= http.StatusInternalServerError || api.StatusCode == http.StatusTooManyRequests
	}
	return Transport(err) != nil
}

// PageTries is how often one page of a walk is tried before the walk fails.
const PageTries = 5

// RetryPage reads one page of a walk (a listing, an event history) with
// fetch, trying again on its own after a transient failure, so one failed
// page among a hundred does not restart the walk. The SDK retries a 429 and
// a 503 (honouring Retry-After) but not a 500 or a cut answer. The pause
// doubles from 200 ms, or is the answer's Retry-After when it says longer.
func RetryPage[T any](ctx context.Context, fetch func(context.Context) (T, error)) (T, error) {
	pause := 200 * time.Millisecond
	for try := 1; ; try++ {
		page, err := fetch(ctx)
		if err == nil || try == PageTries || !Transient(err) {
			return page, err
		}
		wait := max(pause, retryAfter(err))
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return page, err
		case <-t.C:
		}
		pause *= 2
	}
}

// retryAfter is the wait an answer asked for (seconds), or 0.
func retryAfter(err error) time.Duration {
	var api *apierr.APIError
	if !errors.As(err, &api) || api.ResponseWrapper == nil || api.ResponseWrapper.Response == nil {
		return 0
	}
	s, err2 := strconv.Atoi(api.ResponseWrapper.Response.Header.Get("Retry-After"))
	if err2 != nil || s <= 0 {
		return 0
	}
	return min(time.Duration(s)*time.Second, time.Minute)
}
