"""scripts/serve's server: the sub-path, the 404 page, and gzip as GitHub Pages sends it."""

from __future__ import annotations

import gzip
import http.client
import threading

import pytest

from scripts.serve_site import make_server


@pytest.fixture
def server(tmp_path):
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><h1>Свод</h1>" + "правила " * 500, encoding="utf-8")
    (site / "404.html").write_text("<h1>Страница не найдена</h1>", encoding="utf-8")
    (site / "assets" / "app.js").write_text("console.log(1);" * 300, encoding="utf-8")
    (site / "assets" / "run.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(4000))
    (site / "assets" / "lib.zip").write_bytes(b"PK" + bytes(4000))
    srv = make_server(str(site), "127.0.0.1", 0, "/svod/")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv.server_address[1], site
    srv.shutdown()
    srv.server_close()


def get(port, path, gzip_ok=True):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept-Encoding": "gzip, deflate, br"} if gzip_ok else {})
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


@pytest.mark.parametrize("path, ctype", [
    ("/svod/", "text/html"), ("/svod/assets/app.js", "text/javascript"),
    ("/svod/assets/run.wasm", "application/wasm"),
])
def test_text_and_wasm_are_gzipped_when_accepted(server, path, ctype):
    port, site = server
    resp, body = get(port, path)
    assert resp.status == 200
    assert resp.getheader("Content-Type").startswith(ctype)
    assert resp.getheader("Content-Encoding") == "gzip"
    assert resp.getheader("Vary") == "Accept-Encoding"
    assert int(resp.getheader("Content-Length")) == len(body)
    local = site / (path.removeprefix("/svod/") or "index.html")
    assert gzip.decompress(body) == local.read_bytes()
    assert len(body) < local.stat().st_size


def test_compressed_files_and_clients_without_gzip_get_the_bytes_as_they_are(server):
    port, site = server
    resp, body = get(port, "/svod/assets/lib.zip")
    assert resp.getheader("Content-Encoding") is None and body == (site / "assets" / "lib.zip").read_bytes()
    resp, body = get(port, "/svod/", gzip_ok=False)
    assert resp.getheader("Content-Encoding") is None and body == (site / "index.html").read_bytes()


def test_a_changed_file_is_compressed_again(server):
    port, site = server
    get(port, "/svod/assets/app.js")
    (site / "assets" / "app.js").write_text("console.log('new');" * 300, encoding="utf-8")
    _, body = get(port, "/svod/assets/app.js")
    assert gzip.decompress(body).startswith(b"console.log('new');")


def test_sub_path_and_404(server):
    port, _ = server
    resp, _ = get(port, "/svod")
    assert resp.status == 301 and resp.getheader("Location") == "/svod/"
    resp, body = get(port, "/elsewhere/")
    assert resp.status == 404 and "Страница не найдена" in body.decode()
    resp, body = get(port, "/svod/no/such/page/")
    assert resp.status == 404 and "Страница не найдена" in body.decode()
