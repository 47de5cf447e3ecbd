package boundedfile

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestText(t *testing.T) {
	cases := []struct {
		name   string
		in     []byte
		want   string
		badOff int // -1: valid
	}{
		{"plain", []byte(`{"a":1}`), `{"a":1}`, -1},
		{"BOM dropped", append([]byte{0xEF, 0xBB, 0xBF}, `{"a":1}`...), `{"a":1}`, -1},
		{"non-ASCII kept", []byte(`{"team":"Zürich"}`), `{"team":"Zürich"}`, -1},
		{"Latin-1 byte", []byte("{\"team\":\"Z\xfcrich\"}"), "", 10},
		{"bad byte after a BOM counts the BOM", append([]byte{0xEF, 0xBB, 0xBF}, "ab\xff"...), "", 5},
		{"truncated sequence at the end", []byte("ab\xe2\x82"), "", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Text(tc.in, "spec.json")
			if tc.badOff < 0 {
				require.NoError(t, err)
				assert.Equal(t, tc.want, string(got))
				return
			}
			var ue *InvalidUTF8Error
			require.True(t, errors.As(err, &ue), "err = %v", err)
			assert.Equal(t, tc.badOff, ue.Offset)
			assert.ErrorIs(t, err, ErrNotUTF8)
			assert.Contains(t, err.Error(), "spec.json is not UTF-8 text")
		})
	}
}

func TestSize(t *testing.T) {
	assert.Equal(t, "1 MiB", Size(1<<20))
	assert.Equal(t, "64 MiB", Size(64<<20))
	assert.Equal(t, "2 KiB", Size(2048))
	assert.Equal(t, "1000 bytes", Size(1000))
}
