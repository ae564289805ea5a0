# Greets, then plays a card it does not hold and a row that does not exist.
import json, sys
print(json.dumps({"type": "hello", "name": "illegal", "version": 1}), flush=True)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        if msg["view"]["decision"]["kind"] == "row":
            print(json.dumps({"row": 7}), flush=True)
        else:
            print(json.dumps({"card": 105}), flush=True)
