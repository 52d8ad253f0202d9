"""bids season in the players' languages (issue 34): what a player reads in the table, on stderr
and on the page, in Italian, Spanish and Japanese; the JSON and the CSV stay English, the same
bytes in every language, also with worker processes (--jobs 2).

Each language's test reads as a player of that language would: its lines are the table's own.
"""

from __future__ import annotations

import json

import pytest

from .test_i18n import bids

SEASON = "tests/data/season"
WHAT_IF = [SEASON, "-r", "italian", "-r", "english", "--lenient-deck", "--min-games", "2",
           "--alias", "Ana Maria=Ana", "--alias", "Zed=Z"]


def season(lang: str, *args: str, columns: int = 200):
    """The run in a terminal of ``columns`` (wide: each sentence on one line, as written)."""
    res = bids("--lang", lang, "season", *args, COLUMNS=str(columns))
    assert res.returncode == 1, res.stderr  # two logs of the folder are left out
    return res


def test_the_season_table_in_italian():
    out = season("it", *WHAT_IF)
    assert out.stdout.startswith("Classifica, italian: 6 partite, ordinata per più vittorie, poi la % di vittorie "
                                 "più alta, poi più punti a partita; i giocatori con meno di 2 partite sono elencati a "
                                 "parte, senza posizione\n")
    assert "  #  giocatore      vinte    giocate  % vinte    pos. media    pt/partita    μ      σ     ordinale\n" in out.stdout
    assert "  1  Ben                4          5  80,0       1,20          26,8          32,67  7,84  9,15\n" in out.stdout
    assert "Senza posizione (meno di 2 partite):\n" in out.stdout
    assert "Campione (italian): Ben, primo in classifica\n" in out.stdout
    assert "Risultati, english: una riga per partita, nell'ordine della stagione\n" in out.stdout
    assert "giocatore    avversario      giocate    sopra    sotto\n" in out.stdout
    assert "Partite in cui cambia il vincitore: 1 su 6\n  g6.toml: italian Cleo; english Dev; decisa da double.scope\n" \
        in out.stdout
    assert "Esclusi: 2 registri (non contati sopra)\n" in out.stdout
    # a shared win: the winners "Ben e Dev", the totals a list
    assert "  3  2026-01-17  g3.toml    italian        Ben e Dev    Ben 23, Dev 23, Cy 10, Ana 8\n" in out.stdout
    assert "con italian la partita non è finita dopo il round 1, presa 9 (un round di 10 prese)" in out.stdout
    assert out.stderr == "nota: --alias 'Zed': nessuna partita ha un giocatore 'Zed'\n"


def test_the_season_table_in_spanish():
    out = season("es", SEASON, "--rank-by", "mean-rank")
    assert out.stdout.startswith("Clasificación, cada partida con su propio reglamento: 6 partidas, ordenada por el "
                                 "mejor puesto medio (el más bajo), después más victorias, después más puntos por "
                                 "partida\n")
    assert "  #  jugador    pos. media      jugadas    ganadas  % gan.    pts/partida    μ      σ     ordinal\n" \
        in out.stdout
    assert "Campeón (cada partida con su propio reglamento): Ben, el primero de la clasificación\n" in out.stdout
    assert "jugador      rondas de perdedor afortunado    bonificaciones -5  mejor partida      puntos\n" in out.stdout
    assert "  #  fecha       partida    reglamento    ganadores    totales\n" in out.stdout
    assert "Cara a cara, cada partida con su propio reglamento: partidas que jugaron ambos, y cuántas veces el" \
        in out.stdout
    assert "Excluidos: 2 registros (no contados arriba)\n" in out.stdout
    assert "tests/data/season/bad.toml:22: ronda 1, baza 1: " in out.stdout
    assert "la partida está sin terminar tras la ronda" in out.stdout  # the engine's reason, in Spanish too
    assert "una temporada cuenta las partidas terminadas (`bids" in out.stdout


