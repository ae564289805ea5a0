# Speaks a protocol version the arena does not know.
import json, sys
print(json.dumps({"type": "hello", "name": "old", "version": 99}), flush=True)
time = sys.stdin.read()
