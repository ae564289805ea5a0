# A well-behaved bot: lowest card, row 0.
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "good", "version": 1}), flush=True)
    elif msg["type"] == "decide":
        v = msg["view"]
        if v["decision"]["kind"] == "row":
            print(json.dumps({"row": 0}), flush=True)
        else:
            print(json.dumps({"card": min(v["hand"])}), flush=True)
    elif msg["type"] == "end":
        break
