package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"nimmt/server/account"
	"nimmt/server/store"
)

// adminUsage is the operator's commands (docs/server.md "Moderation").
const adminUsage = `usage: server admin [-data DIR] [-db FILE|postgres://…] COMMAND
commands:
  reports [-n N]                          the last N reports of chat lines (default 20), newest first
  prune-reports [-days N]                 delete the reports older than N days (default 90)
  ban [-for DURATION] [-reason TEXT] WHO  keep WHO out: an address (192.0.2.7, addr:192.0.2.7) or an
                                          account (account:ID); its open connections are closed at
                                          once on PostgreSQL, within 10 s on SQLite
  unban WHO                               lift a ban
  bans                                    the bans in force
  rename HANDLE NAME                      set the display name of the account with the handle (the
                                          name passes a player's rules); its seats take it at once
                                          on PostgreSQL, within 10 s on SQLite`

// defaultReportDays is how many days of reports prune-reports keeps unless told.
const defaultReportDays = 90

// admin runs an operator's command on the database, writing its answer to out.
func admin(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("admin", flag.ContinueOnError)
	fs.SetOutput(out)
	data := fs.String("data", defaultData(), "data directory (holds nimmt.db)")
	db := fs.String("db", "", "SQLite database file or PostgreSQL URL (default $NIMMT_DB, else DATA/nimmt.db)")
	fs.Usage = func() { fmt.Fprintln(out, adminUsage) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("server: admin: name a command")
	}
	if *db == "" {
		*db = defaultDB(*data)
	}
	st, err := openStore(*db)
	if err != nil {
		return err
	}
	defer st.Close()
	lobby, ok := st.(store.Lobby)
	if !ok {
		return errors.New("server: admin: the store keeps no reports or bans")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd, rest := fs.Arg(0), fs.Args()[1:]
	switch cmd {
	case "reports":
		sub := flag.NewFlagSet("reports", flag.ContinueOnError)
		sub.SetOutput(out)
		n := sub.Int("n", 20, "how many reports")
		if err := sub.Parse(rest); err != nil {
			return err
		}
		rs, err := lobby.Reports(ctx, *n)
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			fmt.Fprintln(out, "no reports")
		}
		for _, r := range rs {
			fmt.Fprintf(out, "report %d, %s, room %s: %s\n", r.ID, r.At.UTC().Format(time.RFC3339), r.Room, r.Data)
		}
		return nil
	case "prune-reports":
		sub := flag.NewFlagSet("prune-reports", flag.ContinueOnError)
		sub.SetOutput(out)
		days := sub.Int("days", defaultReportDays, "delete the reports older than this many days")
		if err := sub.Parse(rest); err != nil {
			return err
		}
		if *days < 0 || sub.NArg() != 0 {
			return errors.New("server: admin prune-reports: -days N (0 or more) and nothing else")
		}
		n, err := lobby.DeleteReports(ctx, time.Now().AddDate(0, 0, -*days))
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "deleted %d reports older than %d days\n", n, *days)
		return nil
	case "rename":
		if len(rest) < 2 {
			return errors.New("server: admin rename: HANDLE NAME")
		}
		as, ok := st.(store.Accounts)
		if !ok {
			return errors.New("server: admin: the store keeps no accounts")
		}
		a, err := account.New(as, account.Config{}).RenameHandle(ctx, rest[0], strings.Join(rest[1:], " "))
		if err != nil {
			return fmt.Errorf("server: admin rename: %w", err)
		}
		fmt.Fprintf(out, "renamed %s: %s\n", a.Handle, a.Name)
		return nil
	case "ban":
		sub := flag.NewFlagSet("ban", flag.ContinueOnError)
		sub.SetOutput(out)
		dur := sub.Duration("for", 0, "how long (0: for ever)")
		reason := sub.String("reason", "", "the reason, told to the banned connection")
		if err := sub.Parse(rest); err != nil {
			return err
		}
		if sub.NArg() != 1 {
			return errors.New("server: admin ban: name one address or account")
		}
		who, err := banTarget(sub.Arg(0))
		if err != nil {
			return err
		}
		now := time.Now()
		b := store.Ban{Who: who, Reason: *reason, At: now}
		if *dur > 0 {
			b.Until = now.Add(*dur)
		}
		if err := lobby.Ban(ctx, b); err != nil {
			return err
		}
		fmt.Fprintf(out, "banned %s%s\n", who, until(b))
		return nil
	case "unban":
		if len(rest) != 1 {
			return errors.New("server: admin unban: name one address or account")
		}
		who, err := banTarget(rest[0])
		if err != nil {
			return err
		}
		ok, err := lobby.Unban(ctx, who)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("server: admin unban: %s is not banned", who)
		}
		fmt.Fprintf(out, "unbanned %s\n", who)
		return nil
	case "bans":
		bs, err := lobby.Bans(ctx, time.Now())
		if err != nil {
			return err
		}
		if len(bs) == 0 {
			fmt.Fprintln(out, "no bans")
		}
		for _, b := range bs {
			fmt.Fprintf(out, "%s since %s%s: %s\n", b.Who, b.At.UTC().Format(time.RFC3339), until(b), b.Reason)
		}
		return nil
	}
	fs.Usage()
	return fmt.Errorf("server: admin: no command %q", cmd)
}

// until says when a ban ends.
func until(b store.Ban) string {
	if b.Until.IsZero() {
		return ", for ever"
	}
	return ", until " + b.Until.UTC().Format(time.RFC3339)
}

// banTarget reads whom a ban names: "addr:ADDRESS", "account:ID" or a bare address.
func banTarget(s string) (string, error) {
	kind, v, found := strings.Cut(s, ":")
	if !found || (kind != "addr" && kind != "account") {
		kind, v = "addr", s
	}
	switch {
	case v == "":
		return "", fmt.Errorf("server: admin: %q names nobody", s)
	case kind == "addr":
		a, err := netip.ParseAddr(v)
		if err != nil {
			return "", fmt.Errorf("server: admin: %q is not an address (or account:ID): %w", s, err)
		}
		return "addr:" + a.Unmap().String(), nil
	}
	return kind + ":" + v, nil
}

// defaultDB is the database: $NIMMT_DB, else nimmt.db in the data directory.
func defaultDB(data string) string {
	if db := os.Getenv("NIMMT_DB"); db != "" {
		return db
	}
	return filepath.Join(data, "nimmt.db")
}
