package warehouses

import (
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
)

const (
	dashboardsID = "6c8e0a2f4b3d5f71" // Dashboards Pro: running, 2 clusters, a query running
	alwaysOnID   = "8e0a2c4b6d5f7193" // Always-on Reporting: a report running, one queued
)

var histNow = time.Date(2026, 11, 25, 14, 30, 0, 0, time.UTC)

func historyService(t *testing.T) (*demo.Server, *Service) {
	srv, w := demotest.Start(t, demo.Options{StartTime: histNow})
	return srv, NewService(fakeSource{}, fixedClient{w}, srv.Clock().Now)
}

func TestHistoryPages(t *testing.T) {
	_, svc := historyService(t)
	ctx := demotest.Ctx(t)
	for _, tc := range []struct {
		name    string
		q       HistoryQuery
		check   func(r QueryRow) bool
		running bool
	}{
		{"everything", HistoryQuery{}, func(QueryRow) bool { return true }, true},
		{"a user by name", HistoryQuery{Users: []string{"demo.user@example.com"}}, func(r QueryRow) bool { return r.User == "demo.user@example.com" }, true},
		{"a service account by id", HistoryQuery{Users: []string{"8120054473310921"}}, func(r QueryRow) bool { return r.UserID == "8120054473310921" }, true},
		{"failed", HistoryQuery{Statuses: []string{"failed"}}, func(r QueryRow) bool { return r.Status == "FAILED" && r.Error != "" }, false},
		{"finished, small pages", HistoryQuery{Statuses: []string{"FINISHED"}, PageSize: 7}, func(r QueryRow) bool { return r.Status == "FINISHED" && r.Rows > 0 }, false},
		{"live", HistoryQuery{Statuses: []string{"RUNNING", "QUEUED"}}, func(r QueryRow) bool { return r.Live && r.DurationMs > 0 }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := svc.History(ctx, "ws", alwaysOnID, tc.q)
			require.NoError(t, err)
			require.NotEmpty(t, p.Rows)
			size := tc.q.PageSize
			if size == 0 {
				size = HistoryPageSize
			}
			assert.LessOrEqual(t, len(p.Rows), size)
			assert.Equal(t, tc.running, p.Running)
			if tc.running {
				assert.Equal(t, HistoryPollSec, p.NextPollSec)
			}
			for _, r := range p.Rows {
				assert.True(t, tc.check(r), "%+v", r)
				assert.NotContains(t, r.Statement, "\n")
				assert.LessOrEqual(t, len([]rune(r.Statement)), statementLine)
				assert.NotEmpty(t, r.StartedAt)
			}
			// The next page, with the token alone, keeps the filter.
			if p.NextPageToken != "" {
				next, err := svc.History(ctx, "ws", alwaysOnID, HistoryQuery{PageToken: p.NextPageToken, PageSize: tc.q.PageSize})
				require.NoError(t, err)
				for _, r := range next.Rows {
					assert.True(t, tc.check(r), "%+v", r)
					assert.LessOrEqual(t, r.StartedAt, p.Rows[len(p.Rows)-1].StartedAt)
				}
			}
		})
	}
}

// Paging to the end: the last page has no token (the API's has one).
func TestHistoryToTheEnd(t *testing.T) {
	_, svc := historyService(t)
	ctx := demotest.Ctx(t)
	q := HistoryQuery{Statuses: []string{"CANCELED"}, PageSize: 5}
	seen := map[string]bool{}
	for pages := 0; ; pages++ {
		require.Less(t, pages, 100)
		p, err := svc.History(ctx, "ws", dashboardsID, q)
		require.NoError(t, err)
		for _, r := range p.Rows {
			assert.False(t, seen[r.ID])
			seen[r.ID] = true
		}
		if p.NextPageToken == "" {
			break
		}
		q = HistoryQuery{PageToken: p.NextPageToken, PageSize: 5}
	}
	assert.NotEmpty(t, seen)
}

func TestHistoryErrors(t *testing.T) {
	srv, svc := historyService(t)
	ctx := demotest.Ctx(t)
	_, err := svc.History(ctx, "ws", alwaysOnID, HistoryQuery{Statuses: []string{"DONE"}})
	require.ErrorIs(t, err, ErrBadHistoryQuery)
	_, err = svc.History(ctx, "ws", alwaysOnID, HistoryQuery{Users: []string{"nobody@example.com"}})
	require.ErrorIs(t, err, ErrBadHistoryQuery)

	// A deleted warehouse is gone, for history, load and connection alike.
	require.NoError(t, svc.Stop(ctx, "ws", dashboardsID))
	srv.Clock().Advance(time.Minute)
	w, _ := fixedClientOf(svc).Client(ctx, "ws")
	require.NoError(t, w.Warehouses.DeleteById(ctx, dashboardsID))
	srv.Clock().Advance(time.Minute)
	{
		_, err = svc.History(ctx, "ws", dashboardsID, HistoryQuery{})
		require.ErrorIs(t, err, ErrNotFound)
		_, err = svc.Load(ctx, "ws", dashboardsID, histNow.Add(-time.Hour))
		require.ErrorIs(t, err, ErrNotFound)
		_, err = svc.Connection(ctx, "ws", dashboardsID)
		require.ErrorIs(t, err, ErrNotFound)
	}
	_, err = svc.History(ctx, "ws", "0000000000000000", HistoryQuery{})
	require.ErrorIs(t, err, ErrNotFound)
}

