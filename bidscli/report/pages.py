"""The data behind the HTML pages of ``bids report`` and ``bids study --html``.

Each function turns results (a scored game, a diff, a study document) into one
JSON-ready dict: what the page shows, and what ``bids report --format json``
prints. No markup here (``html.py`` and the templates draw it) and no new
analysis: everything comes from the engine's results, ``variants.diff`` and
``study.report``.

A text of the page data is a ``Message`` (or an ``i18n.Listed`` of them): the page words it in
the output language, ``--format json`` in English (render.dumps), as it always said it.
"""

from __future__ import annotations

from pathlib import PurePath

from ..core.cards import COLOUR_NAMES, Card
from ..core.i18n import N_, Listed, Message, PluralMessage, output_language, said
from ..core.paths import shared_path
from ..engine.replay import GameResult, TrickResult
from ..rules.knobs import TABLE_OPTIONS, knob_value
from ..rules.ruleset import Ruleset, is_bundled, source_id
from .account import RuleName, Shares, value_words
from .render import cell_text, minus_five_column, reason_json

COLOUR_NAMES_ALL = {**COLOUR_NAMES, "W": "white"}


def card_doc(card: Card) -> dict:
    """A card as the page draws it: its colour letter (R/G/Y/B/K, W for Ally) is always printed."""
    label = card.special if card.special is not None else str(card.number)
    colour = card.colour
    return {"text": str(card), "colour": colour, "label": label,
            "name": f"{COLOUR_NAMES_ALL.get(colour, colour)} {label}"}


def reason_doc(ruleset: Ruleset, r) -> dict:
    """A reason of a page: its words as data (the engine's message: the page says it in the output
    language, --format json in English, as reason_json)."""
    doc = reason_json(ruleset, r)
    doc["text"] = r.message
    doc.setdefault("knob", None)
    if doc["knob"]:
        doc["value_text"] = cell_text(doc["value"])
        doc["source"] = said(doc["source"])  # a bundled ruleset's citation worded where the page shows it
    return doc


def verdict_of(t: TrickResult) -> Message | str:
    """A trick's short verdict as data ("highest bid K7"): the page words it, JSON says it in English."""
    return "" if t.verdict is None else t.verdict


def ruleset_doc(ruleset: Ruleset, label: str | None = None) -> dict:
    # a bundled ruleset's title and a house ruleset's source worded where the page prints them
    return {"label": label or ruleset.name, "name": ruleset.name, "source": said(ruleset.source),
            "title": said(ruleset.title), "path": ruleset.path}


def rule_doc(name: str) -> dict:
    """A rule as the pages name it: in the players' words first (``title``, the whole
    ``label`` with its alternatives, worded when shown: English in the JSON), then its knob name
    (``knob``)."""
    return {"knob": name, "title": RuleName(name), "label": RuleName(name, full=True)}


def options_doc(options) -> dict:
    return {k: bool(options.get(k)) for k in TABLE_OPTIONS}


# -- a game ------------------------------------------------------------------------------


def trick_doc(ruleset: Ruleset, t: TrickResult) -> dict:
    win = t.winner
    return {
        "number": t.number,
        "leader": t.leader,
        "revealed": [card_doc(c) for c in t.revealed],
        "centre": None if t.centre is None else card_doc(t.centre),
        "hidden": t.hidden,
        "burned": t.burned,
        "lowest": t.lowest,
        "winner": win,
        "points": t.points,
        "reason": verdict_of(t),
        # a burned trick's cause without "burned" ("tie on 14 (Ada G14, Cy B14)"): the page says it once
        "burned_by": t.burned_by,
        "plays": [{"player": p, "card": card_doc(c), "wins": p == win} for p, c in t.plays],
        "taken": [str(c) for c in t.taken],
        "steals": [{"thief": s.thief, "victim": s.victim, "card": card_doc(s.card), "value": s.value,
                    "policy": bool(s.policy)} for s in t.steals],
        "running": dict(t.running),
        # Won 2x: the winner's round points before and after, and the banked total doubled too.
        "doubled": None if t.doubled is None else {"from": t.doubled[0], "to": t.doubled[1], "banked": t.doubled[2]},
        "explain": [reason_doc(ruleset, r) for r in t.reasons],
    }


