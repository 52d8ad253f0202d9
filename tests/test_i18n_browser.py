"""The HTML pages in the players' languages (issue 34), in headless Chromium at a phone's 390 px (the
setup of test_report_browser.py): each page in Italian, Spanish and Japanese says its language,
shows its headings, captions, legends and verdicts in it (what a player reads, as the page's own
text), has nothing to scroll sideways, no console message or failed load, and every chart text at
least 11 px; a number or a date on it as that language writes it (report/numbers.py). On a desktop
(1280 px) too nothing scrolls sideways, and a Japanese page draws its Japanese text with a Japanese
font of the pages' font stack (the page tests install fonts-ipafont-gothic: .ci/run), not boxes.
BIDS_SCREENSHOT_DIR=DIR saves the screenshots there (lang-<page>-<lang>.png at 390 px,
lang-<page>-<lang>-1280.png at 1280 px).
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
    "report": (["report", "examples/friday-4p.toml", "--out"], {
        "it": ["4 giocatori:", "Vince: Dev con 48", "Tabella finale", "Andamento del punteggio", "Tutte le prese",
               "Round 1: è di mano Ana", "R rosso, V verde, G giallo, B blu, N nero, W l'Alleato bianco",
               "round 2: chi è di mano, la divisione dell'Alleato, il lucky loser", "Creato da bidscli"],
        "es": ["4 jugadores:", "Gana: Dev con 48", "Tabla final", "Evolución de la puntuación", "Todas las bazas",
               "Ronda 1: sale Ana", "R rojo, V verde, AM amarillo, AZ azul, N negro, W el Aliado blanco",
               "ronda 2: quién sale, el reparto del Aliado, el perdedor afortunado", "Hecho con bidscli"],
        "ja": ["プレイヤー4人：", "勝者：", "Dev（48点）", "最終結果", "得点の推移", "すべてのトリック",
               "ラウンド1：Ana がリード", "赤、緑、黄、青、黒。W は白のアリーです。",
               "ラウンド2：リードプレイヤー、アリーの山分け", "で作成"],
    }),
    "comparison": (["report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "--out"], {
        "it": ["La stessa distribuzione con 2 regolamenti", "6 giocatori: Ada, Bo", "Ada vince con 46", "poi: Bo 42",
               "Quali regole hanno cambiato i punteggi", "ha cambiato: presa 3.5, fine del round 3",
               "La presa 3.5 va diversamente.", "Presa per presa", "Tabelle finali a confronto", "Regole diverse",
               # the rules and their values in the players' words, in the account, the chart's legend
               # and the table of rules; a source's meaning in an explained reason
               "Cy +30 = il 2x raddoppia +15, bonus -5 +15", "Cy: il 2x raddoppia (double.scope) +15",
               "il 2x raddoppia: questo round / tutta la partita", "non prende nessuna carta nera",
               "raddoppia i punti ATTUALI, quelli vinti finora in questo round"],
        "es": ["El mismo reparto con 2 reglamentos", "6 jugadores: Ada, Bo", "Ada gana con 46", "después: Bo 42",
               "Qué reglas cambiaron las puntuaciones", "cambió: baza 3.5, final de la ronda 3",
               "La baza 3.5 sale de otra manera.", "Baza a baza", "Tablas finales", "Reglas distintas",
               "Cy +30 = el 2x dobla +15, bonificación -5 +15", "Cy: el 2x dobla (double.scope) +15",
               "el 2x dobla: esta ronda / toda la partida"],
        "ja": ["同じ配札を2つのルールセットで", "プレイヤー6人：Ada, Bo", "Ada が46点で勝ち", "次点：Bo 42",
               "どのルールが得点を動かしたか", "変化：トリック3.5、ラウンド3の終わり",
               "トリック3.5の結果が変わります。", "トリックごと", "最終結果表の比較", "違うルール",
               "Cy +30 = 2x で2倍になる得点 +15、-5 ボーナス +15", "Cy: 2x で2倍になる得点（double.scope） +15",
               "2x で2倍になる得点：このラウンド / ゲーム全体"],
    }),
    "study": (["study", "-r", "italian", "-r", "english", "-p", "4", "-g", "40", "--seed", "7", "--html"], {
        # the rates and intervals with the language's decimal sign (Spanish: a no-break space before %)
        "it": ["Studio: italian vs english", "40 partite", "4 giocatori: P1 = default, P2 = default", "In breve",
               "P1 (default) vittorie", "25,0% [14,2; 40,2]", "distacco medio del vincitore 15,32",
               "Lucky loser e prese bruciate", "Distribuzione dei punteggi"],
        "es": ["Estudio: italian vs english", "40 partidas", "4 jugadores: P1 = default, P2 = default",
               "De un vistazo", "P1 (default) victorias", "25,0\u00a0% [14,2; 40,2]", "ventaja media del ganador 15,32",
               "Perdedores afortunados y bazas quemadas", "Distribución de las puntuaciones"],
        "ja": ["シミュレーション：italian vs english", "40ゲーム（シード7）、プレイヤー4人：P1 = default、P2 = default", "概要",
               "P1（default）勝率", "25.0% [14.2, 40.2]", "勝者の平均点差 15.32", "ラッキールーザーと燃えたトリック",
               "得点の分布"],
    }),
    "season": (["season", "tests/data/season", "-r", "italian", "-r", "english", "--lenient-deck",
                "--min-games", "2", "--alias", "Ana Maria=Ana", "--html"], {
        "it": ["Stagione: 6 partite", "Classifica: italian", "Risultati", "Il rating nel corso della stagione",
               "Scontri diretti", "E se…", "Il vincitore cambia in 1 su 6 partite.", "Esclusi",
               "Senza posizione: meno di 2 partite", '"vincitori: "', "10 gennaio 2026", "Creato da bidscli"],
        "es": ["Temporada: 6 partidas", "Clasificación: italian", "Resultados",
               "La valoración a lo largo de la temporada", "Cara a cara", "¿Y si…?",
               "El ganador cambia en 1 de 6 partidas.", "Excluidos", "Sin puesto: menos de 2 partidas",
               '"ganadores: "', "10 de enero de 2026", "Hecho con bidscli"],
        "ja": ["シーズン：6ゲーム", "順位表：italian", "結果", "シーズンを通したレーティング", "直接対決", "もしも",
               "6ゲーム中1ゲームで勝者が変わります。", "除外", "順位なし：2ゲーム未満", '"勝者： "', "2026年1月10日",
               "で作成"],
    }),
}


# English a page in another language must not show: the rules and their values as bidscli names them
# in English (the comparison page's account, its chart's legend, its table of rules), and an English
# source's meaning in an explained reason.
ENGLISH = {
    "comparison": ["2x doubles", "the whole game", "takes no black card", "lucky loser: wins no trick",
                   "doubles the CURRENT points"],
    "report": ["by not getting any black point card", "doubles all points"],
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
    # and what a chart shows over a bar (its title: "Cy: 2x doubles (double.scope) +15")
    text = page.inner_text("body") + "\n".join(page.evaluate("""() => [...document.querySelectorAll('[data-label]')]
        .map(el => getComputedStyle(el, '::before').content)""")) + "\n".join(page.evaluate(
        "() => [...document.querySelectorAll('svg title')].map(el => el.textContent)"))
    for said in PAGES[name][1][lang]:
        assert said in text, (name, lang, said)
    whole = page.text_content("body")  # with what is folded away (a trick's reasons)
    for english in ENGLISH.get(name, ()):
        assert english not in whole, (name, lang, english)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE[0]
    png = page.screenshot()
    assert png_size(png) == PHONE and png_variety(png) > 50
    assert_readable(page)
    save(page, f"lang-{name}-{lang}")


DESKTOP = (1280, 800)


@pytest.fixture(scope="module")
def desktop(browser):  # noqa: F811 - the fixture imported above
    from .test_report_browser import screen as make

    with make(browser, DESKTOP) as s:
        yield s


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(PAGES))
def test_page_in_the_players_language_on_a_desktop(desktop, written, name, lang):
    page = desktop.open(written[name, lang].as_uri())
    assert desktop.problems() == []
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP[0]
    png = page.screenshot()
    assert png_size(png) == DESKTOP and png_variety(png) > 50
    save(page, f"lang-{name}-{lang}-1280")


# The fonts of the pages' CJK fallbacks (report.css) that Debian's fonts-ipafont-gothic and
# fonts-noto-cjk install, as the browser names the fonts it drew with.
CJK_FONTS = ("IPAGothic", "IPAPGothic", "IPAexGothic", "Noto Sans CJK JP", "Noto Sans JP")


@pytest.mark.parametrize("name", list(PAGES))
def test_japanese_text_is_drawn_with_a_japanese_font(phone, written, name):
    """Every glyph of the page's first heading and of its footer ("... で作成") comes from a font that
    has it: a Japanese font of the stack, which the stylesheet names (no tofu boxes)."""
    css = Path(__file__).parent.parent / "bidscli" / "report" / "templates" / "report.css"
    named = css.read_text(encoding="utf-8")
    page = phone.open(written[name, "ja"].as_uri())
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    for selector in ("h2", "footer"):
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        text = page.inner_text(selector)
        assert any(ord(ch) > 0x3000 for ch in text), text  # Japanese text to draw
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        cjk = [f for f in fonts if f["familyName"] in CJK_FONTS]
        assert cjk and cjk[0]["glyphCount"] > 0, (selector, fonts)
        assert any(f'"{f["familyName"]}"' in named for f in cjk)
    cdp.detach()
