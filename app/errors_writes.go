package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// writeRules say what a write whose answer was lost left behind (creates
// of pools and policies: backend/adopt; cluster actions: LostWrite). They come first: the transport failure they
// wrap would otherwise read as a plain network error, or a proxy's 503 as
// "rejected".
func writeRules() []ErrorRule {
	return []ErrorRule{
		{adopt.ErrOutcomeUnknown, "OUTCOME_UNKNOWN",
			"Not known whether it was made: the answer was lost, and the workspace cannot be asked now.",
			"Once the workspace answers, refresh the list to see. Creating it again is safe: Clusterdeck looks for it by name first and never makes a second one."},
		{adopt.ErrNotMade, "NOT_MADE",
			"Not made: the answer was lost, and the workspace shows nothing was made.",
			"Try again; nothing is made twice."},
		{workspaces.ErrNotSent, "NOT_SENT",
			"Not done: the workspace could not be reached, so nothing was sent.",
			"Check your network or VPN, then try again."},
		{workspaces.ErrAnswerLost, "OUTCOME_UNKNOWN",
			"Not known whether it was done: the request may have reached the workspace, but its answer was lost.",
			"The list shows what happened once the workspace answers; refresh to see it before trying again."},
	}
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
