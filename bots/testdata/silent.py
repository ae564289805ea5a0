# Greets, then never answers.
import json, sys, time
print(json.dumps({"type": "hello", "name": "silent", "version": 1}), flush=True)
sys.stdin.readline()
time.sleep(60)
