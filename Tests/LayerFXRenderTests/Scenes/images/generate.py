#!/usr/bin/env python3
"""Writes the layer contents images of the render test scenes into this folder.

Run it from anywhere (needs Pillow): python3 Tests/LayerFXRenderTests/Scenes/images/generate.py
"""
import math, os
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))

# 2×2 opaque red, green / blue, white: scaled up, its bilinear values are known.
quad = Image.new("RGB", (2, 2))
quad.putdata([(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)])
quad.save(os.path.join(here, "quad.png"))

# 32×24 straight-alpha gradients, opaque in the middle, clear towards the corners.
photo = Image.new("RGBA", (32, 24))
pixels = []
for y in range(24):
    for x in range(32):
        r = math.hypot((x - 15.5) / 16, (y - 11.5) / 12)
        alpha = max(0, min(255, round(255 * (1.3 - r) / 0.6)))
        pixels.append((x * 8, y * 10, 255 - x * 4 - y * 3, alpha))
photo.putdata(pixels)
photo.save(os.path.join(here, "photo.png"))

# The same colours, opaque, as a JPEG.
photo.convert("RGB").save(os.path.join(here, "photo.jpg"), quality=90)
