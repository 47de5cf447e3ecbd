package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wailsapp/wails/v2/pkg/runtime"

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
func (d *notifyingDesktop) Notify(title, _ string, _ NoticeLink) {
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

func TestAClickOnADesktopNotificationOpensItsCluster(t *testing.T) {
	emit := &lockedEmitter{}
	w := &wailsServices{log: slog.New(slog.NewTextHandler(io.Discard, nil)), emit: pageEmitter{emit}}
	answer := func(info map[string]any, err error) runtime.NotificationResult {
		return runtime.NotificationResult{Response: runtime.NotificationResponse{ActionIdentifier: "DEFAULT_ACTION", UserInfo: info}, Error: err}
	}
	cases := []struct {
		name   string
		result runtime.NotificationResult
		want   *NoticeLink
	}{
		{"a cluster", answer(map[string]any{"workspace": "prod", "clusterId": "0101-x"}, nil), &NoticeLink{Workspace: "prod", ClusterID: "0101-x"}},
		{"no cluster named", answer(map[string]any{"workspace": "prod"}, nil), nil},
		{"not text", answer(map[string]any{"workspace": 7, "clusterId": "0101-x"}, nil), nil},
		{"an error", answer(nil, errors.New("dbus closed")), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(emit.named(EventNoticeClicked.wireName()))
			assert.Equal(t, tc.want != nil, w.clicked(tc.result))
			got := emit.named(EventNoticeClicked.wireName())[before:]
			if tc.want == nil {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Equal(t, *tc.want, got[0].data[0])
		})
	}
}
