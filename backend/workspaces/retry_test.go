package workspaces

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/common"
	"github.com/stretchr/testify/assert"
)

func TestRetryPage(t *testing.T) {
	e500 := &apierr.APIError{StatusCode: 500, ErrorCode: "INTERNAL_ERROR"}
	e403 := &apierr.APIError{StatusCode: 403, ErrorCode: "PERMISSION_DENIED"}
	tests := []struct {
		name    string
		answers []error // one per try; the last repeats
		tries   int
		ok      bool
	}{
		{"answers", []error{nil}, 1, true},
		{"a 500, then the page", []error{e500, nil}, 2, true},
		{"a cut answer, then the page", []error{io.ErrUnexpectedEOF, nil}, 2, true},
		{"a refusal is final", []error{e403}, 1, false},
		{"a 500 every time", []error{e500}, PageTries, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tries := 0
			_, err := RetryPage(context.Background(), func(context.Context) (int, error) {
				err := tt.answers[min(tries, len(tt.answers)-1)]
				tries++
				return tries, err
			})
			assert.Equal(t, tt.tries, tries)
			assert.Equal(t, tt.ok, err == nil, "%v", err)
		})
	}
}

func TestRetryPageHonoursRetryAfterAndCancel(t *testing.T) {
	slow := &apierr.APIError{StatusCode: 503, ResponseWrapper: &common.ResponseWrapper{
		Response: &http.Response{Header: http.Header{"Retry-After": []string{"1"}}}}}
	assert.Equal(t, time.Second, retryAfter(slow))
	assert.Zero(t, retryAfter(errors.New("x")))

	ctx, cancel := context.WithCancel(context.Background())
	tries := 0
	_, err := RetryPage(ctx, func(context.Context) (int, error) { tries++; cancel(); return 0, slow })
	assert.Error(t, err)
	assert.Equal(t, 1, tries, "a cancelled walk stops waiting")
}
