package workspaces

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
)

func TestInvalidToken(t *testing.T) {
	tests := []struct {
		name   string
		status int
		msg    string
		want   bool
	}{
		{"wrong or revoked", http.StatusForbidden, "Invalid access token.", true},
		{"expired, the demo's words", http.StatusForbidden, "JWT has expired.", true},
		// terraform-provider-databricks#2522 quotes a workspace's answer to an expired token.
		{"expired, as a workspace said it", http.StatusForbidden,
			"Error while parsing token: io.jsonwebtoken.ExpiredJwtException: JWT expired at 2023-07-28T09:11:22Z. Current time: 2023-07-28T09:41:22Z", true},
		{"a missing permission", http.StatusForbidden, "User ada@example.com does not have Manage permission on cluster 0101-x.", false},
		{"not a 403", http.StatusBadRequest, "Invalid access token.", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := fmt.Errorf("listing: %w", &apierr.APIError{StatusCode: tc.status, ErrorCode: "PERMISSION_DENIED", Message: tc.msg})
			assert.Equal(t, tc.want, InvalidToken(err))
		})
	}
}
