package libraries

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// ticking moves the demo's clock on while a wait polls it.
func ticking(t *testing.T, srv *demo.Server) {
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				srv.Clock().Advance(time.Second)
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-done })
}

func pypi(p string) compute.Library {
	return compute.Library{Pypi: &compute.PythonPyPiLibrary{Package: p}}
}

// ensure and run bring a draft's libraries to a cluster that already
// exists: only those it lacks are sent, and with Wait they are installed
// before the call returns.
func TestEnsureInstalledSendsOnlyWhatIsMissingAndWaits(t *testing.T) {
	_, w, srv := empty(t)
	id := running(t, w, srv, "etl", "")
	require.NoError(t, w.Libraries.Install(ctx(t), compute.InstallLibraries{ClusterId: id, Libraries: []compute.Library{pypi("pandas==2.2.2")}}))
	ticking(t, srv)

	var steps []string
	sent, err := EnsureInstalled(ctx(t), w, id, []compute.Library{pypi("pandas==2.2.2"), pypi("numpy==2.0.0")},
		EnsureOptions{Wait: true, PollEvery: time.Millisecond, Progress: func(s string) { steps = append(steps, s) }})
	require.NoError(t, err)
	assert.Equal(t, 1, sent, "pandas was on the cluster already")
	st, err := w.Libraries.ClusterStatusByClusterId(ctx(t), id)
	require.NoError(t, err)
	for _, s := range st.LibraryStatuses {
		assert.Equal(t, compute.LibraryInstallStatusInstalled, s.Status, Key(*s.Library))
	}
	assert.Contains(t, steps, "Installing 1 library on cluster "+id)

	// Everything there: nothing is sent again.
	sent, err = EnsureInstalled(ctx(t), w, id, []compute.Library{pypi("numpy==2.0.0")}, EnsureOptions{Wait: true, PollEvery: time.Millisecond})
	require.NoError(t, err)
	assert.Zero(t, sent)
}

func TestEnsureInstalledSaysWhichLibraryFailed(t *testing.T) {
	_, w, srv := empty(t)
	id := running(t, w, srv, "etl", "")
	ticking(t, srv)
	_, err := EnsureInstalled(ctx(t), w, id, []compute.Library{pypi("does-not-exist-pkg")}, EnsureOptions{Wait: true, PollEvery: time.Millisecond})
	require.ErrorIs(t, err, ErrInstallFailed)
	assert.Contains(t, err.Error(), "does-not-exist-pkg")
}

func TestEnsureInstalledStopsWithItsContext(t *testing.T) {
	_, w, srv := empty(t)
	id := running(t, w, srv, "etl", "")
	c, cancel := context.WithTimeout(ctx(t), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := EnsureInstalled(c, w, id, []compute.Library{pypi("numpy==2.0.0")}, EnsureOptions{Wait: true, PollEvery: 10 * time.Millisecond})
	require.Error(t, err, "the frozen clock never installs it")
	assert.Less(t, time.Since(start), 10*time.Second, "it returns when its context ends, not after some poll")
}
