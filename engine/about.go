package engine

// Title returns the variant's name as players know it, e.g. "Professional" (the English name;
// nimmt/msg has it in every language, with the variant's paragraph for players).
func (v Variant) Title() string {
	if v < numVariants {
		return variantTitles[v]
	}
	return v.String()
}

var variantTitles = [numVariants]string{"Basic", "Tactics", "Logic", "Tournament", "Professional", "Open", "Nifty", "Hand", "Double", "TCG"}
