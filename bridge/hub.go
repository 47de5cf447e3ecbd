package bridge

import (
	"encoding/json"
	"log/slog"
	"sync"
)

// Hub fans events out to the page's event streams, standing in for Wails'
// runtime.EventsEmit; the app takes its Emit through app.WireEmitter.
type Hub struct {
	mu   sync.Mutex
	subs map[chan []byte]struct{}
	log  *slog.Logger
}

// NewHub returns an empty hub.
func NewHub(log *slog.Logger) *Hub {
	return &Hub{subs: map[chan []byte]struct{}{}, log: log}
}

type eventMessage struct {
	Name string `json:"name"`
	Data []any  `json:"data"`
}

// Emit sends one event to every connected page, in the shape Wails uses.
func (h *Hub) Emit(name string, data ...any) {
	if data == nil {
		data = []any{}
	}
	msg, err := json.Marshal(eventMessage{Name: name, Data: data})
	if err != nil {
		h.log.Error("bridge: event not sent", "event", name, "err", err)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- msg:
		default:
			// A page that stopped reading must not stall the backend.
			h.log.Warn("bridge: slow event reader, event dropped", "event", name)
		}
	}
}

func (h *Hub) subscribe() chan []byte {
	ch := make(chan []byte, 256)
	h.mu.Lock()
	h.subs[ch] = struct{}{}
	h.mu.Unlock()
	return ch
}

func (h *Hub) unsubscribe(ch chan []byte) {
	h.mu.Lock()
	delete(h.subs, ch)
	h.mu.Unlock()
}
