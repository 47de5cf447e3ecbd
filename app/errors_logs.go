package app

import (
	"github.com/clusterdeck/clusterdeck/backend/logs"
)

// logsRules explain the tab's own failures in words.
func logsRules() []ErrorRule {
	return []ErrorRule{
		{logs.ErrNoDelivery, "LOG_DELIVERY_OFF",
			"This compute does not deliver its logs anywhere.",
			"Turn log delivery on (Edit, Logging: a DBFS or volume path); it starts at the next restart."},
		{logs.ErrUnreadable, "LOG_DESTINATION_UNREADABLE",
			"The logs go to a destination Clusterdeck cannot read through the workspace.",
			"Deliver to a DBFS path or a volume to read them here."},
		{logs.ErrNoAccess, "LOG_NO_ACCESS",
			"You have no permission to read the log destination.",
			"Ask for READ VOLUME on the volume (or access to the DBFS path), or read the logs in the workspace."},
		{logs.ErrGone, "LOG_GONE",
			"That log file is not there any more.",
			"Delivery may have rotated or someone deleted it; reload the list of files."},
		{logs.ErrBadFile, "LOG_BAD_FILE",
			"That is not a driver log file Clusterdeck can show.",
			"Pick stdout, stderr or log4j from the list; compressed rotated files can be read in the workspace."},
	}
}
