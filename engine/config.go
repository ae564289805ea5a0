package engine

import "fmt"

// Limits of the game.
const (
	MinSeats = 2  // fewest seats at the table
	MaxSeats = 10 // most seats at the table
	NumRows  = 4  // rows on the table
	RowLimit = 5  // cards a row may hold; the sixth card takes the row
	MaxHand  = 16 // the largest hand any variant allows
	// DefaultEndScore is the score that ends the game in the basic rules.
	DefaultEndScore = 66
	// DefaultHandSize is the number of cards dealt to each seat in the basic rules.
	DefaultHandSize = 10
)

// Variant names a set of rules from the rulebook. The zero Variant is the basic game.
type Variant uint8

// The variants of the rulebook (004) and of the translation (000, "TCG").
const (
	Basic Variant = iota
	Tactics
	Logic
	Tournament
	Professional
	Open
	Nifty
	HandVariant // the "Hand" variant (7); named so to leave Hand for a seat's cards
	Double
	TCG
	numVariants
)

var variantNames = [numVariants]string{"basic", "tactics", "logic", "tournament", "professional", "open", "nifty", "hand", "double", "tcg"}

// String returns the variant's lower-case name, as used in records and on the command line.
func (v Variant) String() string {
	if v < numVariants {
		return variantNames[v]
	}
	return fmt.Sprintf("variant(%d)", uint8(v))
}

// ParseVariant returns the variant with the given name.
func ParseVariant(name string) (Variant, error) {
	for i, n := range variantNames {
		if n == name {
			return Variant(i), nil
		}
	}
	return 0, errorf("engine: unknown variant %q", name)
}

// Variants returns every variant in rulebook order.
func Variants() []Variant {
	vs := make([]Variant, numVariants)
	for i := range vs {
		vs[i] = Variant(i)
	}
	return vs
}

// MarshalText encodes the variant as its name.
func (v Variant) MarshalText() ([]byte, error) {
	if v >= numVariants {
		return nil, errorf("engine: unknown variant %d", uint8(v))
	}
	return []byte(v.String()), nil
}

// UnmarshalText decodes a variant name.
func (v *Variant) UnmarshalText(b []byte) error {
	p, err := ParseVariant(string(b))
	if err != nil {
		return err
	}
	*v = p
	return nil
}

// Config is what the players agree on before the game.
type Config struct {
	// Seats is the number of players, 2 to 10.
	Seats int `json:"seats"`
	// Variant selects the rules; the zero value is the basic game.
	Variant Variant `json:"variant"`
	// EndScore ends the game after the round in which a seat reaches it; 0 means no score limit.
	EndScore int `json:"end_score"`
	// Rounds ends the game after this many rounds; 0 means no round limit. In TCG a round is a
	// half and Rounds must be even (0 means one game of two halves).
	Rounds int `json:"rounds,omitempty"`
	// Doublets selects, in the Double variant, the smaller set of one deck plus the doublets
	// 11, 22, … 99 of a second deck instead of two whole decks.
	Doublets bool `json:"doublets,omitempty"`
}

// DefaultConfig returns the basic game for the given number of seats, played to 66.
func DefaultConfig(seats int) Config {
	return Config{Seats: seats, Variant: Basic, EndScore: DefaultEndScore}
}

// ConfigError reports a configuration out of range.
type ConfigError struct {
	Field  string // the Config field at fault
	Value  int    // its value
	Reason string // what is wrong with it
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("engine: config %s = %d: %s", e.Field, e.Value, e.Reason)
}

// Validate reports whether the configuration can be played.
func (c Config) Validate() error {
	if c.Seats < MinSeats || c.Seats > MaxSeats {
		return &ConfigError{"seats", c.Seats, fmt.Sprintf("must be %d to %d", MinSeats, MaxSeats)}
	}
	if c.Variant >= numVariants {
		return &ConfigError{"variant", int(c.Variant), "unknown variant"}
	}
	r := c.rules()
	if c.Seats < r.minSeats || c.Seats > r.maxSeats {
		return &ConfigError{"seats", c.Seats, fmt.Sprintf("variant %q is for %d to %d seats", c.Variant, r.minSeats, r.maxSeats)}
	}
	if c.Doublets && c.Variant != Double {
		return &ConfigError{"doublets", 1, "only the Double variant has the doublets option"}
	}
	if c.Variant == TCG && c.Rounds%2 != 0 {
		return &ConfigError{"rounds", c.Rounds, "TCG is played in halves: the number of rounds must be even"}
	}
	if c.EndScore < 0 {
		return &ConfigError{"end_score", c.EndScore, "must be positive (or 0 with a round limit)"}
	}
	if c.Rounds < 0 {
		return &ConfigError{"rounds", c.Rounds, "must not be negative"}
	}
	if c.EndScore == 0 && c.Rounds == 0 && r.games == 0 {
		return &ConfigError{"end_score", c.EndScore, "must be positive when there is no round limit"}
	}
	return nil
}
