"""Text and JSON of ``bids diff`` and ``bids disputes`` (the report layer; analysis is in
``variants``, ``divergence``, ``attribution`` and ``disputes``).

Every line of the text fits ``WIDTH`` (100) columns: tables get column widths
that add up to it, prose is wrapped with a hanging indent. The text is worded in the output
language (its sentences are messages, worded here); the JSON is English.
"""

from __future__ import annotations

from typing import Any

from ..analysis.attribution import Attribution, mixed_text
from ..analysis.disputes import SEARCH_ALL_LIMIT
from ..analysis.divergence import tricks_of
from ..analysis.plan import DealPlan, RulesetPlay, deal_json
from ..analysis.variants import Diff
from ..core.i18n import N_, Grouped, Message, PluralMessage, gettext, pgettext, worded
from ..core.sanitize import path_text
from ..rules.knobs import KNOBS
from .render import (
    cell_text,
    knob_value,
    options_text,
    reason_json,
    reason_text,
    text_table,
)
from .table import wrap as wrap_lines

WIDTH = 100
# What differs at a divergence (analysis/divergence.py's words, English in the JSON), worded here.
WHAT = (N_("revealed"), N_("winner"), N_("cards taken"), N_("points"), N_("steals"), N_("round points"),
        N_("banked points (2x)"), N_("Thief rights"), N_("undetermined"), N_("Ally split"), N_("lucky loser"),
        N_("banked 2x"), N_("-5 bonus"))


def _what(names) -> str:
    """What differs, worded, joined by ', '."""
    return ", ".join(gettext(w) for w in names)


def _and(names) -> str:
    """``A``, ``A and B``, ``A, B and C``, worded."""
    names = list(names)
    if len(names) == 1:
        return str(names[0])
    return Message("{names} and {last}", names=", ".join(map(str, names[:-1])), last=names[-1]).text()


def _winners_json(deal: DealPlan, o: RulesetPlay) -> list[list]:
    tricks = tricks_of(o)
    return [[(tricks[(r.number, t.number)].winner if (r.number, t.number) in tricks else "?")
             for t in r.tricks] for r in deal.rounds]


def _stopped_at(d: Diff) -> tuple[int, int] | None:
    """Where an unfinished game stops (the log's last trick), else None."""
    return next((o.result.stopped_at for o in d.outcomes
                 if o.result is not None and o.result.stopped_at is not None), None)


def diff_json(d: Diff, explain: bool = False) -> dict[str, Any]:
    deal = d.deal
    stopped = _stopped_at(d)
    out: dict[str, Any] = {
        "file": deal.file,
        "rulesets": list(d.labels),
        "players": list(deal.players),
        "totals": {},
        "winners": {},
        "first_divergence": None if d.first is None else dict(d.first),
        "knobs": d.knobs,
        "rankings": {},
        "game_winners": {},
        "round_scores": {},
        "undetermined": {},
        "policy_steals": [],
        "dropped_actions": [],
        "first_score_divergence": d.first_score,
        "lenient_deck": {lab: o.deck_notes for lab, o in zip(d.labels, d.outcomes) if o.deck_notes},
        "reference": d.reference,
        "deal": deal_json(deal),
        # The account of each player's difference against the first ruleset (the first pair
        # here, every pair in "attributions"), and every place where the results part.
        "attribution": None,
        "attributions": [],
        "divergences": [dv.to_json() for dv in d.divergences],
        # cli.md 'Unfinished games' (diff --allow-partial): the tricks played, no winner.
        "partial": stopped is not None,
        "complete": stopped is None,
        "standings_after": None if stopped is None else dict(zip(("round", "trick"), stopped)),
    }
    for lab, at in zip(d.labels[1:], d.attributions):
        doc = at.to_json() if at is not None else {"base": d.labels[0], "other": lab, "method": None,
                                                    "players": None, "winner_margin": None,
                                                    "reason": "a game is undetermined from this log"}
        if at is not None and stopped is None:
            doc["winner_sentence"] = winner_sentence(at, deal.file).text("en")
        out["attributions"].append(doc)
    if out["attributions"] and out["attributions"][0]["method"] is not None:
        out["attribution"] = out["attributions"][0]
    for lab, o in zip(d.labels, d.outcomes):
        res = o.result
        out["winners"][lab] = _winners_json(deal, o)
        if o.undetermined:
            out["undetermined"][lab] = dict(o.undetermined)
            out["totals"][lab] = {p: None for p in deal.players}
            out["rankings"][lab] = None
            out["game_winners"][lab] = None
            known = o.undetermined["round"]
            out["round_scores"][lab] = [dict(r.scores) for r in res.rounds if r.number < known]
        else:
            out["totals"][lab] = dict(res.totals)
            out["rankings"][lab] = [[p, v] for p, v in res.ranking]
            out["game_winners"][lab] = [] if res.stopped_at is not None else res.winners
            out["round_scores"][lab] = [dict(r.scores) for r in res.rounds]
        for n in o.notes:
            doc = {"ruleset": lab, **n.to_json()}
            (out["dropped_actions"] if n.dropped else out["policy_steals"]).append(doc)
    if explain:
        out["explain"] = {}
        for lab, o in zip(d.labels, d.outcomes):
            tricks = tricks_of(o)
            out["explain"][lab] = [[[reason_json(o.ruleset, x) for x in tricks[(r.number, t.number)].reasons]
                                    if (r.number, t.number) in tricks else None for t in r.tricks]
                                   for r in deal.rounds]
    return out


