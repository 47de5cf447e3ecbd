package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/files"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// messageSource is one error message the demo answers, with where its words
// come from. The product's policy evaluator is cross-checked against the
// demo's words (backend/policyeval/crosscheck_test.go), so a wording is only
// worth comparing when it is the real service's: source names the public
// record that quotes it verbatim (an issue, a doc page or an SDK test);
// guess marks wording nobody has published, with why it reads as it does.
type messageSource struct {
	name   string
	got    func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error
	status int
	code   string
	msg    string
	source string
	guess  bool
}

// TestMessageSources is the one place that says which of the demo's error
// messages are the service's words and which are guesses. Each row triggers
// the message through the SDK (or, for messages deep in a handler, calls the
// code that words it) and pins the exact text. The rows live by API area in
// messages_<area>_test.go and share the fixtures made here.
func TestMessageSources(t *testing.T) {
	t.Parallel()
	f := newMessageFixtures(t)
	var rows []messageSource
	for _, area := range []func(*messageFixtures) []messageSource{
		anyCallMessages, clusterMessages, policyMessages, poolMessages, jobMessages,
		fileMessages, sqlMessages, permissionMessages, libraryMessages, controlMessages,
	} {
		rows = append(rows, area(f)...)
	}
	guesses := 0
	for _, r := range rows {
		if r.guess {
			guesses++
		}
	}
	t.Logf("%d messages: %d quoted in public, %d guesses", len(rows), len(rows)-guesses, guesses)
	ctx, w := f.ctx, f.w
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			if !r.guess {
				require.NotEmpty(t, r.source, "a sourced message names its source")
			}
			require.NotEmpty(t, r.source, "a guess says why it reads as it does")
			err := r.got(t, ctx, w)
			if de := (*apiError)(nil); errors.As(err, &de) { // worded by a function, not sent
				err = &apierr.APIError{StatusCode: de.Status, ErrorCode: de.Code, Message: de.Message}
			}
			var ae *apierr.APIError
			require.True(t, errors.As(err, &ae), "want an API error, got %v", err)
			assert.Equal(t, r.status, ae.StatusCode)
			assert.Equal(t, r.code, ae.ErrorCode)
			assert.Equal(t, r.msg, ae.Message)
		})
	}
}

