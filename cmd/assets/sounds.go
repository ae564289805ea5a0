package main

import "nimmt/assets/sounds"

// placeNotes are the placements' pitches (MIDI), lowest card first: a rising pentatonic line in
// the key of the table's music (F major), so a turn's cards landing sound like a phrase.
var placeNotes = [sounds.NumPlace]float64{65, 67, 69, 72, 74} // F4 G4 A4 C5 D5

// synth returns the WAV file of one effect. Every effect is made from a fixed seed, so the
// output is the same on every run (gen_test checks the committed files against it).
func synth(e sounds.Effect) []byte {
	seed := uint64(e) + 1
	var c *clip
	switch e {
	case sounds.Click: // a light wooden tick
		c = newClip(0.05, seed)
		c.mallet(0, 1400, 0.5, 0.006)
		c.noise(0, 0.6, 0.0005, 0.004, 4000, 0.8)
	case sounds.Deal: // a riffle: six cards flicked onto the felt, each with a little body
		c = newClip(0.42, seed)
		for i := range 6 {
			t := 0.055*float64(i) + 0.004*float64(i%2)
			a := 1 - 0.08*float64(i)
			c.noise(t, a, 0.002, 0.012, 3200-150*float64(i), 0.6)
			c.noise(t+0.004, 0.5*a, 0.004, 0.03, 900, 0.9)
			c.thud(t+0.003, 260, 170, 0.2*a, 0.025)
		}
	case sounds.Choose: // a card slid up out of the hand, ending in a soft tick
		c = newClip(0.16, seed)
		c.sweep(0, 0.11, 1.4, 700, 2600)
		c.noise(0.1, 0.5, 0.001, 0.008, 3500, 0.7)
	case sounds.Flip: // the chosen cards snap over together: a few snaps at once and a body
		c = newClip(0.26, seed)
		for i, t := range []float64{0, 0.011, 0.019, 0.034} {
			c.noise(t, 1-0.15*float64(i), 0.001, 0.01, 4200-400*float64(i), 0.5)
		}
		c.noise(0.005, 0.6, 0.003, 0.04, 1100, 0.8)
		c.thud(0.006, 300, 180, 0.35, 0.04)
	case sounds.Place, sounds.Place2, sounds.Place3, sounds.Place4, sounds.Place5:
		// a card laid on the felt: a flick, a small thump and a soft mallet note that rises
		// through the turn's order
		k := int(e - sounds.Place)
		c = newClip(0.5, seed)
		c.noise(0, 0.7, 0.002, 0.014, 2400, 0.6)
		c.thud(0.004, 280+25*float64(k), 150+15*float64(k), 0.5, 0.035)
		c.mallet(0.006, hz(placeNotes[k]), 0.42, 0.11)
	case sounds.TakeLight: // the row swept up and set down
		c = newClip(0.42, seed)
		c.sweep(0, 0.18, 1.1, 1800, 600)
		c.thud(0.15, 200, 105, 0.9, 0.05)
		c.noise(0.15, 0.4, 0.002, 0.03, 700, 0.8)
	case sounds.TakeHeavy: // heavier: longer sweep, a deeper thump and a low mallet
		c = newClip(0.62, seed)
		c.sweep(0, 0.24, 1.1, 1500, 450)
		c.thud(0.2, 170, 78, 1, 0.075)
		c.noise(0.2, 0.45, 0.002, 0.05, 500, 0.8)
		c.mallet(0.2, hz(41), 0.35, 0.15) // F2
	case sounds.TakeHuge: // a heap: two thumps and a rumble under a low minor third
		c = newClip(0.95, seed)
		c.sweep(0, 0.3, 1.1, 1300, 350)
		c.thud(0.24, 150, 55, 1, 0.1)
		c.thud(0.33, 120, 48, 0.7, 0.09)
		c.noise(0.24, 0.55, 0.004, 0.09, 260, 0.9)
		c.mallet(0.24, hz(38), 0.35, 0.2) // D2
		c.mallet(0.33, hz(41), 0.25, 0.2) // F2
	case sounds.Moo: // a bull's moo: swells, wavers and falls
		c = newClip(1.25, seed)
		c.moo(0, 1.2, 1)
		c.reverb(0.12, 0.6)
	case sounds.RowChoice: // two soft bells rising: your choice
		c = newClip(0.75, seed)
		c.bell(0, hz(67), 0.5, 0.16) // G4
		c.bell(0.12, hz(72), 0.5, 0.2)
		c.reverb(0.2, 0.7)
	case sounds.RoundEnd: // a chime: the triad rolled on mallets and a bell on top
		c = newClip(1.3, seed)
		for i, n := range []float64{65, 69, 72, 77} { // F A C F
			c.mallet(0.07*float64(i), hz(n), 0.45, 0.25)
		}
		c.bell(0.21, hz(84), 0.15, 0.35)
		c.reverb(0.25, 0.75)
	case sounds.Win: // a rising sting that lands on a warm chord
		c = newClip(1.9, seed)
		for i, n := range []float64{65, 69, 72, 77} {
			c.mallet(0.09*float64(i), hz(n), 0.45, 0.12)
		}
		for _, n := range []float64{65, 69, 72, 76} { // Fmaj7
			c.keys(0.36, hz(n), 0.7, 0.28, 0.5)
		}
		c.bass(0.36, hz(41), 0.7, 0.4)
		c.bell(0.36, hz(81), 0.18, 0.4)
		c.reverb(0.25, 0.75)
	case sounds.Loss: // a soft falling line onto a minor chord
		c = newClip(1.8, seed)
		for i, n := range []float64{72, 68, 65} { // C Ab F
			c.mallet(0.14*float64(i), hz(n), 0.45, 0.16)
		}
		for _, n := range []float64{60, 65, 68} { // F minor
			c.keys(0.42, hz(n), 0.6, 0.28, 0.5)
		}
		c.bass(0.42, hz(41), 0.6, 0.4)
		c.reverb(0.25, 0.75)
	default:
		return nil
	}
	return c.wav(0.01)
}
