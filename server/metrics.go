package server

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are a hub's figures, served in Prometheus' text format by AdminHandler's /metrics:
// rooms, open connections per transport, actions, the time from an action's arrival to its
// broadcast, the store's commit time and errors, and the connections refused by reason.
type Metrics struct {
	reg          *prometheus.Registry
	conns        *prometheus.GaugeVec
	refused      *prometheus.CounterVec
	actions      prometheus.Counter
	broadcast    prometheus.Histogram
	commit       prometheus.Histogram
	commitErrors prometheus.Counter
}

// latencyBuckets are the histograms' buckets, in seconds: 100 µs to 5 s.
var latencyBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}

func newMetrics(h *Hub) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		conns: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "nimmt_connections",
			Help: "Open client connections, by transport (ws, text)."}, []string{"transport"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "nimmt_refused_connections_total",
			Help: "Connections refused, by transport and reason (full, per_address, first_message, idle, rate)."},
			[]string{"transport", "reason"}),
		actions: prometheus.NewCounter(prometheus.CounterOpts{Name: "nimmt_actions_total",
			Help: "Game actions accepted from clients."}),
		broadcast: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "nimmt_action_broadcast_seconds",
			Help: "Time from an action's arrival to its events queued for every connection of the room.", Buckets: latencyBuckets}),
		commit: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "nimmt_store_commit_seconds",
			Help: "Time a room's change takes to be stored.", Buckets: latencyBuckets}),
		commitErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "nimmt_store_errors_total",
			Help: "Changes the store refused (the rooms went back to what was stored)."}),
	}
	rooms := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "nimmt_rooms", Help: "Rooms held."},
		func() float64 { return float64(h.Rooms()) })
	m.reg.MustRegister(m.conns, m.refused, m.actions, m.broadcast, m.commit, m.commitErrors, rooms,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, t := range []string{"ws", "text"} {
		m.conns.WithLabelValues(t)
	}
	return m
}

// Conn counts a connection of the transport ("ws", "text") opened (delta 1) or closed (-1).
func (m *Metrics) Conn(transport string, delta int) {
	m.conns.WithLabelValues(transport).Add(float64(delta))
}

// Refused counts a connection of the transport refused or closed by a limit, for the reason.
func (m *Metrics) Refused(transport, reason string) {
	m.refused.WithLabelValues(transport, reason).Inc()
}

// action counts an accepted action that arrived at start and has been broadcast.
func (m *Metrics) action(start time.Time) {
	m.actions.Inc()
	m.broadcast.Observe(time.Since(start).Seconds())
}

// stored notes a commit that took d and failed with err (nil: stored).
func (m *Metrics) stored(d time.Duration, err error) {
	m.commit.Observe(d.Seconds())
	if err != nil {
		m.commitErrors.Inc()
	}
}

// Metrics returns the hub's metrics, for its transports to count their connections.
func (h *Hub) Metrics() *Metrics { return h.metrics }

// AdminHandler serves /metrics (Prometheus' text format) and /healthz: 200 "ok" when the store
// answers and its last commit succeeded, 503 with the reason otherwise. cmd/server serves it on
// a loopback address of its own (-admin).
func (h *Hub) AdminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(h.metrics.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", h.healthz)
	return mux
}

func (h *Hub) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := h.storeHealth(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(err.Error() + "\n"))
		return
	}
	w.Write([]byte("ok\n"))
}

// pinger is a store that can say whether it is reachable.
type pinger interface {
	Ping(ctx context.Context) error
}

// storeHealth returns why the store is not healthy: it does not answer, or its last commit
// failed.
func (h *Hub) storeHealth(ctx context.Context) error {
	if p, ok := h.store.(pinger); ok {
		if err := p.Ping(ctx); err != nil {
			return err
		}
	} else if h.names != nil {
		if _, err := h.names.Names(ctx); err != nil {
			return err
		}
	}
	return h.storeLog.failing()
}

// storeLog logs a store's failures at most once per interval, saying how many it did not log.
type storeLog struct {
	mu         sync.Mutex
	last       time.Time // when a failure was last logged
	suppressed int
	err        error // the last commit's error; nil: it succeeded
}

// storeLogEvery is how often a failing store is logged at most.
const storeLogEvery = time.Minute

// failed notes a store failure at now and logs it unless one was logged within storeLogEvery.
func (l *storeLog) failed(h *Hub, now time.Time, err error, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.err = err
	if !l.last.IsZero() && now.Sub(l.last) < storeLogEvery {
		l.suppressed++
		return
	}
	args = append(args, "err", err)
	if l.suppressed > 0 {
		args = append(args, "failures_not_logged", l.suppressed)
	}
	h.opts.Log.Error("server: store failed; the room goes back to what is stored", args...)
	l.last, l.suppressed = now, 0
}

// ok notes a store success.
func (l *storeLog) ok() {
	l.mu.Lock()
	l.err = nil
	l.mu.Unlock()
}

// failing returns the last commit's error, if it failed.
func (l *storeLog) failing() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// storeFailure is a change the store refused: save has logged it (at most once a minute).
type storeFailure struct{ err error }

func (e *storeFailure) Error() string { return e.err.Error() }
func (e *storeFailure) Unwrap() error { return e.err }

// logUpdate logs a room's update error that happened where (a timer, a close, a hello), unless
// it is a store failure, which the hub logs at most once a minute.
func (h *Hub) logUpdate(where, code string, err error) {
	var sf *storeFailure
	if !errors.As(err, &sf) {
		h.opts.Log.Error("server: "+where, "room", code, "err", err)
	}
}
