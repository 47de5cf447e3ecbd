package demo

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// A full listing must return every cluster exactly once however states
// change while a client pages through it. Offsets into a list that is
// sorted by state would shift under the client, so the first page freezes
// the order: the ids it lists, in that order, are kept as a page snapshot,
// and the tokens of later pages point into it. Each page then shows the
// clusters' current details; one deleted meanwhile is left out.

// maxPageSnapshots bounds the memory kept for unfinished listings: the
// oldest is dropped first, and its tokens then ask the client to list again.
const maxPageSnapshots = 64

type pageSnapshot struct {
	id  int64 // 0 until kept
	ids []string
}

type pageSnapshots struct {
	next  int64
	byID  map[int64]*pageSnapshot
	order []int64 // oldest first
}

// keep stores the order of a listing and returns its snapshot id.
func (p *pageSnapshots) keep(ids []string) int64 {
	if p.byID == nil {
		p.byID = map[int64]*pageSnapshot{}
	}
	p.next++
	p.byID[p.next] = &pageSnapshot{id: p.next, ids: ids}
	p.order = append(p.order, p.next)
	for len(p.order) > maxPageSnapshots {
		delete(p.byID, p.order[0])
		p.order = p.order[1:]
	}
	return p.next
}

func (p *pageSnapshots) get(id int64) (*pageSnapshot, bool) {
	s, ok := p.byID[id]
	return s, ok
}

// snapshotToken names a position in a page snapshot. Tokens are opaque to
// clients.
func snapshotToken(snap, offset int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte("s:" + strconv.FormatInt(snap, 10) + ":" + strconv.FormatInt(offset, 10)))
}

func decodeSnapshotToken(tok string) (snap, offset int64, err error) {
	raw, derr := base64.RawURLEncoding.DecodeString(tok)
	parts := strings.Split(string(raw), ":")
	if derr != nil || len(parts) != 3 || parts[0] != "s" {
		return 0, 0, errInvalidParam("Invalid page token: %q", tok)
	}
	snap, e1 := strconv.ParseInt(parts[1], 10, 64)
	offset, e2 := strconv.ParseInt(parts[2], 10, 64)
	if e1 != nil || e2 != nil || snap <= 0 || offset < 0 {
		return 0, 0, errInvalidParam("Invalid page token: %q", tok)
	}
	return snap, offset, nil
}
