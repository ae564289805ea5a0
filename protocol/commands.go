package protocol

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The chat's slash commands, parsed once for the server and its clients. A person types
// "/join Ann red" in a room's chat; ParseChat turns it into the message it stands for, with the
// defaults the side that parses adds (a client fills a bare /join with the person's name).

// ChatDefaults are what a side adds to the slash commands it parses.
type ChatDefaults struct {
	// Name and Colour fill a /join without them; with Name empty, /join needs a NAME.
	Name, Colour string
	// Levels are the bot levels /bot accepts, weakest first.
	Levels []string
}

// ErrChatHelp is ParseChat's answer to /help: the side says its commands.
var ErrChatHelp = errors.New("protocol: /help")

// CommandError is a slash command that could not be parsed: an unknown command, or a known one
// with the wrong arguments.
type CommandError struct {
	_ [0]func() // not comparable (only *CommandError is an error): no equality code in the wasm (#25)
	// Command is the command as typed ("/dance"); Known says it is one of the chat's commands.
	Command string
	Known   bool
	// Usage says how the command is written ("/join NAME [COLOUR]"); empty for an unknown one.
	Usage string
}

func (e *CommandError) Error() string {
	if !e.Known {
		return fmt.Sprintf("protocol: unknown command %s: %s", e.Command, ChatHelp)
	}
	return fmt.Sprintf("protocol: %s is written %s", e.Command, e.Usage)
}

// ChatHelp lists the slash commands, the host's apart.
const ChatHelp = "commands: /join NAME [COLOUR], /resign, /help; the host: /start, /bot LEVEL, /finish, /again"

// ChatHelpGuest lists the slash commands a player who is not the host may send.
const ChatHelpGuest = "commands: /join NAME [COLOUR], /resign, /help (the host starts the game)"

// ParseChat turns a chat line into the message it asks for: a line not starting with "/" is a
// Say; /join [NAME] [COLOUR], /start, /resign, /finish, /again and /bot LEVEL become Join, Start,
// Resign, Finish, Again and AddBot (commands and levels in any case). A blank line is (nil, nil);
// /help is ErrChatHelp; anything else is a *CommandError.
func ParseChat(line string, d ChatDefaults) (Message, error) {
	line = strings.TrimSpace(line)
	if line == "" {
		return nil, nil
	}
	if !strings.HasPrefix(line, "/") {
		return Say{Text: line}, nil
	}
	f := strings.Fields(line)
	cmd := strings.ToLower(f[0])
	bare := func(m Message) (Message, error) {
		if len(f) != 1 {
			return nil, &CommandError{Command: f[0], Known: true, Usage: cmd}
		}
		return m, nil
	}
	switch cmd {
	case "/help":
		if _, err := bare(nil); err != nil {
			return nil, err
		}
		return nil, ErrChatHelp
	case "/join":
		j := Join{Name: d.Name, Colour: d.Colour}
		if len(f) >= 2 {
			j.Name = f[1]
		}
		if len(f) == 3 {
			j.Colour = strings.ToLower(f[2])
		}
		if len(f) > 3 || j.Name == "" {
			return nil, &CommandError{Command: f[0], Known: true, Usage: "/join NAME [COLOUR]"}
		}
		return j, nil
	case "/start":
		return bare(Start{})
	case "/resign":
		return bare(Resign{})
	case "/finish":
		return bare(Finish{})
	case "/again":
		return bare(Again{})
	case "/bot":
		if len(f) == 2 && slices.Contains(d.Levels, strings.ToLower(f[1])) {
			return AddBot{Level: strings.ToLower(f[1])}, nil
		}
		return nil, &CommandError{Command: f[0], Known: true, Usage: "/bot LEVEL, with LEVEL one of " + strings.Join(d.Levels, ", ")}
	}
	return nil, &CommandError{Command: f[0]}
}