def progression(result: GameResult) -> dict:
    """Each player's running game total after every trick, then after each round's end
    (Ally split, lucky loser, banked 2x) and the bonuses: the score-progression chart."""
    players = list(result.players)
    banked = dict.fromkeys(players, 0)
    steps: list = [Message("start")]
    series = {p: [0] for p in players}
    breaks = []
    for rnd in result.rounds:
        for t in rnd.tricks:
            steps.append(f"{rnd.number}.{t.number}")  # a trick: its number, the same in every language
            for p in players:
                series[p].append(banked[p] + t.running.get(p, 0))
        for p in players:
            banked[p] += rnd.scores.get(p, 0)
            series[p].append(banked[p])
        steps.append(Message("end of round {round}", round=rnd.number))
        # TRANSLATORS: R1, R2...: round 1, round 2 (a chart's axis, a table's columns)
        breaks.append([len(steps) - 1, Message("R{round}", round=rnd.number)])
    if any(result.bonuses.values()):
        for p in players:
            series[p].append(banked[p] + result.bonuses[p])
        steps.append(Message("bonuses"))
        # TRANSLATORS: the last step of the score chart: the end-of-game bonuses
        breaks.append([len(steps) - 1, Message("bonus")])
    return {"steps": steps, "series": series, "breaks": breaks}


def score_rows(result: GameResult) -> list[dict]:
    """The final table: rank order, each round's score with its marks (lucky loser, Ally, banked 2x)."""
    rows = []
    for p, total in result.ranking:
        rounds = []
        for r in result.rounds:
            rounds.append({"score": r.scores.get(p, 0), "lucky": r.lucky_losers.get(p),
                           "ally": p in r.allies, "double": r.double_bonus.get(p) or None, "partial": r.partial})
        rows.append({"rank": result.ranks[p], "player": p, "rounds": rounds, "bonus": result.bonuses[p],
                     "minus_five_wins": result.minus_five_wins.get(p, 0), "total": total,
                     "winner": result.ranks[p] == 1})
    return rows


def table_marks(rows: list[dict]) -> dict:
    """Which marks the final table holds (lucky loser, Ally, banked 2x): the page explains only those."""
    cells = [r for row in rows for r in row["rounds"]]
    return {"lucky": any(c["lucky"] is not None for c in cells), "ally": any(c["ally"] for c in cells),
            "double": any(c["double"] for c in cells)}


def round_end_label(r) -> Message:
    """What a round's reasons hold, in a few words: only what the round had ("round 2: who leads,
    the Ally split, 2 lucky losers"; no 2x, no Ally where there was none)."""
    parts = [Message("who leads")]
    if r.partial:
        parts.append(Message("unfinished: no Ally split or lucky loser"))
    if r.allies:
        parts.append(Message("the Ally split"))
    n = len(r.lucky_losers)
    if n:
        parts.append(PluralMessage("the lucky loser", "{n} lucky losers", n))
    # TRANSLATORS: the summary of a round's reasons ("round 2: who leads, the Ally split")
    return Message("round {round}: {parts}", round=r.number, parts=Listed(parts, ","))


def page_name(file: str, title: str | None) -> str:
    """What a page calls the game: the log's ``title``, else the file's name without its folder
    (a page is meant to be shared: no local path on it)."""
    return title or PurePath(file).name


