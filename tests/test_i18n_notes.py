"""What the analysis notes, in the player's language (issue 34): the reason an account by rule is an
ordered split, and bids disputes' progress line on stderr. (The deck, steal, --lenient-deck and
undetermined notes are goldens: tests/golden/cli/lang/<lang>/diff-*.txt, disputes-*.txt.)"""

from __future__ import annotations

import itertools
import time

import pytest

from bidscli.analysis import attribution

from . import golden_cli as G

ORDERED = {
    "en": "ORDERED split: more than 2 knob groups change what the engine reads, too many for the exact Shapley value",
    "it": "ripartizione IN ORDINE: più di 2 gruppi di parametri cambiano ciò che il motore legge, troppi per il "
          "valore di Shapley esatto",
    "es": "reparto EN ORDEN: más de 2 grupos de parámetros cambian lo que lee el motor, demasiados para el valor de "
          "Shapley exacto",
    "ja": "順番に分けた内訳：エンジンが読む内容を変える設定項目のグループが2個を超え、厳密なシャープレイ値",
}


@pytest.mark.parametrize("lang", sorted(ORDERED))
def test_the_reason_for_an_ordered_split_is_in_the_language(lang, monkeypatch):
    monkeypatch.setattr(attribution, "SHAPLEY_LIMIT", 2)
    out = G.run(["--lang", lang, "diff", "examples/thief-6p.toml", "-r", "italian", "-r", "english"])
    assert _unwrapped(ORDERED[lang]) in _unwrapped(out)


def _unwrapped(text: str) -> str:
    """The text without its spaces and line breaks (where a table wraps it is no part of the test)."""
    return "".join(text.split())


PROGRESS = {
    "en": "disputes: variants 0, replays 1, replayed rounds 1 of at most 4,000",
    "it": "disputes: varianti 0, riesecuzioni 1, round rigiocati 1 su un massimo di 4.000",
    "es": "disputes: variantes 0, repeticiones 1, rondas rejugadas 1 de un máximo de 4000",  # CLDR: 4 digits ungrouped
    "ja": "disputes：バリアント0個、再現1回、再現したラウンド1個（上限4,000）",
}


@pytest.mark.parametrize("lang", sorted(PROGRESS))
def test_the_progress_line_of_disputes_is_in_the_language(lang, monkeypatch):
    clock = itertools.count(0, 2)  # two seconds a look: the line is drawn at every step
    monkeypatch.setattr(time, "monotonic", lambda: float(next(clock)))
    out = G.run(["--lang", lang, "disputes", "examples/thief-6p.toml", "--progress"])
    stderr = out.split("--- stderr\n", 1)[1]
    assert "\r" + PROGRESS[lang] in stderr


NONE = {"en": "none", "it": "nessuno", "es": "ninguno", "ja": "なし"}  # agreed with "totals" (i totali, los totales)


@pytest.mark.parametrize("lang", sorted(NONE))
def test_no_total_changes_agrees_with_totals(lang):
    from click.testing import CliRunner

    from bidscli.cli.main import main

    # 80 columns: the six totals do not fit, so each row lists only the totals that change
    res = CliRunner(env={"COLUMNS": "80"}).invoke(main, ["--lang", lang, "disputes", "examples/thief-6p.toml"])
    rows = [line.split() for line in res.stdout.splitlines() if line.startswith("thief.timing ")]
    assert rows == [["thief.timing", "deferred", "Ada", NONE[lang]]]


BURNED = {"en": "burned", "it": "bruciata", "es": "quemada", "ja": "燃えた"}
CAUSE = {"en": "tie on 14 (Ada G14, Cy B14)", "it": "pari a 14 (Ada V14, Cy B14)",
         "es": "empate a 14 (Ada V14, Cy AZ14)", "ja": "14で同点（Ada 緑14、Cy 青14）"}


@pytest.mark.parametrize("lang", sorted(BURNED))
def test_a_burned_trick_says_burned_once_on_the_game_page(lang, tmp_path):
    import re

    from click.testing import CliRunner

    from bidscli.cli.main import main

    page = tmp_path / "game.html"
    res = CliRunner().invoke(main, ["--lang", lang, "report", "examples/thief-6p.toml", "--out", str(page)])
    assert res.exit_code == 0, res.output
    html = page.read_text(encoding="utf-8")
    trick = html[html.index('id="t1-1"'):]
    verdict = trick[trick.index('<div class="verdict">'):]
    verdict = re.sub(r"<[^>]+>", "", verdict[:verdict.index("<details>")])  # the line, not its reasons below
    assert verdict.count(BURNED[lang]) == 1, verdict
    assert CAUSE[lang] in verdict, verdict


LINKS = {"en": ("scorekeeper: ", "watch:       "), "it": ("segnapunti: ", "spettatori: "),
         "es": ("anotador:     ", "espectadores: "), "ja": ("記録係： ", "観戦：   ")}


@pytest.mark.parametrize("lang", sorted(LINKS))
def test_bids_serve_labels_its_links_in_the_language(lang, tmp_path):
    import os
    import signal
    import subprocess
    import sys

    from .recordkit import env

    proc = subprocess.Popen([sys.executable, "-m", "bidscli", "--lang", lang, "serve", str(tmp_path), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env(), text=True,
                            start_new_session=True)
    try:
        first, second = proc.stdout.readline(), proc.stdout.readline()
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
    keeper, watch = LINKS[lang]
    # lined up, the link the last field of each line (the scorekeeper's first: what a program reads)
    assert first.startswith(keeper + "http://127.0.0.1:") and "#token=" in first.split()[-1]
    assert second.startswith(watch + "http://127.0.0.1:") and second.split()[-1].endswith("/")


BARS = {
    "en": ("validating [##############################] 4/4 files, 1 invalid",
           "playing [##############################] 20/20 games"),
    "it": ("controllo [##############################] 4/4 file, non validi: 1",
           "partite giocate [##############################] 20/20"),
    "es": ("validando [##############################] 4/4 archivos, no válidos: 1",
           "partidas jugadas [##############################] 20/20"),
    "ja": ("検証中 [##############################] 4/4ファイル、問題あり1",
           "プレイ中 [##############################] 20/20ゲーム"),
}


@pytest.mark.parametrize("lang", sorted(BARS))
def test_the_progress_bars_are_in_the_language(lang):
    validating, playing = BARS[lang]
    out = G.run(["--lang", lang, "validate", "examples/broken.toml", "examples/friday-4p.toml",
                 "examples/thief-6p.toml", "examples/lowest-3p.toml", "--progress"])
    assert "\r" + validating + "\n" in out.split("--- stderr\n", 1)[1]
    out = G.run(["--lang", lang, "study", "-r", "italian", "-r", "english", "-p", "4", "-g", "20", "--progress"])
    assert "\r" + playing + "\n" in out.split("--- stderr\n", 1)[1]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["999", "1,234", "12,345", "1,234,567"]),
    ("ja", ["999", "1,234", "12,345", "1,234,567"]),
    ("it", ["999", "1.234", "12.345", "1.234.567"]),
    ("es", ["999", "1234", "12.345", "1.234.567"]),  # CLDR: Spanish groups from five digits
])
def test_counts_are_grouped_as_each_language_writes_them(lang, said):
    from bidscli.core.i18n import Grouped, Message

    assert [Message("{n}", n=Grouped(n)).text(lang) for n in (999, 1234, 12345, 1234567)] == said