func fixedClientOf(s *Service) ClientSource { return s.clients }

func TestLoad(t *testing.T) {
	_, svc := historyService(t)
	ctx := demotest.Ctx(t)
	for _, tc := range []struct {
		name          string
		id            string
		window        time.Duration
		step          int
		clustersKnown bool
		lastClusters  int
		running       bool
	}{
		{"a running multi-cluster warehouse, a day", dashboardsID, 24 * time.Hour, 900, true, 2, true},
		{"the last two hours", alwaysOnID, 2 * time.Hour, 60, true, 1, true},
		{"a stopped warehouse, a week", proID, 7 * 24 * time.Hour, 3 * 3600, false, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := svc.Load(ctx, "ws", tc.id, histNow.Add(-tc.window))
			require.NoError(t, err)
			assert.Equal(t, tc.step, l.StepSec)
			require.NotEmpty(t, l.Points)
			assert.LessOrEqual(t, len(l.Points), loadMaxPoints+1)
			assert.Equal(t, tc.clustersKnown, l.ClustersKnown, l.ClustersNote)
			assert.Equal(t, !tc.clustersKnown, l.ClustersNote != "")
			assert.Equal(t, tc.running, l.Running)
			last := l.Points[len(l.Points)-1]
			assert.Equal(t, tc.lastClusters, last.Clusters)
			busy := 0
			for _, p := range l.Points {
				busy += p.Running
			}
			assert.Positive(t, busy, "queries ran in the window")
			if tc.id == alwaysOnID {
				assert.Equal(t, 1, last.Queued, "the report waiting now")
				assert.GreaterOrEqual(t, last.Running, 1)
			}
		})
	}
}

func TestConnection(t *testing.T) {
	srv, svc := historyService(t)
	c, err := svc.Connection(demotest.Ctx(t), "ws", dashboardsID)
	require.NoError(t, err)
	assert.Equal(t, "/sql/1.0/warehouses/"+dashboardsID, c.HTTPPath)
	assert.Equal(t, "127.0.0.1", c.Hostname)
	assert.True(t, c.Running)
	assert.Contains(t, c.JDBCURL, "httpPath=/sql/1.0/warehouses/"+dashboardsID)
	ids := []string{}
	for _, s := range c.Snippets {
		ids = append(ids, s.ID)
		assert.Contains(t, s.Text, "/sql/1.0/warehouses/"+dashboardsID, s.ID)
		assert.NotContains(t, s.Text, srv.Token(), "never a secret")
	}
	assert.Equal(t, []string{"jdbc", "odbc", "python", "dbt"}, ids)
	assert.Contains(t, c.Snippets[2].Text, "from databricks import sql")
	assert.Contains(t, c.Snippets[2].Text, "<personal access token>")
	assert.Contains(t, c.Snippets[3].Text, "dashboards_pro:")

	on443 := ConnectionOf("https://adb-123.4.azuredatabricks.net", "pat", sql.EndpointInfo{Id: "abc", Name: "BI"})
	assert.Equal(t, "adb-123.4.azuredatabricks.net", on443.Hostname)
	assert.Equal(t, 443, on443.Port)
	assert.Equal(t, "jdbc:databricks://adb-123.4.azuredatabricks.net:443/default;transportMode=http;ssl=1;httpPath=/sql/1.0/warehouses/abc;AuthMech=3;UID=token;PWD=<personal-access-token>", on443.JDBCURL)
	assert.Contains(t, on443.Snippets[2].Text, `server_hostname="adb-123.4.azuredatabricks.net"`)
}

func TestFirstLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"\n\n  select   a,\n b from t", "select a,"},
		{"-- Dashboard: Revenue\nSELECT 1", "-- Dashboard: Revenue"},
		{"SELECT\t\t*  FROM   t", "SELECT * FROM t"},
		{strings.Repeat("x", 200), strings.Repeat("x", 9) + "…"},
		{"", ""},
	} {
		want := tc.want
		got := FirstLine(tc.in, 10)
		if len([]rune(tc.in)) <= 10 || strings.Contains(tc.in, "\n") || strings.Contains(tc.in, "\t") {
			got = FirstLine(tc.in, statementLine)
		}
		assert.Equal(t, want, got, "%q", tc.in)
	}
}

// The events are a query on the warehouse, which counts as activity: a
// chart read again within eventsTTL reuses them rather than keep the
// warehouse from stopping by itself.
func TestLoadReadsEventsOnceInAWhile(t *testing.T) {
	srv, svc := historyService(t)
	ctx := demotest.Ctx(t)
	reads := func() int {
		p, err := svc.History(ctx, "ws", dashboardsID, HistoryQuery{Users: []string{"demo.user@example.com"}, PageSize: 200})
		require.NoError(t, err)
		n := 0
		for _, r := range p.Rows {
			if strings.Contains(r.Statement, "system.compute.warehouse_events") {
				n++
			}
		}
		return n
	}
	for i, want := range []int{1, 1, 2} {
		if i == 2 {
			srv.Clock().Advance(eventsTTL)
		}
		l, err := svc.Load(ctx, "ws", dashboardsID, srv.Clock().Now().Add(-6*time.Hour))
		require.NoError(t, err)
		assert.True(t, l.ClustersKnown)
		assert.Equal(t, want, reads(), "after load %d", i+1)
	}
}
