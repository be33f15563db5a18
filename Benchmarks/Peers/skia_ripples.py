#!/usr/bin/env python3
"""The ripple field drawn with Skia through skia-python (Skia has no C API and
no Debian package; the skia-python wheel bundles it). Same command line and
JSON line as the C programs (peer.h):

  skia_ripples.py SCENE [--frames N] [--warmup N] [--ppm FILE]

A frame: clear to the background, then for every ripple an antialiased circle
filled and one stroked with the ring width, source-over, on a raster surface;
then flush. The per-ripple Python calls cost about 0.6 us (a few percent of the
frame); Skia draws on the calling thread only.
"""
import argparse
import json
import math
import statistics
import sys
import time

import skia


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scene")
    ap.add_argument("--frames", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--threads", type=int, default=0, help="ignored")
    ap.add_argument("--ppm")
    a = ap.parse_args()
    if a.frames < 1 or a.warmup < 0:
        ap.error("--frames must be at least 1 and --warmup at least 0")
    with open(a.scene) as f:
        scene = json.load(f)
    w, h = int(scene["width"]), int(scene["height"])
    surface = skia.Surface(w, h)
    canvas = surface.getCanvas()
    fill, ring = skia.Paint(AntiAlias=True), skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style)
    ripples = [(r["x"], r["y"], r["r"], r["strokeWidth"], skia.Color4f(*r["fill"]), skia.Color4f(*r["stroke"]))
               for r in scene["ripples"]]
    background = skia.Color4f(*scene["background"])
    times = []
    for frame in range(a.warmup + a.frames):
        start = time.perf_counter()
        canvas.clear(background)
        for x, y, radius, width, fill_color, ring_color in ripples:
            fill.setColor4f(fill_color)
            canvas.drawCircle(x, y, radius, fill)
            ring.setColor4f(ring_color)
            ring.setStrokeWidth(width)
            canvas.drawCircle(x, y, radius, ring)
        surface.flushAndSubmit()
        if frame >= a.warmup:
            times.append((time.perf_counter() - start) * 1e3)
    if a.ppm:
        rgba = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
        with open(a.ppm, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (w, h) + rgba[:, :, :3].tobytes())
    area = sum(math.pi * (r[2] + 1) ** 2 for r in ripples)
    print(json.dumps({"peer": "skia", "frames": a.frames, "threads": 0,
                      "median_ms": round(statistics.median(times), 3), "min_ms": round(min(times), 3),
                      "version": f"skia-python {skia.__version__}", "n": len(ripples),
                      "painted_mpixels": round(area / 1e6, 3)}, separators=(",", ":")))


if __name__ == "__main__":
    sys.exit(main())
