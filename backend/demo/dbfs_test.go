package demo

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/files"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDriverLogsGrowInDBFS(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	spec := smallSpec("logs")
	spec.ClusterLogConf = &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/cluster-logs"}}
	created, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)
	srv.Clock().Advance(11 * time.Minute)

	dir := "dbfs:/cluster-logs/" + id + "/driver"
	list, err := w.Dbfs.ListAll(ctx, files.ListDbfsRequest{Path: dir})
	require.NoError(t, err)
	names := []string{}
	for _, f := range list {
		names = append(names, f.Path[strings.LastIndex(f.Path, "/")+1:])
	}
	assert.ElementsMatch(t, []string{"stdout", "stderr", "log4j-active.log"}, names)

	read := func() string {
		r, err := w.Dbfs.Read(ctx, files.ReadDbfsRequest{Path: dir + "/log4j-active.log", Length: 1 << 20})
		require.NoError(t, err)
		b, err := base64.StdEncoding.DecodeString(r.Data)
		require.NoError(t, err)
		return string(b)
	}
	first := read()
	assert.Contains(t, first, "INFO")
	srv.Clock().Advance(15 * time.Minute)
	assert.Greater(t, len(read()), len(first), "logs grow while the cluster runs")

	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, d.ClusterLogStatus)

	_, err = w.Dbfs.GetStatusByPath(ctx, "dbfs:/cluster-logs/nope")
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
}

func TestDriverLogsInVolumesViaFilesAPI(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	var id string
	for _, c := range all {
		if c.ClusterName == "streaming-orders" {
			id = c.ClusterId
		}
	}
	require.NotEmpty(t, id)
	entries, err := w.Files.ListDirectoryContentsAll(ctx, files.ListDirectoryContentsRequest{DirectoryPath: "/Volumes/main/ops/cluster_logs/" + id + "/driver"})
	require.NoError(t, err)
	assert.Len(t, entries, 3)
	dl, err := w.Files.Download(ctx, files.DownloadRequest{FilePath: "/Volumes/main/ops/cluster_logs/" + id + "/driver/stdout"})
	require.NoError(t, err)
	defer dl.Contents.Close()
	body, err := io.ReadAll(dl.Contents)
	require.NoError(t, err)
	assert.Greater(t, len(body), 1000)
	_, err = w.Files.Download(ctx, files.DownloadRequest{FilePath: "/Volumes/main/ops/cluster_logs/none"})
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
}

func TestDriverLogsReadByRangeAndLarge(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	spec := smallSpec("big-logs")
	spec.ClusterLogConf = &compute.ClusterLogConf{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/main/ops/cluster_logs"}}
	created, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)
	srv.Clock().Advance(11 * time.Minute)
	require.NoError(t, srv.SetLogPadding(srv.Token(), id, 8<<20))

	file := "/Volumes/main/ops/cluster_logs/" + id + "/driver/stderr"
	meta, err := w.Files.GetMetadata(ctx, files.GetMetadataRequest{FilePath: file})
	require.NoError(t, err)
	assert.Greater(t, meta.ContentLength, int64(8<<20), "an 8 MB log without building it")

	get := func(rangeHeader string) (*http.Response, []byte) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL()+"/api/2.0/fs/files"+file, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		req.Header.Set("Range", rangeHeader)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, body
	}
	resp, body := get("bytes=100-299")
	assert.Equal(t, http.StatusPartialContent, resp.StatusCode)
	assert.Equal(t, fmt.Sprintf("bytes 100-299/%d", meta.ContentLength), resp.Header.Get("Content-Range"))
	assert.Len(t, body, 200)
	assert.Regexp(t, `^\d\d/\d\d/\d\d \d\d:\d\d:\d\d INFO `, string(body[:100]), "older lines are whole log lines")
	resp, body = get(fmt.Sprintf("bytes=%d-", meta.ContentLength-50))
	assert.Equal(t, http.StatusPartialContent, resp.StatusCode)
	assert.True(t, strings.HasSuffix(string(body), "\n"))
	resp, _ = get(fmt.Sprintf("bytes=%d-", meta.ContentLength))
	assert.Equal(t, http.StatusRequestedRangeNotSatisfiable, resp.StatusCode)

	// DBFS: a read over 1 MB is refused with the documented code.
	dbfsSpec := smallSpec("dbfs-logs")
	dbfsSpec.ClusterLogConf = &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/cluster-logs"}}
	c2, err := w.Clusters.Create(ctx, dbfsSpec)
	require.NoError(t, err)
	stepUntil(t, srv, w, c2.ClusterId, compute.StateRunning)
	srv.Clock().Advance(6 * time.Minute)
	_, err = w.Dbfs.Read(ctx, files.ReadDbfsRequest{Path: "dbfs:/cluster-logs/" + c2.ClusterId + "/driver/stdout", Length: 2 << 20})
	var ae *apierr.APIError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "MAX_READ_SIZE_EXCEEDED", ae.ErrorCode)
	_, err = w.Dbfs.Read(ctx, files.ReadDbfsRequest{Path: "dbfs:/cluster-logs/" + c2.ClusterId + "/driver", Length: 10})
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "INVALID_PARAMETER_VALUE", ae.ErrorCode, "reading a directory")
}

// The control API's log-size makes a seeded cluster's Volumes logs megabytes
// long; an unknown cluster is refused with the API's error shape.
func TestControlLogSize(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Control: true})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	var id string
	for _, c := range all {
		if c.ClusterName == "streaming-orders" {
			id = c.ClusterId
		}
	}
	require.NotEmpty(t, id)
	file := "/Volumes/main/ops/cluster_logs/" + id + "/driver/log4j-active.log"
	small, err := w.Files.GetMetadata(ctx, files.GetMetadataRequest{FilePath: file})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "log-size", fmt.Sprintf(`{"cluster_id":%q,"bytes":5000000}`, id)))
	big, err := w.Files.GetMetadata(ctx, files.GetMetadataRequest{FilePath: file})
	require.NoError(t, err)
	assert.Equal(t, small.ContentLength+5_000_000, big.ContentLength)
	assert.Equal(t, http.StatusBadRequest, control(t, srv, srv.Token(), "log-size", `{"cluster_id":"nope","bytes":1}`))
}
