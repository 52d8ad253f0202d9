"""Charts for the HTML pages as plain data: shapes with attributes, no markup.

Each function returns a :class:`Chart` (a view box and a list of shapes); the
template ``_macros.html`` turns the shapes into ``<svg>`` elements with
Jinja2's autoescaping, so a player's name inside a chart is escaped like
every other piece of text on the page. No plotting library: the charts are
lines, bars and error bars on a scale, which a few lines of arithmetic give.

Colours: the players' palette is Okabe-Ito (readable with the common colour
blindnesses); every series also has its own dash pattern and a text label,
so no chart is read by colour alone.

Texts: every word a chart draws (an axis's name, a tooltip) is worded in the output language when
the chart is made (issue 34), its numbers as that language writes them (numbers.py).

Sizes: every text is at least ``TICK_FONT`` (11) units high and a chart is never
drawn smaller than its view box, so text is never under 11 px on the screen: a
page carries each chart twice, at its own width and at ``NARROW`` (a phone's
column), and the stylesheet shows the one that fits its box
(:func:`responsive`, ``.charts`` in report.css).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from ..core.i18n import Message, output_language
from .numbers import DECIMAL, number, percent

# Okabe & Ito's palette, darkened where it must stand on white (yellow dropped).
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#8a6d00", "#56B4E9", "#000000", "#E69F00")
DASHES = ("", "6 3", "2 2", "8 3 2 3", "1 3", "10 4")
FONT = 12
TICK_FONT = 11  # .chart text.tick in report.css
LABEL_GAP = 4  # room between two axis labels
NARROW = 340  # a chart's width in a phone's column (390 px, less the page's margins)


def text_width(text: str, size: float = TICK_FONT) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif font (no font metrics here): a
    wide character (a kanji, a kana) takes a whole em, any other 0.65 of one."""
    if text.isascii():
        return len(text) * size * 0.65
    return sum(1 if unicodedata.east_asian_width(c) in "WF" else 0.65 for c in text) * size


def label_box(shape: Shape) -> tuple[float, float]:
    """(left, right) of a tick label on the x axis, from its anchor and text_width."""
    x, w = shape.attrs["x"], text_width(shape.text or "")
    anchor = shape.attrs.get("text-anchor", "start")
    return {"end": (x - w, x), "middle": (x - w / 2, x + w / 2)}.get(anchor, (x, x + w))


class Shape(NamedTuple):
    tag: str  # line, polyline, rect, circle, text, path
    attrs: dict
    text: str | None = None  # the content of a <text>, or a <title> tooltip for other shapes


class Chart(NamedTuple):
    width: int
    height: int
    shapes: list
    label: str  # what the chart shows, for aria-label and the figure caption


def responsive(draw, *args, narrow: dict | None = None, **kw) -> dict:
    """The chart ``draw(*args, **kw)`` at its own width ("wide") and at NARROW ("narrow"; ``narrow``:
    other arguments for that one, e.g. its height): the page shows the wide one where its box is
    as wide as it, else the narrow one, so that no text is drawn shrunk."""
    return {"wide": draw(*args, **kw), "narrow": draw(*args, **{**kw, "width": NARROW, **(narrow or {})})}


def end_room(labels) -> float:
    """The right margin that a line chart's end labels need (at most a third of a narrow chart)."""
    return min(max((text_width(t, FONT) for t in labels), default=0) + 8, NARROW / 3)


def end_text(name: str, text: str) -> str:
    return f"{short(name, 8)} {text}"


def y_grid(ticks, left: float, pw: float, Y) -> list[Shape]:
    """A line chart's horizontal grid lines, each with its value at the left."""
    shapes = []
    for t in ticks:
        shapes.append(Shape("line", {"x1": left, "x2": left + pw, "y1": Y(t), "y2": Y(t), "class": "grid"}))
        shapes.append(Shape("text", {"x": left - 4, "y": Y(t) + 4, "text-anchor": "end", "class": "tick"}, _num(t)))
    return shapes


