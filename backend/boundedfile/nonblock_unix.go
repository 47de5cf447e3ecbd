//go:build unix

package boundedfile

import "syscall"

const nonBlock = syscall.O_NONBLOCK
