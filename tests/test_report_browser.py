"""The report pages in headless Chromium (Debian's `chromium`, driven by Playwright): what a person sees.

A laptop screen (1366x768) and a phone (390x844, mobile, touch): a screenshot of
the right size that is not blank, the DOM after load holding the totals, no
console message, uncaught error or failed load, no horizontal scrolling on the
phone, and on the comparison page who wins and which rules moved the scores
above the fold; the print stylesheet and a PDF; the page whole without its
script. Playwright's wheel ships its driver; the browser is Debian's chromium
(`executable_path`), since `playwright install` downloads one and there is no
network for it. In CI (CI=true) a missing browser or Playwright fails these
tests; elsewhere they skip, saying why. BIDS_SCREENSHOT_DIR=docs also saves the
comparison screenshot the README shows (docs/report-comparison.png) there.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import zlib
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.app import api
from bidscli.cli.main import main

from .test_report import BROKEN, EXAMPLE_LOGS, ROOT, Tree

LAPTOP = (1366, 768)
LONG_NAME = "Maximilian_Alexander_Bartholomew"  # 32 characters, the longest log.md allows
PHONE = (390, 844)


def _missing(what: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {what}: .ci/run installs Debian's chromium, `make install` the test extras")
    pytest.skip(f"{what}; these tests run in CI")


@pytest.fixture(scope="module")
def browser():
    binary = shutil.which("chromium")
    if binary is None:
        _missing("no chromium on PATH (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("no playwright (pip install -e '.[test]')")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=binary, args=["--disable-dev-shm-usage"])
        yield b
        b.close()


class Screen:
    """One page in its own browser context (a screen size, mobile or not, script on or off), loaded
    again for each URL, and every problem it reported since the last load."""

    def __init__(self, browser, size: tuple[int, int], *, mobile: bool = False, script: bool = True):
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1,
                                           is_mobile=mobile, has_touch=mobile, java_script_enabled=script)
        self.page = self.context.new_page()
        self._problems: list[str] = []
        say = self._problems.append
        self.page.on("console", lambda m: say(f"console.{m.type}: {m.text} {m.location.get('url', '')}"))
        self.page.on("pageerror", lambda e: say(f"exception: {e}"))
        self.page.on("requestfailed", lambda r: say(f"failed load: {r.url} ({r.failure})"))

    def open(self, url: str):
        """``url`` loaded, its load event fired; the page itself."""
        self._problems.clear()
        self.page.goto(url, wait_until="load")
        return self.page

    def problems(self) -> list[str]:
        """Console messages, uncaught exceptions and failed loads since open()."""
        self.page.evaluate("1")  # a round trip: the events sent before it have arrived
        return list(self._problems)

    def close(self) -> None:
        self.context.close()


@contextmanager
def screen(browser, size: tuple[int, int], **kw):
    s = Screen(browser, size, **kw)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="module")
def laptop(browser):
    with screen(browser, LAPTOP) as s:
        yield s


@pytest.fixture(scope="module")
def phone(browser):
    with screen(browser, PHONE, mobile=True) as s:
        yield s


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every page kind, written once by the command line."""
    folder = tmp_path_factory.mktemp("pages")
    out = {}

    def report(name, *args):
        path = folder / f"{name}.html"
        res = CliRunner().invoke(main, ["report", *map(str, args), "--out", str(path)])
        assert res.exit_code == 0, res.output
        out[name] = path

    for log in EXAMPLE_LOGS:
        if log.name != BROKEN:
            report(log.stem, log.relative_to(ROOT))
    report("comparison", "examples/thief-6p.toml", "-r", "italian", "-r", "english")
    report("comparison3", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "-r", "japanese")
    report("undetermined", "examples/lowest-3p.toml", "-r", "japanese", "-r", "english", "--lenient-deck")
    # The longest name a log allows, where names are shown most (a Thief's steals, the winner).
    long = folder / "long-names.toml"
    long.write_text(re.sub(r"\bCy\b", LONG_NAME, (ROOT / "examples" / "thief-6p.toml").read_text(encoding="utf-8")),
                    encoding="utf-8")
    report("long-names", long)
    report("long-names-comparison", long, "-r", "italian", "-r", "english")
    study = folder / "study.html"
    res = CliRunner().invoke(main, ["study", "-r", "italian", "-r", "english", "-p", "4", "-g", "6",
                                    "--html", str(study)])
    assert res.exit_code == 0, res.output
    out["study"] = study
    return out


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def png_variety(png: bytes) -> int:
    """Distinct byte values in the image data: a blank page has a handful, a page with text hundreds."""
    pos, data = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(data)))


def test_the_console_check_sees_errors(laptop, tmp_path):
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><meta name="viewport" content="width=device-width">'
                   '<p>x</p><img src="missing.png"><script>console.error("boom"); nosuch();</script>')
    laptop.open(bad.as_uri())
    problems = laptop.problems()
    assert any("boom" in p for p in problems) and any("nosuch" in p for p in problems)
    assert any("missing.png" in p for p in problems)  # a failed load


def test_the_blank_check_sees_a_blank_page(laptop, tmp_path):
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><title>blank</title>")
    assert png_variety(laptop.open(blank.as_uri()).screenshot()) < 10


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_LOGS if p.name != BROKEN] +
                         ["comparison", "comparison3", "undetermined", "long-names", "long-names-comparison",
                          "study"])
