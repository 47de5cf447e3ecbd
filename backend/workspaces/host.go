package workspaces

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// Host errors. Every one matches ErrBadHost as well as its specific sentinel.
var (
	ErrBadHost      = errors.New("invalid workspace host")
	ErrEmptyHost    = errors.New("the host is empty")
	ErrInsecureHost = errors.New("http is only allowed for loopback addresses; use https")
	ErrHostScheme   = errors.New("the host must start with https://")
	ErrHostUserInfo = errors.New("the host must not contain a user name or password")
)

// NormalizeHost turns what a user pastes (with or without scheme, with a
// path, ?o= query or trailing slash) into "https://host[:port]". It accepts
// http only for loopback addresses (the demo workspace, tests).
func NormalizeHost(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", fmt.Errorf("%w: %w", ErrBadHost, ErrEmptyHost)
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%w: %q cannot be parsed as a URL", ErrBadHost, raw)
	}
	if u.User != nil {
		return "", fmt.Errorf("%w: %w", ErrBadHost, ErrHostUserInfo)
	}
	scheme := strings.ToLower(u.Scheme)
	hostname := strings.ToLower(u.Hostname())
	if hostname == "" {
		return "", fmt.Errorf("%w: %w", ErrBadHost, ErrEmptyHost)
	}
	if !validHostname(hostname) {
		return "", fmt.Errorf("%w: %q is not a valid host name", ErrBadHost, hostname)
	}
	switch scheme {
	case "https":
	case "http":
		if !IsLoopback(hostname) {
			return "", fmt.Errorf("%w: %w", ErrBadHost, ErrInsecureHost)
		}
	default:
		return "", fmt.Errorf("%w: %w (got %q)", ErrBadHost, ErrHostScheme, u.Scheme)
	}
	host := hostname
	if strings.Contains(hostname, ":") { // IPv6 literal
		host = "[" + hostname + "]"
	}
	if port := u.Port(); port != "" && !(scheme == "https" && port == "443") {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}

// IsLoopback reports whether hostname is localhost or a loopback IP.
func IsLoopback(hostname string) bool {
	if strings.EqualFold(hostname, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(hostname, "[]"))
	return ip != nil && ip.IsLoopback()
}

func validHostname(h string) bool {
	if net.ParseIP(h) != nil {
		return true
	}
	if len(h) > 253 {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				return false
			}
		}
	}
	return true
}

// Cloud is where a workspace runs, detected from its host name.
type Cloud string

const (
	CloudAWS     Cloud = "aws"
	CloudAzure   Cloud = "azure"
	CloudGCP     Cloud = "gcp"
	CloudDemo    Cloud = "demo" // loopback: the built-in demo or a test server
	CloudUnknown Cloud = ""
)

// DetectCloud maps a (normalised or raw) host to its cloud. Like the SDK,
// any non-Azure, non-GCP Databricks host counts as AWS.
func DetectCloud(host string) Cloud {
	h := host
	if u, err := url.Parse(host); err == nil && u.Hostname() != "" {
		h = u.Hostname()
	}
	h = strings.ToLower(h)
	switch {
	case h == "":
		return CloudUnknown
	case IsLoopback(h):
		return CloudDemo
	case hasDomain(h, "azuredatabricks.net", "databricks.azure.cn", "databricks.azure.us"):
		return CloudAzure
	case hasDomain(h, "gcp.databricks.com"):
		return CloudGCP
	default:
		return CloudAWS
	}
}

func hasDomain(h string, domains ...string) bool {
	for _, d := range domains {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}
