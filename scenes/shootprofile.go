//go:build !js

package scenes

import (
	"time"

	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/online"
	"nimmt/scenes/ui"
)

// cannedAccount is the screenshot's account connection: it answers each account message at
// once, from the process, as a server would for an account with three devices.
type cannedAccount struct {
	now  time.Time
	in   []protocol.Message
	name string
}

func (c *cannedAccount) Send(m protocol.Message) {
	day := func(d int) int64 { return c.now.AddDate(0, 0, -d).UnixMilli() }
	switch m.(type) {
	case accountmsg.SignIn:
		c.in = append(c.in, accountmsg.Account{Handle: "ann-7k2", Name: c.name, Device: "d1"})
	case accountmsg.ListDevices:
		c.in = append(c.in, accountmsg.DeviceList{Devices: []accountmsg.DeviceInfo{
			{ID: "d1", Label: "desktop", Created: day(40), Seen: day(0), This: true},
			{ID: "d2", Label: "phone", Created: day(12), Seen: day(1)},
			{ID: "d3", Label: "browser", Created: day(3), Seen: day(3)},
		}})
	case accountmsg.PairCode:
		c.in = append(c.in, accountmsg.Pairing{Code: protocol.CodeAlphabet[:accountmsg.PairingLength], Expires: c.now.Add(10 * time.Minute).UnixMilli()})
	}
}

func (c *cannedAccount) Poll() ([]protocol.Message, error) {
	in := c.in
	c.in = nil
	return in, nil
}

func (c *cannedAccount) Busy() bool    { return false }
func (c *cannedAccount) Pending() bool { return len(c.in) > 0 }
func (c *cannedAccount) Close()        {}

// shotProfile prepares the screenshots "profile" (an account on three devices, a pairing code
// shown), "profile-guest" (no account on this device) and "profile-signin" (a guest typing a
// handle and a password, masked).
func shotProfile(g *Game, scene string) {
	name := msg.DefaultName.Text()
	g.Settings.Name = name
	if scene == "profile" {
		g.Settings.Online.Secret = protocol.CodeAlphabet // a secret of the right form
	}
	p := online.NewProfileOn(g.host, &g.dial, "ws://127.0.0.1:8080", &cannedAccount{now: g.Clock.Now(), name: name})
	switch scene {
	case "profile":
		p.Activate("pair")
	case "profile-signin":
		typeInto(p, "login-handle", "ann-7k2", true)
		typeInto(p, "login-password", "s3cretpw1", false) // shown masked
	}
	g.cur = p
}

// typeInto types text into the page's field id, as the keys would, and ends with Enter if enter.
func typeInto(p *online.Profile, id, text string, enter bool) {
	p.Activate(id)
	for _, r := range text {
		in := ui.Input{NRune: 1}
		in.Runes[0] = r
		p.Update(&in)
	}
	if enter {
		in := ui.Input{NKeys: 1}
		in.Keys[0] = ui.KeyEnter
		p.Update(&in)
	}
}