def end_labels(ends: list, x: float, number, within: tuple[float, float] | None = None) -> list[Shape]:
    """A line chart's end labels (``[y, series, name, value]`` each), nudged apart so that two
    equal values stay readable; ``within`` (top, bottom): and kept inside those bounds (labels
    pushed below the bottom move up, as far as the room allows). Each label has the class ``p<i>``."""
    ends.sort()
    for k in range(1, len(ends)):
        if ends[k][0] - ends[k - 1][0] < FONT:
            ends[k][0] = ends[k - 1][0] + FONT
    if within is not None and ends:
        top, bottom = within
        ends[-1][0] = max(min(ends[-1][0], bottom), top)
        for k in range(len(ends) - 2, -1, -1):
            ends[k][0] = min(ends[k][0], ends[k + 1][0] - FONT)
    return [Shape("text", {"x": x, "y": _r(y + 4), "fill": colour(i), "class": f"end p{i}"},
                  end_text(name, number(v))) for y, i, name, v in ends]


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def dash(i: int) -> str:
    return DASHES[i % len(DASHES)]


MAX_MARKS = 40  # marks a series at most (band_chart): past that, every k-th point's, and the last

# A series' marker: filled circles for the first six series, hollow squares for the next six; with the
# six dash patterns, the first 12 series have each their own (dash, marker) pair.
MARKERS = ("circle", "square")


