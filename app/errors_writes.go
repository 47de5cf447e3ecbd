package app

import (
	"context"
	"slices"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// writeRules say what a write whose answer was lost left behind (creates of
// pools and policies: adopt's wording.go; cluster actions: workspaces.LostWrite).
// They come first: the transport failure they wrap would otherwise read as a
// plain network error, or a proxy's 503 as "rejected".
func writeRules() []ErrorRule {
	return slices.Concat(adopt.ErrorWording(), workspaces.LostWriteWording())
}

// tracked runs a write and words its failure on the way (LostWrite): "not
// sent" when no write request got through, "unknown" when one may have.
func tracked[T any](ctx context.Context, write func(context.Context) (T, error)) (T, error) {
	ctx, sent := workspaces.TrackSent(ctx)
	v, err := write(ctx)
	if lost := workspaces.LostWrite(err, sent); lost != nil {
		return v, lost
	}
	return v, err
}

// trackedErr is tracked for a write that returns only an error.
func trackedErr(ctx context.Context, write func(context.Context) error) error {
	_, err := tracked(ctx, func(ctx context.Context) (struct{}, error) { return struct{}{}, write(ctx) })
	return err
}