def _cell(t, ref_revealed) -> str:
    if t is None:
        return "?"
    s = t.winner or Message("burned").text()
    if t.winner:
        s += f" {t.points:+d}"
        if t.doubled is not None:
            s += " 2x"  # won the 2x: the round points doubled (the legend says so)
    if tuple(t.revealed) != ref_revealed:
        shown = " ".join(map(str, t.revealed)) or Message("empty").text()
        s += f" [{shown}]"
    for st in t.steals:
        s += "; " + Message("{thief} takes {card} from {victim}", thief=st.thief, card=st.card,
                            victim=st.victim).text() + ("!" if st.policy else "")
    return s


def explain_lines(d: Diff) -> list[str]:
    """Every trick's reason chain under each ruleset (one chain when they all agree)."""
    lines = [Message("Reasons, trick by trick (each knob with its value and source):").text()]
    tricks = [tricks_of(o) for o in d.outcomes]
    for r in d.deal.rounds:
        for tp in r.tricks:
            key = (r.number, tp.number)
            chains = []
            for o, tt in zip(d.outcomes, tricks):
                t = tt.get(key)
                chains.append([Message("undetermined from this log").text()] if t is None else
                              [reason_text(o.ruleset, x) for x in t.reasons])
            lines.append(f"  {r.number}.{tp.number}:")
            if all(c == chains[0] for c in chains[1:]):
                lines.extend(f"      {x}" for x in chains[0])
                continue
            for lab, chain in zip(d.labels, chains):
                lines.append(f"    {lab}:")
                lines.extend(f"      {x}" for x in chain)
    return lines


def wrap(text: str, indent: str = "", hang: str | None = None, width: int = WIDTH) -> list[str]:
    """Prose wrapped to ``width`` columns; continuation lines indented by ``hang`` (default: indent + 2)."""
    hang = indent + "  " if hang is None else hang
    return wrap_lines(text, width, indent, hang) or [indent]


