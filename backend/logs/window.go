package logs

import (
	"bytes"
	"regexp"
	"strings"
	"time"
)

// MaxWindow bounds one read: the page asks again for more, so neither the
// app nor the page ever holds more than a few windows of a large log.
const MaxWindow = 256 << 10

// cutBackward keeps the complete lines of data read at [start, start+len):
// when start is not the file's beginning its first line may be a fragment
// and is dropped (the next page backwards reads it whole).
func cutBackward(data []byte, start int64) (lines []Line, first int64) {
	first = start
	if start > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return nil, start + int64(len(data))
		}
		data, first = data[i+1:], start+int64(i+1)
	}
	return split(data, first), first
}

// cutForward keeps the complete lines of data read at start: a last line
// without its newline may still be growing and is left for the next read.
func cutForward(data []byte, start int64) (lines []Line, end int64) {
	i := bytes.LastIndexByte(data, '\n')
	if i < 0 {
		return nil, start
	}
	return split(data[:i+1], start), start + int64(i+1)
}

// split turns complete lines into Lines with their offsets.
func split(data []byte, at int64) []Line {
	var out []Line
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			i = len(data) - 1
		}
		text := strings.TrimRight(string(data[:i]), "\r")
		ts, level := stamp(text)
		out = append(out, Line{Offset: at, Text: text, Time: ts, Level: level})
		at += int64(i + 1)
		data = data[i+1:]
	}
	return out
}

// Driver logs carry log4j's "yy/MM/dd HH:mm:ss" or an ISO-8601 time at the
// start of a line (stdout's GC and Python lines).
var (
	log4jTime = regexp.MustCompile(`^(\d{2}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})`)
	isoTime   = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))`)
	levelWord = regexp.MustCompile(`\b(ERROR|WARN|INFO|DEBUG|TRACE)\b`)
)

// stamp reads a line's time (ms, UTC) and level, when it has them.
func stamp(text string) (ms int64, level string) {
	if m := log4jTime.FindString(text); m != "" {
		if t, err := time.ParseInLocation("06/01/02 15:04:05", m, time.UTC); err == nil {
			ms = t.UnixMilli()
		}
	} else if m := isoTime.FindString(text); m != "" {
		if t, err := time.Parse(time.RFC3339Nano, m); err == nil {
			ms = t.UnixMilli()
		}
	}
	if len(text) > 120 {
		text = text[:120]
	}
	return ms, levelWord.FindString(text)
}
