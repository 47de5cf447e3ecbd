package runcmd

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// safeWriter writes text to a terminal with its control characters shown
// as escapes, not obeyed: run output, error messages and names come from
// the workspace, and an ESC sequence in them could move the cursor, rewrite
// earlier lines, retitle the window or hide text; a bidi override could
// reorder what the user reads. Newlines and tabs pass.
type safeWriter struct{ w io.Writer }

// terminalSafe wraps w; every line the commands print goes through one.
func terminalSafe(w io.Writer) io.Writer { return safeWriter{w} }

func (s safeWriter) Write(p []byte) (int, error) {
	if _, err := s.w.Write([]byte(escapeControls(string(p)))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// escapeControls returns text with C0 and C1 controls (but newline and tab),
// DEL and the bidi embedding, override and isolate marks written as escapes
// (\x1b, \u202e); bytes that are not UTF-8 as \xNN.
func escapeControls(text string) string {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = fmt.Appendf(out, `\x%02x`, text[i])
		case r == '\n' || r == '\t':
			out = append(out, byte(r))
		case r < 0x20 || r == 0x7f:
			out = fmt.Appendf(out, `\x%02x`, r)
		case r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, text[i:i+size]...)
		}
		i += size
	}
	return string(out)
}