def _trick_table(d: Diff, width: int) -> list[str]:
    deal, outs, labels = d.deal, d.outcomes, d.labels
    tricks = [tricks_of(o) for o in outs]
    diverged = {(dv.round, dv.trick) for dv in d.divergences if dv.kind == "trick"}  # as analysis found them
    rows = []
    doubled = False  # some winner took a 2x: the legend says what "2x" in a cell means
    for r in deal.rounds:
        for tp in r.tricks:
            key = (r.number, tp.number)
            ts = [tt.get(key) for tt in tricks]
            doubled = doubled or any(t is not None and t.doubled is not None for t in ts)
            ref = next((t for t in ts if t is not None), None)
            ref_rev = tuple(ref.revealed) if ref is not None else ()
            prize = " ".join(map(str, ref_rev)) or ("-" if ref is not None else "?")
            mark = ""
            if key in diverged:
                first = d.first and (d.first["round"], d.first["trick"]) == key
                # TRANSLATORS: the mark of the first trick where the rulesets part, in the trick table
                mark = Message("<< first").text() if first else "<<"
            rows.append([f"{r.number}.{tp.number}", prize] + [_cell(t, ref_rev) for t in ts] + [mark])
    # trick 5, prize 11 ("Surprise K9" on one line; wrapped at its space, never inside a word),
    # mark 8, two spaces between columns
    col = max(12, (width - 5 - 11 - 8 - 2 * (len(labels) + 3)) // len(labels))
    heads = [gettext(N_("trick")), gettext(N_("prize"))] + labels + [gettext(N_("differs"))]
    table = text_table(rows, heads, numbers=False, maxcolwidths=[None, 11] + [col] * len(labels) + [None])
    out = table.split("\n")
    if doubled:
        legend = Message("(winner +points; 2x = won the 2x, which doubled the round points; [..] = pile cards "
                         "revealed when not as in the prize column; ! = steal decided by the default policy; ? = "
                         "undetermined from this log; << = they differ here)")
    else:
        legend = Message("(winner +points; [..] = pile cards revealed when not as in the prize column; ! = steal "
                         "decided by the default policy; ? = undetermined from this log; << = they differ here)")
    out += wrap(legend.text(), "", "", width)
    return out


def _scores(d: Diff, width: int) -> list[str]:
    deal, outs, labels = d.deal, d.outcomes, d.labels
    rows = []
    for p in deal.players:
        row = [p]
        for o in outs:
            res = o.result
            if o.undetermined:
                known = [str(rr.scores[p]) for rr in res.rounds if rr.number < o.undetermined["round"]]
                row.append(" + ".join(known + ["?"]) + " = ?")
                continue
            parts = " + ".join(str(rr.scores[p]) for rr in res.rounds)
            bonus = " + " + Message("{n} bonus", n=res.bonuses[p]).text() if res.bonuses[p] else ""
            row.append(f"{parts}{bonus} = {res.totals[p]} (#{res.ranks[p]})")
        rows.append(row)
    col = max(16, (width - 10 - 2 * len(labels)) // len(labels))
    out = [Message("Scores (round by round = total, #rank):").text()]
    out += text_table(rows, [gettext(N_("player"))] + labels, numbers=False,
                      maxcolwidths=[None] + [col] * len(labels)).split("\n")
    for lab, o in zip(labels, outs):
        if o.undetermined:
            u = o.undetermined
            out += wrap(Message("{ruleset}: undetermined from this log from round {round}, trick {trick} on: "
                                "{message}", ruleset=lab, round=u["round"], trick=u["trick"],
                                message=u["message"]).text(), "", "  ", width)
        elif o.result.stopped_at is not None:  # cli.md 'Unfinished games': standings, never a winner
            r, t = o.result.stopped_at
            out.append(Message("{ruleset}: partial: standings after round {round}, trick {trick} (unfinished game, no "
                               "winner)", ruleset=lab, round=r, trick=t).text())
        else:
            w = o.result.winners
            total = o.result.totals[w[0]]
            out.append(Message("{ruleset}: winner {player} with {total}", ruleset=lab, player=w[0], total=total).text()
                       if len(w) == 1 else
                       Message("{ruleset}: {players} share the win with {total}", ruleset=lab, players=_and(w),
                               total=total).text())
    return out


def _place(dv) -> Message:
    if dv.kind == "trick":
        return Message("trick {round}.{trick}", round=dv.round, trick=dv.trick)
    if dv.kind == "round_end":
        return Message("end of round {round}", round=dv.round)
    return Message("game end")


def _full(dv, labels, width: int) -> list[str]:
    out = wrap(PluralMessage("{place} ({what} differs):", "{place} ({what} differ):", len(dv.what), place=_place(dv),
                             what=_what(dv.what)).text(), "  ", "    ", width)
    for lab in labels:
        out.append(f"    {lab}:")
        for x in dv.reasons.get(lab, ()):
            out += wrap(str(worded(x)), "      - ", "        ", width)
    return out


def _ranges(numbers: list[int]) -> str:
    parts = []
    start: int | None = None
    prev: int | None = None
    for n in numbers + [None]:
        if start is not None and prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    return ", ".join(parts)


def _divergence_lines(d: Diff, everything: bool, width: int) -> list[str]:
    """The first divergence as before, then every later trick, round end and bonus where results part.

    Round ends and the bonus are always given in full; later tricks are given in full with ``--all``,
    else one line per round (they are marked << in the trick table)."""
    labels = d.labels
    out: list[str] = []
    if d.first is not None:
        f = d.first
        first = next((dv for dv in d.divergences if dv.kind == "trick" and (dv.round, dv.trick) == (f["round"], f["trick"])),
                     None)
        out += wrap(Message("First divergence: round {round}, trick {trick} ({what} differ)", round=f["round"],
                            trick=f["trick"], what=_what(f["what"])).text(), "", "  ", width)
        for lab in labels:
            out.append(f"  {lab}:")
            for x in (first.reasons[lab] if first is not None else f["reasons"][lab]):
                out += wrap(str(worded(x)), "    - ", "      ", width)
    elif d.first_score is not None:
        fs = d.first_score
        if fs["round"]:
            out.append(Message("Every trick goes the same way; the scores part at the end of round {round}.",
                               round=fs["round"]).text())
        else:
            out.append(Message("Every trick goes the same way; the scores part at game end (bonuses).").text())
    else:
        out.append(Message("No divergence: every trick and every score is the same.").text())
        return out
    first_key = (d.first["round"], d.first["trick"]) if d.first else None
    rest = [dv for dv in d.divergences if not (dv.kind == "trick" and (dv.round, dv.trick) == first_key)]
    if not rest:
        return out
    tricks = [dv for dv in rest if dv.kind == "trick"]
    others = [dv for dv in rest if dv.kind != "trick"]
    ends = [x for x in others if x.kind == "round_end"]
    counts = [PluralMessage("{n} trick", "{n} tricks", len(tricks)).text() if tricks else "",
              PluralMessage("{n} round end", "{n} round ends", len(ends)).text() if ends else "",
              Message("the -5 bonus").text() if any(x.kind == "bonus" for x in others) else ""]
    places = ", ".join(c for c in counts if c)
    if everything or not tricks:
        head = Message("Every other place where the results part ({places}):", places=places).text()
    else:
        head = Message("Every other place where the results part ({places}); --all gives every trick's reasons:",
                       places=places).text()
    out.append("")
    out += wrap(head, "", "  ", width)
    by_round: dict = {}
    for dv in tricks:
        by_round.setdefault(dv.round, []).append(dv)
    for dv in sorted(others, key=lambda x: (x.round if x.round is not None else 10**9)):
        r = dv.round
        if r in by_round:
            out += _tricks_of_round(by_round.pop(r), labels, everything, width)
        out += _full(dv, labels, width)
    for r in sorted(by_round):
        out += _tricks_of_round(by_round[r], labels, everything, width)
    return out


def _tricks_of_round(dvs, labels, everything: bool, width: int) -> list[str]:
    if everything:
        return [x for dv in dvs for x in _full(dv, labels, width)]
    what: dict = {}
    for dv in dvs:
        for w in dv.what:
            what[w] = what.get(w, 0) + 1
    r = dvs[0].round
    if len(dvs) == 1:
        text = PluralMessage("round {round}, trick {trick}: {what} differs", "round {round}, trick {trick}: {what} differ",
                             len(what), round=r, trick=dvs[0].trick, what=_what(what)).text()
    else:
        # TRANSLATORS: {what} lists what differs and in how many tricks ("winner in 2, points in 3")
        counted = ", ".join(Message("{what} in {n}", what=gettext(w), n=n).text() for w, n in what.items())
        text = Message("round {round}, tricks {tricks}: {what} differ", round=r, tricks=_ranges([dv.trick for dv in dvs]),
                       what=counted).text()
    knobs = sorted({k for dv in dvs for k in dv.knobs})
    if knobs:
        text = Message("{text} (rules named: {rules})", text=text, rules=", ".join(map(rule, knobs))).text()
    return wrap(text, "  ", "    ", width)


def _account_lines(d: Diff, at: Attribution, log_path: str, width: int) -> list[str]:
    a, b = at.labels
    if at.method == "shapley":
        method = Message("exact, docs/diff.md")
    else:
        method = Message("ORDERED split: {reason}; so the knobs are switched one step at a time: {steps}",
                         reason=at.reason, steps=" -> ".join(" + ".join(s) for s in at.order))
    out = wrap(Message("Each player's difference, {b} - {a}, by the rule that caused it ({method}):", a=a, b=b,
                       method=method).text(), "", "  ", width)
    same = []
    rows = []
    for p in at.players:
        diff = at.difference(p)
        if not diff and not any(at.parts[p].values()):
            same.append(p)
            continue
        shares = sorted(((g, v) for g, v in at.parts[p].items() if v), key=lambda x: (-abs(x[1]), x[0]))
        rows.append((p, f"{at.totals[a][p]} -> {at.totals[b][p]}", mixed_text(diff),
                     ", ".join(f"{rule(g)} {mixed_text(v)}" for g, v in shares)
                     or Message("(the parts cancel out)").text()))
    if rows:
        wp = max(len(r[0]) for r in rows)
        wt = max(len(r[1]) for r in rows)
        wd = max(len(r[2]) for r in rows)  # (names, numbers: one column a character)
        for p, tt, dd, said in rows:
            lead = f"  {p:<{wp}}  {tt:<{wt}}  {dd:>{wd}} = "
            if len(lead) > width // 2:
                # Totals of 30 digits (2x of game scope over a long game): the parts go under the
                # line, or each line would hold a character or two of them.
                out.append(lead.rstrip())
                out += wrap(said, "      ", "      ", width)
            else:
                out += wrap(said, lead, " " * len(lead), width)
    if same:
        out += wrap(Message("{players}: no change.", players=", ".join(same)).text(), "  ", "    ", width)
    notes = []
    if at.policy_mixtures:
        notes.append(Message("Note: {n} of the {mixtures} mixtures of the rules forbid a recorded steal or offer one "
                             "the log's game did not: there the default steal policy decides, as in the trick table.",
                             n=at.policy_mixtures, mixtures=at.mixtures))
    if at.unplayable_mixtures:
        notes.append(Message("Note: {n} of the {mixtures} mixtures cannot be played.", n=at.unplayable_mixtures,
                             mixtures=at.mixtures))
    for n in notes:
        out += wrap(n.text(), "  ", "    ", width)
    m = at.winner_margin
    if m is not None and _stopped_at(d) is None:  # an unfinished game names no winner
        out.append("")
        out += wrap(winner_sentence(at, log_path).text(), "", "  ", width)
    return out


def winner_sentence(at: Attribution, log_path: str) -> Message:
    """One sentence naming the rules that decide the winner (Shapley parts of the winner's margin),
    as data: worded in the output language in the text, in English in the JSON."""
    a, b = at.labels
    m = at.winner_margin
    assert m is not None, "a game of 3 players or more has a runner-up, so a margin"
    where = Message("`bids disputes {log} -r {ruleset}` gives the smallest sets of rule changes that change the winner",
                    log=log_path, ruleset=a)
    shared = _shared_win(at)
    if shared:
        return Message("Who wins: {shared}; {where}.", shared=shared, where=where)
    if m.winner_changed:
        moved = sorted(((g, v) for g, v in m.rival_parts.items() if v), key=lambda x: (-x[1], x[0]))
        parts = _Shares(moved, named=False)
        if m.rival != m.runner_up:
            wins = Message("{winner} wins under {ruleset} instead of {rival}", winner=m.winner, ruleset=b, rival=m.rival)
        else:
            wins = Message("{winner} wins under {ruleset}", winner=m.winner, ruleset=b)
        args = {"wins": wins, "winner": m.winner, "rival": m.rival, "before": f"{m.rival_before:+d}", "a": a,
                    "after": f"{m.rival_after:+d}", "parts": parts, "where": where}
        if not m.deciding:
            return Message("Who wins: no single rule decides that {wins}: {winner}'s margin over {rival} goes from "
                           "{before} under {a} to {after} ({parts}); {where}.", **args)
        deciding = _Rules(m.deciding)
        return PluralMessage("Who wins: {rules} decides that {wins}: {winner}'s margin over {rival} goes from {before} "
                             "under {a} to {after} ({parts}); {where}.",
                             "Who wins: {rules} decide that {wins}: {winner}'s margin over {rival} goes from {before} "
                             "under {a} to {after} ({parts}); {where}.", len(m.deciding), rules=deciding, **args)
    moved = sorted(((g, v) for g, v in m.parts.items() if v), key=lambda x: (-x[1], x[0]))
    parts = _Shares(moved)
    if not moved:
        return Message("Who wins: {winner} under both, {after} over {runner_up} under both; {where}.",
                       winner=m.winner, after=f"{m.after:+d}", runner_up=m.runner_up, where=where)
    return Message("Who wins: {winner} under both; the margin over {runner_up} goes from {before} to {after} "
                   "({parts}); {where}.", winner=m.winner, runner_up=m.runner_up, before=f"{m.before:+d}",
                   after=f"{m.after:+d}", parts=parts, where=where)


class _Rules:
    """Rules named in a sentence, joined by 'and' in the language shown."""

    __slots__ = ("names",)

    def __init__(self, names) -> None:
        self.names = list(names)

    def in_language(self, lang: str | None = None) -> str:
        shown = [rule(n, lang) for n in self.names]
        words = shown[0]
        for name in shown[1:]:
            words = Message("{first} and {second}", first=words, second=name).text(lang)
        return words


def _shared_win(at: Attribution) -> Message | None:
    """A win shared under B said as the page says it ("Marta and Luca share the win with 23
    under both"); None when B has one winner."""
    a, b = at.labels

    def top(label):
        totals = at.totals[label]
        best = max(totals.values())
        return [p for p in at.players if totals[p] == best], best

    (wa, ta), (wb, tb) = top(a), top(b)
    if len(wb) < 2:
        return None
    if wa == wb:
        if ta == tb:
            return Message("{players} share the win with {total} under both", players=_Names(wb), total=tb)
        return Message("{players} share the win under both ({ta} under {a}, {tb} under {b})", players=_Names(wb),
                       ta=ta, a=a, tb=tb, b=b)
    under_a = (Message("{player} wins", player=wa[0]) if len(wa) == 1 else
               Message("{players} share it", players=_Names(wa)))
    return Message("{players} share the win with {total} under {b} ({under_a} under {a}, with {ta})",
                   players=_Names(wb), total=tb, b=b, under_a=under_a, a=a, ta=ta)


class _Joined:
    """Names joined by 'and' ("italian and english"), worded in the language shown."""

    __slots__ = ("names",)

    def __init__(self, names) -> None:
        self.names = list(names)

    def in_language(self, lang: str | None = None) -> str:
        words = self.names[0]
        for name in self.names[1:]:
            words = Message("{first} and {second}", first=words, second=name).text(lang)
        return words


class _Names:
    """Players named in a sentence ("Ana, Ben and Cleo"), worded in the language shown."""

    __slots__ = ("names",)

    def __init__(self, names) -> None:
        self.names = list(names)

    def in_language(self, lang: str | None = None) -> str:
        if len(self.names) == 1:
            return self.names[0]
        return Message("{names} and {last}", names=", ".join(self.names[:-1]), last=self.names[-1]).text(lang)


def rule_title(name: str, lang: str | None = None) -> str:
    """What the players call a rule, a group of rules or a joint step of them (rules.knobs.rule_title),
    worded in ``lang`` (default: the output language): the title of the knob's label."""
    if " + " in name:
        return " + ".join(rule_title(n, lang) for n in name.split(" + "))
    knob = KNOBS.get(name)
    if knob is not None:
        return Message(knob.label).text(lang).split(": ", 1)[0]  # (its label: N_ in rules/knobs.py)
    return Message("the deck").text(lang) if name == "deck" else name


def rule(name: str, lang: str | None = None) -> str:
    """A rule named in the players' words, its knob name beside it: "2x doubles (double.scope)"."""
    title = rule_title(name, lang)
    return name if title == name else f"{title} ({name})"


class _Shares:
    """Each rule's part of a margin ("2x doubles +15, -5 bonus +15"), worded in the language shown;
    ``named``: each rule's knob name beside its title."""

    __slots__ = ("moved", "named")

    def __init__(self, moved, named: bool = True) -> None:
        self.moved, self.named = list(moved), named

    def in_language(self, lang: str | None = None) -> str:
        name = rule if self.named else rule_title
        return ", ".join(f"{name(g, lang)} {mixed_text(v)}" for g, v in self.moved)


def _words(knob: str, value) -> str | None:
    """A knob's value in the players' words (Knob.words), in the output language."""
    k = KNOBS[knob]
    english = k.words(value)
    if english is None:
        return None
    if k.kind == "players":
        if not value:
            return Message("at no player count").text()
        return Message("with {players} players", players=", ".join(map(str, value))).text()
    said = gettext(k.label).split(": ", 1)
    mine = said[1].split(" / ") if len(said) == 2 else []
    alternatives = k.alternatives
    return mine[alternatives.index(english)] if len(mine) == len(alternatives) else english


def _value(knob: str, value, source: str) -> str:
    """A knob's value in the label's words, the value and its source beside them."""
    words = _words(knob, value)
    text = cell_text(value)
    return f"{text} ({source})" if words is None else f"{words} ({text}; {source})"


def _knob_lines(at: Attribution, width: int) -> list[str]:
    a, b = at.labels
    def moved(g) -> bool:  # a part of its own, or of a joint step of the ordered split that holds it
        return any(v and g.name in lab.split(" + ") for p in at.players for lab, v in at.parts[p].items())

    shown = [g for g in at.groups if g.changed_trick or moved(g)]
    hidden = [g for g in at.groups if g not in shown]
    out = []
    if shown:
        out.append(Message("Rules that changed this game ({a} -> {b}):", a=a, b=b).text())
        for g in shown:
            for k in g.knobs:
                out += wrap(f"{gettext(KNOBS[k.knob].label)} ({k.knob}):", "  ", "    ", width)
                out += wrap(f"{a}: {_value(k.knob, k.value_a, k.source_a)}", "    ", "      ", width)
                out += wrap(f"{b}: {_value(k.knob, k.value_b, k.source_b)}", "    ", "      ", width)
            if not g.knobs:  # the table options group
                out += wrap(Message("{group}: the rulesets' default table options differ", group=g.name).text(),
                            "  ", "    ", width)
    if hidden:
        names = [k.knob for g in hidden for k in g.knobs] or [g.name for g in hidden]
        n = len(names)
        rules = ", ".join(map(rule, names))
        if shown:
            said = PluralMessage("{n} more rule differs but did not change this game: {rules}.",
                                 "{n} more rules differ but did not change this game: {rules}.", n, rules=rules)
        else:
            said = PluralMessage("{n} rule differs but did not change this game: {rules}.",
                                 "{n} rules differ but did not change this game: {rules}.", n, rules=rules)
        out += wrap(said.text(), "", "  ", width)
    if not at.groups:
        out.append(Message("{a} and {b} set every rule the same way at this table.", a=a, b=b).text())
    return out


def diff_text(d: Diff, explain: bool = False, everything: bool = False, width: int = WIDTH) -> str:
    deal = d.deal
    labels = d.labels
    lines = wrap(Message("{file}: the same deal under {rulesets} and {last} ({n} players: {players}; options: "
                         "{options})", file=path_text(deal.file), rulesets=", ".join(labels[:-1]), last=labels[-1],
                         n=len(deal.players), players=", ".join(deal.players),
                         options=options_text(deal.options)).text(), "", "  ", width)
    lines.append("")
    lines += _trick_table(d, width)
    if explain:
        lines.append("")
        for line in explain_lines(d):
            body = line.lstrip()
            lines += wrap(body, line[:len(line) - len(body)], None, width)
    lines.append("")
    lines += _scores(d, width)
    lines.append("")
    lines += _divergence_lines(d, everything, width)
    notes = [(lab, n) for lab, o in zip(labels, d.outcomes) for n in o.notes]
    if notes:
        lines.append("")
        lines.append(Message("Steals not as recorded:").text())
        for lab, n in notes:
            lines += wrap(Message("{ruleset}, round {round}, trick {trick}: {note}", ruleset=lab, round=n.round,
                                  trick=n.trick, note=n.text).text(), "  ", "    ", width)
    for lab, o in zip(labels, d.outcomes):
        for n in o.deck_notes:
            lines += wrap(Message("{ruleset} (--lenient-deck): {note}", ruleset=lab, note=n).text(), "  ", "    ",
                          width)
    for at, lab in zip(d.attributions, labels[1:]):
        lines.append("")
        if at is None:
            lines += wrap(Message("No account of the differences {b} - {a}: a game is undetermined from this log.",
                                  b=lab, a=labels[0]).text(), "", "  ", width)
            continue
        lines += _account_lines(d, at, deal.file, width)
        lines.append("")
        lines += _knob_lines(at, width)
    if all(at is None for at in d.attributions) and d.knobs:
        lines.append("")
        lines += wrap(PluralMessage("{n} rule differs: {rules}", "{n} rules differ: {rules}", len(d.knobs),
                                    rules=", ".join(rule(r["knob"]) for r in d.knobs)).text(), "", "  ", width)
    return "\n".join(lines)


def _fmt(v) -> str:
    return cell_text(knob_value(v))


def _plays(doc: dict) -> str:
    """How often the deal was played: whole replays, and replays on from a round-boundary checkpoint."""
    return PluralMessage("{n} whole replay and {resumed} from a checkpoint",
                         "{n} whole replays and {resumed} from a checkpoint", doc["replays"],
                         resumed=doc["resumed"]).text()


def _stopped_text(doc: dict) -> str:
    """The bound that stopped the search (docs/limits.md), in one sentence."""
    m = doc["minimal"]
    if m["bound_reached"] == "variants":
        what = Message("the bound of {n} variants searched (docs/limits.md)", n=Grouped(m["bounds"]["variants"]))
    else:
        what = Message("the bound of {n} replayed rounds (docs/limits.md; this game has {rounds} rounds)",
                       n=Grouped(m["bounds"]["replayed_rounds"]), rounds=Grouped(doc["rounds"]))
    return Message("Search stopped at {what}: a single change it did not reach is marked 'not searched'; `--knob` "
                   "narrows the search to the knobs you name.", what=what).text()


def disputes_text(doc: dict, width: int = WIDTH) -> str:
    """``width``: the columns the text must fit; where the table of every player's total does
    not, each row lists only the totals that change (the base ranking is above it)."""
    players = doc["players"]
    table_width, width = width, min(width, WIDTH)  # prose at 100 at the most; the table as wide as fits
    br = doc["base_result"]
    out = [Message("{file}: which rule decided this game? (base: {base}, {n} players)", file=doc["file"],
                   base=doc["base"], n=len(players)).text()]
    ranking = ", ".join(f"{p} {v}" for p, v in br["ranking"])
    if br["undetermined"]:
        u = br["undetermined"]
        out.append(Message("The base result is undetermined from round {round}, trick {trick}: {message}",
                           round=u["round"], trick=u["trick"], message=u["message"]).text())
    elif doc.get("partial"):  # cli.md 'Unfinished games': nobody is crowned
        after = doc["standings_after"]
        out.append(Message("Base result (partial: standings after round {round}, trick {trick}, unfinished game, no "
                           "winner): leading {leaders}; ranking {ranking}", round=after["round"], trick=after["trick"],
                           leaders=", ".join(br["winners"]), ranking=ranking).text())
        out.append(Message("(unfinished game: 'winner' below means who leads after the tricks played)").text())
    else:
        out.append(Message("Base result: winner {winners}; ranking {ranking}", winners=", ".join(br["winners"]),
                           ranking=ranking).text())
    if not doc["knobs"]:
        out.append(Message("No disputed knob changes anything at this table (every knob given has one effective "
                           "value here).").text())
        return "\n".join(out)
    out.append("")
    out.append(Message("Each knob changed alone:").text())
    rows = []
    compact = []  # the same rows with one column of the totals that change
    notes = []  # under the table, not in a column: a table of 6 players fits 100 columns then
    used_by = {tuple(s["used_by"][k]) for s in doc["single"] for k in s["changes"]}
    common = next(iter(used_by)) if len(used_by) == 1 else None  # said once, under the table
    for s in doc["single"]:
        (k, v), = s["changes"].items()
        used = s["used_by"][k]
        value = _fmt(v) + (f" ({', '.join(used)})" if used and common is None else "")
        if s["status"] == "not playable":
            # The error names the ruleset the variant starts from: say it is that ruleset with
            # this one change (its deck is the changed one).
            notes.append(Message("with {knob} = {value}: {error}", knob=k, value=_fmt(v), error=s["error"]).text())
            status = Message("NOT PLAYABLE [{n}]", n=len(notes)).text()
        elif s["status"] == "not searched":
            status = Message("not searched [bound]").text()
        elif s["status"] == "undetermined":
            u = s["undetermined"]
            notes.append(Message("from round {round}, trick {trick}: {message}", round=u["round"], trick=u["trick"],
                                 message=u["message"]).text())
            status = Message("undetermined [{n}]", n=len(notes)).text()
        else:
            status = None
        if status is not None:
            rows.append([k, value, status] + [""] * len(players))
            compact.append([k, value, status, ""])
            continue
        win = ", ".join(s["winners"]) + (" *" if s["winner_changed"] else "")
        cells = []
        for p in players:
            t = s["totals"][p]
            d = s["deltas"].get(p)
            cells.append(f"{t} ({d:+d})" if d else str(t))
        rows.append([k, value, win] + cells)
        changed = [f"{p} {s['totals'][p]} ({s['deltas'][p]:+d})" for p in players if s["deltas"].get(p)]
        # TRANSLATORS: the cell of the column "totals that change" when no total changes: agree it with "totals"
        compact.append([k, value, win, ", ".join(changed) or pgettext("no total changes", "none")])
    head = [gettext(N_("knob")), gettext(N_("value")) if common is not None else gettext(N_("value (used by)")),
            gettext(N_("winner"))]
    table = text_table(rows, head + players, maxcolwidths=[None, 30, 30] + [None] * len(players), numbers=False,
                       move=False)  # every player's total side by side, else the changes only (below)
    if max(map(len, table.splitlines())) > table_width:
        knob_w = max(len(r[0]) for r in compact)
        room = max(20, width - knob_w - 2 * 3 - 16 - 12)  # knob, value, winner, what is left for the totals
        table = text_table(compact, head + [gettext(N_("totals that change"))], maxcolwidths=[None, 16, 12, room],
                           numbers=False)
    out.append(table)
    out.append(Message("(* = the winner changes; (+n) after a total: its change from the base)").text())
    if common:
        out.append(PluralMessage("(every value above is the one {rulesets} uses)",
                                 "(every value above is the one {rulesets} use)", len(common),
                                 rulesets=_Joined(common)).text())
    out.extend(f"[{i}] {note}" for i, note in enumerate(notes, 1))
    m = doc["minimal"]
    out.append("")
    scope = (Message("all combinations of {n} knobs", n=m["knob_count"]) if m["search"] == "all combinations"
             else Message("single and pair changes only ({n} knobs is more than {limit})", n=m["knob_count"],
                          limit=SEARCH_ALL_LIMIT))
    if not m.get("complete", True):
        out += wrap(_stopped_text(doc), "", "  ", width)
    if m["size"] is None and not m.get("complete", True):
        size = m["size_stopped"]
        if size > 1:
            out += wrap(Message("No set of fewer than {size} knob changes changes the winner; sets of {size} or more "
                                "were not all searched ({n} variants, {plays}).", size=size, n=m["variants_searched"],
                                plays=_plays(doc)).text(), "", "  ", width)
        else:
            out += wrap(Message("The search for the smallest sets that change the winner did not start ({n} variants, "
                                "{plays}).", n=m["variants_searched"], plays=_plays(doc)).text(), "", "  ", width)
    elif m["size"] is None:
        out += wrap(Message("No set of knob changes changes the winner (searched {scope}: {n} variants, {plays}).",
                            scope=scope, n=m["variants_searched"], plays=_plays(doc)).text(), "", "  ", width)
    else:
        sets = len(m["sets"])
        out += wrap(Message("Smallest sets of knob changes that change the winner: {changes} ({sets}; searched {scope}, "
                            "{n} variants, {plays}):",
                            changes=PluralMessage("{n} change", "{n} changes", m["size"]),
                            sets=PluralMessage("{n} set", "{n} sets", sets), scope=scope, n=m["variants_searched"],
                            plays=_plays(doc)).text(), "", "  ", width)
        for s in m["sets"]:
            ch = ", ".join(f"{k} = {_fmt(v)}" for k, v in s["changes"].items())
            out += wrap(Message("- {changes} -> winner {winners} ({ranking})", changes=ch,
                                winners=", ".join(s["winners"]),
                                ranking=", ".join(f"{p} {s['totals'][p]}" for p in s["ranking"])).text(),
                        "  ", "    ", width)
    extra = []
    if m["not_playable"]:
        extra.append(PluralMessage("{n} variant not playable (the log's deal does not fit their deck)",
                                   "{n} variants not playable (the log's deal does not fit their deck)",
                                   m["not_playable"]).text())
    if m["undetermined"]:
        extra.append(PluralMessage("{n} variant undetermined from this log", "{n} variants undetermined from this log",
                                   m["undetermined"]).text())
    if extra:
        out.append(Message("Skipped: {skipped}.", skipped="; ".join(extra)).text())
    return "\n".join(out)
