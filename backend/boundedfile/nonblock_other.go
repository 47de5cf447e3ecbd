//go:build !unix

package boundedfile

// Windows has no FIFOs in the file system; the mode check is enough.
const nonBlock = 0
