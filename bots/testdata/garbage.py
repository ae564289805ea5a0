# Greets, then answers nonsense.
import json, sys
print(json.dumps({"type": "hello", "name": "garbage", "version": 1}), flush=True)
for line in sys.stdin:
    if json.loads(line)["type"] == "decide":
        print("banana", flush=True)
