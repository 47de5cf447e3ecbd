package logs

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
)

func TestCutting(t *testing.T) {
	t.Parallel()
	texts := func(ls []Line) []string {
		out := []string{}
		for _, l := range ls {
			out = append(out, fmt.Sprintf("%d:%s", l.Offset, l.Text))
		}
		return out
	}
	for _, tt := range []struct {
		name    string
		data    string
		start   int64
		forward bool
		want    []string
		edge    int64
	}{
		{"backward from the start keeps the first line", "a\nbb\n", 0, false, []string{"0:a", "2:bb"}, 0},
		{"backward mid-file drops the fragment", "xa\nbb\n", 10, false, []string{"13:bb"}, 13},
		{"backward with no newline keeps nothing", "xyz", 10, false, []string{}, 13},
		{"forward keeps complete lines", "a\nbb\ncc", 5, true, []string{"5:a", "7:bb"}, 10},
		{"forward with a growing line only", "abc", 5, true, []string{}, 5},
		{"windows line endings", "a\r\n", 0, true, []string{"0:a"}, 3},
	} {
		var lines []Line
		var edge int64
		if tt.forward {
			lines, edge = cutForward([]byte(tt.data), tt.start)
		} else {
			lines, edge = cutBackward([]byte(tt.data), tt.start)
		}
		assert.Equal(t, tt.want, texts(lines), tt.name)
		assert.Equal(t, tt.edge, edge, tt.name)
	}
}

func TestStampAndClamp(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 23, 10, 0, 5, 0, time.UTC).UnixMilli()
	for _, tt := range []struct {
		line  string
		ms    int64
		level string
	}{
		{"26/11/23 10:00:05 INFO SparkContext: Starting job", at, "INFO"},
		{"2026-11-23T10:00:05Z: Python REPL heartbeat ok", at, ""},
		{"26/11/23 10:00:05 WARN ProgressReporter: slow", at, "WARN"},
		{"\tat org.apache.spark.Foo(Foo.scala:1)", 0, ""},
	} {
		ms, level := stamp(tt.line)
		assert.Equal(t, tt.ms, ms, tt.line)
		assert.Equal(t, tt.level, level, tt.line)
	}
	for _, tt := range []struct{ off, end, size, wantOff, wantEnd int64 }{
		{-5, 10, 100, 0, 10},
		{0, 1 << 30, 1 << 20, 1<<20 - MaxWindow, 1 << 20},
		{50, 40, 100, 40, 40},
	} {
		off, end := clampRange(tt.off, tt.end, tt.size)
		assert.Equal(t, []int64{tt.wantOff, tt.wantEnd}, []int64{off, end})
	}
}

func TestFileRules(t *testing.T) {
	t.Parallel()
	var fs []File
	for _, n := range []string{"log4j-2026-11-23-10.log.gz", "stdout--2026-11-23--10-00", "log4j-active.log", "stderr", "stdout", "lineage.json", "stdout--2026-11-23--11-00"} {
		if f, ok := classify(n); ok {
			fs = append(fs, f)
		}
	}
	sortFiles(fs)
	var names []string
	for _, f := range fs {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"stdout", "stderr", "log4j-active.log", "stdout--2026-11-23--11-00", "stdout--2026-11-23--10-00", "log4j-2026-11-23-10.log.gz"}, names)
	assert.False(t, fs[len(fs)-1].Readable, "compressed files are not read by range")
	for n, ok := range map[string]bool{"stdout": true, "..": false, "a/b": false, "": false, `a\b`: false} {
		assert.Equal(t, ok, validName(n), n)
	}
}

func TestReadErrWords(t *testing.T) {
	t.Parallel()
	denied := &apierr.APIError{StatusCode: 403, ErrorCode: "PERMISSION_DENIED", Message: "no READ VOLUME"}
	gone := &apierr.APIError{StatusCode: 404, ErrorCode: "NOT_FOUND", Message: "gone"}
	assert.ErrorIs(t, readErr(denied, "/Volumes/x"), ErrNoAccess)
	assert.ErrorIs(t, readErr(denied, "/Volumes/x"), apierr.ErrPermissionDenied, "the API's error is kept")
	assert.ErrorIs(t, readErr(gone, "/Volumes/x"), ErrGone)
	assert.NotErrorIs(t, readErr(fmt.Errorf("boom"), "/x"), ErrGone)
}

// A file shorter than where following stopped was rotated: the window says
// so instead of reading nothing forever.
func TestFollowingNoticesRotation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tt := range []struct {
		name    string
		after   int64
		rotated bool
		lines   int
	}{
		{"at the end", 1000, false, 0},
		{"before the end", 900, false, 1},
		{"past the end", 5000, true, 0},
	} {
		win, err := readWindow(ctx, fakeLog{size: 1000}, "stdout", "stdout", 1000, Range{Before: -1, After: tt.after})
		assert.NoError(t, err, tt.name)
		assert.Equal(t, tt.rotated, win.Rotated, tt.name)
		assert.Len(t, win.Lines, tt.lines, tt.name)
	}
}
