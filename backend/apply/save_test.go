package apply

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sentCall is one clusters/edit or clusters/update request as it left the client.
type sentCall struct {
	Path string
	Body map[string]any
}

// recordingProxy forwards everything to the demo and keeps the edit and
// update requests it saw.
type recordingProxy struct {
	*httptest.Server
	mu    sync.Mutex
	calls []sentCall
}

func newRecordingProxy(t *testing.T, target string) *recordingProxy {
	t.Helper()
	u, err := url.Parse(target)
	require.NoError(t, err)
	rp := httputil.NewSingleHostReverseProxy(u)
	p := &recordingProxy{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/clusters/edit") || strings.HasSuffix(r.URL.Path, "/clusters/update") {
			raw, err := io.ReadAll(r.Body)
			require.NoError(t, err)
			var body map[string]any
			require.NoError(t, json.Unmarshal(raw, &body))
			p.mu.Lock()
			p.calls = append(p.calls, sentCall{Path: r.URL.Path, Body: body})
			p.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(raw))
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *recordingProxy) sent() []sentCall {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]sentCall(nil), p.calls...)
}

// An edit sends only the fields the plan changes (clusters/update with an
// update_mask), so what the app does not show keeps its value.
func TestEditSendsOnlyTheChangedFields(t *testing.T) {
	cases := []struct {
		name     string
		change   func(*compute.ClusterSpec)
		wantPath string
		wantMask string
		check    func(*testing.T, *compute.ClusterDetails)
	}{
		{name: "one field", wantPath: "/api/2.1/clusters/update", wantMask: "autotermination_minutes",
			change: func(s *compute.ClusterSpec) { s.AutoterminationMinutes = 30 },
			check: func(t *testing.T, d *compute.ClusterDetails) {
				assert.Equal(t, 30, d.AutoterminationMinutes)
				assert.Equal(t, map[string]string{"spark.sql.shuffle.partitions": "64"}, d.SparkConf, "unchanged fields keep their values")
			}},
		{name: "fixed size to autoscale and a conf key", wantPath: "/api/2.1/clusters/update", wantMask: "autoscale,num_workers,spark_conf",
			change: func(s *compute.ClusterSpec) {
				s.NumWorkers, s.Autoscale = 0, &compute.AutoScale{MinWorkers: 1, MaxWorkers: 4}
				s.SparkConf = map[string]string{"spark.sql.shuffle.partitions": "64", "spark.speculation": "true"}
			},
			check: func(t *testing.T, d *compute.ClusterDetails) {
				require.NotNil(t, d.Autoscale)
				assert.Equal(t, 4, d.Autoscale.MaxWorkers)
				assert.Equal(t, "true", d.SparkConf["spark.speculation"])
				assert.Equal(t, 60, d.AutoterminationMinutes)
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := startDemo(t)
			proxy := newRecordingProxy(t, srv.URL())
			w := sdkClient(t, proxy.URL, srv.Token())
			ctx := testCtx(t)
			id := createRunning(t, srv, w, baseSpec("etl"))
			_, err := w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: id})
			require.NoError(t, err)
			waitState(t, srv, w, id, compute.StateTerminated)

			spec := baseSpec("etl")
			c.change(&spec)
			p, err := PlanEdit(ctx, w.Clusters, spec, id)
			require.NoError(t, err)
			require.Equal(t, ActionEdit, p.Action)
			creator, err := NewCreator(w)
			require.NoError(t, err)
			_, err = NewApplier(w.Clusters, w.Libraries, creator).Apply(ctx, p, spec, ApplyOptions{})
			require.NoError(t, err)

			sent := proxy.sent()
			require.Len(t, sent, 1)
			assert.Equal(t, c.wantPath, sent[0].Path)
			assert.Equal(t, c.wantMask, sent[0].Body["update_mask"])
			d, err := w.Clusters.GetByClusterId(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, compute.StateTerminated, d.State, "an edit of a terminated cluster keeps it terminated")
			c.check(t, d)
		})
	}
}
