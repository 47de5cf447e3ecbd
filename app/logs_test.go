package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/logs"
	"github.com/clusterdeck/clusterdeck/backend/savefile"
)

// The Logs facade lists, reads and downloads a seeded cluster's Volumes logs
// on the demo; the download goes through the save path as
// spark-driver-logs.txt, streamed when the saver can, whole otherwise.
func TestLogsFacadeOnTheDemo(t *testing.T) {
	a, all := onSeededDemo(t)
	var id string
	for _, c := range all {
		if c.ClusterName == "streaming-orders" {
			id = c.ClusterId
		}
	}
	require.NotEmpty(t, id)

	v, err := a.Logs.Files("demo", id)
	require.NoError(t, err)
	require.True(t, v.Delivered)
	win, err := a.Logs.Read("demo", id, "stdout", -1, -1)
	require.NoError(t, err)
	require.NotEmpty(t, win.Lines)

	saved, err := a.Logs.Download("demo", id, "stdout")
	require.NoError(t, err)
	assert.False(t, saved.Saved, "no save path: nothing saved, no error")

	rec := &recordingSaver{}
	a.Logs.files = rec
	saved, err = a.Logs.Download("demo", id, "stdout")
	require.NoError(t, err)
	assert.Equal(t, "/chosen/spark-driver-logs.txt", saved.Path)
	assert.True(t, strings.HasSuffix(rec.data, win.Lines[len(win.Lines)-1].Text+"\n"))

	dir := t.TempDir()
	a.Logs.files = savefile.Folder{Dir: dir}
	saved, err = a.Logs.Download("demo", id, "stdout")
	require.NoError(t, err)
	body, err := os.ReadFile(filepath.Join(dir, "spark-driver-logs.txt"))
	require.NoError(t, err)
	assert.Equal(t, rec.data, string(body))
	assert.Equal(t, int64(len(body)), saved.Bytes)

	_, err = a.Logs.Download("demo", id, "../x")
	assert.Equal(t, "LOG_BAD_FILE", a.errors.UIError(err).Code)
	_, err = a.Logs.Download("demo", id, "stdout--gone")
	assert.Equal(t, "LOG_GONE", a.errors.UIError(err).Code)
	assert.NoFileExists(t, filepath.Join(dir, "x"))
}

// Errors read as plain words: no permission, gone, no delivery.
func TestLogsErrorWords(t *testing.T) {
	a := New(Deps{})
	denied := fmt.Errorf("%w: /Volumes/x: %w", logs.ErrNoAccess, &apierr.APIError{StatusCode: 403, ErrorCode: "PERMISSION_DENIED", Message: "no"})
	for err, words := range map[error]string{
		denied:             "You have no permission to read the log destination.",
		logs.ErrGone:       "That log file is not there any more.",
		logs.ErrNoDelivery: "This compute does not deliver its logs anywhere.",
	} {
		got := a.errors.UIError(err)
		assert.Equal(t, words, got.Message)
		assert.NotEmpty(t, got.Hint)
	}
	assert.Equal(t, "PERMISSION_DENIED", a.errors.UIError(denied).Code, "the raw code stays")
}
