"""The HTML pages in the players' languages (issue 34), in headless Chromium at a phone's 390 px (the
setup of test_report_browser.py): each page in Italian, Spanish and Japanese says its language,
shows its headings, captions, legends and verdicts in it (what a player reads, as the page's own
text), has nothing to scroll sideways, no console message or failed load, and every chart text at
least 11 px. BIDS_SCREENSHOT_DIR=DIR saves the screenshots there (lang-<page>-<lang>.png).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .test_i18n import bids
from .test_report_browser import (  # noqa: F401 - the browser fixture
    PHONE,
    assert_readable,
    browser,
    png_size,
    png_variety,
    screen,
)

LANGS = ("it", "es", "ja")

# Each page: the command that writes it (its --html/--out file last) and, in each language, texts a
# player reads on it (the page's inner text: as the browser lays it out, headings in their case; and
# the words the stylesheet adds on a phone).
PAGES = {
    "season": (["season", "tests/data/season", "-r", "italian", "-r", "english", "--lenient-deck",
                "--min-games", "2", "--alias", "Ana Maria=Ana", "--html"], {
        "it": ["Stagione: 6 partite", "Classifica: italian", "Risultati", "Il rating nel corso della stagione",
               "Scontri diretti", "E se…", "Il vincitore cambia in 1 su 6 partite.", "Esclusi",
               "Senza posizione: meno di 2 partite", '"vincitori: "', "Creato da bidscli"],
        "es": ["Temporada: 6 partidas", "Clasificación: italian", "Resultados",
               "La valoración a lo largo de la temporada", "Cara a cara", "¿Y si…?",
               "El ganador cambia en 1 de 6 partidas.", "Excluidos", "Sin puesto: menos de 2 partidas",
               '"ganadores: "', "Hecho con bidscli"],
        "ja": ["シーズン：6 ゲーム", "順位表：italian", "結果", "シーズンを通したレーティング", "直接対決", "もしも",
               "6 ゲーム中 1 ゲームで勝者が変わります。", "除外", "順位なし：2 ゲーム未満", '"勝者： "', "で作成"],
    }),
}


def save(page, name: str) -> None:
    if os.environ.get("BIDS_SCREENSHOT_DIR"):
        Path(os.environ["BIDS_SCREENSHOT_DIR"], f"{name}.png").write_bytes(page.screenshot(full_page=True))


@pytest.fixture(scope="module")
def phone(browser):  # noqa: F811 - the fixture imported above
    from .test_report_browser import screen as make

    with make(browser, PHONE, mobile=True) as s:
        yield s


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Every page in every language, written once by the command line."""
    folder = tmp_path_factory.mktemp("lang-pages")
    out = {}
    for name, (argv, _) in PAGES.items():
        for lang in LANGS:
            path = folder / f"{name}-{lang}.html"
            res = bids("--lang", lang, *argv, str(path))
            assert path.exists(), res.stderr
            out[name, lang] = path
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(PAGES))
def test_page_in_the_players_language_on_a_phone(phone, written, name, lang):
    page = phone.open(written[name, lang].as_uri())
    assert phone.problems() == []
    assert page.evaluate("document.documentElement.lang") == lang
    # the text on screen, with what the stylesheet adds (on a phone, "winners:" before a game's winners)
    text = page.inner_text("body") + "\n".join(page.evaluate("""() => [...document.querySelectorAll('[data-label]')]
        .map(el => getComputedStyle(el, '::before').content)"""))
    for said in PAGES[name][1][lang]:
        assert said in text, (name, lang, said)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE[0]
    png = page.screenshot()
    assert png_size(png) == PHONE and png_variety(png) > 50
    assert_readable(page)
    save(page, f"lang-{name}-{lang}")
