package online

import (
	"runtime"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/client"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/ui"
)

// AccountConn is what the profile page needs of its connection to the server: client.AccountLink
// implements it; the screenshot puts in one that answers from the process.
type AccountConn interface {
	// Send queues an account message; the server answers each with one message.
	Send(m protocol.Message)
	// Poll returns the answers that arrived, and the error that ended the connection.
	Poll() ([]protocol.Message, error)
	// Busy reports whether a message waits for its answer; Pending whether news waits for Poll.
	Busy() bool
	Pending() bool
	// Close ends the connection.
	Close()
}

// Profile is the account page (Menu or public list → Profile): the person's display name and handle, this
// device and the account's other devices (each revoked with a second tap), a pairing code for
// a new device, the export of everything the server keeps about the account, and its deletion
// (a second tap confirms). Without an account on this device it makes one under the settings'
// name, or pairs this device with a code shown on another. The device's secret is kept in the
// settings (Settings.Online.Secret); the server keeps only its hash.
type Profile struct {
	form
	dial *Dialing
	base string
	Conn AccountConn
	// Account is the account signed in (nil: none, or not yet); Devices its devices.
	Account *accountmsg.Account
	Devices []accountmsg.DeviceInfo
	// Pairing is the pairing code shown (zero: none).
	Pairing accountmsg.Pairing
	// Notice says what happened last (an error, where the export went).
	Notice msg.Message
	// signing is set while the sign-in (or the account's making, or the pairing) is answered;
	// secret is the secret of an account being made or a pairing, kept once it is answered.
	signing bool
	secret  string
	// sure is the button tapped once that wants a second tap ("delete", "revoke-ID"), "" none.
	sure string
	// code is the pairing code typed.
	code string
	// handle and password are typed to sign in with them (the password only until it is sent);
	// adopt is set from that sign-in until this device has paired itself to the account.
	handle, password string
	adopt            bool
	// pwSent and newName are a password and a display name sent, until the server answers.
	pwSent  bool
	newName string
	// Home is set when the page was opened from the menu: Back goes there, not to the public list.
	Home bool
}

// NewProfile opens the account page on the person's server: it signs in with the device's
// secret, if it has one.
func NewProfile(g *ui.Host, dial *Dialing) *Profile {
	p := &Profile{form: form{g: g, focus: -1}, dial: dial}
	addr := serverAddress(g)
	base, err := ServerBase(addr)
	if err != nil {
		p.Notice = msg.New(msg.OnlineBadServer, addr)
		p.Build()
		return p
	}
	d := dial.Dialer
	if d == nil {
		d = client.DialTransport
	}
	return NewProfileOn(g, dial, base, client.OpenAccount(d, base, client.LinkOptions{Notify: g.Wake}))
}

// NewProfileOn opens the account page over conn, a connection to the server at base.
func NewProfileOn(g *ui.Host, dial *Dialing, base string, conn AccountConn) *Profile {
	p := &Profile{form: form{g: g, focus: -1}, dial: dial, base: base, Conn: conn}
	if s := g.Settings.Online.Secret; s != "" {
		p.signing = true
		conn.Send(accountmsg.SignIn{Secret: s})
	}
	p.Build()
	return p
}

func (p *Profile) Name() string       { return "profile" }
func (p *Profile) Animating() bool    { return p.Typing() }
func (p *Profile) AcceptsInput() bool { return true }
func (p *Profile) Resize()            { p.Build() }

// Still implements stiller: the page changes when the server answers.
func (p *Profile) Still() bool { return !p.Animating() && (p.Conn == nil || !p.Conn.Pending()) }

// deviceLabel is what this device is called in the account's list.
func deviceLabel() string {
	switch runtime.GOOS {
	case "js":
		return "browser"
	case "android", "ios":
		return "phone"
	}
	return "desktop"
}

func (p *Profile) Update(in *ui.Input) error {
	if p.Conn != nil && p.Conn.Pending() {
		answers, err := p.Conn.Poll()
		for _, m := range answers {
			p.take(m)
		}
		if err != nil && len(answers) == 0 {
			p.Notice = msg.New(msg.ProfileLost, errString(err))
			p.signing = false
			if revoked(p.g, err) {
				p.signOut(msg.New(msg.RoomErrRevoked))
			}
		}
		p.Build()
	}
	ev := p.form.Update(in)
	if ev.commit != "" {
		p.committed(ev.commit, ev.text, ev.enter)
	}
	if ev.changed {
		p.Build()
	}
	if ev.id != "" {
		p.Activate(ev.id)
		return nil
	}
	if ev.esc {
		p.Activate("back")
	}
	return nil
}

