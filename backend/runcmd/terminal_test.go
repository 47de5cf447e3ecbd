package runcmd

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEscapeControls(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain text and lines", "loaded 3 rows\n\tok", "loaded 3 rows\n\tok"},
		{"accents and CJK", "données 読み込み ✓", "données 読み込み ✓"},
		{"colour and cursor", "\x1b[31mred\x1b[2J", `\x1b[31mred\x1b[2J`},
		{"window title", "\x1b]0;owned\x07", `\x1b]0;owned\x07`},
		{"carriage return rewrites a line", "ok\rFAIL", `ok\x0dFAIL`},
		{"C1 CSI", "a\u009bb", `a\u009bb`},
		{"delete", "a\x7fb", `a\x7fb`},
		{"bidi override", "invoice\u202egpj.exe", `invoice\u202egpj.exe`},
		{"bidi isolate", "\u2066x\u2069", `\u2066x\u2069`},
		{"not UTF-8", "a\xffb", `a\xffb`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, escapeControls(c.in))
		})
	}
}

func TestTerminalSafeWriterCountsWhatItWasGiven(t *testing.T) {
	var b bytes.Buffer
	n, err := terminalSafe(&b).Write([]byte("x\x1by"))
	require.NoError(t, err)
	assert.Equal(t, 3, n, "the caller's bytes, not the escaped ones")
	assert.Equal(t, `x\x1by`, b.String())
}
