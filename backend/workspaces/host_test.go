package workspaces

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalizeHost(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"https://dbc-123.cloud.databricks.com", "https://dbc-123.cloud.databricks.com", nil},
		{"  dbc-123.cloud.databricks.com/  ", "https://dbc-123.cloud.databricks.com", nil},
		{"HTTPS://ADB-1.2.AzureDatabricks.net/?o=1234#folder/5", "https://adb-1.2.azuredatabricks.net", nil},
		{"https://x.gcp.databricks.com:443/login", "https://x.gcp.databricks.com", nil},
		{"https://x.example.com:8443", "https://x.example.com:8443", nil},
		{"http://127.0.0.1:4321", "http://127.0.0.1:4321", nil},
		{"http://localhost:8080/", "http://localhost:8080", nil},
		{"http://[::1]:9000", "http://[::1]:9000", nil},
		{"", "", ErrEmptyHost},
		{"   ", "", ErrEmptyHost},
		{"http://dbc-123.cloud.databricks.com", "", ErrInsecureHost},
		{"ftp://x.cloud.databricks.com", "", ErrHostScheme},
		{"https://user:pw@x.cloud.databricks.com", "", ErrHostUserInfo},
		{"https://bad host.com", "", ErrBadHost},
		{"https://-bad.com", "", ErrBadHost},
		{"https://", "", ErrEmptyHost},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := NormalizeHost(tt.in)
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
				assert.ErrorIs(t, err, ErrBadHost, "every host error is also ErrBadHost")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDetectCloud(t *testing.T) {
	tests := []struct {
		host string
		want Cloud
	}{
		{"https://adb-1.2.azuredatabricks.net", CloudAzure},
		{"adb-1.2.databricks.azure.cn", CloudAzure},
		{"https://1234.5.gcp.databricks.com", CloudGCP},
		{"https://dbc-1.cloud.databricks.com", CloudAWS},
		{"https://dbc-1.cloud.databricks.us", CloudAWS},
		{"https://databricks.internal.example.com", CloudAWS},
		{"http://127.0.0.1:1234", CloudDemo},
		{"http://localhost", CloudDemo},
		{"", CloudUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			assert.Equal(t, tt.want, DetectCloud(tt.host))
		})
	}
}

func TestAuthType(t *testing.T) {
	for _, a := range AuthTypes {
		assert.True(t, a.Valid(), a)
	}
	assert.False(t, AuthType("basic").Valid())
	assert.True(t, AuthPAT.UsesKeychain())
	assert.True(t, AuthOAuthU2M.UsesKeychain())
	assert.False(t, AuthDatabricksCLI.UsesKeychain())
	assert.False(t, AuthAzureCLI.UsesKeychain())
}
