package clusterspec

// RequestIDTag is the custom tag Clusterdeck puts on every cluster it creates
// so that a create whose answer was lost can be found again (see
// backend/apply): the Clusters API takes no idempotency token, and a tag is
// the only mark a cluster carries that a list can find. Custom tags reach the
// cloud's VMs and bills, so the key is short; Clusterdeck hides it from its
// Tags column, the spec it edits and every diff.
const RequestIDTag = "cd_req"

// legacyRequestIDTag is the key clusters made by earlier builds carry; still found
// and hidden, never written.
const legacyRequestIDTag = "clusterdeck_request_id"

// IsRequestIDTag reports whether a custom tag key is Clusterdeck's request mark.
func IsRequestIDTag(key string) bool { return key == RequestIDTag || key == legacyRequestIDTag }

// RequestIDOf returns the request mark a cluster's tags hold ("" if none).
func RequestIDOf(tags map[string]string) string {
	if id := tags[RequestIDTag]; id != "" {
		return id
	}
	return tags[legacyRequestIDTag]
}

// WithoutRequestID returns the tags without the request mark: the same map
// when it holds none (most clusters: no copy), else a copy.
func WithoutRequestID(tags map[string]string) map[string]string {
	if !hasRequestKey(tags) {
		return tags
	}
	out := make(map[string]string, len(tags))
	for k, v := range tags {
		if !IsRequestIDTag(k) {
			out[k] = v
		}
	}
	return out
}

func hasRequestKey(tags map[string]string) bool {
	_, a := tags[RequestIDTag]
	_, b := tags[legacyRequestIDTag]
	return a || b
}
