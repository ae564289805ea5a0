# Greets, then dies at the first decision.
import json, sys
print(json.dumps({"type": "hello", "name": "crash", "version": 1}), flush=True)
sys.stdin.readline()
sys.stdin.readline()
sys.stderr.write("crash.py: boom\n")
sys.exit(3)
