#!/usr/bin/env python3
"""Names every public type, protocol, initializer, function and method of the given symbol
graphs that has no doc comment (one a line, `Module: Type.member (kind) file:line`), and exits
with 1 if there is any. A member that implements a documented protocol requirement inherits
that documentation, as DocC shows it, and counts as documented."""
import json
import os
import sys

KINDS = {
    "swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor",
    "swift.init", "swift.func", "swift.method", "swift.type.method", "swift.func.op",
}

missing = []
for path in sys.argv[1:]:
    graph = json.load(open(path))
    module = graph["module"]["name"]
    inherited = {
        r["source"] for r in graph.get("relationships", []) if r.get("sourceOrigin")
    }
    for symbol in graph["symbols"]:
        if symbol["kind"]["identifier"] not in KINDS:
            continue
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if symbol.get("docComment") or symbol["identifier"]["precise"] in inherited:
            continue
        location = symbol.get("location")
        if not location:  # synthesized by the compiler (Equatable, Hashable, Codable)
            continue
        file = location["uri"].split("/Sources/", 1)[-1].split("/Demo/", 1)[-1]
        line = location["position"]["line"] + 1
        name = ".".join(symbol["pathComponents"])
        missing.append(f"{module}: {name} ({symbol['kind']['displayName'].lower()}) {file}:{line}")

for line in sorted(set(missing)):
    print(f"undocumented: {line}")
if missing:
    print(f"docs: {len(set(missing))} public declarations without a doc comment", file=sys.stderr)
sys.exit(1 if missing else 0)
