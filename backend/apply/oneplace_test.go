package apply

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/internal/sourcetest"
	"github.com/stretchr/testify/assert"
)

// Clusters are created in one way (issue 37): through Service, whose check,
// progress and cancel every caller gets. Nothing outside this package makes
// a Creator or an Applier of its own (runs.Ensure once did, unchecked).
func TestClustersAreCreatedOnlyThroughTheService(t *testing.T) {
	root := filepath.Join("..", "..")
	uses := regexp.MustCompile(`apply\.(NewCreator|NewApplier)\(`)
	found := sourcetest.Lines(t, sourcetest.GoFiles(t, root, "backend/apply/"), uses)
	assert.Empty(t, found, "create clusters through apply.Service (Create, ApplyDraft)")
}
