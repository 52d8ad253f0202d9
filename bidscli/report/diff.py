"""Text and JSON of ``bids diff`` (the report layer; analysis is in ``variants``, ``divergence`` and
``attribution``; the account's sentences are account.py's, ``bids disputes``'s text disputes.py's).

Every line of the text fits ``WIDTH`` (100) columns: tables get column widths
that add up to it, prose is wrapped with a hanging indent. The text is worded in the output
language (its sentences are messages, worded here); the JSON is English.
"""

from __future__ import annotations

from typing import Any

from ..analysis.attribution import Attribution, mixed_text
from ..analysis.divergence import tricks_of
from ..analysis.plan import DealPlan, RulesetPlay, deal_json
from ..analysis.variants import Diff
from ..core.i18n import (
    N_,
    Listed,
    Message,
    PluralMessage,
    gettext,
    labelled,
    noted,
    output_language,
    worded,
)
from ..core.sanitize import path_text
from ..rules.knobs import KNOBS
from .account import Shares, rule, value_in_words, winner_sentence
from .render import (
    fit_text,
    options_text,
    reason_json,
    reason_text,
    text_table,
)
from .table import wrap

WIDTH = 100
# What differs at a divergence (analysis/divergence.py's words, English in the JSON), worded here.
WHAT = (N_("revealed"), N_("winner"), N_("cards taken"), N_("points"), N_("steals"), N_("round points"),
        N_("banked points (2x)"), N_("Thief rights"), N_("undetermined"), N_("Ally split"), N_("lucky loser"),
        N_("banked 2x"), N_("-5 bonus"))


def _what(names) -> str:
    """What differs, worded, joined as the language joins a list ("winner, points")."""
    return str(Listed([gettext(w) for w in names], ","))


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


def _cards(cards) -> str:
    """Cards as the trick table shows them: in the output language's card words (i18n.card_text),
    as its steals name them ("N8" beside "Ana prende N8 a Bo" in Italian, never "K8")."""
    lang = output_language()
    return " ".join(c.in_language(lang) for c in cards)


def _cell(t, ref_revealed) -> str:
    if t is None:
        return "?"
    s = t.winner or Message("burned").text()
    if t.winner:
        s += f" {t.points:+d}"
        if t.doubled is not None:
            s += " 2x"  # won the 2x: the round points doubled (the legend says so)
    if tuple(t.revealed) != ref_revealed:
        shown = _cards(t.revealed) or Message("empty").text()
        s += f" [{shown}]"
    for st in t.steals:
        s += "; " + Message("{thief} steals {card} from {victim}", thief=st.thief, card=st.card,
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
                lines.append("    " + labelled(lab, "").rstrip())
                lines.extend(f"      {x}" for x in chain)
    return lines


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
            prize = _cards(ref_rev) or ("-" if ref is not None else "?")
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
    out += wrap(legend.text(), width)
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
                                message=u["message"]).text(), width, hang="  ")
        elif o.result.stopped_at is not None:  # cli.md 'Unfinished games': standings, never a winner
            r, t = o.result.stopped_at
            out.append(Message("{ruleset}: partial: standings after round {round}, trick {trick} (unfinished game, no "
                               "winner)", ruleset=lab, round=r, trick=t).text())
        else:
            w = o.result.winners
            total = o.result.totals[w[0]]
            out.append(Message("{ruleset}: winner {player} with {total}", ruleset=lab, player=w[0], total=total).text()
                       if len(w) == 1 else
                       Message("{ruleset}: {players} share the win with {total}", ruleset=lab, players=Listed(w),
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
                             what=_what(dv.what)).text(), width, "  ", "    ")
    for lab in labels:
        out.append("    " + labelled(lab, "").rstrip())
        for x in dv.reasons.get(lab, ()):
            out += wrap(str(worded(x)), width, "      - ", "        ")
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
                            trick=f["trick"], what=_what(f["what"])).text(), width, hang="  ")
        for lab in labels:
            out.append("  " + labelled(lab, "").rstrip())
            for x in (first.reasons[lab] if first is not None else f["reasons"][lab]):
                out += wrap(str(worded(x)), width, "    - ", "      ")
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
    places = Listed([c for c in counts if c], ",")
    if everything or not tricks:
        head = Message("Every other place where the results part ({places}):", places=places).text()
    else:
        head = Message("Every other place where the results part ({places}); --all gives every trick's reasons:",
                       places=places).text()
    out.append("")
    out += wrap(head, width, hang="  ")
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
        counted = Listed([Message("{what} in {n}", what=gettext(w), n=n).text() for w, n in what.items()], ",")
        text = Message("round {round}, tricks {tricks}: {what} differ", round=r, tricks=_ranges([dv.trick for dv in dvs]),
                       what=counted).text()
    knobs = sorted({k for dv in dvs for k in dv.knobs})
    if knobs:
        text = Message("{text} (rules named: {rules})", text=text, rules=Listed(map(rule, knobs), ",")).text()
    return wrap(text, width, "  ", "    ")


