package apply

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A request id kept by another process (clusterdeck ensure after a crash or
// a lost answer) is unknown to this service: with Resume it looks before it
// creates, so the cluster that request made is adopted, never made twice;
// a resumed id that made nothing creates once.
func TestResumedRequestLooksFirst(t *testing.T) {
	cases := []struct {
		name        string
		madeEarlier bool
		adopted     bool
	}{
		{"the earlier create made the cluster", true, true},
		{"the earlier create made nothing", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := startDemo(t)
			w := sdkClient(t, srv.URL(), srv.Token())
			id := NewRequestID()
			var earlier string
			if c.madeEarlier {
				creator, err := NewCreator(w)
				require.NoError(t, err)
				cr, err := creator.Create(testCtx(t), baseSpec("resumed"), CreateOptions{RequestID: id, Unsent: true})
				require.NoError(t, err)
				earlier = cr.ClusterID
			}
			rec := &steps{}
			svc := testService(w, rec) // a fresh service: it never sent id
			res, err := svc.Create(testCtx(t), CreateRequest{WorkspaceID: "demo", RequestID: id, Resume: true, Spec: baseSpec("resumed")}, "op-r")
			require.NoError(t, err)
			assert.Equal(t, c.adopted, res.Create.Adopted)
			assert.Contains(t, rec.of("op-r"), "Looking for the cluster this request made")
			found := clustersNamed(t, w, "resumed")
			require.Len(t, found, 1, "never two clusters")
			assert.Equal(t, found[0].ClusterId, res.ClusterID)
			if c.madeEarlier {
				assert.Equal(t, earlier, res.ClusterID)
			}
		})
	}
}
