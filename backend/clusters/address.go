package clusters

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// ErrForeignAddress: the workspace sent an address Clusterdeck will not
// open (another scheme or another host than the workspace's own).
var ErrForeignAddress = errors.New("the workspace sent an address that is not one of its own web pages")

// OwnAddress checks that addr is a web page of the workspace at host: https
// on the workspace's own host (http only for a workspace on this computer,
// as the Demo workspace is). What a workspace answers is untrusted text: an
// smb:// share or another site must never reach the system's opener.
func OwnAddress(addr, host string) error {
	u, err := url.Parse(strings.TrimSpace(addr))
	if err != nil {
		return fmt.Errorf("%w: %q: %w", ErrForeignAddress, addr, err)
	}
	h, err := url.Parse(host)
	if err != nil || h.Host == "" {
		return fmt.Errorf("%w: the workspace's own address %q is not a URL", ErrForeignAddress, host)
	}
	scheme := strings.ToLower(u.Scheme)
	loopback := false
	if ip := net.ParseIP(h.Hostname()); ip != nil {
		loopback = ip.IsLoopback()
	}
	okScheme := scheme == "https" || (scheme == "http" && loopback && strings.EqualFold(h.Scheme, "http"))
	if !okScheme || u.User != nil || !strings.EqualFold(u.Host, h.Host) {
		return fmt.Errorf("%w: %q (the workspace is %s)", ErrForeignAddress, addr, h.Host)
	}
	return nil
}

// Page is one of the cluster's web pages (picked from its detail: the
// Spark UI, a run's page), checked to be the workspace's own (OwnAddress);
// "" when the cluster has none.
func (s *Service) Page(ctx context.Context, ws, id string, pick func(*Detail) string) (string, error) {
	d, err := s.Get(ctx, ws, id)
	if err != nil {
		return "", err
	}
	addr := pick(d)
	if addr == "" {
		return "", nil
	}
	w, _, err := s.clients.get(ctx, ws)
	if err != nil {
		return "", err
	}
	if err := OwnAddress(addr, w.Config.Host); err != nil {
		return "", err
	}
	return addr, nil
}
