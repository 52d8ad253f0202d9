"""`bids serve`'s JSON API in-process (Starlette's TestClient): serve.md's contract, request by request.

A whole game is recorded through the API alone (THIEF_NIGHT, tests/servekit.py: a mandatory
steal asked by `check`, a wrong trick undone), and the saved log validates and scores as the
API's states said. Then each refusal: the secret, the Host, the body's size, names from a
request, stale versions and retries, hostile text.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import pytest

from .servekit import (
    FINAL,
    NEW_GAME,
    ORIGINAL,
    PLAYERS,
    STEAL,
    THIEF_LINES,
    URL_SAFE,
    score_json,
    validate,
)

pytest.importorskip("httpx")
with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from bidscli.cli.web import Site

SECRET = "s3cret-for-the-tests-only-0123456789"


@pytest.fixture
def served(tmp_path):
    site = Site(str(tmp_path), SECRET, {"testserver"})
    with TestClient(site.app) as client:
        client.folder = tmp_path
        yield client


AUTH = {"Authorization": f"Bearer {SECRET}"}


def _post(client, path, doc, auth=AUTH):
    return client.post(path, json=doc, headers=auth)


def _new(client, **changes):
    r = _post(client, "/api/games", dict(NEW_GAME, **changes))
    assert r.status_code == 201, r.text
    return r.json()


def test_a_whole_game_through_the_api_with_a_steal_and_an_undo(served):
    state = _new(served)
    assert state["id"] == "thief-night" and state["file"] == "thief-night.toml"
    assert (state["round"], state["trick"], state["leader"]) == (1, 1, "Ana")
    assert state["order"] == PLAYERS and state["players"] == PLAYERS
    assert state["ruleset"] == "italian" and state["complete"] is False and state["winners"] is None
    assert state["totals"] == dict.fromkeys(PLAYERS, 0)
    assert "R10" in state["possible"]["Ana"] and "K5" in state["reveal"]
    game = "/api/games/thief-night"
    for i, line in enumerate(THIEF_LINES):
        check = _post(served, game + "/check", {"line": line}).json()
        if i == 2:  # the Thief: Ben must steal at once, and the line does not say what
            assert check["ok"] is False and check["errors"] == []
            assert check["steal"] == {"thief": "Ben", "mandatory": True, "why": check["steal"]["why"],
                                      "choices": [{"card": "K5", "victim": "Ana"}]}
            refused = _post(served, game + "/tricks", {"line": line, "version": state["version"]})
            assert refused.status_code == 422  # a log without the mandatory steal is refused
            assert "Ben" in refused.json()["errors"][0]["message"]
            line = f"{line}; {STEAL}"
            check = _post(served, game + "/check", {"line": line}).json()
        assert check["ok"] is True and check["steal"] is None, check
        if i == 3:  # a wrong trick first (Cleo's and Dev's cards swapped), saved, then undone
            wrong = "K9: Ben B1, Cleo B2, Dev B10, Ana B3"
            saved = _post(served, game + "/tricks", {"line": wrong, "version": state["version"]})
            assert saved.status_code == 200 and saved.json()["last"]["winner"] == "Dev"
            undone = _post(served, game + "/undo", {"version": saved.json()["version"]})
            assert undone.status_code == 200
            assert undone.json()["trick"] == 4 and undone.json()["version"] == state["version"]
        r = _post(served, game + "/tricks", {"line": line, "version": state["version"]})
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["version"] != state["version"]
        assert new["last"]["line"] == line and new["last"]["winner"] == check["winner"]
        assert new["last"]["why"] == check["why"] and new["last"]["points"] == check["points"]
        state = new
    assert state["complete"] is True and state["winners"] == ["Cleo"]
    assert state["totals"] == FINAL
    assert [t["line"] for t in state["tricks"]] == [*THIEF_LINES[:2], f"{THIEF_LINES[2]}; {STEAL}", *THIEF_LINES[3:]]
    assert state["rounds"][0]["totals"] == FINAL and state["rounds"][0]["summary"].startswith("Round 1 scores:")
    saved = served.folder / "thief-night.toml"
    assert validate(saved).returncode == 0
    assert score_json(saved)["totals"] == state["totals"] == score_json(ORIGINAL)["totals"]
    # The game is complete: nothing more is recorded.
    r = _post(served, game + "/tricks", {"line": "K1: Ana R1, Ben R2, Cleo R3, Dev R4", "version": state["version"]})
    assert r.status_code == 422 and "complete" in r.json()["errors"][0]["message"]


def test_totals_equal_score_allow_partial_at_every_trick(served):
    state = _new(served, file="p.toml")
    for line in [THIEF_LINES[0], THIEF_LINES[1], f"{THIEF_LINES[2]}; {STEAL}"]:
        state = _post(served, "/api/games/p/tricks", {"line": line, "version": state["version"]}).json()
        assert state["totals"] == score_json(served.folder / "p.toml", partial=True)["totals"]
    assert state["totals"] == {"Ana": 0, "Ben": 12, "Cleo": 0, "Dev": 0}  # K5 stolen back from Ana, K7 kept


def test_the_short_form_and_the_recorders_messages(served):
    state = _new(served, file="s.toml")
    r = _post(served, "/api/games/s/tricks", {"line": "K5: R10 R1 R2 R3", "version": state["version"]})
    assert r.status_code == 200 and r.json()["last"]["line"] == THIEF_LINES[0]
    state = r.json()
    r = _post(served, "/api/games/s/check", {"line": "K7: G1 G10 G2"})
    assert r.json()["ok"] is False
    assert r.json()["errors"][0]["message"] == ("round 1, trick 2: 3 cards for 4 players: expected one each, in "
                                                "playing order from Ana")
    r = _post(served, "/api/games/s/tricks", {"line": "K7: Ana G1, Ben R10, Cleo G2, Dev G3",
                                              "version": state["version"]})
    assert r.status_code == 422
    assert "R10" in r.json()["errors"][0]["message"] and "already" in r.json()["errors"][0]["message"]
    assert served.get("/api/games/s").json()["version"] == state["version"]  # nothing saved


def test_a_stale_version_is_a_conflict_and_a_retry_of_a_saved_line_is_not(served):
    state = _new(served, file="c.toml")
    v0 = state["version"]
    first = _post(served, "/api/games/c/tricks", {"line": THIEF_LINES[0], "version": v0})
    assert first.status_code == 200
    # The same line again against the version it was saved from: the reply was lost, it is saved.
    again = _post(served, "/api/games/c/tricks", {"line": THIEF_LINES[0], "version": v0})
    assert again.status_code == 200 and again.json() == first.json()
    # Another phone sends another trick against the old version: 409 with the state as it is.
    other = _post(served, "/api/games/c/tricks", {"line": "K7: Ana G1, Ben G10, Cleo G2, Dev G3", "version": v0})
    assert other.status_code == 409
    body = other.json()
    assert body["version"] == first.json()["version"] and body["trick"] == 2 and body["conflict"]
    assert len(body["tricks"]) == 1
    # An undo against an old version is refused too.
    assert _post(served, "/api/games/c/undo", {"version": v0}).status_code == 409
    log = (served.folder / "c.toml").read_text()
    assert log.count("K5: Ana R10") == 1


def test_the_log_is_the_recorders_and_keeps_title_and_language(served):
    _new(served, file="t.toml", title="Friday at Marta's", lang="it")
    text = (served.folder / "t.toml").read_text()
    assert 'title = "Friday at Marta\'s"' in text and 'lang = "it"' in text and "rounds = 1" in text
    assert "Recorded with `bids record`" in text
    state = served.get("/api/games/t").json()
    assert state["title"] == "Friday at Marta's" and state["lang"] == "it"


# -- the door ----------------------------------------------------------------------------------


def test_writes_need_the_secret(served):
    for auth in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {SECRET}"},
                 {"Authorization": f"Bearer {SECRET}x"}):
        r = _post(served, "/api/games", NEW_GAME, auth=auth)
        assert r.status_code == 401, auth
    assert not list(served.folder.iterdir())
    state = _new(served)
    for path, doc in (("check", {"line": THIEF_LINES[0]}), ("tricks", {"line": THIEF_LINES[0], "version": state["version"]}),
                      ("undo", {"version": state["version"]})):
        assert served.post(f"/api/games/thief-night/{path}", json=doc).status_code == 401
    assert served.get("/api/games/thief-night").status_code == 200  # reading needs nothing


def test_too_many_wrong_secrets_wait(served):
    codes = [_post(served, "/api/games", NEW_GAME, auth={"Authorization": "Bearer nope"}).status_code
             for _ in range(25)]
    assert codes[0] == 401 and codes[-1] == 429


def test_too_many_requests_from_one_address_wait_with_a_clear_answer(tmp_path):
    site = Site(str(tmp_path), SECRET, {"testserver"}, rate=0.001, burst=3)
    with TestClient(site.app) as client:
        codes = [client.get("/api/games").status_code for _ in range(4)]
        r = client.get("/api/games/x/events")
        page = client.get("/")
    assert codes == [200, 200, 200, 429]
    assert r.status_code == 429 and r.headers["retry-after"] == "1"
    assert r.json() == {"errors": [{"message": "too many requests: wait a moment", "line": None}]}
    assert page.status_code == 429 and page.text == "too many requests: wait a moment\n"


def test_another_host_is_refused(served):
    r = served.get("/api/games", headers={"Host": "evil.example:8765"})
    assert r.status_code == 421
    assert r.json() == {"errors": [{"message": "this server answers only for testserver", "line": None}]}
    assert served.get("/", headers={"Host": "evil.example"}).status_code == 421


def test_bodies_over_64_kib_are_refused_as_they_arrive(served):
    big = {"line": "x" * (70 * 1024)}
    r = _post(served, "/api/games", dict(NEW_GAME, title="y" * (70 * 1024)))
    assert r.status_code == 413
    _new(served)

    def chunks():  # no Content-Length: counted as the bytes come
        yield b'{"line": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}'

    r = served.post("/api/games/thief-night/check", content=chunks(), headers=AUTH)
    assert r.status_code == 413
    r = served.post("/api/games/thief-night/check", content=json.dumps(big), headers=AUTH)
    assert r.status_code == 413


def test_bodies_that_are_not_json_objects(served):
    _new(served)
    assert served.post("/api/games/thief-night/check", content=b"\xff\xfe", headers=AUTH).status_code == 400
    assert served.post("/api/games/thief-night/check", content=b"[1]", headers=AUTH).status_code == 422
    assert _post(served, "/api/games/thief-night/check", {"line": 5}).status_code == 422
    assert _post(served, "/api/games/thief-night/tricks", {"line": THIEF_LINES[0]}).status_code == 422


@pytest.mark.parametrize("name", ["../escape.toml", "sub/x.toml", "x.txt", ".hidden.toml", "..", "a\\b.toml",
                                  "/abs.toml", ""])
def test_a_file_name_with_a_folder_part_is_refused(served, name):
    r = _post(served, "/api/games", dict(NEW_GAME, file=name))
    assert r.status_code == 422, name
    assert not (served.folder.parent / "escape.toml").exists()


def test_an_existing_file_is_never_replaced(served):
    (served.folder / "thief-night.toml").write_text("# mine\n")
    r = _post(served, "/api/games", NEW_GAME)
    assert r.status_code == 409
    assert (served.folder / "thief-night.toml").read_text() == "# mine\n"


def test_a_ruleset_is_bundled_or_a_file_of_the_folder(served, tmp_path_factory):
    outside = tmp_path_factory.mktemp("out") / "house.toml"
    outside.write_text((Path(__file__).parent.parent / "examples" / "house.toml").read_text())
    for ref in (str(outside), "../out/house.toml", "nothere.toml"):
        assert _post(served, "/api/games", dict(NEW_GAME, ruleset=ref)).status_code == 422, ref
    (served.folder / "house.toml").write_text(outside.read_text())
    state = _new(served, ruleset="house.toml", options={"thief": True, "ally": True}, rounds=None)
    assert state["ruleset"]
    listing = served.get("/api/games").json()["games"]
    assert [g["file"] for g in listing] == ["thief-night.toml"]  # a ruleset file is not a game
    assert {"file": "house.toml"}.items() <= served.get("/api/rulesets").json()["files"][0].items()


def test_invalid_new_games(served):
    for change in ({"players": ["Ana", "Ben"]}, {"players": ["Ana", "Ana", "Ben"]},
                   {"players": ["Ana", "ana", "Ben"]}, {"players": ["A,B", "C", "D"]},
                   {"ruleset": "nordic"}, {"options": {"thief.timing": True}}, {"options": {"thief": "yes"}},
                   {"rounds": 0}, {"rounds": True}, {"lang": "fr"}, {"title": "x\x1b[31m"},
                   {"players": ["Ana", "Ben", "\x1b]0;pwned\x07"]},
                   {"players": ["Ana", "\u0410na", "Ben"]}):  # a Cyrillic A: names that look alike
        r = _post(served, "/api/games", dict(NEW_GAME, **change))
        assert r.status_code == 422, (change, r.text)
        assert r.json()["errors"][0]["message"]
    assert not list(served.folder.iterdir())


def test_the_listing_names_only_logs_of_the_folder_with_url_safe_ids(served, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere")
    (outside / "secret.toml").write_text(ORIGINAL.read_text())
    os.symlink(outside / "secret.toml", served.folder / "link.toml")
    (served.folder / "sub").mkdir()
    (served.folder / "sub" / "deep.toml").write_text(ORIGINAL.read_text())
    for name in ("Friday night é.toml", "a%2F..toml", "plain.toml"):
        (served.folder / name).write_text(ORIGINAL.read_text())
    games = served.get("/api/games").json()["games"]
    assert sorted(g["file"] for g in games) == ["Friday night é.toml", "a%2F..toml", "plain.toml"]
    for g in games:
        assert URL_SAFE.match(g["id"]), g["id"]
        assert served.get(f"/api/games/{g['id']}").json()["file"] == g["file"]
        # Complete as a log, but it keeps no game length: the recorder goes on to game.rounds.
        assert g["players"] == PLAYERS and g["complete"] is False
    assert served.get("/api/games/link").status_code == 404
    assert served.get("/api/games/..%2Foutside").status_code == 404


# -- hostile text --------------------------------------------------------------------------------


def test_hostile_lines_get_the_recorders_messages(served):
    state = _new(served)
    g = "/api/games/thief-night"
    r = _post(served, g + "/check", {"line": "K5: Ana R10\x1b[31m, Ben R1, Cleo R2, Dev R3"})
    msg = r.json()["errors"][0]["message"]
    assert "\x1b" not in msg and "\\x1b" in msg
    r = _post(served, g + "/tricks", {"line": "K5: " + "R1 " * 2000, "version": state["version"]})
    assert r.status_code == 422
    assert "record reads lines of at most 4,096" in r.json()["errors"][0]["message"]
    r = _post(served, g + "/check", {"line": "K5: Аna R10, Ben R1, Cleo R2, Dev R3"})  # a Cyrillic A
    assert r.json()["ok"] is False and r.json()["errors"]
    r = _post(served, g + "/check", {"line": "\u202eK5: R10 R1 R2 R3"})
    assert "\u202e" not in json.dumps(r.json(), ensure_ascii=False)


def test_every_answer_carries_the_security_headers(served):
    _new(served)
    for path in ("/", "/g/thief-night", "/w/thief-night", "/api/games", "/static/serve.js", "/g/thief-night/report"):
        r = served.get(path)
        assert r.status_code == 200, path
        csp = r.headers["content-security-policy"]
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0], path
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
    page = served.get("/g/thief-night").text
    assert "<script>" not in page  # no inline script: the page loads /static/serve.js


def test_texts_follow_the_language_asked(served):
    _new(served)
    assert served.get("/?lang=it").text.startswith("<!DOCTYPE html>\n<html lang=\"it\">")
    assert '<html lang="ja">' in served.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9"}).text
    assert '<html lang="en">' in served.get("/", headers={"Accept-Language": "fr"}).text


def test_texts_for_people_are_in_the_language_asked_keys_and_cards_are_not(served):
    state = _new(served)
    r = served.get("/api/games/nope?lang=it")
    assert r.status_code == 404 and r.json()["errors"][0]["message"] == "nessuna partita così in questa cartella"
    first = _post(served, "/api/games/thief-night/tricks", {"line": THIEF_LINES[0], "version": state["version"]})
    stale = served.post("/api/games/thief-night/tricks", json={"line": THIEF_LINES[1], "version": state["version"]},
                        headers={**AUTH, "Accept-Language": "es-ES,es;q=0.9"})
    assert stale.status_code == 409 and stale.json()["conflict"].startswith("la partida ha cambiado")
    ja = served.get("/api/games/thief-night?lang=ja").json()
    assert ja["last"]["line"] == THIEF_LINES[0] and ja["last"]["winner"] == "Ana"  # the log's own words
    assert ja["last"]["verdict"].startswith("Ana +5（")
    assert ja["totals"] == first.json()["totals"]
    assert _texts(served.get("/?lang=it").text)["new_game"] == "Nuova partita"
    assert _texts(served.get("/", headers={"Accept-Language": "ja"}).text)["new_game"] == "新しいゲーム"
    wrong = served.post("/api/games?lang=ja", json=NEW_GAME, headers={"Authorization": "Bearer nope"})
    assert wrong.json()["errors"][0]["message"] == "書き込むには記録係のリンク（その秘密）が必要です"


def _texts(page: str) -> dict:
    """The texts a page's script shows (its JSON block)."""
    import re

    return json.loads(re.search(r'<script type="application/json" id="texts">(.*?)</script>', page).group(1))


