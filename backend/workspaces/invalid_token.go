package workspaces

import (
	"errors"
	"net/http"
	"strings"

	"github.com/databricks/databricks-sdk-go/apierr"
)

// ErrTokenInvalid reports that the workspace refused the token itself: it
// is wrong, revoked or expired. Real workspaces say so with a 403 (numeric
// error_code 403, "Invalid access token." or "JWT has expired."), which the
// SDK reads as PERMISSION_DENIED; it is not a missing permission.
var ErrTokenInvalid = errors.New("the token is invalid or has expired")

// tokenRefusals are the messages a workspace gives a token it refuses
// ("JWT expired at …": terraform-provider-databricks#2522).
var tokenRefusals = []string{"invalid access token", "jwt has expired", "jwt expired", "token is expired", "token has expired"}

// InvalidToken reports whether err is the workspace refusing the token.
func InvalidToken(err error) bool {
	var ae *apierr.APIError
	if !errors.As(err, &ae) || ae.StatusCode != http.StatusForbidden {
		return false
	}
	msg := strings.ToLower(ae.Message)
	for _, r := range tokenRefusals {
		if strings.Contains(msg, r) {
			return true
		}
	}
	return false
}
