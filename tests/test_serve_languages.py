"""`bids serve`'s pages in the table's language (issue 34 item 1, issue 35 item 2), read in headless
Chromium at a phone's 390 px: for an Italian, a Spanish and a Japanese table, the page's `<html
lang>`, and the texts a player reads on the games' page (with the new game's form), the
scorekeeper's page (a trick tapped up to the Thief's steal) and the watchers' page of a finished
game, each as the page shows it. No English text of the pages is left on them. A game's pages
speak the table's language (the log's `[meta] lang`) with no `?lang=` in their links.
BIDS_SCREENSHOT_DIR=DIR saves the screenshots (serve-lang-<page>-390-<lang>.png) to look at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .servekit import NEW_GAME, STEAL, THIEF_LINES, in_words
from .test_report_browser import PHONE, browser, screen  # noqa: F401 (browser: the fixture)

pytest.importorskip("httpx")

# What a player reads, in each language: the games' page and its form, the scorekeeper's page at
# the Thief's trick (the cards in the table's card words: N5 is nero 5; the engine's reason for
# the steal, the verdict in the engine's words), the watchers' page of the finished game (each
# trick's verdict, a steal as the log writes it). Written as a player of that language reads
# them.
READS = {
    "it": {
        "home": ["Partite", "Nuova partita", "Nome del file", "Giocatori, nell'ordine dei posti", "Regole",
                 "Opzioni del tavolo", "Alleato", "Bonus -5", "Colore delle Offerte", "Carta più bassa",
                 "Carta Sorpresa", "Ladro", "Lingua", "Inizia la partita", "segna i punti", "guarda", "Thief night · finita"],
        "keep": ["Round 1 · presa 3 · Ben è di mano", "Ben deve rubare", "N5 da Ana",
                 "chi ha fatto l'offerta più debole non ha carte nere; si passa a Ana", "Ben +0 (offerta più alta G10)", "Classifica", "totale",
                 "Prese di questo round", "Presa 2", "Presa 1", "Annulla l'ultima presa"],
        "watch": ["Partita finita", "Vince: Cleo", "Classifica", "R1", "totale", "Prese di questo round",
                  "Presa 10", "Cleo +11 (offerta più alta G8)", "Ben ruba N5 a Ana", "Round", "Resoconto completo di questa partita",
                  "Classifica della stagione di questa cartella"],
    },
    "es": {
        "home": ["Partidas", "Nueva partida", "Jugadores, en el orden de los asientos", "Reglas",
                 "Opciones de mesa", "Aliado", "Bonificación -5", "Color Bids", "Carta más baja",
                 "Carta sorpresa", "Ladrón", "Idioma", "Empezar la partida"],
        "keep": ["Ronda 1 · baza 3 · Ben sale", "Ben debe robar", "N5 de Ana",
                 "quien hizo la puja más débil no tiene cartas negras; se pasa a Ana", "Ben +0 (puja más alta AM10)", "Clasificación", "total",
                 "Bazas de esta ronda", "Baza 2", "Baza 1", "Deshacer la última baza"],
        "watch": ["Partida terminada", "Gana: Cleo", "Clasificación", "R1", "total", "Bazas de esta ronda",
                  "Baza 10", "Cleo +11 (puja más alta AM8)", "Ben roba N5 a Ana", "Rondas", "Informe completo de esta partida",
                  "Clasificación de la temporada de esta carpeta"],
    },
    "ja": {
        "home": ["ゲーム", "新しいゲーム", "プレイヤー（席順）", "テーブルオプション", "アリーカード", "-5 ボーナス",
                 "カラービッズ", "ロウエストカード", "サプライズカード", "シーフカード", "言語", "ゲームを始める"],
        "keep": ["ラウンド1・トリック3・Ben のリード", "Ben は盗まなければなりません", "Ana から 黒5",
                 "一番弱いカードを出した人に黒カードがないため、代わりに Ana", "Ben +0（一番高いカード 黄10）", "順位", "合計",
                 "このラウンドのトリック", "トリック2", "トリック1", "最後のトリックを取り消す"],
        "watch": ["ゲーム終了", "勝者：Cleo", "順位", "R1", "合計", "このラウンドのトリック", "トリック10",
                  "Cleo +11（一番高いカード 黄8）",
                  "ラウンド", "このゲームの詳しいレポート", "このフォルダーのシーズン順位"],
    },
}
LANGUAGE_NAMES = ["English", "Italiano", "Español", "日本語"]  # each language by its own name


def _english_texts() -> list[str]:
    """The pages' English texts a translation changes (placeholders cut out): none may be left."""
    from bidscli.core.i18n import gettext, set_language
    from bidscli.report.serve import TEXTS

    left = []
    for msgid in TEXTS.values():
        words = [w.strip(" ·.…:") for w in re.split(r"\{\w+\}", msgid)]
        left += [w for w in words if len(w) > 4]
    out = []
    for lang in READS:
        before = set_language(lang)
        try:
            same = {gettext(m) for m in TEXTS.values()}
        finally:
            set_language(before)
        out.append([w for w in left if not any(w in s for s in same)])
    return sorted(set(out[0]) & set(out[1]) & set(out[2]))


