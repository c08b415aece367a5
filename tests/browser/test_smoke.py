"""The built site opens under its sub-path in chromium, with no request off the host."""


def test_home_page_under_subpath(page, base_url, assert_on_host):
    resp = page.goto(base_url)
    assert resp.status == 200
    assert "Свод" in page.title()
    assert page.locator("h1").first.inner_text().strip().rstrip("¶").strip() == "Свод"
    page.wait_for_load_state("networkidle")
    assert_on_host(page.context, base_url)


def test_outside_prefix_is_404(page, base_url):
    root = base_url.replace("/svod/", "/")
    assert page.goto(root).status == 404
