"""Serve a built site under a sub-path, as GitHub Pages serves a project site.

``python -m scripts.serve_site --port 8000 --prefix /svod/ site`` → http://127.0.0.1:8000/svod/.
Requests outside the prefix get 404; ``.wasm`` is served as ``application/wasm`` (Pyodide
hangs otherwise); a missing page gets the site's ``404.html``, as on GitHub Pages.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import mimetypes
import os
import posixpath
import urllib.parse

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/manifest+json", ".webmanifest")


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
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
        return super().send_head()

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


def make_server(directory: str, host: str = "127.0.0.1", port: int = 0, prefix: str = "/"):
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("PrefixHandler", (Handler,), {"prefix": prefix})
    return http.server.ThreadingHTTPServer((host, port),
                                           functools.partial(handler, directory=os.path.abspath(directory)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("directory", nargs="?", default="site")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/svod/")
    a = ap.parse_args()
    srv = make_server(a.directory, a.host, a.port, a.prefix)
    host, port = srv.server_address[:2]
    print(f"Свод: http://{host}:{port}{'/' + a.prefix.strip('/') + '/' if a.prefix.strip('/') else '/'}  (Ctrl+C to stop)")
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
