"""Text and JSON of ``bids diff`` and ``bids disputes`` (the report layer; analysis is in
``variants``, ``divergence``, ``attribution`` and ``disputes``).

Every line of the text fits ``WIDTH`` (100) columns: tables get column widths
that add up to it, prose is wrapped with a hanging indent.
"""

from __future__ import annotations

from typing import Any

from ..analysis.attribution import Attribution, mixed_text
from ..analysis.disputes import SEARCH_ALL_LIMIT
from ..analysis.divergence import tricks_of
from ..analysis.plan import DealPlan, RulesetPlay, deal_json
from ..analysis.variants import Diff
from ..core.sanitize import path_text
from ..rules.knobs import KNOBS, rule_title
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
            doc["winner_sentence"] = winner_sentence(at, deal.file)
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
            (out["policy_steals"] if n.steal is not None or "default policy" in n.text
             else out["dropped_actions"]).append(doc)
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
    s = t.winner or "burned"
    if t.winner:
        s += f" {t.points:+d}"
        if t.doubled is not None:
            s += " 2x"  # won the 2x: the round points doubled (the legend says so)
    if tuple(t.revealed) != ref_revealed:
        s += f" [{' '.join(map(str, t.revealed)) or 'empty'}]"
    for st in t.steals:
        s += f"; {st.thief} takes {st.card} from {st.victim}" + ("!" if st.policy else "")
    return s


