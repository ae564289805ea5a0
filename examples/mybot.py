#!/usr/bin/env python3
"""An example external bot for the nimmt arena (protocol: docs/bot-protocol.md).

Run it against the built-in bots:

    go run ./cmd/arena -bots 'cmd:python3 examples/mybot.py',intermediate -games 40

Strategy: play the card that lands closest above a row's last card in a row with room left;
if there is none, play the card that costs the fewest bullheads now. When a card is too low,
take the row with the fewest bullheads.
"""
import json
import sys


def bullheads(c):
    if c == 55:
        return 7
    if c % 11 == 0:
        return 5
    if c % 10 == 0:
        return 3
    if c % 5 == 0:
        return 2
    return 1


def row_cost(row):
    return sum(bullheads(c) for c in row)


def target(rows, card):
    """The row a card goes to by rules 1 and 2, or None when it is lower than every row."""
    best = None
    for i, row in enumerate(rows):
        if row and row[-1] < card and (best is None or row[-1] > rows[best][-1]):
            best = i
    return best


def choose_card(view):
    rows = view["rows"]
    cheapest = min(row_cost(r) for r in rows)
    best, best_key = None, None
    for card in view["hand"]:
        t = target(rows, card)
        if t is None:
            key = (cheapest, 0)  # takes a row unless someone plays lower
        elif len(rows[t]) >= 5:
            key = (row_cost(rows[t]), 0)  # the sixth card
        else:
            key = (0, card - rows[t][-1])  # safe now; prefer a small gap
        if best_key is None or key < best_key:
            best, best_key = card, key
    return best


def choose_row(view):
    rows = view["rows"]
    return min(range(len(rows)), key=lambda i: (row_cost(rows[i]), len(rows[i]), i))


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            reply = {"type": "hello", "name": "mybot.py", "version": 1}
        elif msg["type"] == "decide":
            view = msg["view"]
            if view["decision"]["kind"] == "row":
                reply = {"row": choose_row(view)}
            else:
                reply = {"card": choose_card(view)}
        elif msg["type"] == "end":
            break
        else:
            continue
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
