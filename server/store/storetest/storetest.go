// Package storetest gives tests a fresh store of the kind the suite runs on: an SQLite file
// (the default) or, with NIMMT_TEST_STORE=postgres, a new database in a throw-away PostgreSQL
// cluster that the test binary starts itself (Debian's postgresql: initdb into a temporary
// folder, postgres listening only on a Unix socket there, as an unprivileged user when the
// tests run as root) and stops when it ends (Main). One cluster serves a whole test binary.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"nimmt/server/store"
	"nimmt/server/store/pg"
	"nimmt/server/store/sqlite"
)

// Store is what both stores are: rooms, the text port's names and accounts, commits grouped.
type Store interface {
	store.Store
	store.Names
	store.Accounts
	SetCommitDelay(time.Duration)
}

// Kind is the store the suite runs on: "postgres" when NIMMT_TEST_STORE says so, else "sqlite".
func Kind() string {
	if os.Getenv("NIMMT_TEST_STORE") == "postgres" {
		return "postgres"
	}
	return "sqlite"
}

// DB is one test's database, empty at first.
type DB struct {
	dsn string // a file path or a postgres:// URL
}

var dbs atomic.Int64

// New returns a fresh database of the suite's kind for the test, removed when it ends.
func New(t testing.TB) *DB {
	t.Helper()
	if Kind() == "sqlite" {
		return &DB{dsn: filepath.Join(t.TempDir(), "nimmt.db")}
	}
	return &DB{dsn: NewPostgres(t)}
}

// DSN is what cmd/server's -db takes for the database: the SQLite file or the PostgreSQL URL.
func (d *DB) DSN() string { return d.dsn }

// Postgres reports whether the database is PostgreSQL.
func (d *DB) Postgres() bool { return Kind() == "postgres" }

// Open opens the database (again, after Close: a restart).
func (d *DB) Open() (Store, error) {
	if Kind() == "sqlite" {
		return sqlite.Open(d.dsn)
	}
	return pg.Open(context.Background(), d.dsn)
}

// NewPostgres returns the URL of a new, empty database in the test binary's PostgreSQL cluster
// (started on first use), dropped when the test ends.
func NewPostgres(t testing.TB) string {
	t.Helper()
	c, err := cluster()
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbs.Add(1))
	if err := c.admin(fmt.Sprintf("CREATE DATABASE %s", name)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.admin(fmt.Sprintf("DROP DATABASE %s WITH (FORCE)", name)); err != nil {
			t.Errorf("storetest: %v", err)
		}
	})
	return c.url(name)
}

// Main runs the tests and stops the PostgreSQL cluster if one was started: call it from the
// test binary's TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if err := Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// Stop stops the test binary's PostgreSQL cluster, if started, and removes its files.
func Stop() error {
	mu.Lock()
	defer mu.Unlock()
	if running == nil {
		return nil
	}
	err := running.stop()
	running, startErr = nil, nil
	return err
}

var (
	mu       sync.Mutex
	running  *Cluster
	startErr error
)

func cluster() (*Cluster, error) {
	mu.Lock()
	defer mu.Unlock()
	if running == nil && startErr == nil {
		running, startErr = StartCluster()
	}
	return running, startErr
}

// Cluster is a throw-away PostgreSQL cluster: its files in a temporary folder, the server
// listening only on a Unix socket in that folder.
type Cluster struct {
	dir  string
	cmd  *exec.Cmd
	done chan error
}

// URL is the connection URL of database db in the cluster.
func (c *Cluster) url(db string) string {
	return "postgres://nimmt@/" + db + "?host=" + c.dir + "&port=5432&sslmode=disable"
}

// URL returns the connection URL of the database db (e.g. "postgres") in the cluster.
func (c *Cluster) URL(db string) string { return c.url(db) }

// Dir is the cluster's folder: its data, its log and its socket.
func (c *Cluster) Dir() string { return c.dir }

func (c *Cluster) admin(sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.url("postgres"))
	if err != nil {
		return fmt.Errorf("storetest: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("storetest: %s: %w", sql, err)
	}
	return nil
}

// binDir finds PostgreSQL's programs: Debian keeps them in /usr/lib/postgresql/VERSION/bin.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("storetest: PostgreSQL's initdb not found (scripts/deps.sh postgres installs Debian's postgresql)")
}

func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// StartCluster initialises and starts a cluster for tests: no fsync (the tests kill server
// processes, never PostgreSQL), a trust login for the user nimmt. As root it runs as nobody,
// since PostgreSQL refuses to run as root. It is stopped by Stop (Main), and killed with the
// test binary if that dies first.
func StartCluster() (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "nimmt-pg-")
	if err != nil {
		return nil, fmt.Errorf("storetest: %w", err)
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("storetest: as root PostgreSQL needs another user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("storetest: %w", err)
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "nimmt", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("storetest: initdb: %w\n%s", err, out)
	}
	logf, err := os.Create(filepath.Join(dir, "postgres.log"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("storetest: %w", err)
	}
	defer logf.Close()
	c := &Cluster{dir: dir, done: make(chan error, 1)}
	c.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", dir, "-p", "5432",
		"-c", "listen_addresses=", "-c", "fsync=off", "-c", "full_page_writes=off",
		"-c", "max_connections=300", "-c", "shared_buffers=32MB")
	c.cmd.Dir = dir
	c.cmd.Stdout, c.cmd.Stderr = logf, logf
	// SIGQUIT is PostgreSQL's immediate shutdown: if the test binary dies, so does the cluster.
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
	if err := c.cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("storetest: postgres: %w", err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	// Ready when a connection succeeds; the bound only stops a test from hanging for ever.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		conn, err := pgx.Connect(ctx, c.url("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return c, nil
		}
		select {
		case werr := <-c.done:
			log, _ := os.ReadFile(filepath.Join(dir, "postgres.log"))
			os.RemoveAll(dir)
			return nil, fmt.Errorf("storetest: postgres exited: %v\n%s", werr, log)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.stop()
			return nil, fmt.Errorf("storetest: postgres did not accept connections: %w", err)
		}
	}
}

// stop shuts the cluster down at once (no checkpoint: its files are thrown away) and removes
// its folder.
func (c *Cluster) stop() error {
	c.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-c.done:
	case <-time.After(time.Minute):
		c.cmd.Process.Kill()
		<-c.done
	}
	if err := os.RemoveAll(c.dir); err != nil {
		return fmt.Errorf("storetest: %w", err)
	}
	return nil
}

// Stop stops the cluster and removes its folder.
func (c *Cluster) Stop() error { return c.stop() }
