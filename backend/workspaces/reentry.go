package workspaces

import "fmt"

// Stored secrets belong to one host and one sign-in method. When either
// changes, the secret must be typed again: otherwise the next connection
// would send the old token to the new host.
var (
	ErrHostChangedSecret = fmt.Errorf("%w: the host changed, so the stored secret is not sent to the new host", ErrMissingSecret)
	ErrAuthChangedSecret = fmt.Errorf("%w: the sign-in method changed", ErrMissingSecret)
)

// secretsCarryOver reports whether old's stored secrets may be used for p.
func secretsCarryOver(old, p Profile) bool {
	return old.Host == p.Host && old.AuthType == p.AuthType
}

// reenterSecret says why p needs a secret typed again (nil when it has
// what it needs): the host or auth type changed from old and in holds no
// secret for p's auth type.
func reenterSecret(old, p Profile, in SecretInput) error {
	if secretsCarryOver(old, p) || requireSecrets(p.AuthType, Secrets{}.merge(p.AuthType, in)) == nil {
		return nil
	}
	if old.Host != p.Host {
		return ErrHostChangedSecret
	}
	return ErrAuthChangedSecret
}
