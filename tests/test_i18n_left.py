"""The last English texts a player read (issue 34): the refusals of deal, study, score and record
that were still English sentences, in each language as a player of it reads them (`bids --lang X`).
The English ones are the same bytes as before (tests/test_hardening3.py, test_deal.py and others
hold them too)."""

from __future__ import annotations

import os

import pytest

from bidscli.app.recordfile import lock_for
from bidscli.core.errors import BidsError
from bidscli.rules.ruleset import deck_for, load_ruleset
from bidscli.sim.deal import check_fits_log

from . import golden_cli as G

LANGS = ("en", "it", "es", "ja")


def said(*argv: str) -> str:
    return "".join(G.run(list(argv)).split("\n", 2)[2].split())  # exit code on, spaces and wrapping off


def one_line(text: str) -> str:
    return "".join(text.split())


NOTHING = {
    "en": "nothing to score: no trick has been played yet (rounds = [])",
    "it": "niente da contare: non è stata ancora giocata nessuna presa (rounds = [])",
    "es": "nada que puntuar: todavía no se ha jugado ninguna baza (rounds = [])",
    "ja": "得点を計算できません：まだトリックが1つもプレイされていません（rounds = []）",
}
NOTHING_IN_ROUNDS = {
    "en": "nothing to score: no trick has been played yet (every round has tricks = [])",
    "it": "niente da contare: non è stata ancora giocata nessuna presa (ogni round ha tricks = [])",
    "es": "nada que puntuar: todavía no se ha jugado ninguna baza (cada ronda tiene tricks = [])",
    "ja": "得点を計算できません：まだトリックが1つもプレイされていません（どのラウンドも tricks = [] です）",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_log_with_no_trick_has_nothing_to_score(lang, tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_text('ruleset = "italian"\nplayers = ["Ana", "Ben", "Cleo"]\nrounds = []\n')
    out = G.run(["--lang", lang, "score", str(empty)])
    assert out.startswith(f"$ bids --lang {lang} score {empty}\nexit 1\n")
    assert one_line(NOTHING[lang]) in one_line(out)
    dealt = tmp_path / "dealt.toml"
    G.run(["deal", "-r", "italian", "--names", "Ana,Ben,Cleo", "--seed", "1", "--out", str(dealt)])
    assert one_line(NOTHING_IN_ROUNDS[lang]) in one_line(G.run(["--lang", lang, "score", str(dealt)]))


NAMES = {  # --names as typed -> what deal says, in each language
    "Ana,Ana,Ben": {
        "en": "player names must be unique: 'Ana' is given twice",
        "it": "i nomi dei giocatori devono essere tutti diversi: 'Ana' è indicato due volte",
        "es": "los nombres de los jugadores deben ser distintos: 'Ana' aparece dos veces",
        "ja": "プレイヤー名は重複できません：'Ana' が2回指定されています",
    },
    "Ana,ana,Ben": {
        "en": "player names 'Ana' and 'ana' differ only in case: trick lines match names case-insensitively, so "
              "they must differ in more than case",
        "it": "i nomi dei giocatori 'Ana' e 'ana' differiscono solo per maiuscole e minuscole: le righe di presa "
              "confrontano i nomi senza badare alle maiuscole, quindi devono differire in altro",
        "es": "los nombres de jugador 'Ana' y 'ana' solo se diferencian en mayúsculas y minúsculas: las líneas de "
              "baza comparan los nombres sin distinguirlas, así que deben diferenciarse en algo más",
        "ja": "プレイヤー名 'Ana' と 'ana' は大文字と小文字の違いしかありません。トリックの行では名前の大文字と小文字を"
              "区別しないので、ほかにも違いのある名前にしてください",
    },
    "Ana,Ben": {
        "en": "2 players: Bids is for 3 to 6 players",
        "it": "2 giocatori: Bids si gioca da 3 a 6 giocatori",
        "es": "2 jugadores: Bids es para 3 a 6 jugadores",
        "ja": "プレイヤーが2人です。Bids は3〜6人で遊ぶゲームです",
    },
    ",Ben,Cleo": {  # the log reader's own message for the same mistake
        "en": "player name '' is not valid: it is empty; a name is 1-32 characters",
        "it": "il nome del giocatore '' non è valido: è vuoto; un nome ha da 1 a 32 caratteri",
        "es": "el nombre de jugador '' no es válido: está vacío; un nombre tiene de 1 a 32 caracteres",
        "ja": "プレイヤー名 '' は使えません：空です。名前は1〜32文字で",
    },
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("names", sorted(NAMES))
def test_deal_says_what_is_wrong_with_the_names_in_the_language(names, lang):
    out = G.run(["--lang", lang, "deal", "-r", "italian", "--names", names])
    assert "\nexit 2\n" in out
    assert one_line(NAMES[names][lang]) in one_line(out)


COUNTS = {
    "en": ("--players 4 but 1 name", "--players 4 but 3 names"),
    "it": ("--players 4 ma 1 nome", "--players 4 ma 3 nomi"),
    "es": ("--players 4 pero 1 nombre", "--players 4 pero 3 nombres"),
    "ja": ("--players 4 ですが、名前は1個です", "--players 4 ですが、名前は3個です"),
}
GIVE = {
    "en": "give --players N or --names A,B,C",
    "it": "indica --players N o --names A,B,C",
    "es": "indica --players N o --names A,B,C",
    "ja": "--players N または --names A,B,C を指定してください",
}


@pytest.mark.parametrize("lang", LANGS)
def test_deal_counts_the_names_in_the_language(lang):
    one, three = COUNTS[lang]
    assert one_line(one) in one_line(G.run(["--lang", lang, "deal", "-r", "italian", "--players", "4", "--names", "Ana"]))
    assert one_line(three) in one_line(G.run(["--lang", lang, "deal", "-r", "italian", "--players", "4",
                                              "--names", "Ana,Ben,Cleo"]))
    from bidscli.sim.deal import parse_names

    with pytest.raises(ValueError) as err:
        parse_names(None, None)
    assert err.value.args[0].text(lang) == GIVE[lang]


TWICE = {
    "en": "error: the same ruleset is named twice: 'italian' (expected each -r RULESET once)",
    "it": "errore: lo stesso regolamento è indicato due volte: 'italian' (ogni -r RULESET va dato una volta sola)",
    "es": "error: el mismo reglamento aparece dos veces: 'italian' (se esperaba cada -r RULESET una sola vez)",
    "ja": "エラー：同じルールセットが2回指定されています：'italian'（-r RULESET はそれぞれ1回だけ指定してください）",
}


@pytest.mark.parametrize("lang", LANGS)
def test_study_refuses_a_ruleset_named_twice_in_the_language(lang):
    out = G.run(["--lang", lang, "study", "-r", "italian", "-r", "italian", "-p", "3", "-g", "1"])
    assert "\nexit 1\n" in out and one_line(TWICE[lang]) in one_line(out)


LOG_LANG = {
    "en": ("--log-lang it, but {file} is written in English card words (it has no lang): a log keeps one language; "
           "leave out --log-lang to go on in it",
           "--log-lang es, but {file} is written in Italian card words (it says lang = \"it\"): a log keeps one "
           "language; leave out --log-lang to go on in it"),
    "it": ("--log-lang it, ma {file} è scritto con i nomi delle carte in inglese (non ha lang): un registro resta "
           "in una sola lingua; togli --log-lang per continuare nella sua",
           "--log-lang es, ma {file} è scritto con i nomi delle carte in italiano (dice lang = \"it\"): un registro "
           "resta in una sola lingua; togli --log-lang per continuare nella sua"),
    "es": ("--log-lang it, pero {file} está escrito con los nombres de cartas en inglés (no tiene lang): un "
           "registro se queda en un solo idioma; quita --log-lang para seguir en el suyo",
           "--log-lang es, pero {file} está escrito con los nombres de cartas en italiano (dice lang = \"it\"): un "
           "registro se queda en un solo idioma; quita --log-lang para seguir en el suyo"),
    "ja": ("--log-lang it が指定されましたが、{file} は英語のカード名で書かれています（lang がありません）。"
           "ゲーム記録の言語は1つだけです。続けるには --log-lang を外してください",
           "--log-lang es が指定されましたが、{file} はイタリア語のカード名で書かれています（lang = \"it\"）。"
           "ゲーム記録の言語は1つだけです。続けるには --log-lang を外してください"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_record_resume_keeps_the_logs_language_and_says_so_in_the_language(lang, tmp_path):
    english, italian = tmp_path / "en.toml", tmp_path / "it.toml"
    G.run(["deal", "-r", "italian", "--names", "Ana,Ben,Cleo", "--seed", "1", "--out", str(english)])
    G.run(["deal", "-r", "italian", "--names", "Ana,Ben,Cleo", "--seed", "1", "--log-lang", "it",
           "--out", str(italian)])
    for path, other, expected in zip((english, italian), ("it", "es"), LOG_LANG[lang]):
        out = G.run(["--lang", lang, "record", str(path), "--resume", "--log-lang", other])
        assert "\nexit 2\n" in out
        assert one_line(expected.format(file=path)) in one_line(out)


BUSY = {
    "en": "another `bids record` is recording it (process {pid}): one recorder a file (its lock is {lock}); quit "
          "that one first, or record into another file",
    "it": "un altro `bids record` lo sta registrando (processo {pid}): un solo registratore per file (il suo blocco "
          "è {lock}); chiudi prima quello, o registra in un altro file",
    "es": "otro `bids record` lo está registrando (proceso {pid}): un solo registrador por archivo (su bloqueo es "
          "{lock}); cierra primero ese, o registra en otro archivo",
    "ja": "別の `bids record`（プロセス{pid}）がこのファイルを記録中です。1つのファイルを記録できるのは1つだけです"
          "（ロックは {lock}）。先にそちらを終了するか、別のファイルに記録してください",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_recorder_is_refused_in_the_language(lang, tmp_path):
    out = tmp_path / "game.toml"
    out.write_text("")
    held = lock_for(str(out))
    try:
        with pytest.raises(BidsError) as err:
            lock_for(str(out))
    finally:
        held.release()
    lock = tmp_path / ".game.toml.lock"
    assert BUSY[lang].format(pid=os.getpid(), lock=lock) in err.value.text(lang)
    assert err.value.to_json()["message"] == BUSY["en"].format(pid=os.getpid(), lock=lock)  # JSON stays English


TOO_BIG = {
    "en": "italian at 3 players: 1001 rounds: bidscli reads at most 1000 rounds a log, so no log of this game "
          "could be read (expected a smaller deck.hand_size, game.rounds or --rounds)",
    "it": "italian con 3 giocatori: 1001 round: bidscli legge al massimo 1000 round per registro, quindi nessun "
          "registro di questa partita si potrebbe leggere (serve un deck.hand_size, un game.rounds o un --rounds "
          "più piccolo)",
    "es": "italian con 3 jugadores: 1001 rondas: bidscli lee como máximo 1000 rondas por registro, así que ningún "
          "registro de esta partida se podría leer (se esperaba un deck.hand_size, game.rounds o --rounds menor)",
    "ja": "italian（3人）：ラウンドが1001個あります。bidscli が読めるのは1つのゲーム記録につき最大1000"
          "ラウンドです。このゲームの記録は読み込めません（deck.hand_size、game.rounds または --rounds を小さくして"
          "ください）",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_no_log_could_hold_is_refused_in_the_language(lang):
    ruleset = load_ruleset("italian")
    opts = ruleset.table_options({})
    with pytest.raises(BidsError) as err:
        check_fits_log(ruleset, 3, deck_for(ruleset, 3, opts), 1001)
    assert err.value.text(lang) == TOO_BIG[lang]


# -- issue 34 item 2: the rest a player reads (the scan of the whole package) ---------------------

SKIPPED = {
    "en": "house.toml: skipped: a ruleset file, not a game log",
    "it": "house.toml: saltato: un file di regolamento, non un registro di partita",
    "es": "house.toml: omitido: un archivo de reglamento, no un registro de partida",
    "ja": "house.toml: スキップ：ルールセットのファイルで、ゲーム記録ではありません",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_ruleset_file_in_a_folder_is_skipped_in_the_language(lang, tmp_path):
    (tmp_path / "house.toml").write_text((G.ROOT / "examples" / "house.toml").read_text())
    for command in ("validate", "score"):
        out = G.run(["--lang", lang, command, str(tmp_path)])
        assert f"{tmp_path}/{SKIPPED[lang]}\n" in out, out


BOTS = {
    "en": ("unknown bot 'gredy' (did you mean 'greedy'?): expected random, greedy, lucky, default",
           "2 bots for 4 players: give one per seat or a single name"),
    "it": ("bot 'gredy' sconosciuto (forse 'greedy'?): serve uno tra random, greedy, lucky, default",
           "2 bot per 4 giocatori: indicane uno per posto o un solo nome"),
    "es": ("bot 'gredy' desconocido (¿quisiste decir 'greedy'?): se esperaba uno de random, greedy, lucky, default",
           "2 bots para 4 jugadores: da uno por asiento o un solo nombre"),
    "ja": ("不明なボット 'gredy' です（もしかして 'greedy' ですか？）。random, greedy, lucky, default のいずれかを使って"
           "ください",
           "4人に対してボットが2個です：席ごとに1つ、または1つだけ指定してください"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_study_says_what_is_wrong_with_the_bots_in_the_language(lang):
    unknown, count = BOTS[lang]
    out = G.run(["--lang", lang, "study", "-r", "italian", "-p", "3", "-g", "1", "--bots", "gredy"])
    assert "\nexit 2\n" in out and one_line(unknown) in one_line(out)
    out = G.run(["--lang", lang, "study", "-r", "italian", "-p", "4", "-g", "1", "--bots", "greedy,lucky"])
    assert "\nexit 2\n" in out and one_line(count) in one_line(out)


JOBS = {
    "en": ("note: --jobs 8: this machine has 1 core, so 1 worker at most",
           "note: --jobs 8: this machine has 2 cores, so 2 workers at most"),
    "it": ("nota: --jobs 8: questa macchina ha 1 core, quindi al massimo 1 processo",
           "nota: --jobs 8: questa macchina ha 2 core, quindi al massimo 2 processi"),
    "es": ("nota: --jobs 8: esta máquina tiene 1 núcleo, así que como máximo 1 proceso",
           "nota: --jobs 8: esta máquina tiene 2 núcleos, así que como máximo 2 procesos"),
    "ja": ("注意：--jobs 8：このマシンのコアは1個なので、ワーカーは最大1個です",
           "注意：--jobs 8：このマシンのコアは2個なので、ワーカーは最大2個です"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_jobs_note_counts_the_cores_in_the_language(lang, monkeypatch):
    from bidscli.app import parallel

    for cores, expected in zip((1, 2), JOBS[lang]):
        monkeypatch.setattr(parallel, "cores", lambda cores=cores: cores)
        out = G.run(["--lang", lang, "validate", "--jobs", "8", "examples/thief-6p.toml"])
        assert f"--- stderr\n{expected}\n" in out, out
