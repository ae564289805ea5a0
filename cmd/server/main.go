// Command server is the nimmt game server: rooms of people and bots playing over WebSocket
// (docs/protocol.md), every action stored in an embedded SQLite file or in PostgreSQL, and the
// web build served beside it. With no flags it listens on 127.0.0.1:8080 and keeps its data in
// an SQLite file in the user's config directory (docs/server.md); -db postgres://… (or the
// variable NIMMT_DB) stores in PostgreSQL instead, the schema created or migrated at start
// (docs/SCALING.md):
//
//	go run ./cmd/server [-addr 127.0.0.1:8080] [-data DIR] [-db FILE|postgres://…] [-web build/web] [-origins a.com,*.b.org] [-text 127.0.0.1:4000]
//
// The limits a public server needs (per-address caps, first-message deadlines, a trusted proxy,
// TLS) have flags: docs/server.md "Security and limits". /metrics and /healthz are served on
// -admin (loopback by default). An online backup of an SQLite database (PostgreSQL: pg_dump):
//
//	go run ./cmd/server backup [-db FILE] OUT
//
// The operator's moderation (reports of chat lines, bans of addresses and accounts; admin.go):
//
//	go run ./cmd/server admin [-db FILE|postgres://…] reports|ban|unban|bans …
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
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"nimmt/netlimit"
	"nimmt/server"
	"nimmt/server/site"
	"nimmt/server/store"
	"nimmt/server/store/pg"
	"nimmt/server/store/sqlite"
	"nimmt/server/textport"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) > 1 && os.Args[1] == "backup" {
		return backup(os.Args[2:])
	}
	if len(os.Args) > 1 && os.Args[1] == "admin" {
		return admin(os.Args[2:], os.Stdout)
	}
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
	leasePoll := flag.Duration("lease-poll", 30*time.Second, "on PostgreSQL: how often the process checks its hold on the database and reads the requests for its rooms, in case a notification was missed (a notification wakes it at once)")
	evict := flag.Duration("evict", 5*time.Minute, "on PostgreSQL: how long a room nobody is connected to, and not being played, stays loaded")
	grace := flag.Duration("grace", 0, "how long a disconnected player's seat waits before its bot decides (0: the room's timer, or 30s)")
	perAddr := flag.Int("ws-per-addr", 32, "most WebSocket connections from one client address")
	firstMessage := flag.Duration("first-message", 10*time.Second, "close a WebSocket that sent no hello or create within this time, and a text connection with no line")
	idle := flag.Duration("idle", time.Hour, "close a WebSocket that sent no message for this long")
	textMax := flag.Int("text-max-conns", 1000, "most text-port connections")
	textPerAddr := flag.Int("text-per-addr", 8, "most text-port connections from one address")
	textRate := flag.Float64("text-rate", 5, "lines per second a text connection may send (bursts of 4x)")
	textIdle := flag.Duration("text-idle", 30*time.Minute, "close a text connection that sent no line for this long")
	creates := flag.Int("creates-per-min", 10, "rooms one address may create per minute")
	joins := flag.Int("joins-per-min", 30, "joins and seat-token attempts one address may make per minute")
	trusted := flag.String("trusted-proxy", "", "comma-separated CIDRs of the reverse proxies whose X-Forwarded-For/Forwarded name the client (e.g. 127.0.0.1/32); others' are ignored")
	tlsCert := flag.String("tls-cert", "", "TLS certificate file (PEM): serve https and wss (with -tls-key)")
	tlsKey := flag.String("tls-key", "", "TLS key file (PEM)")
	balancer := flag.String("balancer", "", "on PostgreSQL: the URL of the load balancer in front of the servers (ws://HOST:PORT); the text port reaches every room through it, on whichever process serves it (docs/SCALING.md). Empty: the text port's rooms are this process's")
	adminAddr := flag.String("admin", "", "address of /metrics (Prometheus) and /healthz, e.g. 127.0.0.1:9090 (keep it private); empty: none")
	flag.Parse()
	if (*tlsCert == "") != (*tlsKey == "") {
		return errors.New("server: -tls-cert and -tls-key go together")
	}
	var proxies []netip.Prefix
	if *trusted != "" {
		for _, c := range strings.Split(*trusted, ",") {
			p, err := netip.ParsePrefix(strings.TrimSpace(c))
			if err != nil {
				return fmt.Errorf("server: -trusted-proxy: %w", err)
			}
			proxies = append(proxies, p)
		}
	}
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
	hopts := server.Options{Grace: *grace, Expire: *expire, Evict: *evict, CreateAttempts: *creates, JoinAttempts: *joins}
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

	opts := server.HTTPOptions{MaxConns: *maxConns, Rate: *rate, PerAddr: *perAddr, FirstMessage: *firstMessage,
		IdleTimeout: *idle, TrustedProxies: proxies}
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
		MaxHeaderBytes:    12 << 10, // net/http reads 4 KiB more: a request's header has at most 16 KiB
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	// The first line names the address actually bound (with -addr 127.0.0.1:0, the port chosen).
	scheme := "http"
	if *tlsCert != "" {
		scheme = "https"
	}
	fmt.Printf("server: listening on %s://%s/ (web: %v)\n", scheme, ln.Addr(), opts.Site != nil)

	if *textAddr != "" {
		topts := textport.Options{FirstLine: *firstMessage, Remote: *balancer, Rate: *textRate,
			Limits: netlimit.Limits{MaxConns: *textMax, PerAddr: *textPerAddr, Idle: *textIdle}}
		if *balancer != "" {
			topts.Names = store
		}
		tp := textport.New(hub, topts)
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

	if *adminAddr != "" {
		aln, err := net.Listen("tcp", *adminAddr)
		if err != nil {
			return fmt.Errorf("server: %w", err)
		}
		fmt.Printf("server: metrics on http://%s/metrics, health on /healthz\n", aln.Addr())
		asrv := &http.Server{Handler: hub.AdminHandler(), ReadHeaderTimeout: 10 * time.Second}
		go asrv.Serve(aln)
		defer asrv.Close()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() {
		if *tlsCert != "" {
			errc <- srv.ServeTLS(ln, *tlsCert, *tlsKey)
			return
		}
		errc <- srv.Serve(ln)
	}()
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

// backup copies the database into a new file while a server may be using it (docs/server.md
// "Backups").
func backup(args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	data := fs.String("data", defaultData(), "data directory (holds nimmt.db)")
	db := fs.String("db", "", "SQLite database file (default DATA/nimmt.db)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: server backup [-data DIR] [-db FILE] OUT")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("server: backup: name the file to write")
	}
	if *db == "" {
		*db = filepath.Join(*data, "nimmt.db")
	}
	start := time.Now()
	if err := sqlite.Backup(context.Background(), *db, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Printf("server: %s backed up into %s in %v\n", *db, fs.Arg(0), time.Since(start).Round(time.Millisecond))
	return nil
}

// defaultData is the data directory: nimmt/server in the user's config directory, or ./data.
func defaultData() string {
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "nimmt", "server")
	}
	return "data"
}