def marker(i: int) -> str:
    return MARKERS[(i // len(DASHES)) % len(MARKERS)]


def style(i: int) -> dict:
    """What tells series ``i`` apart besides its colour: its dash pattern and its marker."""
    return {"colour": colour(i), "dash": dash(i), "marker": marker(i)}


def mark(i: int, x: float, y: float, title: str | None = None, cls: str = "mark") -> Shape:
    """Series ``i``'s marker at (x, y): a filled circle, or a hollow square (``marker``)."""
    if marker(i) == "circle":
        return Shape("circle", {"cx": x, "cy": y, "r": 3.5, "fill": colour(i), "class": f"{cls} p{i}"}, title)
    return Shape("rect", {"x": _r(x - 3.5), "y": _r(y - 3.5), "width": 7, "height": 7, "fill": "#fff",
                          "stroke": colour(i), "stroke-width": 1.8, "class": f"{cls} p{i}"}, title)


def short(name: str, size: int) -> str:
    """A label cut to fit its margin (the full name stays in the shape's title and the tables)."""
    return name if len(name) <= size else name[:size - 1] + "…"


def _r(x: float) -> float:
    return round(x, 1)


def nice_ticks(lo: float, hi: float, count: float = 5) -> list[float]:
    """Round tick values covering lo..hi (1, 2 or 5 times a power of ten apart)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(count, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 10))
        v += step
    if ticks[-1] < hi:
        ticks.append(round(v, 10))
    return ticks


def _num(v: float) -> str:
    """A tick's value: an integer as one, else its shortest form with the language's decimal sign."""
    if float(v).is_integer():
        return str(int(v))
    return f"{v:g}".replace(".", DECIMAL.get(output_language(), "."))


def line_chart(series: Sequence[tuple[str, Sequence[float]]], breaks: Sequence[tuple[int, object]],
               label: str, width: int = 640, height: int = 260) -> Chart:
    """Running values per series over steps 0..n-1; ``breaks``: (step, text) marks (round ends), a
    text or a worded value (pages.progression's ``R1``, ``bonus``), worded in the output language."""
    left, top, bottom = 40, 10, 24
    right = end_room(end_text(name, _num(vs[-1])) for name, vs in series if vs)
    n = max((len(v) for _, v in series), default=0)
    values = [x for _, vs in series for x in vs] or [0]
    ticks = nice_ticks(min(0, min(values)), max(values))
    lo, hi = ticks[0], ticks[-1]
    pw, ph = width - left - right, height - top - bottom

    def X(i):
        return _r(left + (pw * i / (n - 1) if n > 1 else pw / 2))

    def Y(v):
        return _r(top + ph - (v - lo) / (hi - lo) * ph)

    shapes = y_grid(ticks, left, pw, Y)
    right_of_last = -math.inf
    for step, said in breaks:
        text = str(said)
        shapes.append(Shape("line", {"x1": X(step), "x2": X(step), "y1": top, "y2": top + ph, "class": "break"}))
        # A label ends at its line; when that would run into the label before (steps close
        # together: the last round's end and the bonus), it starts at its line, or further right.
        x, w = X(step), text_width(text)
        if x - w >= right_of_last + LABEL_GAP:
            tick = Shape("text", {"x": x, "y": height - 6, "text-anchor": "end", "class": "tick"}, text)
        else:
            tick = Shape("text", {"x": _r(max(x, right_of_last + LABEL_GAP)), "y": height - 6,
                                   "text-anchor": "start", "class": "tick"}, text)
        shapes.append(tick)
        right_of_last = label_box(tick)[1]
    ends = []
    for i, (name, vs) in enumerate(series):
        pts = " ".join(f"{X(j)},{Y(v)}" for j, v in enumerate(vs))
        attrs = {"points": pts, "fill": "none", "stroke": colour(i), "stroke-width": 2, "class": "series"}
        if dash(i):
            attrs["stroke-dasharray"] = dash(i)
        shapes.append(Shape("polyline", attrs, f"{name}: {_num(vs[-1]) if vs else 0}"))
        if vs:
            ends.append([Y(vs[-1]), i, name, vs[-1]])
    shapes += end_labels(ends, left + pw + 4, _num)
    return Chart(width, height, shapes, label)


def diverging_bars(rows: Sequence[tuple[str, Sequence[tuple[str, float]]]], keys: Sequence[str],
                   label: str, width: int = 520, row_height: int = 26) -> Chart:
    """One stacked bar per row: positive parts to the right of zero, negative to the left.

    ``keys`` fixes each part's colour across rows (a knob keeps its colour for every player).
    """
    left = max((text_width(short(name, 9), FONT) for name, _ in rows), default=0) + 8
    right, top = 10, 18
    height = top + row_height * max(len(rows), 1) + 8
    pos = [sum(v for _, v in parts if v > 0) for _, parts in rows] or [0]
    neg = [sum(-v for _, v in parts if v < 0) for _, parts in rows] or [0]
    span_lo, span_hi = -max(neg + [0]), max(pos + [0])
    if span_lo == span_hi:
        span_hi = 1
    ticks = nice_ticks(span_lo, span_hi, 4)
    lo, hi = ticks[0], ticks[-1]
    pw = width - left - right

    def X(v):
        return _r(left + (v - lo) / (hi - lo) * pw)

    shapes = []
    for t in ticks:
        shapes.append(Shape("line", {"x1": X(t), "x2": X(t), "y1": top - 4, "y2": height - 8,
                                     "class": "zero" if t == 0 else "grid"}))
        shapes.append(Shape("text", {"x": X(t), "y": top - 6, "text-anchor": "middle", "class": "tick"}, _num(t)))
    index = {k: i for i, k in enumerate(keys)}
    for r, (name, parts) in enumerate(rows):
        y = top + r * row_height + 3
        shapes.append(Shape("text", {"x": left - 4, "y": y + row_height / 2, "text-anchor": "end"}, short(name, 9)))
        up, down = 0.0, 0.0
        for key, v in parts:
            if not v:
                continue
            if v > 0:
                x0, x1 = X(up), X(up + v)
                up += v
            else:
                x0, x1 = X(down + v), X(down)
                down += v
            shapes.append(Shape("rect", {"x": x0, "y": y, "width": _r(max(x1 - x0, 1)), "height": row_height - 8,
                                         "fill": colour(index.get(key, 0)), "class": "part"},
                                f"{name}: {key} {'+' if v > 0 else ''}{_num(v)}"))
    return Chart(width, height, shapes, label)


def interval_bars(rows: Sequence[tuple[str, float | None, float, float]], label: str, width: int = 480,
                  row_height: int = 22, as_percent: bool = True, ref: float | None = None) -> Chart:
    """Horizontal bars of rates (0..1) with their 95% intervals as error bars; ``ref``: a dashed line
    (e.g. 1/players, an even share of the wins). Each bar's name is left of it, or above it when the
    names would take more than 40% of the width (a narrow chart)."""
    names = [short(name, 20) for name, *_ in rows]
    need = max((text_width(n, FONT) for n in names), default=0) + 8
    above = need > width * 0.4
    left, right, top = (8 if above else need), 40, 18
    if above:
        row_height += FONT + 2
    height = top + row_height * max(len(rows), 1) + 6
    pw = width - left - right

    def X(v):
        return _r(left + v * pw)

    shapes = []
    for t in (0, 0.25, 0.5, 0.75, 1):
        shapes.append(Shape("line", {"x1": X(t), "x2": X(t), "y1": top - 4, "y2": height - 6, "class": "grid"}))
        shapes.append(Shape("text", {"x": X(t), "y": top - 6, "text-anchor": "middle", "class": "tick"},
                            percent(t, 0) if as_percent else _num(t)))
    if ref is not None:
        shapes.append(Shape("line", {"x1": X(ref), "x2": X(ref), "y1": top - 4, "y2": height - 6, "class": "ref"},
                            Message("even share {rate}", rate=percent(ref, 0)).text()))
    bar = row_height - 6 - (FONT + 2 if above else 0)
    for r, (name, rate, lo, hi) in enumerate(rows):
        y = top + r * row_height + 2
        if above:
            shapes.append(Shape("text", {"x": left, "y": y + FONT}, names[r]))
            y += FONT + 2
        mid = _r(y + bar / 2)
        if not above:
            shapes.append(Shape("text", {"x": left - 4, "y": mid + 4, "text-anchor": "end"}, names[r]))
        if rate is None:
            continue
        text = Message("{name}: {rate} (95% interval {low} to {high})", name=name, rate=percent(rate),
                       low=percent(lo), high=percent(hi)).text()
        shapes.append(Shape("rect", {"x": X(0), "y": y, "width": _r(max(rate * pw, 0.5)), "height": bar,
                                     "fill": colour(0), "class": "bar"}, text))
        shapes.append(Shape("line", {"x1": X(lo), "x2": X(hi), "y1": mid, "y2": mid, "class": "err"}))
        for x in (X(lo), X(hi)):
            shapes.append(Shape("line", {"x1": x, "x2": x, "y1": mid - 5, "y2": mid + 5, "class": "err"}))
        shapes.append(Shape("text", {"x": X(hi) + 4, "y": mid + 4, "class": "tick"}, percent(rate, 0)))
    return Chart(width, height, shapes, label)


def histograms(series: Sequence[tuple[str, dict]], label: str, width: int = 640, panel: int = 80,
               bins: int = 16) -> Chart:
    """Counts of integer values (score -> games) of several series on one shared axis: the same bins
    and the same count scale for all, one panel a series under the one before, each panel named at
    its top left with its mean, a dashed line at the mean; the value axis once, at the bottom."""
    left, right, top, bottom, head = 40, 10, 4, 30, FONT + 12
    pw = width - left - right
    height = top + len(series) * (head + panel) + bottom
    shapes: list = []
    values = [v for _, counts in series for v in counts]
    if not values:
        return Chart(width, height, shapes, label)
    lo, hi = min(values), max(values)
    step = max(1, math.ceil((hi - lo + 1) / bins))
    edges = list(range(lo, hi + 1, step))
    span = step * len(edges)

    def X(v):
        return _r(left + (v - lo) / span * pw)

    tallies = [[sum(c for v, c in counts.items() if e <= v < e + step) for e in edges] for _, counts in series]
    ticks = nice_ticks(0, max(max(t) for t in tallies) or 1, 2)
    cmax = ticks[-1]
    for i, ((name, counts), tally) in enumerate(zip(series, tallies)):
        y0 = top + i * (head + panel) + head  # the panel's top
        n = sum(counts.values())
        mean = sum(v * c for v, c in counts.items()) / n if n else None
        for t in ticks:
            y = _r(y0 + panel - t / cmax * panel)
            shapes.append(Shape("line", {"x1": left, "x2": left + pw, "y1": y, "y2": y, "class": "grid"}))
            shapes.append(Shape("text", {"x": left - 3, "y": y + 4, "text-anchor": "end", "class": "tick"}, _num(t)))
        for k, (e, c) in enumerate(zip(edges, tally)):
            h = c / cmax * panel
            if step == 1:
                what = Message("{name}, score {score}: {count} player-games", name=name, score=e, count=c)
            else:
                what = Message("{name}, score {low} to {high}: {count} player-games", name=name, low=e,
                               high=e + step - 1, count=c)
            shapes.append(Shape("rect", {"x": _r(X(e) + 1), "y": _r(y0 + panel - h),
                                         "width": _r(max(X(e + step) - X(e) - 2, 1)), "height": _r(h),
                                         "fill": colour(i), "class": "bar"}, what.text()))
        text = short(name, 24) if mean is None else Message("{name}: mean {mean}", name=short(name, 24),
                                                            mean=number(mean, 1)).text()
        shapes.append(Shape("text", {"x": left, "y": y0 - 5, "fill": colour(i), "class": "end"}, text))
        if mean is not None:
            # The mean is placed as a score is: a bin's left edge is its first score.
            shapes.append(Shape("line", {"x1": X(mean), "x2": X(mean), "y1": y0, "y2": y0 + panel, "class": "ref"},
                                Message("{name}: mean {mean}", name=name, mean=number(mean, 1)).text()))
    base = top + len(series) * (head + panel)
    for t in nice_ticks(lo, lo + span, max(2, pw // 70)):
        if lo <= t <= lo + span:
            shapes.append(Shape("text", {"x": X(t), "y": base + 14, "text-anchor": "middle", "class": "tick"}, _num(t)))
    shapes.append(Shape("text", {"x": left + pw / 2, "y": height - 2, "text-anchor": "middle", "class": "tick"},
                        # TRANSLATORS: the axis of a chart of final scores
                        Message("final score").text()))
    return Chart(width, height, shapes, label)


def band_chart(series: Sequence[tuple[str, Sequence[tuple[int, float, float]]]], steps: int, label: str,
               width: int = 640, height: int = 280) -> Chart:
    """Each series' value over steps 1..``steps`` with a band of plus or minus its spread: ``series``
    is (name, [(step, value, spread), ...]) with the points a series has (bids season: each
    player's rating mu after each of their games, the band mu +/- sigma).

    Made to be read with many series (a season of 10 or 12 players): each series has its colour,
    its own pair of dash pattern and marker (``style``: unique for the first 12, so that no two
    players are told apart by colour alone), a marker at each of its points (the games the player
    played; at most ``MAX_MARKS``, evenly spread, and the last) and its name at its end; every shape carries the class ``p<i>`` so that the page can
    bring one series forward at a time. The value axis fits the lines, not the bands: a band is
    cut at the plot's edges (``.band`` shapes; the page shows a band for the player brought forward,
    or for every player when there are few)."""
    left, top, bottom = 40, 10, 24
    right = end_room(end_text(name, number(pts[-1][1], 1)) for name, pts in series if pts)
    values = [v for _, pts in series for _, v, _ in pts]
    ticks = nice_ticks(min(values, default=0) - 1, max(values, default=1) + 1)
    lo, hi = ticks[0], ticks[-1]
    pw, ph = width - left - right, height - top - bottom

    def X(i):
        return _r(left + (pw * (i - 1) / (steps - 1) if steps > 1 else pw / 2))

    def Y(v):
        return _r(top + ph - (min(max(v, lo), hi) - lo) / (hi - lo) * ph)

    shapes = y_grid(ticks, left, pw, Y)
    steps_shown = [int(t) for t in nice_ticks(1, max(steps, 2), max(2, pw // 60))
                   if 1 <= t <= steps and float(t).is_integer()]
    # TRANSLATORS: the first mark of the axis of a season's games (the others are numbers only)
    first = Message("game {number}", number=1).text()
    if steps_shown and steps_shown[0] != 1 and (X(steps_shown[0]) - X(1) < text_width(first) + LABEL_GAP
                                                 + text_width(_num(steps_shown[0])) / 2):
        steps_shown = steps_shown[1:]  # no room for "game 1" beside it
    for step in dict.fromkeys([1, *steps_shown]):
        shapes.append(Shape("text", {"x": X(step), "y": height - 6, "text-anchor": "start" if step == 1 else "middle",
                                     "class": "tick"}, first if step == 1 else _num(step)))
    ends = []
    for i, (name, pts) in enumerate(series):
        if not pts:
            continue
        p = f"p{i}"
        upper = [f"{X(g)},{Y(v + s)}" for g, v, s in pts]
        lower = [f"{X(g)},{Y(v - s)}" for g, v, s in reversed(pts)]
        shapes.append(Shape("polygon", {"points": " ".join(upper + lower), "fill": colour(i), "fill-opacity": 0.15,
                                        "stroke": "none", "class": f"band {p}"},
                            Message("{name}: mu ± sigma", name=name).text()))
        attrs = {"points": " ".join(f"{X(g)},{Y(v)}" for g, v, _ in pts), "fill": "none", "stroke": colour(i),
                 "stroke-width": 2, "class": f"series {p}"}
        if dash(i):
            attrs["stroke-dasharray"] = dash(i)
        g, v, s = pts[-1]
        shapes.append(Shape("polyline", attrs, Message("{name}: mu {mu}, sigma {sigma} after game {game}", name=name,
                                                       mu=number(v, 2), sigma=number(s, 2), game=g).text()))
        every = -(-len(pts) // MAX_MARKS)  # a long season: every k-th game's mark, and the last
        for k, (g, v, s) in enumerate(pts):
            if k % every == 0 or k == len(pts) - 1:
                shapes.append(mark(i, X(g), Y(v), Message("{name} after game {game}: mu {mu}, sigma {sigma}",
                                                          name=name, game=g, mu=number(v, 2), sigma=number(s, 2)).text()))
        ends.append([Y(v), i, name, v])
    shapes += end_labels(ends, left + pw + 4, lambda v: number(v, 1), within=(top + FONT / 2, top + ph))
    return Chart(width, height, shapes, label)