def test_page_in_a_browser(laptop, phone, pages, name):
    url = pages[name].as_uri()
    page = laptop.open(url)
    assert laptop.problems() == []
    png = page.screenshot()
    assert png_size(png) == LAPTOP
    assert png_variety(png) > 50
    tree = Tree(page.content())
    text = tree.root.text()
    if name in ("study",):
        assert "win rate per seat" in text.lower()
    elif name.startswith("long-names"):
        assert LONG_NAME in text
    elif name == "undetermined":
        assert "undetermined" in tree.root.find("section", "verdicts").text()
    elif name.startswith("comparison"):
        rows = tree.root.find("table", "totals").find("tbody").find_all("tr")
        _, result = api.score("examples/thief-6p.toml", "italian")
        for row in rows:
            cells = [c.text().split()[0] for c in row.find_all("td")]
            assert int(cells[1]) == result.totals[cells[0]]
    else:
        _, result = api.score(f"examples/{name}.toml")
        rows = tree.root.find("table").find("tbody").find_all("tr")
        assert [(r.find_all("td")[1].text(), int(r.find("td", "total").text())) for r in rows] == result.ranking
    assert_readable(page)
    # A phone: the page fits its width (nothing to scroll sideways).
    page = phone.open(url)
    assert phone.problems() == []
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert inner == PHONE[0]
    assert width <= PHONE[0]
    assert png_size(page.screenshot()) == PHONE
    assert_readable(page)


def assert_readable(page) -> None:
    """Issue 23, item 15: every chart text on the screen is at least 11 px high (one chart of each
    pair is shown), and no table runs into the one under it."""
    charts = page.evaluate("""() => [...document.querySelectorAll('.charts')].map(box =>
        [...box.querySelectorAll('svg.chart')].filter(s => s.getBoundingClientRect().width > 0).map(s =>
            [...s.querySelectorAll('text')].map(t =>
                [t.textContent, parseFloat(getComputedStyle(t).fontSize) * s.getScreenCTM().a])))""")
    assert all(len(shown) == 1 for shown in charts)
    small = [(text, round(size, 1)) for shown in charts for text, size in shown[0] if size < 11 - 0.01]
    assert small == []
    tables = page.evaluate("""() => [...document.querySelectorAll('table')].map(t => t.getBoundingClientRect())
        .filter(b => b.height > 0).map(b => [b.left, b.right, b.top, b.bottom])""")
    for (l1, r1, _, b1), (l2, r2, t2, _) in pairwise(tables):
        if t2 >= b1 - 1 and min(r1, r2) > max(l1, l2):  # the next table is under this one
            assert t2 - b1 >= 8, (b1, t2)


def test_comparison_above_the_fold(laptop, pages):
    page = laptop.open(pages["comparison"].as_uri())
    boxes = page.evaluate("""() => {
        const r = el => { const b = el.getBoundingClientRect(); return [b.top, b.bottom, el.innerText]; };
        return {verdicts: [...document.querySelectorAll('.verdicts .v')].map(r),
                moved: [...document.querySelectorAll('.moved li')].map(r),
                totals: r(document.querySelector('table.totals')),
                chart: r(document.querySelector('figure.fold-chart svg'))};
    }""")
    height = LAPTOP[1]
    assert [v[2].split("\n")[1] for v in boxes["verdicts"]] == ["Ada wins with 46", "Cy wins with 62"]
    assert all(bottom <= height for _, bottom, _ in boxes["verdicts"])
    assert len(boxes["moved"]) >= 3 and all(bottom <= height for _, bottom, _ in boxes["moved"])
    assert boxes["totals"][1] <= height
    assert boxes["chart"][1] <= height  # the stacked bars of each player's difference
    png = page.screenshot()
    folder = os.environ.get("BIDS_SCREENSHOT_DIR")
    if folder:  # the README's picture, made by this run (BIDS_SCREENSHOT_DIR=docs)
        Path(folder, "report-comparison.png").write_bytes(png)


def test_script_only_adds_interaction(browser, laptop, pages):
    url = pages["thief-6p"].as_uri()
    closed = "[...document.querySelectorAll('details')].filter(d => !d.open).length"
    page = laptop.open(url)
    assert page.evaluate(closed) > 10
    page.locator(".tools button").click()  # as a person clicks: the button is there, visible, enabled
    assert page.evaluate(closed) == 0
    assert laptop.problems() == []
    # With the script switched off the content is all there (the button is the only addition).
    with screen(browser, LAPTOP, script=False) as plain:
        page = plain.open(url)
        assert page.locator(".tools button").count() == 0
        assert page.locator("section.trick").count() == 30
        assert plain.problems() == []


def test_print_stylesheet(laptop, pages):
    page = laptop.open(pages["thief-6p"].as_uri())
    tools = "getComputedStyle(document.querySelector('.tools')).display"
    assert page.evaluate(tools) != "none"
    page.emulate_media(media="print")
    try:
        assert page.evaluate(tools) == "none"
    finally:
        page.emulate_media(media="null")  # no emulation again (None would leave print on)
    assert page.evaluate(tools) != "none"
    pdf = page.pdf()  # printing takes the print stylesheet whatever the screen shows
    assert pdf.startswith(b"%PDF-") and len(pdf) > 1000


def test_the_readme_screenshot_is_a_laptop_screen():
    png = (ROOT / "docs" / "report-comparison.png").read_bytes()
    assert png_size(png) == LAPTOP
    assert png_variety(png) > 50
