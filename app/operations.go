package app

import "github.com/clusterdeck/clusterdeck/backend/apply"

// Operations lets the page follow and cancel a long operation (create,
// edit, apply a draft): it names one with NewOperationID, passes the id to
// the call, listens to apply:progress:<id> and may Cancel it.
type Operations struct {
	svc *apply.Service
}

// NewOperationID returns a fresh id for one run of an operation.
func (o *Operations) NewOperationID() (string, error) { return apply.NewOperationID(), nil }

// Cancel stops the operation; false when none runs under that id (it has
// already finished). The operation's own call answers CANCELLED.
func (o *Operations) Cancel(operationID string) (bool, error) {
	if o.svc == nil {
		return false, nil
	}
	return o.svc.Cancel(operationID), nil
}
