// Свод — the players' view in a link's fragment: the engine's view (rules_core.scene.table,
// "svod-table") as JSON text, compressed, in base64url, after "#v1.d." (deflate-raw:
// CompressionStream) or "#v1.j." (no compression: a browser without CompressionStream). The fragment
// never reaches a server. Bounds (the engine's spec: limits.link_fragment, limits.view_chars): a
// fragment longer than MAX_FRAGMENT is refused before it is read, and its text is inflated only up to
// MAX_VIEW_CHARS (a small fragment cannot become a large text). What comes out is untrusted: the
// engine checks it (check_table) before anything is drawn.

/** The same bounds as the engine's (checked against its spec by the tests). */
export const MAX_FRAGMENT = 2600;
export const MAX_VIEW_CHARS = 60_000;
const PREFIX = "v1.";

export class LinkError extends Error {
  constructor(code, detail = "") {
    super(code);
    this.code = code; // "too_long" | "not_ours" | "corrupt" | "too_big" | "no_inflate"
    this.detail = detail;
  }
}

const hasStreams = () => typeof CompressionStream === "function" && typeof DecompressionStream === "function";

function toBase64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("corrupt");
  const b64 = text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4);
  let bin;
  try { bin = atob(b64); } catch { throw new LinkError("corrupt"); }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The fragment (without "#") for the view's JSON ``text``; ``compress`` false: without compression
 * (what a browser without CompressionStream makes). Throws LinkError "too_long" beyond the bound. */
export async function encodeView(text, { compress = hasStreams() } = {}) {
  const raw = new TextEncoder().encode(text);
  const fragment = compress ? `${PREFIX}d.${toBase64url(await pipe(raw, new CompressionStream("deflate-raw")))}`
    : `${PREFIX}j.${toBase64url(raw)}`;
  if (fragment.length > MAX_FRAGMENT) throw new LinkError("too_long", String(fragment.length));
  return fragment;
}

/** Inflate ``bytes`` to at most ``limit`` bytes (read chunk by chunk: stopped beyond it). */
async function inflate(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) { reader.cancel().catch(() => {}); throw new LinkError("too_big"); }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof LinkError) throw e;
    throw new LinkError("corrupt");
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** The view's JSON text from a fragment (with or without "#"), within the bounds; LinkError otherwise.
 * Nothing here runs or stores anything: the text goes to the engine to be checked. */
export async function decodeView(fragment) {
  const f = String(fragment || "").replace(/^#/, "");
  if (f.length > MAX_FRAGMENT) throw new LinkError("too_long", String(f.length));
  if (!f.startsWith(PREFIX) || f.length < PREFIX.length + 2 || f[PREFIX.length + 1] !== ".") throw new LinkError("not_ours");
  const kind = f[PREFIX.length];
  const bytes = fromBase64url(f.slice(PREFIX.length + 2));
  let raw;
  if (kind === "j") raw = bytes;
  else if (kind === "d") {
    if (typeof DecompressionStream !== "function") throw new LinkError("no_inflate");
    raw = await inflate(bytes, 4 * MAX_VIEW_CHARS);
  } else throw new LinkError("not_ours");
  if (raw.length > 4 * MAX_VIEW_CHARS) throw new LinkError("too_big");
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(raw); } catch { throw new LinkError("corrupt"); }
  if (text.length > MAX_VIEW_CHARS) throw new LinkError("too_big");
  return text;
}