def game_page(file: str, ruleset: Ruleset, result: GameResult, title: str | None = None) -> dict:
    partial = any(r.partial for r in result.rounds)
    table = score_rows(result)
    return {
        "kind": "game",
        "file": file,
        "name": page_name(file, title),
        "ruleset": ruleset_doc(ruleset),
        "players": list(result.players),
        "options": options_doc(result.options),
        "partial": partial,
        "winners": result.winners,
        "totals": dict(result.totals),
        "table": table,
        "minus_five_bonus": minus_five_column(result),
        "marks": table_marks(table),
        "rounds": [
            {"number": r.number, "leader": r.leader, "partial": r.partial, "allies": list(r.allies),
             "end_label": round_end_label(r),
             "lucky_losers": dict(r.lucky_losers), "scores": dict(r.scores),
             "double_bonus": {p: v for p, v in r.double_bonus.items() if v},
             "tricks": [trick_doc(ruleset, t) for t in r.tricks],
             "explain": [reason_doc(ruleset, x) for x in r.reasons]}
            for r in result.rounds
        ],
        "bonuses": dict(result.bonuses),
        "explain": [reason_doc(ruleset, x) for x in result.reasons],
        "progression": progression(result),
    }


# -- a comparison --------------------------------------------------------------------------


def _where(dv) -> Message:
    if dv.kind == "trick":
        return Message("trick {round}.{trick}", round=dv.round, trick=dv.trick)
    return Message("end of round {round}", round=dv.round) if dv.kind == "round_end" else Message("bonuses")


# What differs at a trick (analysis.divergence: Divergence.what), in the players' words.
_ASPECTS = {"revealed": N_("the cards revealed"), "winner": N_("the winner"), "cards taken": N_("the cards taken"),
            "points": N_("the points"), "steals": N_("the steals"),
            "round points": N_("the round points after the trick"),
            "banked points (2x)": N_("what the 2x doubles"),
            "Thief rights": N_("the Thief rights held after the trick")}


def _same_winner_text(ts, what) -> Message | None:
    """A parting trick whose winner is the same under every ruleset (or that burns under every
    one): the sentence naming what differs there, since the cells alone look alike."""
    if not what or any(t is None for t in ts) or "winner" in what:
        return None
    differs = Listed((Message(_ASPECTS[w]) if w in _ASPECTS else w for w in what), ",")
    if ts[0].winner is None:
        if len(ts) == 2:
            return Message("Burned under both rulesets; what differs: {what}.", what=differs)
        return Message("Burned under every ruleset; what differs: {what}.", what=differs)
    if len(ts) == 2:
        return Message("{player} wins under both rulesets; what differs: {what}.", player=ts[0].winner, what=differs)
    return Message("{player} wins under every ruleset; what differs: {what}.", player=ts[0].winner, what=differs)


