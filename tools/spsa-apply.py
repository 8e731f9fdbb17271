#!/usr/bin/env python3
"""Write an SPSA run's values into search/tunables.go.

    tools/spsa-apply.py VALUES [search/tunables.go]

VALUES is the driver's values file (cmd/spsa -values: "name, value" lines,
the integers the engine plays). Each tunable named there gets that value as
its constant's default; its range, step and comment stay, and gofmt then
realigns the file. A line that is not "name, value", a name that is not a
tunable of the file, or a value outside its "tune: MIN..MAX" range is an
error (exit status 2) and nothing is written. Afterwards run
`go generate ./search` (the tune build's copy), `make bench` (the new
fingerprint for the commit) and `make test`, whose bench test names the
new counts to write into engine/bench_test.go.
"""
import re
import subprocess
import sys

LINE = re.compile(r"^(\s*(?:const )?)(\w+)(\s*)=(\s*)(-?\d+)(\s*// tune: (-?\d+)\.\.(-?\d+) step .*)$")


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    path = argv[2] if len(argv) == 3 else "search/tunables.go"
    values = {}
    try:
        with open(argv[1]) as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                try:
                    name, value = (s.strip() for s in line.split(","))
                    values[name] = int(value)
                except ValueError:
                    sys.stderr.write(f"{argv[1]}:{n}: not \"name, value\": {line!r}\n")
                    return 2
        with open(path) as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        sys.stderr.write(f"spsa-apply.py: {e}\n")
        return 2
    seen = set()
    for i, line in enumerate(lines):
        m = LINE.match(line)
        if not m or m.group(2) not in values:
            continue
        name, lo, hi = m.group(2), int(m.group(7)), int(m.group(8))
        v = values[name]
        if not lo <= v <= hi:
            sys.stderr.write(f"{name} = {v} is outside its range {lo}..{hi}\n")
            return 2
        old = m.group(5)
        lines[i] = f"{m.group(1)}{name}{m.group(3)}={m.group(4)}{v} {m.group(6).lstrip()}"
        seen.add(name)
        if str(v) != old:
            print(f"{name}: {old} -> {v}")
    missing = set(values) - seen
    if missing:
        sys.stderr.write(f"not tunables in {path}: {', '.join(sorted(missing))}\n")
        return 2
    with open(path, "w") as f:
        f.write("\n".join(lines))
    # gofmt realigns the comments of a block whose values changed width.
    return subprocess.call(["gofmt", "-w", path])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
