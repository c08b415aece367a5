"""Every reader reaches every control: axe-core over every template of the site and over the
interactive states of the calculators, the search and the scene, in light and dark, and a
calculator run by keyboard alone.

The pages swept are the fewest that between them hold every shape of markup the built site has,
each in both languages (tests/page_audit.py ``templates``: about 40 of 220); what each page's own
content decides (ids, link names, table headers, heading order, language, image text) is read from
every built page with no browser (tests/test_page_audit.py). A copy whose template has a contrast
failure fails here; a copy with a duplicate id on a page outside the sweep fails there.

axe-core is a test-only npm package (pinned in package.json; `scripts/setup` installs it): the
test puts its script into the page (no request: the page never fetches it, and the built site
has no copy of it). A violation axe rates serious or critical fails (WCAG 2.0–2.2 A and AA and
axe's best practices); the failures name the rule, the elements and what axe says of them. Each
test takes the ``axe`` fixture: it is marked ``a11y`` (``scripts/test -m a11y``, CI's job).

The page sweep does not start Python: the runtime's files are refused (a calculator page shows
the result built into it, and then its «could not start» note, a state a reader offline for the
first time sees too), and no service worker is registered (it would fetch the whole site). The
calculators' live states (computed, rolled, a refused field, exact fractions) are audited apart,
with Python.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.page_audit import built_pages, low_contrast, templates
from .scene_page import add_character, new_scene, open_page
from .site_pages import search


ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: the rule sets run: WCAG 2.0, 2.1, 2.2 levels A and AA, and axe's best practices
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
SEVERE = ("serious", "critical")
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
BOOT_MS = 120_000
STEP_MS = 30_000
SETTLED = """() => [...document.querySelectorAll('.svod-calc')]
    .every(c => ['done', 'invalid', 'error'].includes(c.dataset.state))"""


@pytest.fixture(scope="session")
def axe() -> str:
    """axe-core's script (a test taking it is marked ``a11y``: the accessibility sweep)."""
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run scripts/setup")
    return AXE.read_text(encoding="utf-8")


#: site.js makes a region that scrolls sideways focusable when the page is idle: a page is
#: audited once every such region is marked (or after a few seconds, and axe then says which not)
SCROLLERS_MARKED = """() => [...document.querySelectorAll(
        '.md-typeset__scrollwrap, .svod-table > table, .svod-lastroll__group, .svod-dist__scroll')]
    .every(el => el.hasAttribute('tabindex') ||
                 (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1))"""