def comparison_page(d, attribution: dict | None = None) -> dict:
    """The same deal under several rulesets (a ``variants.Diff``), as the comparison page shows it.

    ``moved``: every differing knob named by the reasons that differ where the results part
    (``d.divergences``: tricks, round ends, the bonus), with where it acted.
    """
    from ..analysis.divergence import tricks_of

    deal, labels, outs = d.deal, list(d.labels), list(d.outcomes)
    tricks = [tricks_of(o) for o in outs]
    moved: dict = {}
    parting: dict = {}  # (round, trick) -> what differs there (Divergence.what)
    for dv in d.divergences:
        if dv.kind == "trick":
            parting[(dv.round, dv.trick)] = dv.what
        for k in dv.knobs:
            where = moved.setdefault(k, [])
            if _where(dv) not in where:  # Message compares by its id and arguments
                where.append(_where(dv))

    rows = []
    for r in deal.rounds:
        for tp in r.tricks:
            key = (r.number, tp.number)
            ts = [tt.get(key) for tt in tricks]
            first = bool(d.first and (d.first["round"], d.first["trick"]) == key)
            cells = []
            for lab, o, t in zip(labels, outs, ts):
                if t is None:
                    cells.append({"label": lab, "known": False, "winner": None, "points": None, "burned": False,
                                  "revealed": [], "steals": [], "reason": Message("undetermined from this log"),
                                  "doubled": None, "explain": []})
                    continue
                cells.append({"label": lab, "known": True, "winner": t.winner, "points": t.points,
                              "burned": t.burned, "revealed": [card_doc(c) for c in t.revealed],
                              "steals": [{"thief": s.thief, "victim": s.victim, "card": card_doc(s.card),
                                          "policy": bool(s.policy)} for s in t.steals],
                              "reason": verdict_of(t),
                              # Won 2x: what it doubled (as the game page and replay say it).
                              "doubled": None if t.doubled is None else
                              {"from": t.doubled[0], "to": t.doubled[1], "banked": t.doubled[2]},
                              "explain": [reason_doc(o.ruleset, x) for x in t.reasons]})
            rows.append({"round": r.number, "trick": tp.number, "parts": key in parting, "first": first,
                         "prize": [card_doc(c) for c in tp.revealed],
                         "differs": list(parting.get(key, ())),
                         "same_winner": _same_winner_text(ts, parting.get(key)),
                         "cells": cells})
    verdicts, tables = [], []
    for lab, o in zip(labels, outs):
        res = o.result
        if not o.determined:
            u = o.undetermined or {}
            verdicts.append({"label": lab, "determined": False, "winners": [], "total": None,
                             "message": u.get("message", Message("not playable")), "partial": False})
            tables.append({"label": lab, "rows": [], "determined": False})
            continue
        if res.stopped_at is not None:  # report --allow-partial: cli.md 'Unfinished games', no winner
            r, t = res.stopped_at
            verdicts.append({"label": lab, "determined": True, "partial": True, "winners": [], "total": None,
                             "runner_up": None,
                             "message": Message("standings after round {round}, trick {trick} (unfinished game, no "
                                                "winner)", round=r, trick=t)})
            tables.append({"label": lab, "determined": True, "rows": score_rows(res),
                           "minus_five_bonus": minus_five_column(res)})
            continue
        w = res.winners
        verdicts.append({"label": lab, "determined": True, "winners": w, "total": res.totals[w[0]],
                         "runner_up": _runner_up(res), "partial": False})
        tables.append({"label": lab, "determined": True, "rows": score_rows(res),
                       "minus_five_bonus": minus_five_column(res)})
    determined = [o for o in outs if o.determined]
    knob_rows = {row["knob"]: row for row in d.knobs}
    moved_rows = []
    for k, where in moved.items():
        row = knob_rows.get(k)
        if row is None:  # a knob every ruleset sets alike: it did not move anything between them
            continue
        moved_rows.append({**rule_doc(k), "where": where,
                           "values": {lab: cell_text(row[lab]) for lab in labels},
                           "words": {lab: value_words(k, row[lab]) for lab in labels},
                           "sources": {lab: said(s) for lab, s in row["sources"].items()},
                           "source_ids": {lab: said(source_id(o.ruleset, k)) for lab, o in zip(labels, outs)}})
    differences = {}
    if len(determined) == len(outs):
        base = outs[0].result.totals
        for lab, o in zip(labels[1:], outs[1:]):
            differences[lab] = {p: o.result.totals[p] - base[p] for p in deal.players}
    return {
        "kind": "comparison",
        "file": deal.file,
        "name": page_name(deal.file, deal.log.title),
        "players": list(deal.players),
        "options": options_doc(deal.options),
        "rulesets": [ruleset_doc(o.ruleset, lab) for lab, o in zip(labels, outs)],
        "verdicts": verdicts,
        "tables": tables,
        "differences": differences,
        "tricks": rows,
        "parting_tricks": [f"{row['round']}.{row['trick']}" for row in rows if row["parts"]],
        "parting_text": parting_text([f"{row['round']}.{row['trick']}" for row in rows if row["parts"]]),
        "first_divergence": None if d.first is None else {k: d.first[k] for k in ("round", "trick") if k in d.first},
        "moved": moved_rows,
        "knobs": [{**rule_doc(row["knob"]), "values": {lab: cell_text(row[lab]) for lab in labels},
                   "words": {lab: value_words(row["knob"], row[lab]) for lab in labels},
                   "sources": {lab: said(s) for lab, s in row["sources"].items()}, "moved": row["knob"] in moved}
                  for row in d.knobs],
        "notes": [{"ruleset": lab, **n.to_json(), "note": n.text} for lab, o in zip(labels, outs) for n in o.notes],
        "lenient_deck": {lab: list(o.deck_notes) for lab, o in zip(labels, outs) if o.deck_notes},
        "attribution": attribution,
    }


