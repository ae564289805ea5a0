//go:build !js

package online

import (
	"path/filepath"

	"nimmt/msg"
	"nimmt/protocol/accountmsg"
	"nimmt/storage"
)

// export saves the account's export in the game's files folder (the desktop's and the phones'
// storage) and says where.
func (p *Profile) export(d accountmsg.AccountData) msg.Message {
	st := p.g.Opts.Storage
	b, err := exportJSON(d)
	if err == nil && st == nil {
		return msg.New(msg.Verbatim, "scenes: this game keeps no files")
	}
	name := exportName(d.Handle)
	if err == nil {
		err = st.Save(name, b)
	}
	if err != nil {
		return msg.New(msg.Verbatim, err.Error())
	}
	where := name
	if dir, ok := st.(storage.Dir); ok {
		where = filepath.Join(string(dir), name)
	}
	return msg.New(msg.ProfileExported, where)
}
