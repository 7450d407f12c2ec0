#!/usr/bin/env python3
"""Draws sgmcmc-lab's icon: the double well's two modes as nested discs, and a chain's path hopping
from one mode to the other, on a rounded dark tile.

One description of the shapes (SHAPES below, in a 256-unit square) is written both as SVG and
rasterised to PNG by a small signed-distance renderer (one sample per pixel, coverage from the
distance, so edges are anti-aliased without supersampling), so the two can never drift apart and
no binary image is kept in the repository. Standard library only (zlib, struct).

Usage: make_icon.py OUT_DIR SIZE...   writes OUT_DIR/sgmcmc-lab.svg and OUT_DIR/SIZE/sgmcmc-lab.png
"""
import math
import os
import struct
import sys
import zlib

UNITS = 256.0
TILE = {"inset": 8.0, "radius": 44.0, "colour": (0x1e, 0x29, 0x3b)}
# The two modes: rings of the density, outermost first (centre x, centre y, radius, colour, alpha).
MODES = [
    (88.0, 150.0, 62.0, (0x38, 0xbd, 0xf8), 0.30),
    (88.0, 150.0, 40.0, (0x38, 0xbd, 0xf8), 0.55),
    (88.0, 150.0, 18.0, (0x38, 0xbd, 0xf8), 0.95),
    (176.0, 100.0, 52.0, (0x38, 0xbd, 0xf8), 0.30),
    (176.0, 100.0, 32.0, (0x38, 0xbd, 0xf8), 0.55),
    (176.0, 100.0, 14.0, (0x38, 0xbd, 0xf8), 0.95),
]
PATH = [(58.0, 176.0), (104.0, 132.0), (78.0, 120.0), (136.0, 112.0), (150.0, 76.0), (196.0, 118.0)]
PATH_WIDTH = 13.0
PATH_COLOUR = (0xf5, 0x9e, 0x0b)
HEAD = (196.0, 118.0, 17.0, (0xfb, 0xbf, 0x24))  # the chain's current draw


def hex_colour(rgb):
    return "#%02x%02x%02x" % rgb


def svg_text():
    inset, radius = TILE["inset"], TILE["radius"]
    side = UNITS - 2 * inset
    lines = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
        '  <title>sgmcmc-lab</title>',
        '  <rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s"/>'
        % (inset, inset, side, side, radius, hex_colour(TILE["colour"])),
    ]
    for cx, cy, r, colour, alpha in MODES:
        lines.append('  <circle cx="%g" cy="%g" r="%g" fill="%s" fill-opacity="%g"/>'
                     % (cx, cy, r, hex_colour(colour), alpha))
    points = " ".join("%g,%g" % point for point in PATH)
    lines.append('  <polyline points="%s" fill="none" stroke="%s" stroke-width="%g" '
                 'stroke-linecap="round" stroke-linejoin="round"/>'
                 % (points, hex_colour(PATH_COLOUR), PATH_WIDTH))
    cx, cy, r, colour = HEAD
    lines.append('  <circle cx="%g" cy="%g" r="%g" fill="%s"/>' % (cx, cy, r, hex_colour(colour)))
    lines.append('</svg>')
    return "\n".join(lines) + "\n"


def rounded_rect_distance(x, y):
    inset, radius = TILE["inset"], TILE["radius"]
    half = UNITS / 2 - inset - radius
    qx = abs(x - UNITS / 2) - half
    qy = abs(y - UNITS / 2) - half
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def segment_distance(x, y, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)
    t = min(max(t, 0.0), 1.0)
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def coverage(distance, pixel):
    """Fraction of a pixel inside a shape whose signed distance (in units) at its centre is given."""
    return min(max(0.5 - distance / pixel, 0.0), 1.0)


def over(dst, colour, alpha):
    r, g, b, a = dst
    out_a = alpha + a * (1 - alpha)
    if out_a <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    mix = [(c * alpha + d * a * (1 - alpha)) / out_a for c, d in zip(colour, (r, g, b))]
    return (mix[0], mix[1], mix[2], out_a)


def render(size):
    pixel = UNITS / size
    segments = list(zip(PATH, PATH[1:]))
    rows = []
    for j in range(size):
        row = bytearray([0])  # PNG filter type 0 (none)
        y = (j + 0.5) * pixel
        for i in range(size):
            x = (i + 0.5) * pixel
            colour = (0.0, 0.0, 0.0, 0.0)
            tile = coverage(rounded_rect_distance(x, y), pixel)
            if tile > 0:
                colour = over(colour, TILE["colour"], tile)
                for cx, cy, r, ring, alpha in MODES:
                    inside = coverage(math.hypot(x - cx, y - cy) - r, pixel)
                    if inside > 0:
                        colour = over(colour, ring, alpha * inside * tile)
                path = min(segment_distance(x, y, a, b) for a, b in segments) - PATH_WIDTH / 2
                colour = over(colour, PATH_COLOUR, coverage(path, pixel) * tile)
                cx, cy, r, head = HEAD
                colour = over(colour, head, coverage(math.hypot(x - cx, y - cy) - r, pixel) * tile)
            row += bytes([round(colour[0]), round(colour[1]), round(colour[2]),
                          round(colour[3] * 255)])
        rows.append(bytes(row))
    return b"".join(rows)


def png_bytes(size, raw):
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def write_atomically(path, data):
    temporary = path + ".tmp"
    with open(temporary, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: make_icon.py OUT_DIR SIZE...\n")
        return 2
    out_dir = argv[1]
    os.makedirs(out_dir, exist_ok=True)
    write_atomically(os.path.join(out_dir, "sgmcmc-lab.svg"), svg_text().encode())
    for size in (int(text) for text in argv[2:]):
        os.makedirs(os.path.join(out_dir, str(size)), exist_ok=True)
        write_atomically(os.path.join(out_dir, str(size), "sgmcmc-lab.png"),
                         png_bytes(size, render(size)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