def test_a_round_summary_in_each_language(served):
    state = _new(served)
    for line in [*THIEF_LINES[:2], f"{THIEF_LINES[2]}; {STEAL}", *THIEF_LINES[3:]]:
        state = _post(served, "/api/games/thief-night/tricks", {"line": line, "version": state["version"]}).json()
    summaries = {lang: served.get(f"/api/games/thief-night?lang={lang}").json()["rounds"][0]["summary"]
                 for lang in ("en", "it", "es", "ja")}
    assert summaries == {
        "en": "Round 1 scores: Ana 3, Ben 16, Cleo 26, Dev 2",
        "it": "Punti del round 1: Ana 3, Ben 16, Cleo 26, Dev 2",
        "es": "Puntos de la ronda 1: Ana 3, Ben 16, Cleo 26, Dev 2",
        "ja": "ラウンド1の得点：Ana 3、Ben 16、Cleo 26、Dev 2",
    }


def test_a_state_answered_in_one_language_is_not_kept_for_another(served):
    state = _new(served)
    lines = [*THIEF_LINES[:2], f"{THIEF_LINES[2]}; {STEAL}", *THIEF_LINES[3:]]
    for line in lines:  # the last trick saved from an Italian page: its answer in Italian
        state = _post(served, "/api/games/thief-night/tricks?lang=it", {"line": line, "version": state["version"]}).json()
    assert state["rounds"][0]["summary"] == "Punti del round 1: Ana 3, Ben 16, Cleo 26, Dev 2"
    english = served.get("/api/games/thief-night", headers={"Accept-Language": "en"}).json()
    assert english["rounds"][0]["summary"] == "Round 1 scores: Ana 3, Ben 16, Cleo 26, Dev 2"


