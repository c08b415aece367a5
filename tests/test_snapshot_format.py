"""The sparse memory-snapshot format (scripts/snapshot.py ``encode``/``decode``; the worker's
``readSparseSnapshot`` reads the same bytes, tested in the browser by every snapshot boot)."""

from __future__ import annotations

import gzip
import struct

from hypothesis import given, settings, strategies as st

from scripts import snapshot

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


def test_built_snapshot_is_sparse_and_smaller_to_unpack():
    from tests.test_budgets import SITE, _files_json, needs_site

    needs_site()
    info = _files_json()["snapshot"]
    path = (SITE / "assets/pyodide" / info["url"]).resolve()
    data = gzip.decompress(path.read_bytes())
    image = snapshot.decode(data)
    assert len(image) == info["raw_bytes"]
    # the worker writes less than 70 % of the image (zeros are left out): measured 15.4 of 31.5 MB
    assert len(data) < 0.7 * len(image), (len(data), len(image))
