"""The sparse memory-snapshot format (scripts/steps/snapshot.py ``encode``/``decode``; the worker's
``readSparseSnapshot`` reads the same bytes, tested in the browser by every snapshot boot)."""

from __future__ import annotations

import gzip
import json
import struct

from hypothesis import given, settings, strategies as st

from scripts.steps import snapshot

# images: blocks of zeros and of random bytes, the shapes a heap has
blocks = st.lists(st.one_of(st.integers(0, 3 * snapshot.MIN_GAP).map(lambda n: b"\0" * n),
                            st.binary(min_size=0, max_size=600)), max_size=12)


@settings(max_examples=300, deadline=None)
@given(blocks)
def test_decode_inverts_encode(parts):
    image = b"".join(parts)
    assert snapshot.decode(snapshot.encode(image)) == image


def test_long_zero_runs_are_left_out_and_short_ones_kept():
    gap = b"\0" * snapshot.MIN_GAP
    image = b"ab" + gap + b"cd" + b"\0" * (snapshot.MIN_GAP - 1) + b"ef" + gap
    data = snapshot.encode(image)
    assert data[:8] == snapshot.MAGIC
    assert struct.unpack_from("<I", data, 8) == (len(image),)
    # two records: "ab", then "cd" + the short run + "ef"; the trailing zeros are not stored
    first = struct.unpack_from("<II", data, 12)
    assert first == (0, 2) and data[20:22] == b"ab"
    second = struct.unpack_from("<II", data, 22)
    assert second == (2 + snapshot.MIN_GAP, 4 + snapshot.MIN_GAP - 1)
    assert len(data) == 12 + 8 + 2 + 8 + second[1]


def test_decode_rejects_what_is_no_snapshot():
    import pytest

    with pytest.raises(ValueError):
        snapshot.decode(b"\0" * 4096)
    bad = snapshot.MAGIC + struct.pack("<I", 10) + struct.pack("<II", 8, 5) + b"12345"
    with pytest.raises(ValueError):
        snapshot.decode(bad)


def test_built_snapshot_is_sparse_and_smaller_to_unpack(site_dir):
    info = json.loads((site_dir / "assets/pyodide/files.json").read_text(encoding="utf-8"))["snapshot"]
    path = (site_dir / "assets/pyodide" / info["url"]).resolve()
    data = gzip.decompress(path.read_bytes())
    image = snapshot.decode(data)
    assert len(image) == info["raw_bytes"]
    # the worker writes little more than half the image (zeros are left out, freed memory was zeroed
    # by make_snapshot.mjs): measured 13.6 of 31.5 MB (15.7 before the freed memory was zeroed); 15.1
    # as the calculators grew, 15.9 with the scene's turns, statuses and undo (the heap holds 0.6 MB
    # more code), 17.3 with the party and the players' view (0.5505 of the image)
    assert len(data) < 0.57 * len(image), (len(data), len(image))
    assert info["sparse_bytes"] == len(data)


# ---- the worker's reader and writer (calculators/boot.mjs), run in Node ----------------

def _pyodide_like(draw_parts, memory_at):
    """An image as Pyodide lays it out: its header (magic, where the memory starts, JSON length,
    build id), then the JSON, zeros up to ``memory_at``, then the memory."""
    header = struct.pack("<4I", 0x706E7900, memory_at, 2, 0) + bytes(range(32)) + b"{}"
    return header + b"\0" * (memory_at - len(header)) + b"".join(draw_parts)


cases = st.lists(st.tuples(blocks, st.sampled_from([64, 144, 1024]), st.integers(1, 5000), st.integers(0, 255)),
                 min_size=8, max_size=8)


@settings(max_examples=6, deadline=None)
@given(cases)
def test_worker_writes_the_snapshot_memory_exactly(batch):
    """readSparseSnapshot reads the stream in any chunking; writeSnapshot leaves the interpreter's
    memory equal to the image's memory part, whatever it held before (zeros written where the
    image has zero runs), and nothing past it touched; the head is the image up to the memory,
    and so is the head handed over early (as soon as a record after it begins)."""
    import base64
    import json

    from tests.node import node_eval

    items = []
    for parts, memory_at, chunk, fill in batch:
        image = _pyodide_like(parts, memory_at)
        items.append({"data": base64.b64encode(snapshot.encode(image)).decode(), "chunk": chunk, "fill": fill,
                      "image": base64.b64encode(image).decode(), "memoryAt": memory_at})
    code = """
globalThis.self = globalThis;
const { readSparseSnapshot, writeSnapshot } = await import("./calculators/boot.mjs");
const b64 = (s) => Uint8Array.from(Buffer.from(s, "base64"));
const out = [];
for (const it of %s) {
  const data = b64(it.data), image = b64(it.image);
  const stream = new ReadableStream({ start(c) {
    for (let i = 0; i < data.length; i += it.chunk) c.enqueue(data.slice(i, i + it.chunk));
    c.close();
  } });
  let early = null;
  const snap = await readSparseSnapshot(stream, (h) => { early = h; });
  const mem = image.length - it.memoryAt;
  const heap = new Uint8Array(mem + 64).fill(it.fill);
  writeSnapshot(heap, snap);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  out.push([snap.memoryAt === it.memoryAt, same(snap.head, image.subarray(0, it.memoryAt)),
            same(heap.subarray(0, mem), image.subarray(it.memoryAt)), heap.subarray(mem).every((x) => x === it.fill),
            early === null || same(early, snap.head)]);
}
console.log(JSON.stringify(out));
""" % json.dumps(items)
    assert json.loads(node_eval(code)) == [[True] * 5] * len(items)
