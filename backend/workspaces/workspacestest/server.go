// Package workspacestest is a small fake Databricks workspace for tests of
// the workspaces and catalog packages: SCIM Me, the OAuth endpoints (M2M and
// U2M with PKCE), and the catalog listings, answered with SDK types.
package workspacestest

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
)

// Server is a fake workspace. Set the exported fields before use.
type Server struct {
	*httptest.Server

	Token        string // accepted personal access token
	ClientID     string // accepted OAuth M2M client id
	ClientSecret string // accepted OAuth M2M client secret
	User         iam.User
	WorkspaceID  string // sent as X-Databricks-Org-Id ("" = not sent); change with SetWorkspaceID

	NodeTypes     []compute.NodeType
	SparkVersions []compute.SparkVersion
	Policies      []compute.Policy
	Pools         []compute.InstancePoolAndStats

	mu     sync.Mutex
	fail   map[string]int    // path -> forced HTTP status
	codes  map[string]string // authorization code -> PKCE challenge
	issued map[string]bool   // OAuth access tokens issued
	hits   map[string]int
	auths  []string // Authorization headers seen on API calls
}

// New starts a fake workspace on loopback, closed when the test ends.
func New(t testing.TB) *Server {
	s := &Server{
		Token:        "dapi-test-token-0000000000000000",
		ClientID:     "sp-client-id",
		ClientSecret: "dose-test-secret-000000000000",
		User:         iam.User{Id: "1001", UserName: "analyst@example.com", DisplayName: "Ana Lyst", Active: true},
		WorkspaceID:  "7001234567890123",
		NodeTypes: []compute.NodeType{
			{NodeTypeId: "i3.xlarge", MemoryMb: 31232, NumCores: 4, Description: "i3.xlarge"},
			{NodeTypeId: "m5d.large", MemoryMb: 8192, NumCores: 2, Description: "m5d.large"},
		},
		SparkVersions: []compute.SparkVersion{{Key: "15.4.x-scala2.12", Name: "15.4 LTS"}},
		Policies:      []compute.Policy{{PolicyId: "P1", Name: "Personal Compute", Definition: `{}`}},
		Pools:         []compute.InstancePoolAndStats{{InstancePoolId: "pool-1", InstancePoolName: "small", NodeTypeId: "m5d.large"}},
		fail:          map[string]int{},
		codes:         map[string]string{},
		issued:        map[string]bool{},
		hits:          map[string]int{},
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Fail makes path answer with status (0 clears).
func (s *Server) Fail(path string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if status == 0 {
		delete(s.fail, path)
		return
	}
	s.fail[path] = status
}

// SetWorkspaceID changes the X-Databricks-Org-Id the server sends.
func (s *Server) SetWorkspaceID(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.WorkspaceID = id
}

// Hits returns how often path was requested.
func (s *Server) Hits(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// AuthHeaders returns the Authorization headers seen on API calls.
func (s *Server) AuthHeaders() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.auths...)
}

// Paths of the fake.
const (
	PathMe        = "/api/2.0/preview/scim/v2/Me"
	PathNodeTypes = "/api/2.1/clusters/list-node-types"
	PathSpark     = "/api/2.1/clusters/spark-versions"
	PathPolicies  = "/api/2.0/policies/clusters/list"
	PathPools     = "/api/2.0/instance-pools/list"
	PathOIDC      = "/oidc/.well-known/oauth-authorization-server"
	PathAuthorize = "/oidc/v1/authorize"
	PathToken     = "/oidc/v1/token"
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	status := s.fail[r.URL.Path]
	orgID := s.WorkspaceID
	s.mu.Unlock()
	if status != 0 {
		writeError(w, status, "FORCED", "forced failure")
		return
	}
	switch r.URL.Path {
	case PathOIDC:
		writeJSON(w, map[string]string{
			"authorization_endpoint": s.URL + PathAuthorize,
			"token_endpoint":         s.URL + PathToken,
		})
		return
	case PathAuthorize:
		s.authorize(w, r)
		return
	case PathToken:
		s.token(w, r)
		return
	}
	if orgID != "" {
		w.Header().Set("X-Databricks-Org-Id", orgID)
	}
	if !s.authorized(r) {
		writeError(w, http.StatusUnauthorized, "UNAUTHENTICATED", "Invalid access token.")
		return
	}
	switch r.URL.Path {
	case PathMe:
		writeJSON(w, s.User)
	case PathNodeTypes:
		writeJSON(w, compute.ListNodeTypesResponse{NodeTypes: s.NodeTypes})
	case PathSpark:
		writeJSON(w, compute.GetSparkVersionsResponse{Versions: s.SparkVersions})
	case PathPolicies:
		writeJSON(w, compute.ListPoliciesResponse{Policies: s.Policies})
	case PathPools:
		writeJSON(w, compute.ListInstancePools{InstancePools: s.Pools})
	default:
		writeError(w, http.StatusNotFound, "ENDPOINT_NOT_FOUND", "No API found for "+r.URL.Path)
	}
}

func (s *Server) authorized(r *http.Request) bool {
	h := r.Header.Get("Authorization")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.auths = append(s.auths, h)
	tok, ok := strings.CutPrefix(h, "Bearer ")
	return ok && (tok == s.Token || s.issued[tok])
}

// authorize plays the identity provider: it "logs the user in" at once and
// redirects back to the app with a code bound to the PKCE challenge.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		http.Error(w, "PKCE required", http.StatusBadRequest)
		return
	}
	code := randomHex()
	s.mu.Lock()
	s.codes[code] = q.Get("code_challenge")
	s.mu.Unlock()
	back, err := url.Parse(q.Get("redirect_uri"))
	if err != nil {
		http.Error(w, "bad redirect_uri", http.StatusBadRequest)
		return
	}
	bq := back.Query()
	bq.Set("code", code)
	bq.Set("state", q.Get("state"))
	back.RawQuery = bq.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch r.PostForm.Get("grant_type") {
	case "client_credentials":
		id, secret, ok := r.BasicAuth()
		if !ok {
			id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		if id != s.ClientID || secret != s.ClientSecret {
			writeOAuthError(w, "invalid_client")
			return
		}
	case "authorization_code":
		challenge, ok := s.codes[r.PostForm.Get("code")]
		delete(s.codes, r.PostForm.Get("code"))
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
			writeOAuthError(w, "invalid_grant")
			return
		}
	case "refresh_token":
		if !s.issued["refresh:"+r.PostForm.Get("refresh_token")] {
			writeOAuthError(w, "invalid_grant")
			return
		}
	default:
		writeOAuthError(w, "unsupported_grant_type")
		return
	}
	access, refresh := "oauth-access-"+randomHex(), randomHex()
	s.issued[access] = true
	s.issued["refresh:"+refresh] = true
	writeJSON(w, map[string]any{
		"access_token": access, "refresh_token": refresh, "token_type": "Bearer", "expires_in": 3600,
	})
}

func randomHex() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error_code": code, "message": msg})
}

func writeOAuthError(w http.ResponseWriter, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code})
}

// Browser returns a fake browser for OAuth U2M: it follows the login URL
// and the redirect back to the app's loopback callback.
func Browser(t testing.TB) func(string) error {
	return func(u string) error {
		go func() {
			resp, err := http.Get(u)
			if err != nil {
				t.Logf("fake browser: %v", err)
				return
			}
			_ = resp.Body.Close()
		}()
		return nil
	}
}
