package logs

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Driver logs tab's own failures in words; app puts
// them in its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNoDelivery, Code: "LOG_DELIVERY_OFF",
			Message: "This compute does not deliver its logs anywhere.",
			Hint:    "Turn log delivery on (Edit, Logging: a DBFS or volume path); it starts at the next restart."},
		{Target: ErrUnreadable, Code: "LOG_DESTINATION_UNREADABLE",
			Message: "The logs go to a destination Clusterdeck cannot read through the workspace.",
			Hint:    "Deliver to a DBFS path or a volume to read them here."},
		{Target: ErrNoAccess, Code: "LOG_NO_ACCESS",
			Message: "You have no permission to read the log destination.",
			Hint:    "Ask for READ VOLUME on the volume (or access to the DBFS path), or read the logs in the workspace."},
		{Target: ErrGone, Code: "LOG_GONE",
			Message: "That log file is not there any more.",
			Hint:    "Delivery may have rotated or someone deleted it; reload the list of files."},
		{Target: ErrBadFile, Code: "LOG_BAD_FILE",
			Message: "That is not a driver log file Clusterdeck can show.",
			Hint:    "Pick stdout, stderr or log4j from the list; compressed rotated files can be read in the workspace."},
	}
}
