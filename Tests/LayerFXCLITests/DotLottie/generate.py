#!/usr/bin/env python3
"""Writes the .lottie archives the Lottie command tests read into this folder.

Run it from anywhere (standard library only):
python3 Tests/LayerFXCLITests/DotLottie/generate.py

Each archive holds 40 x 20 animations at 10 fps, frames 0 to 5:
- slide-v1.lottie: dotLottie 1 (manifest.json, animations/slide.json,
  images/img_0.png): a red square sliding right, with a 2 x 2 PNG drawn at
  10 x 10 points in the top right corner.
- slide-v2.lottie: dotLottie 2 (a/, i/): two animations, the manifest's
  initial one (second in the list) with a blue square.
- no-animation.lottie: a manifest and nothing else.
- scene-inside.lottie: a LayerFX scene file where the animation should be.
- missing-image.lottie: an image asset whose file is not in the archive.
"""
import json, os, struct, zipfile, zlib

here = os.path.dirname(os.path.abspath(__file__))


def png(width, height, rows):
    """An 8-bit RGBA PNG of `rows` (lists of (r, g, b, a))."""
    raw = b"".join(b"\0" + bytes(c for pixel in row for c in pixel) for row in rows)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# Opaque green everywhere: drawn at 10 x 10 points it is green whatever the filtering.
green = png(2, 2, [[(0, 255, 0, 255)] * 2] * 2)


def animation(color, image_folder=None, image_name="img_0.png"):
    layers = [{
        "ty": 4, "nm": "square", "ind": 2, "ip": 0, "op": 5, "st": 0,
        "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [5, 10], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}},
                                   {"t": 5, "s": [30, 10]}]},
               "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
        "shapes": [{"ty": "rc", "p": {"a": 0, "k": [5, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "c": {"a": 0, "k": color}, "o": {"a": 0, "k": 100}}]}]
    assets = []
    if image_folder is not None:
        assets.append({"id": "image_0", "w": 10, "h": 10, "u": image_folder, "p": image_name, "e": 0})
        layers.insert(0, {"ty": 2, "nm": "picture", "ind": 1, "refId": "image_0", "ip": 0, "op": 5, "st": 0,
                          "ks": {"p": {"a": 0, "k": [30, 0]}, "a": {"a": 0, "k": [0, 0]}}})
    return json.dumps({"v": "5.7.4", "fr": 10, "ip": 0, "op": 5, "w": 40, "h": 20, "nm": "slide",
                       "assets": assets, "layers": layers}, separators=(",", ":"))


def archive(name, entries):
    with zipfile.ZipFile(os.path.join(here, name), "w", zipfile.ZIP_DEFLATED) as z:
        for entry, data in entries:
            # A fixed date, so the archives are the same bytes on every run.
            info = zipfile.ZipInfo(entry, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


archive("slide-v1.lottie", [
    ("manifest.json", json.dumps({"version": "1.0", "generator": "generate.py", "animations": [{"id": "slide"}]})),
    ("animations/slide.json", animation([1, 0, 0, 1], "/images/")),
    ("images/img_0.png", green),
])
archive("slide-v2.lottie", [
    ("manifest.json", json.dumps({"version": "2", "generator": "generate.py",
                                  "animations": [{"id": "red"}, {"id": "blue"}], "initial": {"animation": "blue"}})),
    ("a/red.json", animation([1, 0, 0, 1], "/i/")),
    ("a/blue.json", animation([0, 0, 1, 1], "/i/")),
    ("i/img_0.png", green),
])
archive("no-animation.lottie", [
    ("manifest.json", json.dumps({"version": "1.0", "animations": []})),
])
archive("scene-inside.lottie", [
    ("manifest.json", json.dumps({"version": "1.0", "animations": [{"id": "scene"}]})),
    ("animations/scene.json", json.dumps({"size": [10, 10], "layers": []})),
])
archive("missing-image.lottie", [
    ("manifest.json", json.dumps({"version": "1.0", "animations": [{"id": "slide"}]})),
    ("animations/slide.json", animation([1, 0, 0, 1], "/images/", "gone.png")),
])
