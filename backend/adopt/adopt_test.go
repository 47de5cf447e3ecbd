package adopt

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func apiErr(status int, code, msg string) error {
	return &apierr.APIError{StatusCode: status, ErrorCode: code, Message: msg}
}

func TestCreateDecides(t *testing.T) {
	refused := apiErr(400, "INVALID_PARAMETER_VALUE", "max_capacity must be positive")
	taken := apiErr(400, "INVALID_PARAMETER_VALUE", `An instance pool named "etl" already exists.`)
	lost := io.ErrUnexpectedEOF
	tests := []struct {
		name    string
		created error
		found   *Found
		lookErr error
		want    Result
		err     error // errors.Is target; nil: none
		looked  bool
	}{
		{"made", nil, nil, nil, Result{ID: "new"}, nil, false},
		{"a clear refusal is not looked into", refused, nil, nil, Result{}, refused, false},
		{"lost, found as asked: adopted", lost, &Found{ID: "p1", Same: true}, nil, Result{ID: "p1", Adopted: true}, nil, true},
		{"lost, not there: not made", lost, nil, nil, Result{}, ErrNotMade, true},
		{"lost, and the look failed: unknown", lost, nil, io.EOF, Result{}, ErrOutcomeUnknown, true},
		{"name taken by the lost first attempt: adopted", taken, &Found{ID: "p1", Same: true}, nil, Result{ID: "p1", Adopted: true}, nil, true},
		{"name taken by another object: refused", taken, &Found{ID: "p0", Same: false}, nil, Result{}, taken, true},
		{"a 503: looked into", apiErr(503, "TEMPORARILY_UNAVAILABLE", ""), nil, nil, Result{}, ErrNotMade, true},
		{"a proxy's page: looked into", apiErr(502, "", "<html>"), &Found{ID: "p1", Same: true}, nil, Result{ID: "p1", Adopted: true}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			looked := false
			got, err := Create(context.Background(),
				func(context.Context) (string, error) {
					if tt.created != nil {
						return "", tt.created
					}
					return "new", nil
				},
				func(context.Context) (*Found, error) { looked = true; return tt.found, tt.lookErr })
			if tt.err != nil {
				require.Error(t, err)
				assert.True(t, errors.Is(err, tt.err), "%v", err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.looked, looked)
		})
	}
}

func TestNameTaken(t *testing.T) {
	assert.True(t, NameTaken(apiErr(409, "RESOURCE_ALREADY_EXISTS", "exists")))
	assert.True(t, NameTaken(apiErr(400, "INVALID_PARAMETER_VALUE", "Policy with name x already exists.")))
	assert.False(t, NameTaken(apiErr(400, "INVALID_PARAMETER_VALUE", "max_capacity must be positive")))
	assert.False(t, NameTaken(io.EOF))
}
