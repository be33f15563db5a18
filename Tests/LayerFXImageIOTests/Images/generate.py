#!/usr/bin/env python3
"""Writes the test images of ImageDecoderTests into this folder.

PNGs are written chunk by chunk (zlib only), so that every colour type and
bit depth is exactly as the tests expect; JPEGs with Pillow (its libjpeg).
Run it from anywhere: python3 Tests/LayerFXImageIOTests/Images/generate.py
"""
import os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))


def png(name, width, height, depth, colour_type, rows, palette=None, transparency=None, gamma=None):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + bytes(row) for row in rows)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0))
    if gamma is not None:
        data += chunk(b"gAMA", struct.pack(">I", gamma))
    if palette is not None:
        data += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if transparency is not None:
        data += chunk(b"tRNS", bytes(transparency))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)


def words(*values):
    return [b for v in values for b in struct.pack(">H", v)]


# 8-bit RGBA, straight alpha: opaque red, half green, clear blue, quarter white.
png("rgba.png", 2, 2, 8, 6, [[255, 0, 0, 255, 0, 255, 0, 128], [0, 0, 255, 0, 255, 255, 255, 64]])
# 8-bit RGB.
png("rgb.png", 3, 1, 8, 2, [[10, 20, 30, 40, 50, 60, 250, 240, 230]])
# 8-bit grey, and grey with alpha.
png("grey.png", 3, 1, 8, 0, [[0, 128, 255]])
png("grey-alpha.png", 2, 1, 8, 4, [[100, 255, 200, 51]])
# 2-bit palette with transparency for the first two entries.
png("palette.png", 4, 1, 2, 3, [[0b00011011]], palette=[(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)],
    transparency=[0, 128])
# 16-bit RGB: whole multiples of 257 and 0x8000.
png("rgb16.png", 2, 1, 16, 2, [words(65535, 32768, 0, 257 * 10, 257 * 200, 257 * 99)])
# 16-bit grey with alpha.
png("grey-alpha16.png", 1, 1, 16, 4, [words(257 * 200, 257 * 51)])

from PIL import Image  # noqa: E402

# A flat colour JPEG (one 8×8 block: decodes to the colour exactly), and a grey one.
Image.new("RGB", (8, 8), (200, 100, 50)).save(os.path.join(here, "flat.jpg"), quality=100, subsampling=0)
Image.new("L", (8, 8), 77).save(os.path.join(here, "grey.jpg"), quality=100)
# CMYK, which LayerFX does not read.
Image.new("CMYK", (8, 8), (0, 128, 255, 0)).save(os.path.join(here, "cmyk.jpg"), quality=90)
