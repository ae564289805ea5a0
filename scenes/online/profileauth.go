package online

import (
	"strings"
	"unicode/utf8"

	"nimmt/client"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/ui"
)

// The profile page's rename, password and sign-in by handle and password (docs/protocol.md
// "Accounts"). A password is typed into a masked field, sent, and forgotten: the device keeps
// only the secret it makes for itself when a handle and password signed it in (as a paired
// device does).

// handleMax is the most letters the handle field takes (a handle has 12).
const handleMax = 24

// activateAuth does what the button id of this file's rows does, and reports whether it was one.
func (p *Profile) activateAuth(id string) bool {
	switch id {
	case "rename":
		p.Edit(id, p.Account.Name, protocol.MaxNameRunes, ui.CaseWords)
	case "password", "login-password":
		p.editSecret(id, accountmsg.MaxPasswordRunes)
	case "login-handle":
		p.Edit(id, p.handle, handleMax, ui.CaseLower)
	case "signin":
		p.signing, p.adopt, p.Notice = true, true, msg.Message{}
		p.Conn.Send(accountmsg.SignIn{Handle: p.handle, Password: p.password})
		p.password = ""
	default:
		return false
	}
	return true
}

// committed takes the text typed into field id; enter says it was ended with Enter.
func (p *Profile) committed(id, text string, enter bool) {
	switch id {
	case "pair-code":
		p.code = text
	case "login-handle":
		p.handle = strings.ToLower(strings.TrimSpace(text))
	case "login-password":
		p.password = text
		if enter && p.handle != "" && text != "" && p.Conn != nil && !p.signing && !p.lost() {
			p.Activate("signin")
			return
		}
	case "rename":
		p.rename(strings.TrimSpace(text))
	case "password":
		p.setPassword(text)
	}
	p.Build()
}

// rename asks the server for the display name (unless it is the same, or not a name).
func (p *Profile) rename(name string) {
	switch {
	case p.Account == nil || name == p.Account.Name || name == "":
	case protocol.CheckName(name) != nil:
		p.Notice = msg.New(msg.ProfileBadName, name)
	default:
		p.newName, p.Notice = name, msg.Message{}
		p.Conn.Send(accountmsg.Rename{Name: name})
	}
}

// setPassword sends a password of the length the server takes; a shorter or longer one is
// refused here, and nothing is sent.
func (p *Profile) setPassword(pw string) {
	if n := utf8.RuneCountInString(pw); n < accountmsg.MinPasswordRunes || n > accountmsg.MaxPasswordRunes {
		if n > 0 {
			p.Notice = passwordRule()
		}
		return
	}
	p.pwSent, p.Notice = true, msg.Message{}
	p.Conn.Send(accountmsg.SetPassword{Password: pw})
}

// adopting folds the account a handle and password signed in to: the connection has no device,
// so it asks a pairing code (and reports true) to redeem it with a secret of this device's own.
func (p *Profile) adopting(m accountmsg.Account) bool {
	if !p.adopt || m.Device != "" {
		p.adopt = false
		return false
	}
	p.Account = &m
	p.Conn.Send(accountmsg.PairCode{})
	return true
}

// adoptPairing redeems the pairing code adopting asked for with a new secret, and reports
// whether m was that code.
func (p *Profile) adoptPairing(m accountmsg.Pairing) bool {
	if !p.adopt {
		return false
	}
	p.adopt, p.secret = false, client.NewSecret()
	p.Conn.Send(accountmsg.Pair{Code: m.Code, Secret: p.secret, Device: deviceLabel()})
	return true
}

// answered says what an account answer means for a password or a name just sent.
func (p *Profile) answered(m accountmsg.Account) {
	if p.pwSent {
		p.Notice = msg.New(msg.ProfilePasswordSet, m.Handle)
	}
	p.pwSent, p.newName = false, ""
}

// authRefused is what the page says when the server refuses this file's messages (none: not
// one); what was sent is forgotten.
func (p *Profile) authRefused(e protocol.Error) msg.Message {
	var n msg.Message
	switch {
	case e.Code == protocol.ErrLimit:
		n = msg.New(msg.ProfileLimited)
	case e.Ref == accountmsg.TypeSignIn && e.Code == protocol.ErrSignIn && p.adopt:
		n = msg.New(msg.ProfileWrongPassword)
	case e.Ref == accountmsg.TypeRename && e.Code == protocol.ErrBadMessage:
		n = msg.New(msg.ProfileBadName, p.newName)
	case e.Ref == accountmsg.TypeSetPassword && e.Code == protocol.ErrBadMessage:
		n = passwordRule()
	}
	p.adopt, p.pwSent, p.newName = false, false, ""
	return n
}

// passwordRule says how long a password is.
func passwordRule() msg.Message {
	return msg.New(msg.ProfilePasswordRule, accountmsg.MinPasswordRunes, accountmsg.MaxPasswordRunes)
}

// accountRow lays the signed-in page's row of the name and the password out in r.
func (p *Profile) accountRow(pg page, r layout.Rect, on bool) {
	a, b := pg.halves(r)
	if p.field == "rename" {
		p.addField("rename", p.Account.Name, msg.OnlineName, a)
	} else {
		p.add("rename", msg.ProfileRename.Text(), a, on, 0)
	}
	if p.field == "password" {
		p.addField("password", "", msg.ProfilePassword, b)
		return
	}
	label := msg.ProfileSetPassword
	if p.Account.Password {
		label = msg.ProfileChangePassword
	}
	p.add("password", label.Text(), b, on, 0)
}

// loginRows are the guest page's rows of the handle and the password, and Sign in.
func (p *Profile) loginRows(pg page, on bool) []func(layout.Rect) {
	return []func(layout.Rect){
		func(r layout.Rect) {
			a, b := pg.halves(r)
			p.fieldOr(a, "login-handle", p.handle, p.handle, msg.ProfileHandle, on)
			p.fieldOr(b, "login-password", p.password, masked(utf8.RuneCountInString(p.password)), msg.ProfilePassword, on)
		},
		func(r layout.Rect) {
			p.add("signin", msg.ProfileSignIn.Text(), r, on && p.handle != "" && p.password != "", 0)
		},
	}
}

// fieldOr adds text field id showing shown, or while it is empty and not edited a button that
// says what to type (label).
func (p *Profile) fieldOr(r layout.Rect, id, value, shown string, label msg.ID, on bool) {
	if value == "" && p.field != id {
		p.add(id, label.Text(), r, on, 0)
		return
	}
	p.addField(id, shown, label, r)
}
