package app

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/notices"
)

// notifyingDesktop records the desktop notifications sent.
type notifyingDesktop struct {
	mu     sync.Mutex
	titles []string
}

func (d *notifyingDesktop) OpenURL(string) error { return nil }
func (d *notifyingDesktop) bind(context.Context) {}
func (d *notifyingDesktop) Notify(title, _ string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.titles = append(d.titles, title)
}

func TestSettingsChooseWhereEachKindOfNewsGoes(t *testing.T) {
	prefs := notices.NewPrefs("")
	n := &Notifications{prefs: prefs}
	_, err := n.Set(string(notices.Ready), notices.Channels{Desktop: false, InApp: true})
	require.NoError(t, err)
	list, err := n.Set(string(notices.Terminated), notices.Channels{})
	require.NoError(t, err)
	require.Len(t, list, 4)
	_, err = n.Set("weekly digest", notices.Channels{})
	assert.ErrorIs(t, err, notices.ErrUnknownKind)

	emit, desktop := &lockedEmitter{}, &notifyingDesktop{}
	c := &Clusters{emit: pageEmitter{emit}, desktop: desktop, notices: prefs}
	for _, news := range []clusters.Notice{
		{Kind: "success", Reason: notices.Ready, Title: "etl is ready"},
		{Kind: "error", Reason: notices.StartFailed, Title: "gpu failed to start"},
		{Kind: "error", Reason: notices.Failed, Title: "bi failed"},
		{Kind: "error", Reason: notices.Terminated, Title: "adhoc was terminated"},
	} {
		clusterSink{c}.Notice(news)
	}

	var inApp []string
	for _, e := range emit.named(EventClusterNotice.wireName()) {
		inApp = append(inApp, e.data[0].(clusters.Notice).Title)
	}
	assert.Equal(t, []string{"etl is ready", "gpu failed to start", "bi failed"}, inApp)
	assert.Equal(t, []string{"gpu failed to start", "bi failed"}, desktop.titles)
}