// take folds one answer of the server.
func (p *Profile) take(m protocol.Message) {
	g := p.g
	switch m := m.(type) {
	case accountmsg.Account:
		if p.adopting(m) {
			return
		}
		p.answered(m)
		p.Account, p.signing = &m, false
		if p.secret != "" { // an account made, or this device paired: keep its secret
			g.Settings.Online.Secret, p.secret = p.secret, ""
			g.SaveSettings()
		}
		p.Conn.Send(accountmsg.ListDevices{})
	case accountmsg.DeviceList:
		p.Devices = m.Devices
	case accountmsg.Pairing:
		if !p.adoptPairing(m) {
			p.Pairing = m
		}
	case accountmsg.AccountData:
		p.Notice = p.export(m)
	case accountmsg.AccountDeleted:
		p.signOut(msg.New(msg.ProfileDeleted))
	case protocol.Error:
		p.refused(m)
	}
}

// refused says why the server refused a message.
func (p *Profile) refused(e protocol.Error) {
	n := p.authRefused(e)
	p.signing, p.secret = false, ""
	switch {
	case n.ID != msg.None:
		p.Notice = n
	case e.Ref == accountmsg.TypeSignIn && e.Code == protocol.ErrSignIn:
		p.Notice = msg.New(msg.ProfileUnknown)
	case e.Ref == accountmsg.TypePair && e.Code == protocol.ErrSignIn:
		p.Notice = msg.New(msg.ProfileBadCode)
	case e.Code == protocol.ErrNoAccount:
		p.signOut(msg.New(msg.ProfileNone))
	default:
		p.Notice = msg.New(msg.ProfileRefused, e.Message)
	}
}

// signOut forgets the account (deleted, or this device revoked): the device plays as a guest.
func (p *Profile) signOut(notice msg.Message) {
	g := p.g
	p.Account, p.Devices, p.Pairing, p.Notice = nil, nil, accountmsg.Pairing{}, notice
	g.Settings.Online.Secret = ""
	g.SaveSettings()
}

// Activate does what the button id does.
func (p *Profile) Activate(id string) {
	g := p.g
	sure := p.sure
	p.sure = ""
	if p.activateAuth(id) {
		p.Build()
		return
	}
	switch {
	case id == "back":
		p.close()
		if p.Home {
			g.Menu()
		} else {
			g.PublicLobby()
		}
		return
	case id == "retry":
		p.close()
		g.Profile()
		return
	case id == "create":
		p.secret, p.signing = client.NewSecret(), true
		p.Conn.Send(accountmsg.AccountNew{Secret: p.secret, Name: g.Settings.Name, Device: deviceLabel()})
	case id == "pair-code":
		p.Edit("pair-code", p.code, accountmsg.PairingLength+1, ui.CaseUpper)
	case id == "pair-here":
		p.secret, p.signing = client.NewSecret(), true
		p.Conn.Send(accountmsg.Pair{Code: strings.TrimSpace(p.code), Secret: p.secret, Device: deviceLabel()})
	case id == "pair":
		p.Conn.Send(accountmsg.PairCode{})
	case id == "export":
		p.Conn.Send(accountmsg.ExportAccount{})
	case id == "delete" && sure == id:
		p.Conn.Send(accountmsg.DeleteAccount{Handle: p.Account.Handle})
	case strings.HasPrefix(id, "revoke-") && sure == id:
		p.Conn.Send(accountmsg.Revoke{Device: strings.TrimPrefix(id, "revoke-")})
	case id == "delete" || strings.HasPrefix(id, "revoke-"):
		p.sure = id
	}
	p.Build()
}

// close ends the page's connection.
func (p *Profile) close() {
	if p.Conn != nil {
		p.Conn.Close()
	}
}

func (p *Profile) Draw(dst *ebiten.Image) { p.drawPage(dst, msg.ProfileTitle.Text()) }

// TestState reports the page's buttons and what its notice says.
func (p *Profile) TestState(ts *ui.TestState) {
	n := p.status()
	if n.ID == msg.None && p.Pairing.Code != "" {
		n = p.pairingLine()
	}
	p.report(ts, n)
}
