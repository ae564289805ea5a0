// Command server is the nimmt game server: rooms of people and bots playing over WebSocket
// (docs/protocol.md), every action stored in an embedded SQLite file or in PostgreSQL, and the
// web build served beside it. With no flags it listens on 127.0.0.1:8080 and keeps its data in
// an SQLite file in the user's config directory (docs/server.md); -db postgres://… (or the
// variable NIMMT_DB) stores in PostgreSQL instead, the schema created or migrated at start
// (docs/SCALING.md):
//
//	go run ./cmd/server [-addr 127.0.0.1:8080] [-data DIR] [-db FILE|postgres://…] [-web build/web] [-origins a.com,*.b.org] [-text 127.0.0.1:4000]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // the profiles of -debug
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"nimmt/server"
	"nimmt/server/store"
	"nimmt/server/store/pg"
	"nimmt/server/store/sqlite"
	"nimmt/server/textport"
	"nimmt/wasm/site"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	data := flag.String("data", defaultData(), "data directory (holds nimmt.db)")
	db := flag.String("db", os.Getenv("NIMMT_DB"), "SQLite database file, or a PostgreSQL URL postgres://… (default $NIMMT_DB, else DATA/nimmt.db)")
	web := flag.String("web", "build/web", "web build to serve when it exists (make web)")
	origins := flag.String("origins", "", "comma-separated origin host patterns whose pages may connect, besides the server's own host")
	maxConns := flag.Int("max-conns", 20000, "most WebSocket connections")
	rate := flag.Float64("rate", 10, "messages per second a connection may send (bursts of 4x)")
	textAddr := flag.String("text", "127.0.0.1:4000", "address of the text port (telnet/nc; docs/server.md); empty: none")
	debugAddr := flag.String("debug", "", "address to serve Go's profiles on (net/http/pprof, e.g. 127.0.0.1:6060); empty: none")
	gcPercent := flag.Int("gc-percent", 30, "the Go collector's GOGC: a lower value keeps less garbage per room for more collector CPU (docs/PERFORMANCE.md); the GOGC variable, when set, wins")
	commitDelay := flag.Duration("commit-delay", 2*time.Millisecond, "under load, start a store transaction at most this often, so that the rooms' actions share it (docs/PERFORMANCE.md); 0: each batch at once")
	expire := flag.Duration("expire", 24*time.Hour, "how long a room nobody is connected to is kept before it is removed")
	leasePoll := flag.Duration("lease-poll", time.Second, "on PostgreSQL: how often the process checks its hold on the database and reads the requests for its rooms (a notification wakes it at once)")
	evict := flag.Duration("evict", 5*time.Minute, "on PostgreSQL: how long a room nobody is connected to, and not being played, stays loaded")
	grace := flag.Duration("grace", 0, "how long a disconnected player's seat waits before its bot decides (0: the room's timer, or 30s)")
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(*gcPercent)
	}

	if *db == "" {
		if err := os.MkdirAll(*data, 0o700); err != nil {
			return fmt.Errorf("server: %w", err)
		}
		*db = filepath.Join(*data, "nimmt.db")
	}
	store, err := openStore(*db)
	if err != nil {
		return err
	}
	defer store.Close()
	store.SetCommitDelay(*commitDelay)
	start := time.Now()
	hopts := server.Options{Grace: *grace, Expire: *expire, Evict: *evict}
	if ps, ok := store.(*pg.Store); ok {
		// On PostgreSQL the process is one of any number sharing the database (docs/SCALING.md):
		// it serves a room while it holds the room's lease.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		leases, err := pg.OpenLeases(ctx, ps, *db, *leasePoll)
		cancel()
		if err != nil {
			return err
		}
		defer leases.Close()
		hopts.Leases = leases
		slog.Info("server: sharing the database's rooms", "owner", leases.Owner())
	}
	hub, err := server.NewHub(store, hopts)
	if err != nil {
		return err
	}
	slog.Info("server: rooms restored", "rooms", hub.Rooms(), "took", time.Since(start).Round(time.Millisecond), "db", redact(*db))

	opts := server.HTTPOptions{MaxConns: *maxConns, Rate: *rate}
	if *origins != "" {
		opts.Origins = strings.Split(*origins, ",")
	}
	if _, err := os.Stat(filepath.Join(*web, "index.html")); err == nil {
		h, err := site.New(*web)
		if err != nil {
			return err
		}
		defer h.Close()
		opts.Site = h
	}
	srv := &http.Server{
		Handler:           hub.Handler(opts),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	// The first line names the address actually bound (with -addr 127.0.0.1:0, the port chosen).
	fmt.Printf("server: listening on http://%s/ (web: %v)\n", ln.Addr(), opts.Site != nil)

	if *textAddr != "" {
		tp := textport.New(hub, textport.Options{})
		tln, err := tp.Listen(*textAddr)
		if err != nil {
			return err
		}
		fmt.Printf("server: text port on %s (telnet or nc)\n", tln.Addr())
		go func() {
			if err := tp.Serve(tln); err != nil {
				slog.Error("server: text port", "err", err)
			}
		}()
		defer tp.Close()
	}

	if *debugAddr != "" {
		dln, err := net.Listen("tcp", *debugAddr)
		if err != nil {
			return fmt.Errorf("server: %w", err)
		}
		fmt.Printf("server: profiles on http://%s/debug/pprof/\n", dln.Addr())
		go http.Serve(dln, http.DefaultServeMux) // net/http/pprof registers itself there
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	slog.Info("server: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	hub.Close()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	return nil
}

// dbStore is what cmd/server needs of a store: rooms, the text port's names, grouped commits.
type dbStore interface {
	store.Store
	store.Names
	SetCommitDelay(time.Duration)
}

// openStore opens PostgreSQL for a postgres:// or postgresql:// URL, else the SQLite file.
func openStore(db string) (dbStore, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return pg.Open(ctx, db)
	}
	return sqlite.Open(db)
}

// redact drops the password from a database URL, for the log.
func redact(db string) string {
	if u, err := url.Parse(db); err == nil && u.User != nil {
		return u.Redacted()
	}
	return db
}

// defaultData is the data directory: nimmt/server in the user's config directory, or ./data.
func defaultData() string {
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "nimmt", "server")
	}
	return "data"
}
