package online

import (
	"encoding/json"
	"errors"

	"nimmt/msg"
	"nimmt/protocol/accountmsg"
)

// errNoFiles is the export's error in a game that keeps no files (the screenshots).
var errNoFiles = errors.New("scenes: this game keeps no files")

// export hands the account's export to the person and says where it went: the platform's
// download (Options.Download, the browser), or a file in the game's files folder.
func (p *Profile) export(d accountmsg.AccountData) msg.Message {
	b, err := json.MarshalIndent(d, "", "  ")
	name := "nimmt-account-" + d.Handle + ".json"
	where := name
	switch {
	case err != nil:
	case p.g.Opts.Download != nil:
		err = p.g.Opts.Download(name, "application/json", b)
	default:
		where, err = p.saveFile(name, b)
	}
	if err != nil {
		return msg.New(msg.Verbatim, err.Error())
	}
	return msg.New(msg.ProfileExported, where)
}
