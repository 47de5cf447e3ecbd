package leanread

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Int64 is a 64-bit integer the service may send as a JSON number or as a
// decimal string (it does not encode them consistently, which is why the
// SDK accepts both since v0.174).
type Int64 int64

// UnmarshalJSON takes 123, "123" or null (which leaves the value alone).
func (n *Int64) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	text := b
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		text = []byte(s)
	}
	v, err := strconv.ParseInt(string(text), 10, 64)
	if err != nil {
		return fmt.Errorf("%s is not a 64-bit integer: %w", b, err)
	}
	*n = Int64(v)
	return nil
}
