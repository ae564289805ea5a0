package textport

import (
	"fmt"
	"strings"

	"nimmt/protocol"
)

// elsewhere tells the person, and reports, that the room a code names is served by another
// server process, which a port without Options.Remote does not reach: it plays the rooms of its
// own process's hub only (taking a room from the process that serves it would close that
// room's other connections, which the balancer sends back there: docs/SCALING.md).
func (c *conn) elsewhere(key string) bool {
	code := strings.ToUpper(key)
	if c.srv.opts.Remote != "" || protocol.CheckCode(code) != nil || !c.srv.hub.Elsewhere(code) {
		return false
	}
	c.say("", fmt.Sprintf("error: room %s is played on another server process, which this text port does not reach "+
		"(it reaches only its own process's rooms: the server's operator gives it the balancer's address with -balancer); "+
		"play it in the game, or \"play now\" finds a table here", code))
	return true
}