def _shot(page, name: str) -> None:
    data = page.screenshot(full_page=True)
    assert len(data) > 5000  # not blank
    if os.environ.get("BIDS_SCREENSHOT_DIR"):
        Path(os.environ["BIDS_SCREENSHOT_DIR"], name).write_bytes(data)


def _reads(page, lang: str, which: str) -> str:
    text = page.inner_text("body")
    missing = [t for t in READS[lang][which] if t not in text]
    assert missing == [], f"{which} ({lang}): not on the page: {missing}\n{text}"
    english = [w for w in _english_texts() if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
    assert english == [], f"{which} ({lang}): English left: {english}\n{text}"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # nothing sideways
    return text


def _record(server, file: str, lang: str, lines: list[str]) -> None:
    import httpx

    state = httpx.post(server.base + "/api/games", headers=server.auth,
                       json=dict(NEW_GAME, file=file, lang=lang)).json()
    for line in lines:
        r = httpx.post(server.base + f"/api/games/{file[:-5]}/tricks", headers=server.auth,
                       json={"line": in_words(line, lang), "version": state["version"]})
        assert r.status_code == 200, r.text
        state = r.json()


@pytest.mark.parametrize("lang", ["it", "es", "ja"])
def test_the_pages_speak_the_tables_language_on_a_phone(browser, server, lang):  # noqa: F811
    whole = [*THIEF_LINES[:2], f"{THIEF_LINES[2]}; {STEAL}", *THIEF_LINES[3:]]
    _record(server, "done.toml", lang, whole)
    _record(server, "thief-night.toml", lang, THIEF_LINES[:2])
    with screen(browser, PHONE, mobile=True) as s:
        # the games' page in the language the link asks for, with the new game's form
        home = s.open(server.keeper.replace("/#", f"/?lang={lang}#"))
        home.locator(".opts input").first.wait_for()
        assert home.evaluate("document.documentElement.lang") == lang
        _reads(home, lang, "home")
        assert home.locator("select[name=lang] option").all_inner_texts() == LANGUAGE_NAMES
        assert home.locator("select[name=lang]").input_value() == lang
        _shot(home, f"serve-lang-home-390-{lang}.png")
        # a game's page: the table's language, with no ?lang= in its link
        keep = s.open(server.base + "/g/thief-night")
        assert keep.evaluate("document.documentElement.lang") == lang
        _tap = in_words(THIEF_LINES[2], lang)
        revealed, _, plays = _tap.partition(":")
        for card in [revealed.strip(), *(p.split()[-1] for p in re.split(r"[,、]", plays))]:
            keep.locator(".entry .grid button", has_text=re.compile(f"^{re.escape(card)}$")).click()
        keep.locator(".steal h2").wait_for()
        _reads(keep, lang, "keep")
        _shot(keep, f"serve-lang-keep-390-{lang}.png")
        watch = s.open(server.base + "/w/done")
        watch.locator("#status.live").wait_for()
        assert watch.evaluate("document.documentElement.lang") == lang
        _reads(watch, lang, "watch")
        _shot(watch, f"serve-lang-watch-390-{lang}.png")
        # a tap away, the game's report speaks the table's language too
        watch.locator("nav.links a").first.click()
        watch.wait_for_load_state()
        assert watch.evaluate("document.documentElement.lang") == lang
        assert [p for p in s.problems() if "ERR_ABORTED" not in p] == []
