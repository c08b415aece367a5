"""Two copies of the site on one origin, as every project site of one GitHub account is
(OWNER.github.io/svod/ and, say, a fork or a staging copy at OWNER.github.io/rules/): each keeps
its own scenes, its own calculators' memory and its own cache, offline too, and an update of one
never touches the other's. What an earlier version kept under the names every site shared is
copied to this site's names on the first visit, nothing lost.

The second copy is built here for /rules/ (as tests/browser/test_subpath.py builds it) and both
are served by one server on one port."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from urllib.parse import urlsplit

import pytest

from scripts.serve_site import Handler, make_server

from .calc_page import wait_state
from .conftest import ROOT
from .deploys import new_deploy
from .scene_page import PHONE, add_character, new_scene, open_page, scene, wait_ready
from .waits import BOOT_MS as CALC_BOOT_MS
from .waits import BOOT_MS, READY, STEP_MS

RULES = "/rules/"


class TwoSites(Handler):
    """Each request served from the site whose path it is under."""

    sites: dict[str, str] = {}

    def parse_request(self):
        ok = super().parse_request()
        if ok:
            path = urlsplit(self.path).path
            for prefix, directory in self.sites.items():
                if path.startswith(prefix) or path == prefix.rstrip("/"):
                    self.prefix, self.directory = prefix, directory
                    break
        return ok


@pytest.fixture(scope="module")
def two_sites(site_dir, tmp_path_factory):
    """(base URL of /svod/, base URL of /rules/, the /rules/ copy's root for a new deploy)."""
    root = tmp_path_factory.mktemp("rules")
    out = root / "site"
    out.mkdir()
    handler = type("Sites", (TwoSites,), {"sites": {"/svod/": str(site_dir.resolve()), RULES: str(out.resolve())}})
    srv = make_server(str(site_dir), "127.0.0.1", 0, "/svod/", handler=handler)
    origin = f"http://127.0.0.1:{srv.server_address[1]}"
    env = {**os.environ, "SVOD_SITE_URL": origin + RULES}
    subprocess.run([sys.executable, "-m", "scripts.steps", "mkdocs_site", "service_worker", "--site-dir", str(out)],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=900)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield origin + "/svod/", origin + RULES, root
    srv.shutdown()
    srv.server_close()


#: Caches named as an earlier version named them (its build only), each holding one site's home page.
BARE = {"svod-00000000000000aa": RULES, "svod-00000000000000bb": "/svod/"}
PLANT_BARE = """(bare) => Promise.all(Object.entries(bare).map(([name, path]) => caches.open(name).then(
    (c) => c.put(new URL(path, location.origin).href, new Response('<h1>earlier</h1>', {headers: {'content-type': 'text/html'}})))))"""


def scene_names(page) -> list[str]:
    return sorted(page.evaluate("svodScene.records.filter(r => !r.deletedAt).map(r => r.name)"))


def test_two_sites_on_one_origin_keep_their_own_scenes_memory_and_cache(two_sites, new_context):
    svod, rules, rules_root = two_sites
    ctx = new_context(viewport=PHONE)
    a = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors = []
    a.on("pageerror", lambda e: errors.append(str(e)))
    open_page(a, svod)
    new_scene(a, "Сцена Свода")
    add_character(a, "Маша", "serial")
    a.wait_for_function(READY, timeout=120_000)

    b = ctx.new_page()
    b.on("pageerror", lambda e: errors.append(str(e)))
    open_page(b, rules)
    # the other site's scenes are not this one's
    assert b.locator(".svod-scene[data-state=empty]").count() == 1
    new_scene(b, "Сцена копии")
    b.wait_for_function(READY, timeout=120_000)
    assert scene_names(a) == ["Сцена Свода"] and scene_names(b) == ["Сцена копии"]
    keys = a.evaluate("caches.keys()")
    assert sorted(k.split("@")[1] for k in keys) == ["/rules/", "/svod/"], keys

    # the calculators' memory: a value kept by one site is not the other's
    a.goto(svod + "calculators/wod-pool/")
    wait_state(a, "wod-pool", timeout=CALC_BOOT_MS)
    a.fill('.svod-calc[data-calc="wod-pool"] [name=dice]', "9")
    a.wait_for_function("""() => JSON.parse(document.querySelector('.svod-calc[data-calc="wod-pool"]').dataset.params).dice === 9
        && localStorage.getItem('svod.calc.v1.wod-pool@/svod/')""", timeout=STEP_MS)
    b.goto(rules + "calculators/wod-pool/")
    wait_state(b, "wod-pool", timeout=CALC_BOOT_MS)
    assert b.input_value('.svod-calc[data-calc="wod-pool"] [name=dice]') != "9"

    # caches an earlier version named after its build only: the copy's update deletes the one that
    # holds its own home page, never the one that holds this site's
    b.evaluate(PLANT_BARE, BARE)
    # a new deploy of the copy: its cache is replaced, this site's stays
    version = new_deploy(rules_root)
    b.goto(rules)
    b.wait_for_selector(".svod-update button", timeout=120_000)
    with b.expect_navigation():
        b.locator(".svod-update button").click()
    b.wait_for_function(READY, timeout=60_000)
    b.wait_for_function("(v) => caches.keys().then(k => k.includes(v))", arg=f"svod-{version}@{RULES}", timeout=STEP_MS)
    # the new worker is active, its activation (the deleting of older caches) over: then the caches
    b.wait_for_function("""() => navigator.serviceWorker.getRegistration().then(
        (r) => !!r && !!r.active && r.active.state === 'activated' && !r.waiting && !r.installing)""", timeout=STEP_MS)
    keys = b.evaluate("caches.keys()")
    assert len(keys) == 3 and f"svod-{version}@{RULES}" in keys and [k for k in keys if k.endswith("@/svod/")], keys
    assert [k for k in BARE if k in keys] == ["svod-00000000000000bb"], keys

    # offline, each site from its own cache, with its own scene
    ctx.set_offline(True)
    for page, base, name in ((a, svod, "Сцена Свода"), (b, rules, "Сцена копии")):
        page.goto(base + "scene/")
        wait_ready(page, BOOT_MS)
        assert scene(page)["name"] == name and scene_names(page) == [name]
    assert not errors


LEGACY_SCENE = """() => new Promise((resolve, reject) => {
    const r = indexedDB.open('svod-scenes', 1);
    r.onupgradeneeded = () => { r.result.createObjectStore('scenes', {keyPath: 'id'}); r.result.createObjectStore('meta', {keyPath: 'key'}); };
    r.onsuccess = () => { const tx = r.result.transaction(['scenes', 'meta'], 'readwrite');
        tx.objectStore('scenes').put(%s); tx.objectStore('meta').put({key: 'current', value: 'sold2'});
        tx.oncomplete = () => { r.result.close(); resolve(); }; tx.onerror = () => reject(tx.error); };
    r.onerror = () => reject(r.error); })"""


def test_what_an_earlier_version_kept_is_copied_to_the_sites_own_names(new_context, base_url):
    import json

    from rules_core.scene import state as scene_state

    text = scene_state.dump(scene_state.new_scene("Из прежней версии"))
    rec = {"id": "sold2", "name": "Из прежней версии", "created": 1, "updated": 1, "rev": 4, "text": text}
    ctx = new_context(viewport=PHONE)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url)  # the home page keeps nothing: the earlier version's data is planted here
    page.evaluate(LEGACY_SCENE % json.dumps(rec, ensure_ascii=False))
    page.evaluate("localStorage.setItem('svod.calc.v1.wod-pool', JSON.stringify({values: {dice: 9}}))")
    open_page(page, base_url)
    wait_ready(page, BOOT_MS)
    assert scene(page)["name"] == "Из прежней версии"
    copied = page.evaluate("""() => new Promise(resolve => { const r = indexedDB.open('svod-scenes@/svod/');
        r.onsuccess = () => r.result.transaction('scenes').objectStore('scenes').getAll().onsuccess = (e) => resolve(e.target.result); })""")
    assert [r["text"] for r in copied] == [text]
    page.goto(base_url + "calculators/wod-pool/")
    wait_state(page, "wod-pool", timeout=CALC_BOOT_MS)
    assert page.input_value('.svod-calc[data-calc="wod-pool"] [name=dice]') == "9"
    # the old names are left for any other copy of the site that kept its data there too
    assert page.evaluate("localStorage.getItem('svod.calc.v1.wod-pool')")
    assert page.evaluate("indexedDB.databases().then(d => d.map(x => x.name).sort())") == ["svod-scenes", "svod-scenes@/svod/"]
