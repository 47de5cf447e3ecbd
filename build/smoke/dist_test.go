package smoke

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The .deb as a user gets it (issue 39), run by `make dist-test` as root
// under Xvfb: apt-get installs it with its dependencies, /usr/bin/clusterdeck
// opens on the Demo workspace to its first rows, and a purge leaves no file
// of the package behind and the user's own data as it was.
func TestDistPackageInstallLaunchPurge(t *testing.T) {
	deb := os.Getenv("CLUSTERDECK_DEB")
	if deb == "" || os.Getenv("DISPLAY") == "" {
		t.Skip("needs CLUSTERDECK_DEB and a display: run `make dist-test` (it installs the package on this machine)")
	}
	deb, err := filepath.Abs(deb)
	require.NoError(t, err)
	require.Error(t, exec.Command("dpkg-query", "-W", "-f=${Status}", "clusterdeck").Run(),
		"clusterdeck is already known to dpkg: purge it first, this test must see the machine without it")
	contents := debContents(t, deb)
	existedBefore := map[string]bool{}
	for _, p := range contents {
		_, err := os.Lstat(p)
		existedBefore[p] = err == nil
	}

	apt(t, "install", "-y", deb)
	t.Cleanup(func() { _ = exec.Command("dpkg", "--purge", "clusterdeck").Run() })
	installed := dpkgList(t)
	assert.Contains(t, installed, "/usr/bin/clusterdeck")
	assert.Contains(t, installed, "/usr/share/applications/io.github.clusterdeck.Clusterdeck.desktop")
	assert.Contains(t, installed, "/usr/share/metainfo/io.github.clusterdeck.Clusterdeck.metainfo.xml")
	assert.Contains(t, installed, "/usr/share/icons/hicolor/256x256/apps/io.github.clusterdeck.Clusterdeck.png")
	saysVersionAndHelp(t, "/usr/bin/clusterdeck")
	refusesTestOnly(t, "/usr/bin/clusterdeck")

	home := t.TempDir()
	app := startDesktop(t, "/usr/bin/clusterdeck", home)
	require.True(t, app.logs.waitFor("clusters:first-rows-painted", 90*time.Second),
		"the installed app showed no rows on the Demo workspace; log:\n%s", app.logs)
	app.stop(t)
	userData := snapshot(t, home)
	require.NotEmpty(t, userData, "the app wrote nothing under its HOME: the check below would prove nothing")

	apt(t, "purge", "-y", "clusterdeck")
	assert.Error(t, exec.Command("dpkg-query", "-W", "-f=${db:Status-Abbrev}", "clusterdeck").Run(), "dpkg still knows clusterdeck after purge")
	for _, p := range installed {
		if existedBefore[p] {
			continue // a shared folder such as /usr/share/icons/hicolor
		}
		_, err := os.Lstat(p)
		assert.True(t, errors.Is(err, fs.ErrNotExist), "%s is left after purge", p)
	}
	assert.Equal(t, userData, snapshot(t, home), "the purge changed the user's data")
}

// apt runs apt-get without questions, as root (sudo when the test is not).
func apt(t *testing.T, args ...string) {
	t.Helper()
	name := "apt-get"
	if os.Geteuid() != 0 {
		name, args = "sudo", append([]string{"apt-get"}, args...)
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "apt-get %v:\n%s", args, out)
}

// debContents lists the paths the package file holds, as installed.
func debContents(t *testing.T, deb string) []string {
	t.Helper()
	out, err := exec.Command("dpkg-deb", "--fsys-tarfile", deb).Output()
	require.NoError(t, err, "dpkg-deb --fsys-tarfile %s: %s", deb, stderrOf(err))
	list := exec.Command("tar", "-tf", "-")
	list.Stdin = strings.NewReader(string(out))
	names, err := list.Output()
	require.NoError(t, err, "tar -t: %s", stderrOf(err))
	var paths []string
	for _, n := range strings.Fields(string(names)) {
		if p := filepath.Clean("/" + strings.TrimPrefix(n, ".")); p != "/" {
			paths = append(paths, p)
		}
	}
	return paths
}

func stderrOf(err error) string {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(exit.Stderr)
	}
	return ""
}

// dpkgList is what dpkg says the installed package owns.
func dpkgList(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("dpkg", "-L", "clusterdeck").Output()
	require.NoError(t, err)
	var paths []string
	for _, p := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if p != "/." && p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// snapshot maps every file under dir to its size and digest.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[rel] = fmt.Sprintf("%d %x", len(data), sha256.Sum256(data))
		return nil
	}))
	return files
}
