"""Serve a built site under a sub-path, as GitHub Pages serves a project site.

``python -m scripts.serve_site --port 8000 --prefix /svod/ site`` → http://127.0.0.1:8000/svod/.
Requests outside the prefix get 404; ``.wasm`` is served as ``application/wasm`` (Pyodide
hangs otherwise); a missing page gets the site's ``404.html``, as on GitHub Pages.

Like GitHub Pages, it gzips what it sends when the browser accepts gzip: text (HTML, CSS,
JavaScript, JSON, SVG, XML, the manifest) and the ``.wasm`` (Pages compresses
``application/wasm`` on the fly too); already-compressed files (zip, wheel, gzipped snapshot,
PNG) go as they are. Lighthouse and the bench measure what the published site gives only
through a compressing server (uncompressed, a rules page scored 65 where Pages gives 95+).
``--no-compress`` serves everything as it is.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import mimetypes
import os
import posixpath
import threading
import urllib.parse

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/manifest+json", ".webmanifest")


#: What GitHub Pages gzips (by Content-Type); the rest is sent as it is.
COMPRESSIBLE = {"text/html", "text/css", "text/javascript", "application/javascript", "application/json",
                "image/svg+xml", "application/xml", "text/xml", "text/plain", "application/manifest+json",
                "application/wasm"}


class GzipCache:
    """Gzipped bodies, made once per file version (path, size, mtime) and kept in memory."""

    def __init__(self):
        self._lock = threading.Lock()
        self._data: dict[str, tuple[tuple, bytes]] = {}

    def get(self, path: str) -> bytes:
        st = os.stat(path)
        key = (st.st_size, st.st_mtime_ns)
        with self._lock:
            hit = self._data.get(path)
            if hit and hit[0] == key:
                return hit[1]
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), 6, mtime=0)
        with self._lock:
            self._data[path] = (key, body)
        return body


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    compress = True
    gzip_cache: GzipCache | None = None
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".webmanifest": "application/manifest+json", ".js": "text/javascript"}

    def log_message(self, fmt, *args):  # quiet by default
        if os.environ.get("SERVE_LOG"):
            super().log_message(fmt, *args)

    def send_head(self):
        path = urllib.parse.urlsplit(self.path).path
        if self.prefix != "/" and path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            return self._not_found()
        local = self.translate_path(self.path)
        if os.path.isdir(local) and not os.path.exists(os.path.join(local, "index.html")) \
                or not os.path.exists(local):
            return self._not_found()
        if self.compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            gz = self._send_gzipped(local, path)
            if gz is not None:
                return gz
        return super().send_head()

    def _send_gzipped(self, local: str, path: str):
        if os.path.isdir(local):
            if not path.endswith("/"):
                return None  # the base class redirects to the slash
            local = os.path.join(local, "index.html")
        ctype = self.guess_type(local)
        if not os.path.isfile(local) or ctype.split(";")[0].strip() not in COMPRESSIBLE:
            return None
        body = self.gzip_cache.get(local)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(local).st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path):
        path = urllib.parse.urlsplit(path).path
        rel = path[len(self.prefix):] if path.startswith(self.prefix) else path.lstrip("/")
        rel = posixpath.normpath(urllib.parse.unquote(rel)).lstrip("/")
        if rel in (".", ""):
            rel = ""
        full = os.path.join(self.directory, *[p for p in rel.split("/") if p not in ("..", ".")])
        return full

    def _not_found(self):
        page = os.path.join(self.directory, "404.html")
        body = b"Not found"
        ctype = "text/plain; charset=utf-8"
        if os.path.exists(page):
            with open(page, "rb") as f:
                body = f.read()
            ctype = "text/html; charset=utf-8"
        self.send_response(404)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return None


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        import sys

        # a tab closed mid-download is not news
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(directory: str, host: str = "127.0.0.1", port: int = 0, prefix: str = "/",
                compress: bool = True, handler: type[Handler] = Handler):
    """A server for ``directory`` under ``prefix``, gzipping as GitHub Pages does unless
    ``compress`` is false. ``handler`` may be a subclass of :class:`Handler` (tests inject faults)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    cls = type("PrefixHandler", (handler,), {"prefix": prefix, "compress": compress,
                                             "gzip_cache": GzipCache()})
    return Server((host, port), functools.partial(cls, directory=os.path.abspath(directory)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("directory", nargs="?", default="site")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/svod/")
    ap.add_argument("--no-compress", action="store_true", help="send every file as it is (no gzip)")
    a = ap.parse_args()
    srv = make_server(a.directory, a.host, a.port, a.prefix, compress=not a.no_compress)
    host, port = srv.server_address[:2]
    print(f"Свод: http://{host}:{port}{'/' + a.prefix.strip('/') + '/' if a.prefix.strip('/') else '/'}  (Ctrl+C to stop)")
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