def test_a_games_report_speaks_the_tables_language(served):
    _new(served, lang="ja")
    served_report = served.get("/g/thief-night/report", headers={"Accept-Language": "en"})
    assert served_report.status_code == 200 and '<html lang="ja"' in served_report.text
    assert '<html lang="es"' in served.get("/g/thief-night/report?lang=es").text


def test_a_games_pages_speak_the_tables_language(served):
    _new(served, lang="it")
    assert '<html lang="it">' in served.get("/w/thief-night", headers={"Accept-Language": "en"}).text
    assert '<html lang="es">' in served.get("/w/thief-night?lang=es").text


def test_no_ruleset_outside_the_folder_is_read(served, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    house = (Path(__file__).parent.parent / "examples" / "house.toml").read_text()
    (outside / "house.toml").write_text(house)
    # A log of the folder naming a ruleset outside it: listed with why, never played.
    log = ORIGINAL.read_text().replace('ruleset = "italian"', 'ruleset = "../outside/house.toml"')
    assert log != ORIGINAL.read_text()
    (served.folder / "far.toml").write_text(log)
    games = served.get("/api/games").json()["games"]
    assert "bids serve reads only the bundled rulesets" in games[0]["error"]
    r = served.get("/api/games/far")
    assert r.status_code == 422 and "bids serve reads only the bundled rulesets" in r.json()["errors"][0]["message"]
    # A ruleset file of the folder that extends one outside it: refused for a new game too.
    (served.folder / "near.toml").write_text('extends = "../outside/house.toml"\nname = "near"\n')
    r = _post(served, "/api/games", dict(NEW_GAME, ruleset="near.toml"))
    assert r.status_code == 422 and "bids serve reads only the bundled rulesets" in r.json()["errors"][0]["message"]
    assert not (served.folder / "thief-night.toml").exists()


def test_the_season_page_reads_only_the_games_listed(served, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere")
    (outside / "other.toml").write_text(ORIGINAL.read_text().replace("Cleo", "Zed"))
    os.symlink(outside / "other.toml", served.folder / "link.toml")
    (served.folder / "sub").mkdir()
    (served.folder / "sub" / "deep.toml").write_text(ORIGINAL.read_text().replace("Cleo", "Yul"))
    (served.folder / "here.toml").write_text(ORIGINAL.read_text())
    page = served.get("/season")
    assert page.status_code == 200
    assert "Cleo" in page.text and "Zed" not in page.text and "Yul" not in page.text


def test_a_game_of_an_italian_table_writes_italian_card_words(served):
    from .servekit import in_words

    state = _new(served, lang="it")
    assert state["card_lang"] == "it"
    assert "G5" in state["possible"]["Ana"] and state["cards"]["G5"] == "Y"  # giallo 5
    assert "N5" in state["reveal"] and state["cards"]["N5"] == "K" and "Ladro" in state["reveal"]
    line = in_words(THIEF_LINES[0], "it")
    assert line == "N5: Ana R10, Ben R1, Cleo R2, Dev R3"
    state = _post(served, "/api/games/thief-night/tricks", {"line": line, "version": state["version"]}).json()
    assert state["last"]["line"] == line
    text = (served.folder / "thief-night.toml").read_text()
    assert 'lang = "it"' in text.split("[options]")[0] and line in text
    state = _post(served, "/api/games/thief-night/tricks", {"line": in_words(THIEF_LINES[1], "it"),
                                                            "version": state["version"]}).json()
    theft = _post(served, "/api/games/thief-night/check", {"line": in_words(THIEF_LINES[2], "it")}).json()
    assert theft["steal"]["choices"] == [{"card": "N5", "victim": "Ana"}]
    assert score_json(served.folder / "thief-night.toml", partial=True)["totals"] == state["totals"]


def test_a_dealt_game_offers_each_hand_and_turns_up_the_pile_itself(served):
    from bidscli.rules.ruleset import load_ruleset
    from bidscli.sim.deal import deal_text, make_deal

    deal = make_deal(load_ruleset("english"), PLAYERS, {"thief": True}, seed=5)._replace(ruleset="english")
    (served.folder / "dealt.toml").write_text(deal_text(deal))
    state = served.get("/api/games/dealt").json()
    assert state["dealt"] is True and state["reveal"] == []
    hands = {p: sorted(map(str, h), key=str) for p, h in deal.rounds[0].hands.items()}
    assert {p: sorted(c, key=str) for p, c in state["possible"].items()} == hands
    line = ": " + ", ".join(f"{p} {state['possible'][p][0]}" for p in state["order"])
    r = _post(served, "/api/games/dealt/tricks", {"line": line, "version": state["version"]})
    assert r.status_code == 200, r.text
    top = str(deal.rounds[0].pile[0])
    assert r.json()["last"]["line"].startswith(f"{top}: ")  # the recorder wrote the pile's card
    assert all(state["possible"][p][0] not in r.json()["possible"][p] for p in PLAYERS)


def test_the_engines_words_in_the_requests_language(served):
    """A check's short verdict and the steal's reason are the engine's messages, worded in the
    request's language (serve.md: texts meant for people); JSON keys stay English."""
    state = _new(served)
    for line in THIEF_LINES[:2]:
        state = _post(served, "/api/games/thief-night/tricks", {"line": line, "version": state["version"]}).json()
    said = {lang: _post(served, f"/api/games/thief-night/check?lang={lang}", {"line": THIEF_LINES[2]}).json()
            for lang in ("en", "it", "es", "ja")}
    assert said["en"]["why"] == "highest bid Y10"
    assert said["it"]["why"].startswith("offerta più alta ")
    assert said["es"]["why"].startswith("puja más alta ")
    assert said["ja"]["why"].startswith("一番高いカード ")
    assert said["en"]["steal"]["why"].startswith("the weakest bidder has no black card")
    assert said["it"]["steal"]["why"].startswith("chi ha fatto l'offerta più debole non ha carte nere")
    assert said["es"]["steal"]["why"].startswith("quien hizo la puja más débil no tiene cartas negras")
    assert said["ja"]["steal"]["why"].startswith("一番弱いカードを出した人に黒カードがないため")
    assert all(set(doc) == set(said["en"]) for doc in said.values())