def test_the_season_table_in_japanese():
    out = season("ja", *WHAT_IF, "--rank-by", "rating")
    assert out.stdout.startswith("順位表（italian）：6ゲーム、順位：レート下限 μ − 3σ（高い順）、次に勝利数（多い順）；2ゲーム未満の"
                                 "プレイヤーは順位を付けずに別に表示\n")
    assert "  #  プレイヤー    レート下限      ゲーム数    勝数  勝率    平均順位    平均得点    μ      σ\n" in out.stdout
    assert "順位なし（2ゲーム未満）：\n" in out.stdout
    assert "チャンピオン（english）：Ben（順位表の1位）\n" in out.stdout
    assert "結果（english）：1ゲーム1行、シーズンの順\n" in out.stdout
    assert "プレイヤー    相手      ゲーム数    上位    下位\n" in out.stdout
    assert "勝者が変わるゲーム：6ゲーム中1\n  g6.toml：italian Cleo；english Dev；決め手は double.scope\n" in out.stdout
    # a shared win and each game's totals, listed as Japanese lists them
    assert "  3  2026-01-17  g3.toml   english         Ben と Dev  Ben 23、Dev 23、Cy 10、Ana 8\n" in out.stdout
    assert "除外：ゲーム記録2件（上の集計に含まれません）\n" in out.stdout
    assert out.stderr == "注：--alias 'Zed'：'Zed' というプレイヤーのいるゲームはありません\n"


@pytest.mark.parametrize("lang", ["it", "es", "ja"])
def test_the_season_table_fits_a_terminal_of_100_columns(lang):
    from wcwidth import wcswidth

    for args in ([SEASON], WHAT_IF):
        for line in season(lang, *args, columns=100).stdout.splitlines():
            assert wcswidth(line) <= 100, line


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_json_and_csv_stay_english_in_every_language_and_with_workers(fmt):
    english = bids("season", *WHAT_IF, "--format", fmt)
    for lang in ("it", "es", "ja"):
        for jobs in ("1", "2"):
            other = bids("--lang", lang, "season", *WHAT_IF, "--format", fmt, "--jobs", jobs)
            assert other.stdout == english.stdout, (lang, jobs)
    if fmt == "json":
        doc = json.loads(english.stdout)
        assert doc["left_out"][0]["reason"].startswith("tests/data/season/bad.toml:22: round 1, trick 1: ")
        assert doc["notes"] == ["--alias 'Zed': no game has a player 'Zed'"]
        assert doc["rulesets"][0]["order"] == "most wins, then the higher win %, then more points a game"


def test_a_usage_error_of_alias_in_each_language():
    said = {lang: bids("--lang", lang, "season", SEASON, "--alias", "A=B=C").stderr.splitlines()[-1]
            for lang in ("it", "es", "ja")}
    assert said["it"].endswith("'A=B=C': atteso OLD=NEW (--alias \"Ana Maria=Ana\"): ha 2 '=' (un '=' che fa parte "
                               "di un nome si scrive '\\=')")
    assert said["es"].endswith("'A=B=C': se esperaba OLD=NEW (--alias \"Ana Maria=Ana\"): tiene 2 '=' (un '=' que "
                               "forma parte de un nombre se escribe '\\=')")
    assert said["ja"].endswith("'A=B=C'：OLD=NEW の形で書いてください（--alias \"Ana Maria=Ana\"）：'=' が2個あります"
                               "（名前の一部の '=' は '\\=' と書きます）")


def test_an_alias_that_is_no_name_is_said_whole_in_each_language():
    """Why a name of --alias cannot be a player's is a clause of the output language, never the
    English one inside a translated sentence (it was: 'il nome '' is empty')."""
    def said(lang, alias):
        return bids("--lang", lang, "season", SEASON, "--alias", alias).stderr.splitlines()[-1]

    assert said("en", "=Ana").endswith("'=Ana': the name '' is not valid: it is empty; a name is 1-32 characters: "
                                       "letters, digits, spaces and punctuation except ',' ':' ';', with no space at "
                                       "either end")
    assert said("it", "=Ana").endswith("'=Ana': il nome '' non è valido: è vuoto; un nome ha da 1 a 32 caratteri: "
                                       "lettere, cifre, spazi e punteggiatura tranne ',' ':' ';', senza spazi "
                                       "all'inizio o alla fine")
    assert said("es", "Ana=" + "x" * 40).endswith(f"el nombre '{'x' * 40}' no es válido: tiene 40 caracteres (32 "
                                                  "como máximo); un nombre tiene de 1 a 32 caracteres: letras, "
                                                  "dígitos, espacios y signos de puntuación salvo ',' ':' ';', sin "
                                                  "espacios al principio ni al final")
    assert said("ja", "Ana: M=Ana").endswith("'Ana: M=Ana'：名前 'Ana: M' は使えません：':' が含まれています（トリックの行"
                                             "では ',' ':' ';' を区切りに使います）。名前は1〜32文字で、文字・数字・空白と、"
                                             "',' ':' ';' 以外の記号を使えます。先頭と末尾に空白は置けません")
    for lang in ("it", "es", "ja"):
        line = said(lang, "Ana=B\tob")
        assert "holds an invisible or control character" not in line and "is not valid" not in line, line
