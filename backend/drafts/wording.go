package drafts

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording turns the drafts sentinels into what the user reads; app puts
// them in its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrConflict, Code: "DRAFT_CONFLICT",
			Message: "This draft was changed in another window.",
			Hint:    "Reload the draft to see the newer version; copy anything you want to keep first."},
		{Target: ErrNewerSchema, Code: "DRAFT_NEWER_VERSION",
			Message: "This draft was saved by a newer version of Clusterdeck.",
			Hint:    "Update Clusterdeck to open it; the file is left as it is."},
		{Target: ErrCorrupt, Code: "DRAFT_UNREADABLE",
			Message: "The draft file cannot be read.",
			Hint:    "It was moved aside so the other drafts keep working; the notice on the Drafts page says where."},
		{Target: ErrNotFound, Code: "DRAFT_NOT_FOUND",
			Message: "That draft no longer exists.",
			Hint:    "It may have been deleted in another window: look in the trash."},
		{Target: ErrInvalidID, Code: "DRAFT_BAD_ID",
			Message: "That is not a draft id.",
			Hint:    "Open the draft from the Drafts page."},
		{Target: ErrInvalidName, Code: "DRAFT_BAD_NAME",
			Message: "The draft name is not valid.",
			Hint:    "Give the draft a name of at most 100 characters on one line."},
		{Target: ErrNothingToImport, Code: "NOTHING_TO_IMPORT",
			Message: "No cluster was found in that text.",
			Hint:    "Paste API JSON (clusters/create, clusters/get or list output) or a bundle YAML with resources.clusters or job_clusters."},
		{Target: ErrUnreadableImport, Code: "UNREADABLE_INPUT",
			Message: "The text cannot be read as a cluster definition.",
			Hint:    "Paste API JSON (clusters/create or clusters/get) or a bundle YAML with resources.clusters."},
		{Target: ErrBadSpec, Code: "BAD_SPEC",
			Message: "The spec is not a cluster spec the Clusters API understands.",
			Hint:    "Correct the JSON; field names and types follow the clusters/create request."},
		{Target: ErrBadExport, Code: "BAD_EXPORT",
			Message: "That export cannot be made.",
			Hint:    "Choose API JSON for one draft, or bundle YAML or Terraform for several."},
		{Target: ErrNoTarget, Code: "NO_TARGET_WORKSPACE",
			Message: "No target workspace is chosen.",
			Hint:    "Choose the workspace the draft is for."},
		{Target: ErrUnknownTarget, Code: "UNKNOWN_WORKSPACE",
			Message: "That workspace is not open in Clusterdeck.",
			Hint:    "Choose another target workspace, or add it in Workspaces."},
		{Target: ErrNoStore, Code: "DRAFTS_UNAVAILABLE",
			Message: "Drafts are not available in this run.",
			Hint:    "Restart Clusterdeck; if it persists, check that its data folder is writable."},
		{Target: ErrUnavailable, Code: "DRAFTS_OFFLINE_ONLY",
			Message: "This run cannot reach workspaces, so drafts can be edited but not applied.",
			Hint:    "Restart Clusterdeck; if it persists, check that the workspaces are set up in Workspaces."},
	}
}
