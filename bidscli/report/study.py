"""``bids study`` for people: the study document as a table, one column per ruleset."""

from __future__ import annotations

import json

from .render import text_table


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x) -> str:
    return "-" if x is None else f"{x:.2f}"


def _mean_cell(m: dict) -> str:
    if m["mean"] is None:
        return "-"
    if m["sd"] is None:
        return _num(m["mean"])
    lo, hi = m["ci95"]
    return f"{m['mean']:.2f} [{lo:.2f}, {hi:.2f}] sd {m['sd']:.2f}"


def _rate_cell(r: dict) -> str:
    lo, hi = r["ci95"]
    return f"{_pct(r['rate'])} [{_pct(lo)}, {_pct(hi)}]"


def table_text(doc: dict) -> str:
    """The study for people: one column per ruleset, then the winner changes between them."""
    st = doc["study"]
    rs = doc["rulesets"]
    seats = ", ".join(f"{p}={b}" for p, b in zip(st["players"], st["bots"]))
    opts = ", ".join(f"{k}={'true' if v else 'false'}" for k, v in st["options"].items()) or "ruleset defaults"
    lines = [
        f"Study: {st['games']} games, {len(st['players'])} players ({seats}), seed {st['seed']}, options: {opts}",
        f"Deals: {st['deals']}.",
        "Cells: mean [95% CI] sd, or rate [95% Wilson CI].",
        "",
    ]
    if st["knobs"]:
        knobs = ", ".join(f"{k}={json.dumps(v)}" for k, v in st["knobs"].items())
        lines.insert(2, f"Knob overrides (every ruleset): {knobs}")
    rows = []
    for i, p in enumerate(st["players"]):
        rows.append([f"{p} score"] + [_mean_cell(r["seats"][i]["score"]) for r in rs])
    for i, p in enumerate(st["players"]):
        rows.append([f"{p} wins"] + [_rate_cell(r["seats"][i]["wins"]) for r in rs])
    rows.append(["margin (1st - 2nd)"] + [_mean_cell(r["margin"]) for r in rs])
    rows.append(["shared first place"] + [_rate_cell(r["shared_wins"]) for r in rs])
    rows.append(["rounds with a lucky loser"] + [_rate_cell(r["lucky_loser_rate"]) for r in rs])
    rows.append(["burned tricks"] + [_rate_cell(r["burn_rate"]) for r in rs])
    lines.append(text_table(rows, [""] + [r["ruleset"] for r in rs], numbers=False))
    if doc["pairs"]:
        lines.append("")
        lines.append("Winner changes (the same game's winner differs):")
        prow = []
        for pr in doc["pairs"]:
            w = pr["winner_changes"]
            prow.append([pr["rulesets"][0], pr["rulesets"][1], "same" if pr["same_deck"] else "differ",
                         w["n"], w["count"], _rate_cell(w)])
        lines.append(text_table(prow, ["A", "B", "decks", "games", "changed", "rate [95% CI]"], numbers=False))
    return "\n".join(lines)
