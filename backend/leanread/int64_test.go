package leanread

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInt64TakesNumbersAndDecimalStrings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Int64
		err  string
	}{
		{in: `1700000000123`, want: 1700000000123},
		{in: `"1700000000123"`, want: 1700000000123},
		{in: `"-5"`, want: -5},
		{in: `null`, want: 7}, // left alone
		{in: `"12x"`, err: `"12x" is not a 64-bit integer`},
		{in: `1.5`, err: `1.5 is not a 64-bit integer`},
		{in: `"9223372036854775808"`, err: "is not a 64-bit integer"},
		{in: `""`, err: "is not a 64-bit integer"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			n := Int64(7)
			err := json.Unmarshal([]byte(tc.in), &n)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, n)
		})
	}
}
