package boundedfile

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrNotUTF8 matches every InvalidUTF8Error.
var ErrNotUTF8 = errors.New("not UTF-8 text")

// InvalidUTF8Error is text with a byte sequence that is not UTF-8 (often a
// file saved as Latin-1 or UTF-16). Decoders would quietly turn it into
// U+FFFD, changing a name or tag without a word.
type InvalidUTF8Error struct {
	Name   string
	Offset int // byte offset of the first bad byte, from 0
}

func (e *InvalidUTF8Error) Error() string {
	return fmt.Sprintf("%s is not UTF-8 text: the byte at offset %d is not valid UTF-8; save the file as UTF-8", e.Name, e.Offset)
}

// Is lets errors.Is(err, ErrNotUTF8) match.
func (e *InvalidUTF8Error) Is(target error) bool { return target == ErrNotUTF8 }

var bom = []byte{0xEF, 0xBB, 0xBF}

// Text prepares read or pasted text for a decoder: a UTF-8 byte-order mark
// at the start (Windows editors write one) is dropped, and invalid UTF-8 is
// refused with the offset of the first bad byte (counted in the input as
// given, BOM included).
func Text(data []byte, name string) ([]byte, error) {
	skip := 0
	if bytes.HasPrefix(data, bom) {
		skip = len(bom)
	}
	rest := data[skip:]
	if !utf8.Valid(rest) {
		off := 0
		for off < len(rest) {
			r, size := utf8.DecodeRune(rest[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return nil, &InvalidUTF8Error{Name: name, Offset: skip + off}
	}
	return rest, nil
}
