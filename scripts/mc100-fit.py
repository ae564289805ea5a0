#!/usr/bin/env python3
"""mc100-fit.py DUMP.jsonl — does a correction on top of the simulated model of MC100 predict
MC100's choices better? (#28, eighth session; docs/BOTS.md "Closer to MC100's choices, or less
sure of them").

DUMP.jsonl is written by the screen build's TestModelVsMC100 with MFIT_DUMP set: one line a
decision with the rows, the hand, the table's d for each card of the hand, its temperature and
MC100's empirical choice distribution p. The base logit of a card is −(d − min d)/temp; each step
adds features of the card, its row and the rest of the hand that the additive split d = now −
later cannot see (how the card played now changes what the hand's other cards take later), fits
their weights by Newton's method on the soft-target log loss over the even games and prints the
cross-entropy on the even (fit) and odd (held-out) games beside MC100's own entropy (the floor).

    go test -tags screen -c -o screen.test ./bots
    MFIT_GAMES=80 MFIT_K=200 MFIT_NOW=200 MFIT_LATER=1000 MFIT_DUMP=d4.jsonl \\
        ./screen.test -test.run '^TestModelVsMC100$'
    scripts/mc100-fit.py d4.jsonl
"""
import json
import math
import sys


def target(rows, c):
    """The row c goes to by rules 1 and 2, or -1 below every row."""
    best, end = -1, -1
    for i, r in enumerate(rows):
        if end < r[-1] < c:
            best, end = i, r[-1]
    return best


NAMES = ["base logit", "6th card × low cards left", "low: lower cards left above",
         "low: lower cards left below", "6th card", "below every row",
         "low cards left (card neither)", "6th card × same-row cards left",
         "base × (hand−1)/9", "same-row cards above", "same-row cards below"]


def features(dec):
    rows, hand, d, temp = dec["rows"], dec["hand"], dec["d"], dec["temp"]
    lo, n = min(d), len(hand)
    tg = [target(rows, c) for c in hand]
    nlow = sum(1 for t in tg if t < 0)
    out = []
    for i, c in enumerate(hand):
        r = tg[i]
        base = -(d[i] - lo) / temp
        six = 1.0 if r >= 0 and len(rows[r]) == 5 else 0.0
        low = 1.0 if r < 0 else 0.0
        others = [(c2, tg[j]) for j, c2 in enumerate(hand) if j != i]
        low_above = sum(1 for c2, t in others if t < 0 and c2 > c)
        low_below = sum(1 for c2, t in others if t < 0 and c2 < c)
        same = [c2 for c2, t in others if t == r and r >= 0]
        out.append([base, six * (nlow - low), low * low_above, low * low_below, six, low,
                    (nlow - low) * (1 - low) * (1 - six), six * len(same), (n - 1) / 9 * base,
                    sum(1 for c2 in same if c2 > c), sum(1 for c2 in same if c2 < c)])
    return out


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        if abs(m[i][i]) < 1e-12:
            continue
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                for k in range(i, n + 1):
                    m[r][k] -= f * m[i][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def probs(feats, w, use):
    z = [sum(w[k] * f[k] for k in use) for f in feats]
    hi = max(z)
    e = [math.exp(x - hi) for x in z]
    s = sum(e)
    return [x / s for x in e]


def cross_entropy(data, w, use):
    ce = h = 0.0
    for feats, p in data:
        q = probs(feats, w, use)
        for pi, qi in zip(p, q):
            if pi > 0:
                ce -= pi * math.log(max(qi, 1e-12))
                h -= pi * math.log(pi)
    return ce / len(data), h / len(data)


def fit(data, use, k, l2=1e-3, steps=30):
    """Newton's method on the log loss with a small ridge toward the base model."""
    w = [1.0] + [0.0] * (k - 1)
    for _ in range(steps):
        g = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for feats, p in data:
            q = probs(feats, w, use)
            mean = [sum(q[i] * feats[i][j] for i in range(len(feats))) for j in range(k)]
            for i, f in enumerate(feats):
                for a in use:
                    g[a] += (p[i] - q[i]) * f[a]
                    for b in use:
                        hess[a][b] += q[i] * (f[a] - mean[a]) * (f[b] - mean[b])
        for a in use:
            g[a] -= l2 * len(data) * (w[a] - (1.0 if a == 0 else 0.0))
            hess[a][a] += l2 * len(data)
        step = solve([[hess[a][b] for b in use] for a in use], [g[a] for a in use])
        for j, a in enumerate(use):
            w[a] += step[j]
    return w


def main():
    decs = [json.loads(line) for line in open(sys.argv[1])]
    rows = [(features(d), d["p"], d["game"]) for d in decs]
    train = [(f, p) for f, p, g in rows if g % 2 == 0]
    test = [(f, p) for f, p, g in rows if g % 2 == 1]
    k = len(NAMES)
    print("decisions: %d fitted (even games), %d held out (odd)" % (len(train), len(test)))
    steps = [("the simulated model", [0]), ("+ the card's own row", [0, 4, 5]),
             ("+ the hand's cards in its row", [0, 4, 5, 9, 10]),
             ("+ low cards and sixth cards", [0, 1, 2, 3, 4, 5, 6, 7, 9, 10]),
             ("+ hand size", list(range(k)))]
    for name, use in steps:
        w = [1.0] + [0.0] * (k - 1) if use == [0] else fit(train, use, k)
        a, ha = cross_entropy(train, w, use)
        b, hb = cross_entropy(test, w, use)
        print("%-32s fitted %.4f (floor %.4f)  held out %.4f (floor %.4f)" % (name, a, ha, b, hb))
        print("    " + ", ".join("%s %.3f" % (NAMES[j], w[j]) for j in use))


if __name__ == "__main__":
    main()
