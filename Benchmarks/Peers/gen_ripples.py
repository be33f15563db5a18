#!/usr/bin/env python3
"""Writes the ripple-field benchmark scenes: DIR/ripples-N.json for each N.

Usage: gen_ripples.py [--out DIR] N [N ...]
       (DIR defaults to .build-peers/scenes of the repository, which git ignores)

The field is the one `RippleField(count:)` builds in LayerFX (and that
`layerfx bench ripples --count N` draws): a 1920x1080 white frame and N ripples,
each a circle with a centre uniform over the frame, a radius uniform in 4..48 px,
a fill of uniform RGB and alpha uniform in 0.15..0.6, and a 2 px ring at the
radius in the same RGB with 1.5x the alpha (at most 1). The numbers come from
Python's random.Random(N), drawn in that order, each rounded to 3 decimals, so
that LayerFX regenerates the same field in-process.

The file is JSON with one ripple per line and a fixed key order
(x, y, r, fill, stroke, strokeWidth); it ends with "]}" and a newline, which
scripts/compare-peers checks to spot a file cut short.
"""
import argparse
import json
import os
import random
import sys

WIDTH, HEIGHT = 1920, 1080
SCENES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      ".build-peers", "scenes")


def ripples(count, width=WIDTH, height=HEIGHT):
    """Yields the field's ripples as dicts, in drawing order."""
    rng = random.Random(count)
    for _ in range(count):
        x, y = round(rng.uniform(0, width), 3), round(rng.uniform(0, height), 3)
        # uniform(a, b) may return b; rounding may too: keep centres inside the frame
        x = x if x < width else round(width - 0.001, 3)
        y = y if y < height else round(height - 0.001, 3)
        radius = round(rng.uniform(4, 48), 3)
        rgb = [round(rng.random(), 3) for _ in range(3)]
        alpha = round(rng.uniform(0.15, 0.6), 3)
        yield {"x": x, "y": y, "r": radius, "fill": rgb + [alpha],
               "stroke": rgb + [round(min(1.0, alpha * 1.5), 3)], "strokeWidth": 2}


def write(path, count):
    """Writes the field of `count` ripples to `path`, through a temporary file."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write('{"width":%d,"height":%d,"background":[1,1,1,1],"ripples":[' % (WIDTH, HEIGHT))
        for i, ripple in enumerate(ripples(count)):
            f.write(("\n" if i == 0 else ",\n") + json.dumps(ripple, separators=(",", ":")))
        f.write("\n]}\n")
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=SCENES, help="folder for the files (default .build-peers/scenes)")
    ap.add_argument("counts", nargs="+", type=int, metavar="N", help="ripple counts")
    a = ap.parse_args()
    if any(n < 0 for n in a.counts):
        ap.error("ripple counts must be 0 or more")
    os.makedirs(a.out, exist_ok=True)
    for n in a.counts:
        path = os.path.join(a.out, f"ripples-{n}.json")
        write(path, n)
        print(f"wrote {path} ({os.path.getsize(path) / 1e6:.1f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
