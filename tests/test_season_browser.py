"""`bids season --html` in headless Chromium at 1280 and 390 px (the setup of test_report_browser.py):
no console message or failed load, the standings in the DOM as the JSON gives them, a rating chart
and a head-to-head grid, the what-if section, nothing to scroll sideways on a phone, and the page
whole without its script. BIDS_SCREENSHOT_DIR=DIR saves the two screenshots there."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

from .test_report import Tree
from .test_report_browser import (  # noqa: F401 - the browser fixture
    assert_readable,
    browser,
    png_size,
    png_variety,
    screen,
)

DATA = "tests/data/season"
ARGS = [DATA, "--alias", "Ana Maria=Ana", "-r", "italian", "-r", "english", "--lenient-deck"]
SIZES = {"laptop": ((1280, 800), False), "phone": ((390, 844), True)}


@pytest.fixture(scope="module")
def season_page(tmp_path_factory):
    path = tmp_path_factory.mktemp("season") / "season.html"
    res = CliRunner().invoke(main, ["season", *ARGS, "--html", str(path), "--format", "json"])
    assert res.exit_code == 1, res.output  # two logs left out: the page is written all the same
    return path, json.loads(res.stdout)


@pytest.mark.parametrize("kind", SIZES)
def test_season_page_in_a_browser(browser, season_page, kind):  # noqa: F811 - the fixture imported above
    path, doc = season_page
    size, mobile = SIZES[kind]
    with screen(browser, size, mobile=mobile) as s:
        page = s.open(path.as_uri())
        assert s.problems() == []
        png = page.screenshot(full_page=False)
        assert png_size(png) == size and png_variety(png) > 50
        if os.environ.get("BIDS_SCREENSHOT_DIR"):
            Path(os.environ["BIDS_SCREENSHOT_DIR"], f"season-{kind}.png").write_bytes(page.screenshot(full_page=True))
        width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert inner == size[0] and width <= size[0]  # nothing scrolls sideways
        assert_readable(page)  # chart text of 11 px or more
        root = Tree(page.content()).root
        text = root.text()
        tables = root.find_all("table")
        for rs, table in zip(doc["rulesets"], tables[0::3]):  # standings, results, head to head, per ruleset
            heads = [th.text() for th in table.find("thead").find_all("th")]
            rows = [[td.text() for td in r.find_all("td")] for r in table.find("tbody").find_all("tr")]
            assert [(r[heads.index("player")], int(r[heads.index("wins")])) for r in rows] == [
                (x["player"], x["wins"]) for x in rs["standings"]]
        assert page.locator("svg.chart:visible").count() == 2  # a rating chart a ruleset (of its two widths)
        assert page.locator("svg.chart:visible polygon.band").count() == 2 * 6  # a band a player
        assert "What if" in text and "decided by" in text and "double.scope" in text
        assert "Left out" in text and "bad.toml:22" in text


def test_season_page_without_script(browser, season_page):  # noqa: F811
    path, _ = season_page
    with screen(browser, SIZES["laptop"][0], script=False) as s:
        page = s.open(path.as_uri())
        assert s.problems() == []
        assert page.locator("svg.chart:visible").count() == 2 and "Standings" in page.content()
