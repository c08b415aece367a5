"""Waits on the page's own states, for the browser tests (never a fixed time): the next frames
drawn, a scroll come to rest, the page idle, its fonts loaded. Each is a JavaScript function
(``page.evaluate(X, arg)`` resolves when the state is reached) with a helper for Playwright's page.
And how long the tests wait for a state: ``BOOT_MS`` (a calculator's or the scene's first answer:
Python boots), ``STEP_MS`` (any later step), scaled from the boot scripts/test measured
(``SVOD_BOOT_MEASURED_MS``) with a floor; ``READY``: the site ready offline."""

from __future__ import annotations

import os

__all__ = ["BOOT_MS", "STEP_MS", "READY", "FRAMES", "SCROLL_SETTLED", "IDLE", "ANIMATED", "frames", "scroll_settled", "idle",
           "animated", "painted"]

#: The boot measured on this machine before the run (scripts/test: scripts/boot_time.py, a cold
#: calculator boot, ms), else 0. Measured in December on the shared 2-core machine (load 10–12):
#: 0.6–2.2 s cold, 0.5–1 s warm, 1.3–2.7 s with two Chromiums booting at once; the waits below
#: are 40–150× that. They scale with a slower machine's figure and never go under today's floors.
MEASURED_MS = int(os.environ.get("SVOD_BOOT_MEASURED_MS") or 0)
BOOT_MS = max(90_000, 40 * MEASURED_MS)  # a calculator's or the scene's first answer
STEP_MS = max(30_000, 15 * MEASURED_MS)  # any later step
#: True once the site is ready offline: every page precached and the service worker in control.
READY = "window.svodOffline && svodOffline.state === 'ready' && !!navigator.serviceWorker.controller"

#: Resolves after ``n`` frames have been drawn: what a change has made is on the screen.
FRAMES = """(n) => new Promise((done) => { let k = 0;
  const frame = () => (++k >= n ? done(true) : requestAnimationFrame(frame)); requestAnimationFrame(frame); })"""

#: Resolves once the page has stopped scrolling (a smooth scroll has ended): three frames alike.
SCROLL_SETTLED = """() => new Promise((done) => {
  let y = scrollY, x = scrollX, same = 0;
  const frame = () => {
    if (scrollY === y && scrollX === x) { if (++same >= 3) return done(true); } else { same = 0; y = scrollY; x = scrollX; }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""

#: Resolves when the page is idle (what it leaves for idle time, site.mjs's offline part, has started).
IDLE = "() => new Promise((done) => (self.requestIdleCallback || ((f) => setTimeout(f, 0)))(() => done(true)))"


#: True once no animation or CSS transition of the page is running (a control has faded in).
ANIMATED = "() => document.getAnimations().every((a) => a.playState !== 'running')"


def frames(page, n: int = 3) -> None:
    page.evaluate(FRAMES, n)


def scroll_settled(page) -> None:
    page.evaluate(SCROLL_SETTLED)


def idle(page) -> None:
    page.evaluate(IDLE)


def animated(page, timeout: int = STEP_MS) -> None:
    """The page's animations and transitions have ended (and been drawn)."""
    page.wait_for_function(ANIMATED, timeout=timeout)
    frames(page)


def painted(page) -> None:
    """The fonts loaded and the page drawn with them: ready for a screenshot or a measurement."""
    page.evaluate("() => document.fonts.ready.then(() => true)")
    frames(page)