def parting_text(tricks: list[str]) -> Message | None:
    """The tricks that go differently under the rulesets, in a sentence ("Tricks 2.4 and 3.5 go
    differently."); None when every trick goes the same way."""
    if not tricks:
        return None
    if len(tricks) == 1:
        return Message("Trick {trick} goes differently.", trick=tricks[0])
    return Message("Tricks {tricks} go differently.", tricks=Listed(tricks, "and"))


def _runner_up(res: GameResult) -> list | None:
    w = set(res.winners)
    rest = [(p, v) for p, v in res.ranking if p not in w]
    return list(rest[0]) if rest else None


# -- a study --------------------------------------------------------------------------------


def study_page(doc: dict) -> dict:
    """The study document (``study.report``) with the win rate per strategy added: the seats
    that play one strategy pooled (their wins over their seat-games, a Wilson interval)."""
    from ..sim.study import rate_stats

    out = dict(doc)
    out["kind"] = "study"
    # A page is made to be shared: a ruleset is named by its name, not by the path given to -r
    # (a bundled one as given: spanish stays spanish); two of the same name, with shared_path's.
    names = [r["name"] for r in doc["rulesets"]]
    shown: dict[str, str] = {}
    for r in doc["rulesets"]:
        label = r["ruleset"]
        name = label if is_bundled(label) else r["name"]
        if names.count(r["name"]) > 1 and not is_bundled(label):
            name = f"{name} ({shared_path(label)})"
        if name in shown.values():
            name = f"{name}#{len(shown) + 1}"
        shown[label] = name
    out["study"] = {**doc["study"], "rulesets": [shown[x] for x in doc["study"]["rulesets"]]}
    out["rulesets"] = [{**r, "ruleset": shown[r["ruleset"]]} for r in doc["rulesets"]]
    out["pairs"] = [{**p, "rulesets": [shown[x] for x in p["rulesets"]]} for p in doc["pairs"]]
    doc = out
    strategies = []
    for r in doc["rulesets"]:
        by_bot: dict = {}
        for s in r["seats"]:
            wins, n = by_bot.get(s["bot"], (0, 0))
            by_bot[s["bot"]] = (wins + s["wins"]["count"], n + s["wins"]["n"])
        strategies.append({"ruleset": r["ruleset"],
                           "strategies": [{"bot": b, "seats": sum(1 for s in r["seats"] if s["bot"] == b),
                                           "wins": rate_stats(w, n)} for b, (w, n) in by_bot.items()],
                           # every seat plays it: its pooled rate is an even share plus the shared wins
                           "one_strategy": next(iter(by_bot)) if len(by_bot) == 1 else None})
    out["strategies"] = strategies
    return out



# -- the attribution (analysis/attribution.py) -------------------------------------


class _Summary:
    """One player's line of the account ("Cy +30 = 2x doubles +15, -5 bonus +15"), its rules worded
    when shown."""

    __slots__ = ("player", "difference", "shares")

    def __init__(self, player: str, difference: str, shares: Shares | None) -> None:
        self.player, self.difference, self.shares = player, difference, shares

    def in_language(self, lang: str) -> str:
        head = f"{self.player} {self.difference}"
        return head if self.shares is None else f"{head} = {self.shares.in_language(lang)}"

    def __str__(self) -> str:
        return self.in_language(output_language())


