package logs

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
)

func TestFilesSaysWhatDeliveryThereIs(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	c := demotest.Ctx(t)
	tests := []struct {
		name      string
		conf      *compute.ClusterLogConf
		run       bool
		check     func(t *testing.T, v View)
		wantFiles []string
	}{
		{"no delivery", nil, true, func(t *testing.T, v View) {
			assert.False(t, v.Configured)
			assert.Equal(t, "dbfs:/cluster-logs", v.Suggested)
			assert.Contains(t, v.Note, "Log delivery is off")
		}, nil},
		{"never ran", dbfsConf, false, func(t *testing.T, v View) {
			assert.True(t, v.Configured)
			assert.False(t, v.Delivered)
			assert.Contains(t, v.Note, "Nothing delivered yet")
		}, nil},
		{"dbfs", dbfsConf, true, func(t *testing.T, v View) {
			assert.True(t, v.Delivered)
			assert.Equal(t, "dbfs", v.Storage)
			assert.True(t, v.Follow)
			assert.NotZero(t, v.LastDelivery)
			assert.Contains(t, v.Note, "Delivered every 5 minutes; last delivery at ")
		}, []string{"stdout", "stderr", "log4j-active.log"}},
		{"volumes", volumeConf, true, func(t *testing.T, v View) {
			assert.Equal(t, "volumes", v.Storage)
			assert.True(t, strings.HasPrefix(v.Directory, "/Volumes/main/ops/cluster_logs/"))
		}, []string{"stdout", "stderr", "log4j-active.log"}},
	}
	for _, tt := range tests {
		id := cluster(t, w, srv, tt.conf, tt.run)
		v, err := svc.Files(c, "demo", id)
		require.NoError(t, err, tt.name)
		tt.check(t, v)
		var names []string
		for _, f := range v.Files {
			names = append(names, f.Name)
			assert.Positive(t, f.Size, tt.name)
		}
		assert.Equal(t, tt.wantFiles, names, tt.name)
	}
}

// readAll pages backwards from the tail to the start, as the tab does on
// scroll, and returns the text and the number of pages.
func readAll(t *testing.T, svc *Service, id, name string) (string, int) {
	t.Helper()
	c := demotest.Ctx(t)
	win, err := svc.Read(c, "demo", id, name, Range{Before: -1, After: -1})
	require.NoError(t, err)
	pages := []Window{win}
	for !win.AtStart {
		prev := win.Start
		win, err = svc.Read(c, "demo", id, name, Range{Before: prev, After: -1})
		require.NoError(t, err)
		require.Equal(t, prev, win.End, "pages meet exactly")
		require.LessOrEqual(t, win.End-win.Start, int64(MaxWindow))
		pages = append([]Window{win}, pages...)
	}
	var b strings.Builder
	for _, p := range pages {
		for _, l := range p.Lines {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String(), len(pages)
}

func TestPagingBackwardsRebuildsTheFile(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		conf    *compute.ClusterLogConf
		padding int64
		pages   int
	}{
		{"dbfs, small", dbfsConf, 0, 1},
		{"volumes, small", volumeConf, 0, 1},
		{"dbfs, 3 MB", dbfsConf, 3 << 20, 13},
		{"volumes, 3 MB", volumeConf, 3 << 20, 13},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			svc, w, srv := empty(t)
			id := cluster(t, w, srv, tt.conf, true)
			require.NoError(t, srv.SetLogPadding(srv.Token(), id, tt.padding))
			var whole bytes.Buffer
			n, err := svc.Download(demotest.Ctx(t), "demo", id, "log4j-active.log", &whole)
			require.NoError(t, err)
			assert.Equal(t, int64(whole.Len()), n)
			assert.Greater(t, n, tt.padding)
			text, pages := readAll(t, svc, id, "log4j-active.log")
			assert.Equal(t, whole.String(), text, "the pages are the file, line for line")
			assert.GreaterOrEqual(t, pages, tt.pages)
		})
	}
}

func TestFollowingReadsOnlyNewLines(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	c := demotest.Ctx(t)
	id := cluster(t, w, srv, volumeConf, true)
	tail, err := svc.Read(c, "demo", id, "stdout", Range{Before: -1, After: -1})
	require.NoError(t, err)
	require.True(t, tail.AtEnd)
	same, err := svc.Read(c, "demo", id, "stdout", Range{Before: -1, After: tail.End})
	require.NoError(t, err)
	assert.Empty(t, same.Lines, "nothing new before the next delivery")
	assert.Equal(t, tail.End, same.End)

	srv.Clock().Advance(10 * time.Minute) // two deliveries
	next, err := svc.Read(c, "demo", id, "stdout", Range{Before: -1, After: tail.End})
	require.NoError(t, err)
	require.NotEmpty(t, next.Lines)
	assert.Equal(t, tail.End, next.Lines[0].Offset, "new lines start where the last read ended")
	assert.True(t, next.AtEnd)
	assert.Greater(t, next.Lines[0].Time, tail.Lines[len(tail.Lines)-1].Time, "and are newer")
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	c := demotest.Ctx(t)
	off := cluster(t, w, srv, nil, true)
	on := cluster(t, w, srv, dbfsConf, true)
	s3 := cluster(t, w, srv, &compute.ClusterLogConf{S3: &compute.S3StorageInfo{Destination: "s3://logs"}}, false)
	for _, tt := range []struct {
		name, cluster, file string
		want                error
	}{
		{"no delivery", off, "stdout", ErrNoDelivery},
		{"s3 destination", s3, "stdout", ErrUnreadable},
		{"path outside the driver directory", on, "../../etc", ErrBadFile},
		{"a file that is not there", on, "stdout--2020-01-01--00-00", ErrGone},
	} {
		_, err := svc.Read(c, "demo", tt.cluster, tt.file, Range{Before: -1, After: -1})
		assert.ErrorIs(t, err, tt.want, tt.name)
	}
	_, err := svc.Read(c, "demo", "0000-nope", "stdout", Range{Before: -1, After: -1})
	assert.Error(t, err, "a cluster that does not exist")
}
