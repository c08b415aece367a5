"""Draw the app icons (PNG, standard library only): ``python calculators/build/make_icons.py``.

An indigo tile with a white «С» (Свод) drawn as an open ring; the maskable variant keeps the
letter inside the central safe zone. Writes docs/assets/icons/ (committed).
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

INDIGO = (0x3F, 0x51, 0xB5)
WHITE = (0xFF, 0xFF, 0xFF)
OUT = Path(__file__).resolve().parents[2] / "docs" / "assets" / "icons"


def png(size: int, pixel) -> bytes:
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel(x + 0.5, y + 0.5))
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def icon(size: int, maskable: bool):
    c = size / 2
    scale = 0.62 if maskable else 0.8
    r_out, r_in = size * 0.36 * scale / 0.8, size * 0.22 * scale / 0.8
    corner = 0 if maskable else size * 0.18

    def inside_tile(x, y):
        if maskable:
            return True
        dx = max(abs(x - c) - (c - corner), 0)
        dy = max(abs(y - c) - (c - corner), 0)
        return dx * dx + dy * dy <= corner * corner

    def pixel(x, y):
        if not inside_tile(x, y):
            return (0, 0, 0, 0)
        d = math.hypot(x - c, y - c)
        ang = math.degrees(math.atan2(y - c, x - c))  # 0 = right
        ring = r_in <= d <= r_out and abs(ang) > 48
        return (*(WHITE if ring else INDIGO), 255)

    return png(size, pixel)


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="18" fill="#3f51b5"/>
<path d="M 74.1 23.2 A 36 36 0 1 0 74.1 76.8 L 64.7 66.3 A 22 22 0 1 1 64.7 33.7 Z" fill="#fff"/>
</svg>
"""

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon-192.png").write_bytes(icon(192, False))
    (OUT / "icon-512.png").write_bytes(icon(512, False))
    (OUT / "icon-maskable-512.png").write_bytes(icon(512, True))
    (OUT / "icon.svg").write_text(SVG, encoding="utf-8")
