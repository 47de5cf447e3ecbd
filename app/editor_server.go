package app

import "github.com/clusterdeck/clusterdeck/backend/check"

// PathMessage and ServerVerdict are the server policy check's page shapes.
type (
	PathMessage   = check.PathMessage
	ServerVerdict = check.ServerVerdict
)

// CheckWithServer asks the workspace whether the saved cluster complies with
// its policy and compares the answer with the offline evaluation (see
// check.Checker.WithServer). The service checks only existing clusters.
func (e *Editor) CheckWithServer(workspaceID, clusterID, draftJSON string) (ServerVerdict, error) {
	if clusterID == "" {
		return ServerVerdict{}, ErrNoServerCheck
	}
	w, err := e.client(e.ctx, workspaceID)
	if err != nil {
		return ServerVerdict{}, err
	}
	v, err := e.checker.WithServer(e.ctx, w, workspaceID, clusterID, []byte(draftJSON))
	return forPage(v), err
}