def attribution_doc(att, players) -> dict:
    """One pair's account (``attribution.Attribution``) as the comparison page shows it: each
    player's difference split among the rules that caused it, exact (mixed numbers), plus the
    JSON numbers for the stacked bars, and the sentence naming the rules that decide the winner.
    Rules are named in the players' words (``rule_title``); the knob names stand beside them in
    ``rules`` and ``knobs``. The method is said in docs/diff.md, not on the page."""
    from ..analysis.attribution import mixed_text

    a, b = att.labels
    # Every group with a part, and every joint step of an ordered split ("thief.timing + thief.pool"),
    # so that the parts shown add up to each difference.
    labels = list(dict.fromkeys(k for p in players for k in att.parts[p]))
    nonzero = [g for g in labels if any(att.parts[p].get(g) for p in players)]
    rows, summary = {}, []
    for p in players:
        parts = {g: att.parts[p][g] for g in nonzero if att.parts[p].get(g)}
        rows[p] = parts
        diff = att.difference(p)
        if diff or parts:
            summary.append(_Summary(p, mixed_text(diff), Shares(parts.items(), named=False) if parts else None))
    joint = {k for g in nonzero if " + " in g for k in g.split(" + ")}
    shown = [g for g in att.groups if g.name in nonzero or g.name in joint or g.changed_trick]
    knobs = [{**rule_doc(k.knob), "group": g.name,
              "a": cell_text(knob_value(k.value_a)), "a_words": value_words(k.knob, knob_value(k.value_a)),
              "a_source": said(k.source_a),
              "b": cell_text(knob_value(k.value_b)), "b_words": value_words(k.knob, knob_value(k.value_b)),
              "b_source": said(k.source_b)}
             for g in shown for k in g.knobs]
    hidden = sum(len(g.knobs) for g in att.groups if g not in shown)
    m = att.winner_margin
    winner = None
    if m is not None:
        deciding = Listed([RuleName(g, named=True) for g in m.deciding], ",") if m.deciding else None
        if m.winner_changed and deciding:
            winner = PluralMessage("Under {b}, {winner} beats {runner_up} by {after} (under {a}: {before}): {rules} "
                                   "decides the winner.",
                                   "Under {b}, {winner} beats {runner_up} by {after} (under {a}: {before}): {rules} "
                                   "decide the winner.", len(m.deciding), a=a, b=b, winner=m.winner,
                                   runner_up=m.runner_up, after=m.after, before=mixed_text(m.before, sign=False),
                                   rules=deciding)
        elif deciding:
            winner = Message("The winner is the same; the margin over {runner_up} moves because of {rules}.",
                             runner_up=m.runner_up, rules=deciding)
    method: Message | Listed
    if att.method == "shapley":
        method = Message("Each rule's part is its average effect over every order of switching the rules from {a} to "
                         "{b}; the parts add up exactly to each difference", a=a, b=b)
    else:
        method = Message("The rules are switched from {a} to {b} one step at a time, each step charged with its "
                         "change (weighing every order of switching them was out of reach for this game)", a=a, b=b)
    if att.policy_mixtures:
        n = att.policy_mixtures
        method = Listed([method, PluralMessage("{n} mix of the two rulesets needed the default steal policy",
                                               "{n} mixes of the two rulesets needed the default steal policy", n)], ";")
    return {
        "against": a, "method": att.method, "method_text": method,
        "keys": nonzero,
        "rules": {g: rule_doc(g) for g in nonzero},
        "players": {p: {g: float(v) for g, v in rows[p].items()} for p in players},
        "exact": {p: {g: mixed_text(v) for g, v in rows[p].items()} for p in players},
        "differences": {p: mixed_text(att.difference(p)) for p in players},
        "summary": summary,
        "winner": winner,
        "knobs": knobs,
        "unmoved_knobs": hidden,
        "json": att.to_json(),
    }


def comparison_attribution(d) -> dict:
    """Each ruleset against the first, as ``bids diff`` accounts for them (``d.attributions``)."""
    out: dict = {"rulesets": {}, "missing": {}}
    for lab, att in zip(d.labels[1:], d.attributions):
        if att is None:  # attribute_outcomes: a game undetermined from the log has no account
            out["missing"][lab] = Message("undetermined from this log (a pile card the log never showed)")
            continue
        out["rulesets"][lab] = attribution_doc(att, list(d.deal.players))
    return out
