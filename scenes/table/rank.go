package table

import (
	"slices"

	"nimmt/engine"
	"nimmt/msg"
)

// ranking is the seats' places at a result panel (engine.Ranking) and their texts ("1st",
// "2nd", and "You finished 2nd." for the one person at this device), made again only when the
// totals, the person or the language change, so that drawing allocates nothing.
type ranking struct {
	totals        []int
	lang          string
	me            int
	you           msg.ID
	places, order []int
	placeStr      []string // per seat
	youStr        string   // the person's place in a sentence, or "" (hot-seat, watching)
}

// update ranks totals; me is the person at this device, or -1 where several play at it (the
// line "you finished" then reads for nobody); you is the sentence that says the person's place.
func (r *ranking) update(totals []int, me int, you msg.ID) *ranking {
	if slices.Equal(r.totals, totals) && r.totals != nil && r.lang == msg.Lang() && r.me == me && r.you == you {
		return r
	}
	r.totals, r.lang, r.me, r.you = slices.Clone(totals), msg.Lang(), me, you
	r.places, r.order = engine.Ranking(totals)
	r.placeStr = r.placeStr[:0]
	for _, p := range r.places {
		r.placeStr = append(r.placeStr, placeText(p))
	}
	r.youStr = ""
	if me >= 0 && me < len(r.places) {
		r.youStr = msg.New(you, r.placeStr[me]).String()
	}
	return r
}

// placeText names place p (from 1): "1st", "2nd", "3rd", "4th" in English.
func placeText(p int) string {
	switch p {
	case 1:
		return msg.PlaceFirst.Text()
	case 2:
		return msg.PlaceSecond.Text()
	case 3:
		return msg.PlaceThird.Text()
	}
	return msg.New(msg.PlaceNth, p).String()
}

// viewerOf is the seat whose "you finished" line a result panel shows: the person's, when one
// person plays at this device; -1 in hot-seat, where the device passes from hand to hand.
func viewerOf(hd *hud) int {
	if hd.People() == 1 {
		return hd.Me
	}
	return -1
}
