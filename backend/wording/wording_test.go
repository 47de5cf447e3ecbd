package wording

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSentenceAndLowerFirst(t *testing.T) {
	cases := []struct{ in, sentence, lower string }{
		{"", "", ""},
		{"the workspace cannot be reached", "The workspace cannot be reached.", "the workspace cannot be reached"},
		{"Already a sentence.", "Already a sentence.", "already a sentence."},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.sentence, Sentence(tc.in), tc.in)
		assert.Equal(t, tc.lower, LowerFirst(tc.in), tc.in)
	}
}
