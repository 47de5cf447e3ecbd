package demo

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/internal/httpreset"
)

// FaultKind names a failure the server can inject.
type FaultKind string

const (
	FaultTooManyRequests FaultKind = "429"   // 429 REQUEST_LIMIT_EXCEEDED with Retry-After
	FaultInternal        FaultKind = "500"   // 500 INTERNAL_ERROR (the SDK does not retry it)
	FaultUnavailable     FaultKind = "503"   // 503 TEMPORARILY_UNAVAILABLE
	FaultReset           FaultKind = "reset" // the TCP connection is reset with no answer
	FaultHang            FaultKind = "hang"  // no answer until the client gives up
)

// FaultRule injects Kind into matching requests.
type FaultRule struct {
	// Method ("" = any) and PathPrefix ("" = any API path) select requests.
	Method     string
	PathPrefix string
	// Token restricts the rule to one workspace ("" = all).
	Token string
	Kind  FaultKind
	// Rate is the probability (0..1] a matching request fails; 0 means 1.
	Rate float64
	// Count caps how many times the rule fires; 0 means no cap.
	Count int
	// RetryAfter is sent with 429 (default 1s).
	RetryAfter time.Duration
	// ErrorCode overrides the error_code of 429/500/503 answers, e.g.
	// RESOURCE_EXHAUSTED for a per-user rate limit.
	ErrorCode string
}

type faultRule struct {
	FaultRule
	fired int
}

// faultInjector decides, per request, on latency and failures.
type faultInjector struct {
	mu      sync.Mutex
	rnd     *rand.Rand
	rules   []*faultRule
	rate    float64
	latency time.Duration
	jitter  time.Duration
	// fired counts injected faults by kind, for tests and the demo UI.
	fired map[FaultKind]int
}

func newFaultInjector(seed uint64, o Options) *faultInjector {
	return &faultInjector{
		rnd:     rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		rate:    o.FaultRate,
		latency: o.Latency,
		jitter:  o.Jitter,
		fired:   map[FaultKind]int{},
	}
}

func (f *faultInjector) add(r FaultRule) {
	if r.Rate <= 0 {
		r.Rate = 1
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rules = append(f.rules, &faultRule{FaultRule: r})
}

func (f *faultInjector) clear() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rules = nil
}

func (f *faultInjector) set(latency, jitter time.Duration, rate float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.latency, f.jitter, f.rate = latency, jitter, rate
}

func (f *faultInjector) count(k FaultKind) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fired[k]
}

// decide returns the delay to apply and the fault to inject ("" for none).
func (f *faultInjector) decide(r *http.Request, token string) (time.Duration, FaultRule, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delay := f.latency
	if f.jitter > 0 {
		delay += time.Duration(f.rnd.Int64N(int64(f.jitter)))
	}
	for _, rule := range f.rules {
		if rule.Method != "" && !strings.EqualFold(rule.Method, r.Method) {
			continue
		}
		if rule.PathPrefix != "" && !strings.HasPrefix(r.URL.Path, rule.PathPrefix) {
			continue
		}
		if rule.Token != "" && rule.Token != token {
			continue
		}
		if rule.Count > 0 && rule.fired >= rule.Count {
			continue
		}
		if f.rnd.Float64() >= rule.Rate {
			continue
		}
		rule.fired++
		f.fired[rule.Kind]++
		return delay, rule.FaultRule, true
	}
	if f.rate > 0 && strings.HasPrefix(r.URL.Path, "/api/") && f.rnd.Float64() < f.rate {
		kind := FaultTooManyRequests
		switch x := f.rnd.Float64(); {
		case x < 0.35:
			kind = FaultUnavailable
		case x < 0.5:
			kind = FaultInternal
		}
		f.fired[kind]++
		return delay, FaultRule{Kind: kind}, true
	}
	return delay, FaultRule{}, false
}

// inject writes the fault. It returns when the request is finished with.
func inject(ctx context.Context, w http.ResponseWriter, rule FaultRule, closing <-chan struct{}) {
	switch rule.Kind {
	case FaultTooManyRequests:
		ra := rule.RetryAfter
		if ra <= 0 {
			ra = time.Second
		}
		w.Header().Set("Retry-After", strconv.Itoa(int((ra+time.Second-1)/time.Second)))
		writeError(w, &apiError{http.StatusTooManyRequests, codeOr(rule.ErrorCode, "REQUEST_LIMIT_EXCEEDED"),
			"Too many requests. Please wait a moment and try again. (demo fault)"})
	case FaultUnavailable:
		writeError(w, &apiError{http.StatusServiceUnavailable, codeOr(rule.ErrorCode, "TEMPORARILY_UNAVAILABLE"),
			"The service is temporarily unavailable. Please try again later. (demo fault)"})
	case FaultInternal:
		writeError(w, &apiError{http.StatusInternalServerError, codeOr(rule.ErrorCode, "INTERNAL_ERROR"),
			"An internal error occurred. (demo fault)"})
	case FaultReset:
		httpreset.Reset(w)
	case FaultHang:
		select {
		case <-ctx.Done():
		case <-closing:
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

func codeOr(code, def string) string {
	if code != "" {
		return code
	}
	return def
}
