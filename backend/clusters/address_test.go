package clusters

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Issue 36 (hostile text): the Run page and Spark UI buttons open only the
// workspace's own https pages; what else a workspace sends is refused.
func TestOwnAddress(t *testing.T) {
	const host = "https://adb-123.4.azuredatabricks.net"
	tests := []struct {
		name, addr, host string
		ok               bool
	}{
		{"its run page", host + "/?o=123#job/1/run/2", host, true},
		{"its Spark UI", host + "/#setting/clusters/0101-abc/sparkUi", host, true},
		{"another host", "https://evil.example/#job/1", host, false},
		{"a look-alike host", "https://adb-123.4.azuredatabricks.net.evil.example/", host, false},
		{"a file share", "smb://fileserver/share/invoice.exe", host, false},
		{"a local file", "file:///etc/passwd", host, false},
		{"javascript", "javascript:alert(1)", host, false},
		{"plain http to a real workspace", "http://adb-123.4.azuredatabricks.net/#job/1", host, false},
		{"credentials in the address", "https://user:pw@adb-123.4.azuredatabricks.net/", host, false},
		{"the demo on this computer", "http://127.0.0.1:8123/#job/1/run/2", "http://127.0.0.1:8123", true},
		{"the demo's port, another service", "http://127.0.0.1:9999/", "http://127.0.0.1:8123", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := OwnAddress(tt.addr, tt.host)
			if tt.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, ErrForeignAddress)
			}
		})
	}
}