def _account_lines(d: Diff, at: Attribution, log_path: str, width: int) -> list[str]:
    a, b = at.labels
    if at.method == "shapley":
        method = Message("exact, docs/diff.md")
    else:
        method = Message("ORDERED split: {reason}; so the knobs are switched one step at a time: {steps}",
                         reason=at.reason, steps=" -> ".join(" + ".join(s) for s in at.order))
    out = wrap(Message("Each player's difference, {b} - {a}, by the rule that caused it ({method}):", a=a, b=b,
                       method=method).text(), width, hang="  ")
    same = []
    rows = []
    for p in at.players:
        diff = at.difference(p)
        if not diff and not any(at.parts[p].values()):
            same.append(p)
            continue
        shares = sorted(((g, v) for g, v in at.parts[p].items() if v), key=lambda x: (-abs(x[1]), x[0]))
        rows.append((p, f"{at.totals[a][p]} -> {at.totals[b][p]}", mixed_text(diff),
                     Shares(shares).in_language() or Message("(the parts cancel out)").text()))
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
                out += wrap(said, width, "      ", "      ")
            else:
                out += wrap(said, width, lead, " " * len(lead))
    if same:
        out += wrap(Message("{players}: no change.", players=Listed(same, ",")).text(), width, "  ", "    ")
    notes = []
    if at.policy_mixtures:
        notes.append(Message("Note: {n} of the {mixtures} mixtures of the rules forbid a recorded steal or offer one "
                             "the log's game did not: there the default steal policy decides, as in the trick table.",
                             n=at.policy_mixtures, mixtures=at.mixtures))
    if at.unplayable_mixtures:
        notes.append(Message("Note: {n} of the {mixtures} mixtures cannot be played.", n=at.unplayable_mixtures,
                             mixtures=at.mixtures))
    for n in notes:
        out += wrap(n.text(), width, "  ", "    ")
    m = at.winner_margin
    if m is not None and _stopped_at(d) is None:  # an unfinished game names no winner
        out.append("")
        out += wrap(winner_sentence(at, log_path).text(), width, hang="  ")
    return out



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
                out += wrap(labelled(noted(gettext(KNOBS[k.knob].label), k.knob), "").rstrip(), width, "  ", "    ")
                out += wrap(labelled(a, value_in_words(k.knob, k.value_a, k.source_a)), width, "    ", "      ")
                out += wrap(labelled(b, value_in_words(k.knob, k.value_b, k.source_b)), width, "    ", "      ")
            if not g.knobs:  # the table options group
                out += wrap(Message("{group}: the rulesets' default table options differ", group=g.name).text(),
                            width, "  ", "    ")
    if hidden:
        names = [k.knob for g in hidden for k in g.knobs] or [g.name for g in hidden]
        n = len(names)
        rules = Listed(map(rule, names), ",")
        if shown:
            said = PluralMessage("{n} more rule differs but did not change this game: {rules}.",
                                 "{n} more rules differ but did not change this game: {rules}.", n, rules=rules)
        else:
            said = PluralMessage("{n} rule differs but did not change this game: {rules}.",
                                 "{n} rules differ but did not change this game: {rules}.", n, rules=rules)
        out += wrap(said.text(), width, hang="  ")
    if not at.groups:
        out.append(Message("{a} and {b} set every rule the same way at this table.", a=a, b=b).text())
    return out


def diff_text(d: Diff, explain: bool = False, everything: bool = False, width: int = WIDTH) -> str:
    deal = d.deal
    labels = d.labels
    lines = wrap(Message("{file}: the same deal under {rulesets} and {last} ({n} players: {players}; options: "
                         "{options})", file=path_text(deal.file), rulesets=Listed(labels[:-1], ","), last=labels[-1],
                         n=len(deal.players), players=Listed(deal.players, ","),
                         options=options_text(deal.options)).text(), width, hang="  ")
    lines.append("")
    lines += _trick_table(d, width)
    if explain:
        lines.append("")
        lines += fit_text("\n".join(explain_lines(d)), width).split("\n")  # each line wrapped under its indent
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
                                  trick=n.trick, note=n.text).text(), width, "  ", "    ")
    for lab, o in zip(labels, d.outcomes):
        for n in o.deck_notes:
            lines += wrap(Message("{ruleset} (--lenient-deck): {note}", ruleset=lab, note=n).text(), width, "  ", "    ")
    for at, lab in zip(d.attributions, labels[1:]):
        lines.append("")
        if at is None:
            lines += wrap(Message("No account of the differences {b} - {a}: a game is undetermined from this log.",
                                  b=lab, a=labels[0]).text(), width, hang="  ")
            continue
        lines += _account_lines(d, at, deal.file, width)
        lines.append("")
        lines += _knob_lines(at, width)
    if all(at is None for at in d.attributions) and d.knobs:
        lines.append("")
        lines += wrap(PluralMessage("{n} rule differs: {rules}", "{n} rules differ: {rules}", len(d.knobs),
                                    rules=Listed([rule(r["knob"]) for r in d.knobs], ",")).text(), width, hang="  ")
    return "\n".join(lines)
