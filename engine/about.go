package engine

// Title returns the variant's name as players know it, e.g. "Professional".
func (v Variant) Title() string {
	if v < numVariants {
		return variantTitles[v]
	}
	return v.String()
}

// About returns a paragraph explaining the variant to players, as docs/variants.md has it (the
// menu shows it). The seats a variant allows are given by SeatsAllowed.
func (v Variant) About() string {
	if v < numVariants {
		return variantAbout[v]
	}
	return ""
}

var variantTitles = [numVariants]string{"Basic", "Tactics", "Logic", "Tournament", "Professional", "Open", "Nifty", "Hand", "Double", "TCG"}

var variantAbout = [numVariants]string{
	Basic:        "10 cards each, four rows, everyone plays a card face down at once; the cards are placed lowest first after the row ending just below them; the sixth card of a row takes the five, a card lower than every row takes a row of its player's choice. The game ends when someone reaches 66 bullheads (or the chosen score or number of rounds); the fewest bullheads win.",
	Tactics:      "Only the cards 1 to 10 × players + 4 are used (3 players: 1–34), so every card in play is known: all of them are dealt.",
	Logic:        "Tactics, but the cards are laid out face up and the players pick their hands themselves: one card each in turn, clockwise, until everyone has 10. The four cards left start the rows. A thinking game, good for two (cards 1–24).",
	Tournament:   "Logic for the first game; then every hand is passed to the left and replayed, once per player, so everyone plays every drafted hand once. The rows start with the same four cards every game. The lowest total over all games wins.",
	Professional: "Cards may also be added on the left of a row, descending: a card goes to the end — left or right, of any row — with the smallest difference. The sixth card at either end takes the row; a card that fits no end (it lies inside every row) takes a row of its player's choice.",
	Open:         "The 1 is taken out and becomes the first-player card. Players play one after another, face up, starting with the first player and going left; then the cards are placed by the basic rules, lowest first. The first-player card passes left every turn.",
	Nifty:        "14 cards each; everyone plays two cards face down. The player with the lowest card places both cards, in the order of their choice; then the player now holding the lowest card, and so on.",
	HandVariant:  "14 cards each. In turn, each player plays one or two cards face up and places them at once. Who takes a row chooses which of its cards go to the bullhead pile and which into the hand (never more than 16 in hand). The game ends after the turn in which someone's hand is empty or someone's pile has more than 20 cards; cards left in hand count double.",
	Double:       "Two decks (208 cards), or one deck plus the doublets 11–99 of a second. Twins played in the same turn stack and count as one card of the row; a card whose twin ends a row goes on top of it; two players taking a row with twins split its bullheads, rounded up; twins among the starting cards stack and are replaced.",
	TCG:          "All cards are dealt in two halves (4 players 12 + 12, 5 players 10 + 10, 6 players 8 + 8, 7 players 7 + 7); the rows stay on the table between the halves. One game, about 10 minutes: the lowest total wins; there is no 66.",
}
