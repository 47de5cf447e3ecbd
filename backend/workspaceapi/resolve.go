package workspaceapi

import (
	"context"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
)

// NewWithin is New for a config whose host metadata the SDK may fetch
// (a ~/.databrickscfg profile, DATABRICKS_* variables): resolving fetches
// /.well-known/databricks-config on a context nothing can cancel, with the
// SDK's whole retry budget (5 minutes against a refused host, deaf to
// Ctrl+C). Here that fetch ends with ctx and within limit; a failed fetch
// only leaves the config as the user wrote it, as the SDK's own fallback.
func NewWithin(ctx context.Context, cfg *config.Config, limit time.Duration) (*Client, error) {
	if cfg.HostMetadataResolver == nil {
		cfg.HostMetadataResolver = func(_ context.Context, host string) (*config.HostMetadata, error) {
			bounded, cancel := context.WithTimeout(ctx, limit)
			defer cancel()
			return cfg.DefaultHostMetadataResolver()(bounded, host)
		}
	}
	return New(cfg)
}