def explain_lines(d: Diff) -> list[str]:
    """Every trick's reason chain under each ruleset (one chain when they all agree)."""
    lines = ["Reasons, trick by trick (each knob with its value and source):"]
    tricks = [tricks_of(o) for o in d.outcomes]
    for r in d.deal.rounds:
        for tp in r.tricks:
            key = (r.number, tp.number)
            chains = []
            for o, tt in zip(d.outcomes, tricks):
                t = tt.get(key)
                chains.append(["undetermined from this log"] if t is None else
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
                mark = "<< first" if d.first and (d.first["round"], d.first["trick"]) == key else "<<"
            rows.append([f"{r.number}.{tp.number}", prize] + [_cell(t, ref_rev) for t in ts] + [mark])
    # trick 5, prize 11 ("Surprise K9" on one line; wrapped at its space, never inside a word),
    # mark 8, two spaces between columns
    col = max(12, (width - 5 - 11 - 8 - 2 * (len(labels) + 3)) // len(labels))
    table = text_table(rows, ["trick", "prize"] + labels + ["differs"], numbers=False,
                       maxcolwidths=[None, 11] + [col] * len(labels) + [None])
    out = table.split("\n")
    out += wrap("(winner +points" + ("; 2x = won the 2x, which doubled the round points" if doubled else "") +
                "; [..] = pile cards revealed when not as in the prize column; ! = steal "
                "decided by the default policy; ? = undetermined from this log; << = they differ here)", "", "",
                width)
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
            bonus = f" + {res.bonuses[p]} bonus" if res.bonuses[p] else ""
            row.append(f"{parts}{bonus} = {res.totals[p]} (#{res.ranks[p]})")
        rows.append(row)
    col = max(16, (width - 10 - 2 * len(labels)) // len(labels))
    out = ["Scores (round by round = total, #rank):"]
    out += text_table(rows, ["player"] + labels, numbers=False,
                      maxcolwidths=[None] + [col] * len(labels)).split("\n")
    for lab, o in zip(labels, outs):
        if o.undetermined:
            u = o.undetermined
            out += wrap(f"{lab}: undetermined from this log from round {u['round']}, trick {u['trick']} on: "
                        f"{u['message']}", "", "  ", width)
        elif o.result.stopped_at is not None:  # cli.md 'Unfinished games': standings, never a winner
            r, t = o.result.stopped_at
            out.append(f"{lab}: partial: standings after round {r}, trick {t} (unfinished game, no winner)")
        else:
            w = o.result.winners
            out.append(f"{lab}: winner {w[0]}" if len(w) == 1 else f"{lab}: {_and(list(w))} share the win")
            out[-1] += f" with {o.result.totals[w[0]]}"
    return out


def _place(dv) -> str:
    if dv.kind == "trick":
        return f"trick {dv.round}.{dv.trick}"
    if dv.kind == "round_end":
        return f"end of round {dv.round}"
    return "game end"


def _full(dv, labels, width: int) -> list[str]:
    out = wrap(f"{_place(dv)} ({', '.join(dv.what)} differ{'s' if len(dv.what) == 1 else ''}):", "  ", "    ",
               width)
    for lab in labels:
        out.append(f"    {lab}:")
        for x in dv.reasons.get(lab, ()):
            out += wrap(x, "      - ", "        ", width)
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
        out += wrap(f"First divergence: round {f['round']}, trick {f['trick']} ({', '.join(f['what'])} differ)",
                    "", "  ", width)
        for lab in labels:
            out.append(f"  {lab}:")
            for x in f["reasons"][lab]:
                out += wrap(x, "    - ", "      ", width)
    elif d.first_score is not None:
        fs = d.first_score
        where = f"at the end of round {fs['round']}" if fs["round"] else "at game end (bonuses)"
        out.append(f"Every trick goes the same way; the scores part {where}.")
    else:
        out.append("No divergence: every trick and every score is the same.")
        return out
    first_key = (d.first["round"], d.first["trick"]) if d.first else None
    rest = [dv for dv in d.divergences if not (dv.kind == "trick" and (dv.round, dv.trick) == first_key)]
    if not rest:
        return out
    tricks = [dv for dv in rest if dv.kind == "trick"]
    others = [dv for dv in rest if dv.kind != "trick"]
    counts = [_count(tricks, "trick"), _count([x for x in others if x.kind == "round_end"], "round end"),
              "the -5 bonus" if any(x.kind == "bonus" for x in others) else ""]
    head = f"Every other place where the results part ({', '.join(c for c in counts if c)})" + \
           ("" if everything or not tricks else "; --all gives every trick's reasons") + ":"
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


def _count(items, word: str) -> str:
    if not items:
        return ""
    return f"{len(items)} {word}" + ("" if len(items) == 1 else "s")


def _tricks_of_round(dvs, labels, everything: bool, width: int) -> list[str]:
    if everything:
        return [x for dv in dvs for x in _full(dv, labels, width)]
    what: dict = {}
    for dv in dvs:
        for w in dv.what:
            what[w] = what.get(w, 0) + 1
    r = dvs[0].round
    if len(dvs) == 1:
        text = f"round {r}, trick {dvs[0].trick}: {', '.join(what)} differ{'s' if len(what) == 1 else ''}"
    else:
        text = f"round {r}, tricks {_ranges([dv.trick for dv in dvs])}: " + \
            ", ".join(f"{w} in {n}" for w, n in what.items()) + " differ"
    knobs = sorted({k for dv in dvs for k in dv.knobs})
    if knobs:
        text += f" (rules named: {', '.join(map(rule, knobs))})"
    return wrap(text, "  ", "    ", width)


def _account_lines(d: Diff, at: Attribution, log_path: str, width: int) -> list[str]:
    a, b = at.labels
    method = "exact, docs/diff.md" if at.method == "shapley" else \
        f"ORDERED split: {at.reason}; so the knobs are switched one step at a time: " + \
        " -> ".join(" + ".join(s) for s in at.order)
    out = wrap(f"Each player's difference, {b} - {a}, by the rule that caused it ({method}):", "", "  ", width)
    same = []
    rows = []
    for p in at.players:
        diff = at.difference(p)
        if not diff and not any(at.parts[p].values()):
            same.append(p)
            continue
        shares = sorted(((g, v) for g, v in at.parts[p].items() if v), key=lambda x: (-abs(x[1]), x[0]))
        rows.append((p, f"{at.totals[a][p]} -> {at.totals[b][p]}", mixed_text(diff),
                     ", ".join(f"{rule(g)} {mixed_text(v)}" for g, v in shares) or "(the parts cancel out)"))
    if rows:
        wp = max(len(r[0]) for r in rows)
        wt = max(len(r[1]) for r in rows)
        wd = max(len(r[2]) for r in rows)
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
        out += wrap(f"{', '.join(same)}: no change.", "  ", "    ", width)
    notes = []
    if at.policy_mixtures:
        notes.append(f"{at.policy_mixtures} of the {at.mixtures} mixtures of the rules forbid a recorded steal or "
                     "offer one the log's game did not: there the default steal policy decides, as in the trick "
                     "table")
    if at.unplayable_mixtures:
        notes.append(f"{at.unplayable_mixtures} of the {at.mixtures} mixtures cannot be played")
    for n in notes:
        out += wrap(f"Note: {n}.", "  ", "    ", width)
    m = at.winner_margin
    if m is not None and _stopped_at(d) is None:  # an unfinished game names no winner
        out.append("")
        out += wrap(winner_sentence(at, log_path), "", "  ", width)
    return out


def winner_sentence(at: Attribution, log_path: str) -> str:
    """One sentence naming the rules that decide the winner (Shapley parts of the winner's margin)."""
    a, b = at.labels
    m = at.winner_margin
    assert m is not None, "a game of 3 players or more has a runner-up, so a margin"
    where = f"`bids disputes {log_path} -r {a}` gives the smallest sets of rule changes that change the winner"
    shared = _shared_win(at)
    if shared:
        return f"Who wins: {shared}; {where}."
    if m.winner_changed:
        moved = sorted(((g, v) for g, v in m.rival_parts.items() if v), key=lambda x: (-x[1], x[0]))
        parts = ", ".join(f"{rule_title(g)} {mixed_text(v)}" for g, v in moved)
        deciding = " and ".join(map(rule, m.deciding)) if m.deciding else "no single rule"
        verb = "decides" if len(m.deciding) == 1 else "decide"
        instead = f" instead of {m.rival}" if m.rival != m.runner_up else ""
        return (f"Who wins: {deciding} {verb} that {m.winner} wins under {b}{instead}: {m.winner}'s margin "
                f"over {m.rival} goes from {m.rival_before:+d} under {a} to {m.rival_after:+d} ({parts}); "
                f"{where}.")
    moved = sorted(((g, v) for g, v in m.parts.items() if v), key=lambda x: (-x[1], x[0]))
    parts = ", ".join(f"{rule(g)} {mixed_text(v)}" for g, v in moved)
    if not moved:
        return f"Who wins: {m.winner} under both, {m.after:+d} over {m.runner_up} under both; {where}."
    return (f"Who wins: {m.winner} under both; the margin over {m.runner_up} goes from {m.before:+d} to "
            f"{m.after:+d} ({parts}); {where}.")


def _and(names) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _shared_win(at: Attribution) -> str | None:
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
        return f"{_and(wb)} share the win " + (f"with {tb} under both" if ta == tb else f"under both ({ta} under {a}, {tb} under {b})")
    under_a = f"{wa[0]} wins" if len(wa) == 1 else f"{_and(wa)} share it"
    return f"{_and(wb)} share the win with {tb} under {b} ({under_a} under {a}, with {ta})"


def rule(name: str) -> str:
    """A rule named in the players' words, its knob name beside it: "2x doubles (double.scope)"."""
    title = rule_title(name)
    return name if title == name else f"{title} ({name})"


def _value(knob: str, value, source: str) -> str:
    """A knob's value in the label's words, the value and its source beside them."""
    words = KNOBS[knob].words(value)
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
        out.append(f"Rules that changed this game ({a} -> {b}):")
        for g in shown:
            for k in g.knobs:
                out += wrap(f"{KNOBS[k.knob].label} ({k.knob}):", "  ", "    ", width)
                out += wrap(f"{a}: {_value(k.knob, k.value_a, k.source_a)}", "    ", "      ", width)
                out += wrap(f"{b}: {_value(k.knob, k.value_b, k.source_b)}", "    ", "      ", width)
            if not g.knobs:  # the table options group
                out += wrap(f"{g.name}: the rulesets' default table options differ", "  ", "    ", width)
    if hidden:
        names = [k.knob for g in hidden for k in g.knobs] or [g.name for g in hidden]
        n = len(names)
        out += wrap(f"{n} {'more ' if shown else ''}rule{'s' if n != 1 else ''} differ{'' if n != 1 else 's'} but "
                    f"did not change this game: {', '.join(map(rule, names))}.", "", "  ", width)
    if not at.groups:
        out.append(f"{a} and {b} set every rule the same way at this table.")
    return out


def diff_text(d: Diff, explain: bool = False, everything: bool = False, width: int = WIDTH) -> str:
    deal = d.deal
    labels = d.labels
    lines = wrap(f"{path_text(deal.file)}: the same deal under {', '.join(labels[:-1])} and {labels[-1]} "
                 f"({len(deal.players)} players: {', '.join(deal.players)}; options: {options_text(deal.options)})",
                 "", "  ", width)
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
        lines.append("Steals not as recorded:")
        for lab, n in notes:
            lines += wrap(f"{lab}, round {n.round}, trick {n.trick}: {n.text}", "  ", "    ", width)
    for lab, o in zip(labels, d.outcomes):
        for n in o.deck_notes:
            lines += wrap(f"{lab} (--lenient-deck): {n}", "  ", "    ", width)
    for at, lab in zip(d.attributions, labels[1:]):
        lines.append("")
        if at is None:
            lines += wrap(f"No account of the differences {lab} - {labels[0]}: a game is undetermined from this "
                          "log.", "", "  ", width)
            continue
        lines += _account_lines(d, at, deal.file, width)
        lines.append("")
        lines += _knob_lines(at, width)
    if all(at is None for at in d.attributions) and d.knobs:
        lines.append("")
        lines += wrap(f"{len(d.knobs)} rule{'' if len(d.knobs) == 1 else 's'} differ{'s' if len(d.knobs) == 1 else ''}: " + ", ".join(rule(r["knob"]) for r in d.knobs), "", "  ", width)
    return "\n".join(lines)


def _fmt(v) -> str:
    return cell_text(knob_value(v))


def _plays(doc: dict) -> str:
    """How often the deal was played: whole replays, and replays on from a round-boundary checkpoint."""
    return f"{doc['replays']} whole replay{'' if doc['replays'] == 1 else 's'} and {doc['resumed']} from a checkpoint"


def _stopped_text(doc: dict) -> str:
    """The bound that stopped the search (docs/limits.md), in one sentence."""
    m = doc["minimal"]
    if m["bound_reached"] == "variants":
        what = f"the bound of {m['bounds']['variants']:,} variants searched (docs/limits.md)"
    else:
        what = (f"the bound of {m['bounds']['replayed_rounds']:,} replayed rounds (docs/limits.md; "
                f"this game has {doc['rounds']:,} rounds)")
    return (f"Search stopped at {what}: a single change it did not reach is marked 'not searched'; "
            f"`--knob` narrows the search to the knobs you name.")


def disputes_text(doc: dict, width: int = WIDTH) -> str:
    """``width``: the columns the text must fit; where the table of every player's total does
    not, each row lists only the totals that change (the base ranking is above it)."""
    players = doc["players"]
    table_width, width = width, min(width, WIDTH)  # prose at 100 at the most; the table as wide as fits
    br = doc["base_result"]
    out = [f"{doc['file']}: which rule decided this game? (base: {doc['base']}, {len(players)} players)"]
    if br["undetermined"]:
        u = br["undetermined"]
        out.append(f"The base result is undetermined from round {u['round']}, trick {u['trick']}: {u['message']}")
    elif doc.get("partial"):  # cli.md 'Unfinished games': nobody is crowned
        after = doc["standings_after"]
        out.append(f"Base result (partial: standings after round {after['round']}, trick {after['trick']}, "
                   f"unfinished game, no winner): leading {', '.join(br['winners'])}; ranking " +
                   ", ".join(f"{p} {v}" for p, v in br["ranking"]))
        out.append("(unfinished game: 'winner' below means who leads after the tricks played)")
    else:
        out.append(f"Base result: winner {', '.join(br['winners'])}; ranking " +
                   ", ".join(f"{p} {v}" for p, v in br["ranking"]))
    if not doc["knobs"]:
        out.append("No disputed knob changes anything at this table (every knob given has one effective value here).")
        return "\n".join(out)
    out.append("")
    out.append("Each knob changed alone:")
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
            notes.append(f"with {k} = {_fmt(v)}: {s['error']}")
            status = f"NOT PLAYABLE [{len(notes)}]"
        elif s["status"] == "not searched":
            status = "not searched [bound]"
        elif s["status"] == "undetermined":
            u = s["undetermined"]
            notes.append(f"from round {u['round']}, trick {u['trick']}: {u['message']}")
            status = f"undetermined [{len(notes)}]"
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
        compact.append([k, value, win, ", ".join(changed) or "none"])
    head = ["knob", "value" if common is not None else "value (used by)", "winner"]
    table = text_table(rows, head + players, maxcolwidths=[None, 30, 30] + [None] * len(players), numbers=False,
                       move=False)  # every player's total side by side, else the changes only (below)
    if max(map(len, table.splitlines())) > table_width:
        knob_w = max(len(r[0]) for r in compact)
        room = max(20, width - knob_w - 2 * 3 - 16 - 12)  # knob, value, winner, what is left for the totals
        table = text_table(compact, head + ["totals that change"], maxcolwidths=[None, 16, 12, room], numbers=False)
    out.append(table)
    out.append("(* = the winner changes; (+n) after a total: its change from the base)")
    if common:
        out.append(f"(every value above is the one {' and '.join(common)} use{'s' if len(common) == 1 else ''})")
    out.extend(f"[{i}] {note}" for i, note in enumerate(notes, 1))
    m = doc["minimal"]
    out.append("")
    scope = (f"all combinations of {m['knob_count']} knobs" if m["search"] == "all combinations"
             else f"single and pair changes only ({m['knob_count']} knobs is more than {SEARCH_ALL_LIMIT})")
    if not m.get("complete", True):
        out += wrap(_stopped_text(doc), "", "  ", width)
    if m["size"] is None and not m.get("complete", True):
        size = m["size_stopped"]
        if size > 1:
            out += wrap(f"No set of fewer than {size} knob changes changes the winner; sets of {size} or more "
                        f"were not all searched ({m['variants_searched']} variants, {_plays(doc)}).", "", "  ", width)
        else:
            out += wrap(f"The search for the smallest sets that change the winner did not start "
                        f"({m['variants_searched']} variants, {_plays(doc)}).", "", "  ", width)
    elif m["size"] is None:
        out += wrap(f"No set of knob changes changes the winner (searched {scope}: {m['variants_searched']} "
                    f"variants, {_plays(doc)}).", "", "  ", width)
    else:
        sets = len(m["sets"])
        out += wrap(f"Smallest sets of knob changes that change the winner: {m['size']} "
                    f"change{'' if m['size'] == 1 else 's'} ({sets} set{'' if sets == 1 else 's'}; searched {scope}, {m['variants_searched']} variants, "
                    f"{_plays(doc)}):", "", "  ", width)
        for s in m["sets"]:
            ch = ", ".join(f"{k} = {_fmt(v)}" for k, v in s["changes"].items())
            out += wrap(f"- {ch} -> winner {', '.join(s['winners'])} ("
                        + ", ".join(f"{p} {s['totals'][p]}" for p in s["ranking"]) + ")", "  ", "    ", width)
    extra = []
    if m["not_playable"]:
        extra.append(f"{m['not_playable']} variant{'' if m['not_playable'] == 1 else 's'} not playable (the log's deal does not fit their deck)")
    if m["undetermined"]:
        extra.append(f"{m['undetermined']} variant{'' if m['undetermined'] == 1 else 's'} undetermined from this log")
    if extra:
        out.append("Skipped: " + "; ".join(extra) + ".")
    return "\n".join(out)