// messageFixtures is what the rows of every area share: one empty demo
// workspace (with the control API) with a cluster, a policy of fixed values,
// a pool, a warehouse and a limited user, and the helpers that trigger a
// message.
type messageFixtures struct {
	t                      *testing.T
	ctx                    context.Context
	w                      *workspaceapi.Client
	sparkVersion, nodeType string
	clusterID              string
	policyID               string                             // the "Words" policy of fixed values
	pool                   compute.CreateInstancePoolResponse // named "Taken pool"
	warehouseID            string                             // a Small warehouse named "Words"
	// violate creates a cluster under the "Words" policy of fixed values.
	violate func(spec compute.CreateCluster) error
	// onlyRule creates a cluster under a new policy of the one rule def.
	onlyRule func(t *testing.T, def string, spec compute.CreateCluster) error
	// rawAs sends a request as the SDK would, with token, and reads the
	// error body, for answers the SDK cannot reach (an unknown endpoint, a
	// bad token, a bad body) or reads only through a generic call; rawCase
	// sends it as the admin, asLimited as the limited user.
	rawAs     func(token, method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error
	rawCase   func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error
	asLimited func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error
	// live is a second workspace whose clock has moved, for messages only a
	// running or terminated cluster, or delivered logs, can draw.
	live *liveFixture
}

// liveFixture is a workspace with a running cluster that delivers its logs
// to DBFS and to a volume, and a terminated cluster; rawLive sends a request
// to it as its admin.
type liveFixture struct {
	runningID, terminatedID string
	dbfsLog, volumeLog      string // a delivered driver log file, in each store
	volumeLogSize           string // its size in bytes, as the Files API says it
	doneStatementID         string // a statement that has succeeded, with one chunk
	jobClusterID            string // the cluster a submitted run made
	rawLive                 func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error
	// rawLiveRange downloads file by the Files API with a Range header.
	rawLiveRange func(t *testing.T, ctx context.Context, file, byteRange string) error
}

func newMessageFixtures(t *testing.T) *messageFixtures {
	srv, w := frozen(t, Options{Empty: true, Control: true})
	ctx := testCtx(t)
	const sparkVersion, nodeType = "16.4.x-scala2.12", "Standard_DS3_v2"
	created, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "m", SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1})
	require.NoError(t, err)
	fixedTags, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Words", Definition: `{
		"custom_tags.team": {"type": "fixed", "value": "data-engineering"},
		"spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
		"enable_elastic_disk": {"type": "fixed", "value": false},
		"driver_node_type_id": {"type": "fixed", "value": "Standard_DS4_v2"}
	}`})
	require.NoError(t, err)
	f := &messageFixtures{t: t, ctx: ctx, w: w, sparkVersion: sparkVersion, nodeType: nodeType, clusterID: created.ClusterId, policyID: fixedTags.PolicyId}
	f.violate = func(spec compute.CreateCluster) error {
		spec.ClusterName, spec.SparkVersion, spec.NodeTypeId, spec.NumWorkers = "v", sparkVersion, nodeType, 1
		spec.PolicyId = fixedTags.PolicyId
		_, err := w.Clusters.Create(ctx, spec)
		return err
	}
	f.onlyRule = func(t *testing.T, def string, spec compute.CreateCluster) error {
		p, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "rule " + def, Definition: def})
		require.NoError(t, err)
		spec.ClusterName, spec.PolicyId = "r", p.PolicyId
		if spec.SparkVersion == "" {
			spec.SparkVersion = sparkVersion
		}
		if spec.NodeTypeId == "" && spec.InstancePoolId == "" {
			spec.NodeTypeId = nodeType
		}
		_, err = w.Clusters.Create(ctx, spec)
		return err
	}
	raw := func(t *testing.T, token, method, path, body string) error {
		return rawAt(t, ctx, srv.URL(), token, method, path, body)
	}
	f.rawAs = func(token, method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return func(t *testing.T, _ context.Context, _ *workspaceapi.Client) error {
			return raw(t, token, method, path, body)
		}
	}
	admin := srv.Token()
	f.rawCase = func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return f.rawAs(admin, method, path, body)
	}
	limited, err := srv.LimitedToken(admin)
	require.NoError(t, err)
	f.asLimited = func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return f.rawAs(limited, method, path, body)
	}
	pool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "Taken pool", NodeTypeId: nodeType})
	require.NoError(t, err)
	f.pool = *pool
	wh, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Words", ClusterSize: "Small", MaxNumClusters: 1})
	require.NoError(t, err)
	f.warehouseID = wh.Id
	f.live = newLiveFixture(t)
	return f
}

// newLiveFixture starts the live workspace and moves its clock until its
// clusters are running and terminated and the logs are delivered.
func newLiveFixture(t *testing.T) *liveFixture {
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	spec := smallSpec("live")
	spec.ClusterLogConf = &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/cluster-logs"}}
	running, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	spec = smallSpec("live-volume")
	spec.ClusterLogConf = &compute.ClusterLogConf{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/main/ops/cluster_logs"}}
	inVolume, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	stopped, err := w.Clusters.Create(ctx, smallSpec("stopped"))
	require.NoError(t, err)
	wh, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Live", ClusterSize: "Small", MaxNumClusters: 1})
	require.NoError(t, err)
	ephemeral := smallSpec("")
	_, err = w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "job cluster", Tasks: []jobs.SubmitTask{{TaskKey: "a",
		NewCluster:   &compute.ClusterSpec{SparkVersion: ephemeral.SparkVersion, NodeTypeId: ephemeral.NodeTypeId, NumWorkers: 1},
		NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
	require.NoError(t, err)
	for _, id := range []string{running.ClusterId, inVolume.ClusterId, stopped.ClusterId} {
		stepUntil(t, srv, w, id, compute.StateRunning)
	}
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: stopped.ClusterId})
	require.NoError(t, err)
	stepUntil(t, srv, w, stopped.ClusterId, compute.StateTerminated)
	srv.Clock().Advance(11 * time.Minute) // the logs are delivered, the warehouse is up
	st, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: wh.Id, Statement: "SELECT cluster_id FROM system.compute.node_timeline", WaitTimeout: "0s"})
	require.NoError(t, err)
	srv.Clock().Advance(time.Minute) // the statement is done
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	jobCluster := ""
	for _, d := range all {
		if d.ClusterSource == compute.ClusterSourceJob {
			jobCluster = d.ClusterId
		}
	}
	require.NotEmpty(t, jobCluster, "the run has made its cluster")
	token := srv.Token()
	volumeLog := "/Volumes/main/ops/cluster_logs/" + inVolume.ClusterId + "/driver/stderr"
	meta, err := w.Files.GetMetadata(ctx, files.GetMetadataRequest{FilePath: volumeLog})
	require.NoError(t, err)
	return &liveFixture{
		runningID: running.ClusterId, terminatedID: stopped.ClusterId,
		dbfsLog:   "/cluster-logs/" + running.ClusterId + "/driver/stderr",
		volumeLog: volumeLog, volumeLogSize: fmt.Sprint(meta.ContentLength), doneStatementID: st.StatementId,
		jobClusterID: jobCluster,
		rawLive: func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
			return func(t *testing.T, ctx context.Context, _ *workspaceapi.Client) error {
				return rawAt(t, ctx, srv.URL(), token, method, path, body)
			}
		},
		rawLiveRange: func(t *testing.T, ctx context.Context, file, byteRange string) error {
			return rawAt(t, ctx, srv.URL(), token, "GET", "/api/2.0/fs/files"+file, "", "Range", byteRange)
		},
	}
}

// rawAt sends a request to base as the SDK would, with token and headers
// (name, value pairs), and reads the body as the SDK's error; an answer that
// is not an error reads as one with its status, so a row can see it was made.
func rawAt(t *testing.T, ctx context.Context, base, token, method, path, body string, headers ...string) error {
	req, err := http.NewRequestWithContext(ctx, method, base+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer func() { require.NoError(t, resp.Body.Close()) }()
	var b struct {
		Code    any    `json:"error_code"` // a number on a refused token
		Message string `json:"message"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&b))
	return &apierr.APIError{StatusCode: resp.StatusCode, ErrorCode: fmt.Sprint(b.Code), Message: b.Message}
}

// nodeTypeList is the workspace's node types as the unknown-node-type
// message lists them.
func nodeTypeList(t *testing.T, ctx context.Context, w *workspaceapi.Client) string {
	t.Helper()
	nts, err := w.Clusters.ListNodeTypes(ctx)
	require.NoError(t, err)
	ids := make([]string, len(nts.NodeTypes))
	for i, nt := range nts.NodeTypes {
		ids[i] = nt.NodeTypeId
	}
	return strings.Join(ids, ", ")
}
