package libraries

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ErrInstallFailed: a library the cluster needs ended FAILED (its messages say why).
var ErrInstallFailed = errors.New("a library failed to install")

// EnsureOptions tunes EnsureInstalled; the zero value installs and returns.
type EnsureOptions struct {
	// Wait until each library has a final status (a run needs them installed).
	Wait bool
	// PollEvery is the pause between looks while waiting (default 5 s).
	PollEvery time.Duration
	// Progress hears each step; may be nil.
	Progress func(step string)
}

// EnsureInstalled installs on an existing cluster the libraries it does not
// carry yet (matched by Key, as the API does), and with Wait, waits until
// each of libs is INSTALLED. Installing is idempotent on the API's side; a
// library already on the cluster is not sent again. It returns how many it
// sent.
func EnsureInstalled(ctx context.Context, w *workspaceapi.Client, clusterID string, libs []compute.Library, opts EnsureOptions) (int, error) {
	if len(libs) == 0 {
		return 0, nil
	}
	say := func(format string, args ...any) {
		if opts.Progress != nil {
			opts.Progress(fmt.Sprintf(format, args...))
		}
	}
	st, err := w.Libraries.ClusterStatusByClusterId(ctx, clusterID)
	if err != nil {
		return 0, fmt.Errorf("read the libraries of cluster %s: %w", clusterID, err)
	}
	on := map[string]bool{}
	for _, s := range st.LibraryStatuses {
		if s.Library != nil && s.Status != compute.LibraryInstallStatusUninstallOnRestart {
			on[Key(*s.Library)] = true
		}
	}
	var missing []compute.Library
	for _, l := range libs {
		if !on[Key(l)] {
			missing = append(missing, l)
		}
	}
	if len(missing) > 0 {
		say("Installing %d librar%s on cluster %s", len(missing), plural(len(missing), "y", "ies"), clusterID)
		if err := w.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: clusterID, Libraries: missing}); err != nil {
			return 0, fmt.Errorf("install libraries on cluster %s: %w", clusterID, err)
		}
	}
	if !opts.Wait {
		return len(missing), nil
	}
	return len(missing), waitInstalled(ctx, w, clusterID, libs, opts, say)
}

func waitInstalled(ctx context.Context, w *workspaceapi.Client, clusterID string, libs []compute.Library, opts EnsureOptions, say func(string, ...any)) error {
	if opts.PollEvery <= 0 {
		opts.PollEvery = 5 * time.Second
	}
	want := map[string]bool{}
	for _, l := range libs {
		want[Key(l)] = true
	}
	said := ""
	for {
		st, err := w.Libraries.ClusterStatusByClusterId(ctx, clusterID)
		if err != nil {
			return fmt.Errorf("read the libraries of cluster %s: %w", clusterID, err)
		}
		waiting := 0
		for _, s := range st.LibraryStatuses {
			if s.Library == nil || !want[Key(*s.Library)] {
				continue
			}
			switch s.Status {
			case compute.LibraryInstallStatusInstalled:
			case compute.LibraryInstallStatusFailed:
				return fmt.Errorf("%w: %s on cluster %s: %s", ErrInstallFailed, Key(*s.Library), clusterID, strings.Join(s.Messages, " "))
			default:
				waiting++
			}
		}
		if waiting == 0 {
			say("Libraries installed on cluster %s", clusterID)
			return nil
		}
		if line := fmt.Sprintf("Waiting for %d librar%s on cluster %s", waiting, plural(waiting, "y", "ies"), clusterID); line != said {
			say("%s", line)
			said = line
		}
		t := time.NewTimer(opts.PollEvery)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
