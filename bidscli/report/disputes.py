"""Text of ``bids disputes`` (the report layer; the search is ``analysis/disputes``): the table of
each knob's values and the winner under each, and the smallest sets of knob changes that change
the winner, worded in the output language. Its JSON is the search's own document.
"""

from __future__ import annotations

from ..analysis.disputes import SEARCH_ALL_LIMIT
from ..core.i18n import N_, Grouped, Listed, Message, PluralMessage, gettext, pgettext
from .diff import WIDTH
from .render import cell_text, knob_value, text_table
from .table import wrap


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
    ranking = Listed([f"{p} {v}" for p, v in br["ranking"]], ",")
    if br["undetermined"]:
        u = br["undetermined"]
        out.append(Message("The base result is undetermined from round {round}, trick {trick}: {message}",
                           round=u["round"], trick=u["trick"], message=u["message"]).text())
    elif doc.get("partial"):  # cli.md 'Unfinished games': nobody is crowned
        after = doc["standings_after"]
        out.append(Message("Base result (partial: standings after round {round}, trick {trick}, unfinished game, no "
                           "winner): leading {leaders}; ranking {ranking}", round=after["round"], trick=after["trick"],
                           leaders=Listed(br["winners"], ","), ranking=ranking).text())
        out.append(Message("(unfinished game: 'winner' below means who leads after the tricks played)").text())
    else:
        out.append(Message("Base result: winner {winners}; ranking {ranking}", winners=Listed(br["winners"], ","),
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
                                 rulesets=Listed(common)).text())
    out.extend(f"[{i}] {note}" for i, note in enumerate(notes, 1))
    m = doc["minimal"]
    out.append("")
    scope = (Message("all combinations of {n} knobs", n=m["knob_count"]) if m["search"] == "all combinations"
             else Message("single and pair changes only ({n} knobs is more than {limit})", n=m["knob_count"],
                          limit=SEARCH_ALL_LIMIT))
    if not m.get("complete", True):
        out += wrap(_stopped_text(doc), width, hang="  ")
    if m["size"] is None and not m.get("complete", True):
        size = m["size_stopped"]
        if size > 1:
            out += wrap(Message("No set of fewer than {size} knob changes changes the winner; sets of {size} or more "
                                "were not all searched ({n} variants, {plays}).", size=size, n=m["variants_searched"],
                                plays=_plays(doc)).text(), width, hang="  ")
        else:
            out += wrap(Message("The search for the smallest sets that change the winner did not start ({n} variants, "
                                "{plays}).", n=m["variants_searched"], plays=_plays(doc)).text(), width, hang="  ")
    elif m["size"] is None:
        out += wrap(Message("No set of knob changes changes the winner (searched {scope}: {n} variants, {plays}).",
                            scope=scope, n=m["variants_searched"], plays=_plays(doc)).text(), width, hang="  ")
    else:
        sets = len(m["sets"])
        out += wrap(Message("Smallest sets of knob changes that change the winner: {changes} ({sets}; searched {scope}, "
                            "{n} variants, {plays}):",
                            changes=PluralMessage("{n} change", "{n} changes", m["size"]),
                            sets=PluralMessage("{n} set", "{n} sets", sets), scope=scope, n=m["variants_searched"],
                            plays=_plays(doc)).text(), width, hang="  ")
        for s in m["sets"]:
            ch = ", ".join(f"{k} = {_fmt(v)}" for k, v in s["changes"].items())
            out += wrap(Message("- {changes} -> winner {winners} ({ranking})", changes=ch,
                                winners=Listed(s["winners"], ","),
                                ranking=Listed([f"{p} {s['totals'][p]}" for p in s["ranking"]], ",")).text(),
                        width, "  ", "    ")
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
