//go:build !js

package bots

import "nimmt/engine"

// The learned model of the Expert's own decisions, a knob of the screen (self=model) that was not
// adopted (docs/BOTS.md, fifth and sixth #28 sessions): left out of the browser build, where
// knobs_js.go's pickSelf stands in.

// pickSelf chooses this seat's own later card in a playout: by the learned model of the
// Expert's own decisions (a softmax over its hand of selfW · modelFeatures) when p.self is
// policyModel, else by pick.
func (p *playPolicy) pickSelf(st *engine.State, seat int, r *rng, seen *cardSet) engine.Card {
	if p.self == policyModel {
		return pickSoftmax(st, seat, r, seen, selfWeights(p.selfGen))
	}
	return pick(st, seat, p.self, p.noise, r, seen)
}

// selfW are the weights of the learned model of the Expert's own card decisions (its default, at
// 4 seats against 3 MC100), fitted by TestImitate with IMIT_PLAYER=expert; docs/BOTS.md has the
// command and the fit. The screen's self=model plays them for the Expert's own later cards.
//
//	IMIT_PLAYER=expert IMIT_GAMES4=80 IMIT_ROUNDS=10 IMIT_SEED=151 go test -tags imit -run '^TestImitate$' -v ./bots
var selfW = [modelK]float64{-1.9881, -0.7460, -8.3614, 2.7847, 1.6761, -1.4585, 0.5459, -0.6831, -2.0479, -0.2144, -19.1384, 1.2020, 2.9403, 18.0116, 9.7325}

// selfWeights are the weights of the learned model of the Expert's own decisions that gen names
// (playPolicy.selfGen): 2 selfW2, 10 selfW10, else selfW.
func selfWeights(gen int) *[modelK]float64 {
	switch gen {
	case 2:
		return &selfW2
	case 10:
		return &selfW10
	}
	return &selfW
}

// selfW2 are refitted on the decisions of the Expert whose playouts play selfW (the second step
// of the distillation, sixth #28 session), by TestImitate:
//
//	IMIT_PLAYER=expert IMIT_SELF=0 IMIT_GAMES4=80 IMIT_ROUNDS=10 IMIT_SEED=171 go test -tags imit -run '^TestImitate$' -v ./bots
var selfW2 = [modelK]float64{-1.2049, -0.6635, -7.7192, 2.3217, 0.9238, -0.7654, 0.7872, -1.1033, -2.7242, -0.3279, -15.4828, -0.0773, 3.2990, 15.2349, 7.7551}

// selfW10 are fitted on the default Expert's decisions at 10 seats, among 9 MC100, by
// TestImitate:
//
//	IMIT_PLAYER=expert IMIT_SEATS=10 IMIT_GAMES4=40 IMIT_ROUNDS=10 IMIT_SEED=172 go test -tags imit -run '^TestImitate$' -v ./bots
var selfW10 = [modelK]float64{0.1404, 0.0922, -0.7052, 0.6443, -0.1303, -0.8997, 0.0946, -0.3766, -0.9097, 0.0105, -0.1794, -1.5285, -1.8197, 1.2026, -3.6973}
