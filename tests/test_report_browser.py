"""The report pages in headless Chromium (Debian's `chromium`): what a person sees.

A laptop screen (1366x768) and a phone (390x844, mobile): a screenshot of the
right size that is not blank, the DOM after load holding the totals, no console
message, uncaught error or failed load, no horizontal scrolling on the phone,
and on the comparison page who wins and which rules moved the scores above the
fold. In CI (CI=true) a missing browser fails these tests; elsewhere they skip,
saying why. BIDS_SCREENSHOT_DIR=docs also saves the comparison screenshot the
README shows (docs/report-comparison.png) there.
"""

from __future__ import annotations

import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.app import api
from bidscli.cli.main import main

from .browser import Chromium, find_chromium
from .test_report import BROKEN, EXAMPLE_LOGS, ROOT, Tree

LAPTOP = (1366, 768)
LONG_NAME = "Maximilian_Alexander_Bartholomew"  # 32 characters, the longest log.md allows
PHONE = (390, 844)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    binary = find_chromium()
    if binary is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but no chromium on PATH: .ci/run installs Debian's chromium package")
        pytest.skip("no chromium on PATH (apt-get install chromium); these tests run in CI")
    b = Chromium(binary, str(tmp_path_factory.mktemp("chromium")))
    yield b
    b.close()


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


def test_the_console_check_sees_errors(browser, tmp_path):
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><meta name="viewport" content="width=device-width">'
                   '<p>x</p><script>console.error("boom"); nosuch();</script>')
    browser.open(bad.as_uri(), *LAPTOP)
    problems = browser.problems()
    assert any("boom" in p for p in problems) and any("nosuch" in p for p in problems)


def test_the_blank_check_sees_a_blank_page(browser, tmp_path):
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><title>blank</title>")
    browser.open(blank.as_uri(), *LAPTOP)
    assert png_variety(browser.screenshot()) < 10


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_LOGS if p.name != BROKEN] +
                         ["comparison", "comparison3", "undetermined", "long-names", "long-names-comparison",
                          "study"])
def test_page_in_a_browser(browser, pages, name, tmp_path):
    url = pages[name].as_uri()
    browser.open(url, *LAPTOP)
    assert browser.problems() == []
    png = browser.screenshot()
    assert png_size(png) == LAPTOP
    assert png_variety(png) > 50
    tree = Tree(browser.dom())
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
    # A phone: the page fits its width (nothing to scroll sideways).
    browser.open(url, *PHONE, mobile=True)
    assert browser.problems() == []
    width, inner = browser.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert inner == PHONE[0]
    assert width <= PHONE[0]
    assert png_size(browser.screenshot()) == PHONE


def test_comparison_above_the_fold(browser, pages):
    browser.open(pages["comparison"].as_uri(), *LAPTOP)
    boxes = browser.evaluate("""(() => {
        const r = el => { const b = el.getBoundingClientRect(); return [b.top, b.bottom, el.innerText]; };
        return {verdicts: [...document.querySelectorAll('.verdicts .v')].map(r),
                moved: [...document.querySelectorAll('.moved li')].map(r),
                totals: r(document.querySelector('table.totals')),
                chart: r(document.querySelector('figure.fold-chart svg'))};
    })()""")
    height = LAPTOP[1]
    assert [v[2].split("\n")[1] for v in boxes["verdicts"]] == ["Ada wins with 46", "Cy wins with 62"]
    assert all(bottom <= height for _, bottom, _ in boxes["verdicts"])
    assert len(boxes["moved"]) >= 3 and all(bottom <= height for _, bottom, _ in boxes["moved"])
    assert boxes["totals"][1] <= height
    assert boxes["chart"][1] <= height  # the stacked bars of each player's difference
    png = browser.screenshot()
    folder = os.environ.get("BIDS_SCREENSHOT_DIR")
    if folder:  # the README's picture, made by this run (BIDS_SCREENSHOT_DIR=docs)
        Path(folder, "report-comparison.png").write_bytes(png)


def test_script_only_adds_interaction(browser, pages):
    browser.open(pages["thief-6p"].as_uri(), *LAPTOP)
    closed = browser.evaluate("[...document.querySelectorAll('details')].filter(d => !d.open).length")
    assert closed > 10
    browser.evaluate("document.querySelector('.tools button').click()")
    assert browser.evaluate("[...document.querySelectorAll('details')].filter(d => !d.open).length") == 0
    # With the script switched off the content is all there (the button is the only addition).
    browser.send("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.open(pages["thief-6p"].as_uri(), *LAPTOP)
        assert browser.evaluate("document.querySelectorAll('.tools button').length") == 0
        assert browser.evaluate("document.querySelectorAll('section.trick').length") == 30
    finally:
        browser.send("Emulation.setScriptExecutionDisabled", {"value": False})


def test_print_stylesheet(browser, pages):
    browser.open(pages["thief-6p"].as_uri(), *LAPTOP)
    browser.send("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert browser.evaluate("getComputedStyle(document.querySelector('.tools')).display") == "none"
    finally:
        browser.send("Emulation.setEmulatedMedia", {"media": ""})
    pdf = browser.send("Page.printToPDF", {})["data"]
    assert len(pdf) > 1000


def test_the_readme_screenshot_is_a_laptop_screen():
    png = (ROOT / "docs" / "report-comparison.png").read_bytes()
    assert png_size(png) == LAPTOP
    assert png_variety(png) > 50