def violations(page, where: str) -> list[str]:
    """axe's serious and critical violations on the page as it is, one line per rule."""
    try:
        page.wait_for_function(SCROLLERS_MARKED, timeout=5_000)
    except PlaywrightTimeout:
        pass
    try:  # a control fading in (Material's «К началу») is measured at its final colours
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')", timeout=3_000)
    except PlaywrightTimeout:
        pass
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""([tags, severe]) => axe.run(document, {
            runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
        .then(r => r.violations.filter(v => severe.includes(v.impact)).map(v => {
            // a field that the calculator's summary bar (sticky at the screen's foot) covers at this
            // scroll: it comes out from under it as the page scrolls, and a field moved to by
            // keyboard is scrolled clear of it (calc.css scroll-padding-bottom)
            const underBar = n => v.id === 'target-size' && n.any.length && n.any.every(c =>
                (c.relatedNodes || []).length && c.relatedNodes.every(rn => {
                    const el = document.querySelector(rn.target[0]);
                    return el && el.closest('.svod-calc__bar') && !el.closest('.svod-calc__bar').contains(
                        document.querySelector(n.target[0]));
                }));
            return {...v, nodes: v.nodes.filter(n => !underBar(n))};
        }).filter(v => v.nodes.length).map(v =>
            `${v.id} (${v.impact}, ${v.nodes.length}): ` + v.nodes.slice(0, 3).map(n =>
                n.target.join(' ') + ' — ' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)).join(' | ')))""",
                          [TAGS, list(SEVERE)])
    return [f"{where}: {v}" for v in found]


def without_python(ctx):
    """No Python and no service worker in this context (see the module's docstring)."""
    ctx.route("**/assets/pyodide/**", lambda route: route.abort())
    ctx.route("**/sw.js", lambda route: route.abort())


def sweep(new_context, base_url, pages, scheme) -> list[str]:
    """axe over ``pages`` in one context of the colour ``scheme``: their violations."""
    ctx = new_context(viewport=PHONE, color_scheme=scheme)
    without_python(ctx)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    bad = []
    for rel in pages:
        page.goto(base_url + rel)
        page.wait_for_function(SETTLED, timeout=BOOT_MS)
        bad += violations(page, f"/{rel} ({scheme})")
    return bad


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_template_has_a_serious_violation(new_context, base_url, site_dir, axe, scheme):
    """Every shape of markup the site has (tests/page_audit.py templates: the fewest pages that hold
    them all, in both languages), light and dark; what each page's own content decides (ids, link
    names, table headers, heading order, language, image text) tests/test_page_audit.py reads
    from every built page."""
    pages = templates(site_dir)
    assert 10 < len(pages) < len(built_pages(site_dir)) and "" in pages and "en/" in pages
    bad = sweep(new_context, base_url, pages, scheme)
    assert bad == [], "\n".join(bad)


def test_a_template_with_a_contrast_failure_fails(new_context, deployed, axe):
    """A copy of the site whose template sets the footer's text barely readable: the sweep fails,
    naming the rule and the footer."""
    base, root = deployed
    low_contrast(root / "site")
    pages = templates(root / "site")[:1]
    bad = sweep(new_context, base, pages, "light") + sweep(new_context, base, pages, "dark")
    assert [b.split(": ")[1].split(" ")[0] for b in bad] == ["color-contrast"] * 2, bad
    assert all(".md-copyright" in b and "#777777" in b for b in bad), bad


# ---- interactive states ------------------------------------------------------------------------

def fresh(new_context, scheme, viewport=PHONE):
    ctx = new_context(viewport=viewport, color_scheme=scheme)
    return ctx.pages[0] if ctx.pages else ctx.new_page()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_calculators_states(new_context, base_url, axe, scheme):
    page = fresh(new_context, scheme)
    bad = []
    # computed, then rolled (the last roll in the summary bar, the rolls' history)
    page.goto(base_url + "calculators/wod-pool/")
    page.wait_for_selector(".svod-calc[data-state=done]", timeout=BOOT_MS)
    bad += violations(page, f"wod-pool computed ({scheme})")
    page.click(".svod-calc__roll")
    page.wait_for_selector(".svod-calc[data-roll-state=done]", timeout=STEP_MS)
    page.locator(".svod-calc__exact").check()
    bad += violations(page, f"wod-pool rolled, exact fractions ({scheme})")
    # a field refused beside it
    box = page.locator(".svod-calc input[name=dice]")
    box.fill("много")
    box.dispatch_event("input")
    page.wait_for_selector(".svod-calc[data-state=invalid]", timeout=STEP_MS)
    bad += violations(page, f"wod-pool refused field ({scheme})")
    # four calculators on one rule page, computed (each chart named by its own title)
    page.goto(base_url + "serial/combat/")
    page.wait_for_function(SETTLED, timeout=BOOT_MS)
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    bad += violations(page, f"serial/combat with its calculators ({scheme})")
    assert bad == [], "\n".join(bad)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_search_navigation_and_tooltips(new_context, base_url, axe, scheme, viewport):
    page = fresh(new_context, scheme, viewport)
    bad = []
    page.goto(base_url + "serial/combat/")
    search(page, "засада")
    page.evaluate("document.getElementById('__search').dispatchEvent(new Event('change'))")
    page.locator(".md-search-result__more summary").first.evaluate("s => s.click()")
    bad += violations(page, f"search results ({scheme})")
    # a glossary term's definition, shown on focus (on the page anew: the closing search's
    # fading colours are no state to audit)
    page.goto(base_url + "serial/combat/")
    page.locator("abbr.svod-term").first.focus()
    page.wait_for_selector(".md-tooltip2", timeout=STEP_MS)
    bad += violations(page, f"tooltip ({scheme})")
    if viewport is PHONE:  # the navigation drawer
        page.evaluate("document.getElementById('__drawer').click()")
        bad += violations(page, f"navigation drawer ({scheme})")
    assert bad == [], "\n".join(bad)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_scene_states(new_context, base_url, axe, scheme):
    page = fresh(new_context, scheme)
    bad = []
    open_page(page, base_url)
    bad += violations(page, f"scene, none yet ({scheme})")
    new_scene(page, "Проверка")
    add_character(page, "Аня", "serial")
    bad += violations(page, f"scene with a character ({scheme})")
    page.click(".svod-scene__controls [data-act=add]")
    page.wait_for_selector("dialog[open]")
    bad += violations(page, f"scene, a sheet open ({scheme})")
    assert bad == [], "\n".join(bad)


# ---- the keyboard alone ------------------------------------------------------------------------

FOCUS = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const drawn = el => { const s = getComputedStyle(el);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'; };
    // a hidden radio or checkbox shows its focus on the label drawn after it
    const label = e.matches('input') && e.nextElementSibling && e.nextElementSibling.matches('label')
        ? e.nextElementSibling : null;
    const ring = drawn(e) || (!!label && drawn(label));
    return {tag: e.tagName, cls: e.className, name: e.name || '', text: (e.textContent || '').trim().slice(0, 40),
            ring, visible: e.getClientRects().length > 0};
}"""


def tab_to(page, test: str, limit: int = 80) -> list[dict]:
    """Press Tab until the focused element passes ``test`` (a JS predicate of it); every element
    on the way (they must show a focus ring)."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUS)
        if now:
            seen.append(now)
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({test})(e); }})()"):
            return seen
    pytest.fail(f"Tab never reached {test}: {[s['tag'] + '.' + str(s['cls'])[:30] for s in seen[-10:]]}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_calculator_by_keyboard_alone(new_context, base_url, axe, scheme):
    """From the top of a calculator's page, by Tab, typing and Enter only: change a field, see the
    result computed, roll, and the roll is in the live region the summary bar reads out; every
    control on the way shows where the focus is."""
    page = fresh(new_context, scheme)
    page.goto(base_url + "calculators/wod-pool/")
    page.wait_for_selector(".svod-calc[data-state=done]", timeout=BOOT_MS)
    before = page.locator(".svod-calc").get_attribute("data-params")
    seen = tab_to(page, "e => e.name === 'dice'")
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    page.wait_for_function(f"document.querySelector('.svod-calc').dataset.params !== {before!r}"
                           " && document.querySelector('.svod-calc').dataset.state === 'done'", timeout=STEP_MS)
    assert '"dice":7' in page.locator(".svod-calc").get_attribute("data-params").replace(" ", "")
    seen += tab_to(page, "e => e.classList.contains('svod-calc__roll')")
    live = page.locator(".svod-calc__lastroll")
    # a live region in the page's accessibility tree before the roll (empty, taking no room)
    assert live.get_attribute("aria-live") == "polite" and live.inner_text() == ""
    assert live.evaluate("e => !e.hidden && getComputedStyle(e).display !== 'none'")
    page.keyboard.press("Enter")
    page.wait_for_selector(".svod-calc[data-roll-state=done]", timeout=STEP_MS)
    # the roll is announced: the live region, there all along, now holds it
    assert live.locator(".svod-die").count() == 7 and live.inner_text().strip()
    seen += tab_to(page, "e => e.classList.contains('svod-calc__exact')")
    page.keyboard.press("Space")
    assert page.locator(".svod-calc").evaluate("c => c.classList.contains('svod-calc--exact')")
    unringed = [s for s in seen if s["visible"] and not s["ring"]]
    assert unringed == [], unringed
