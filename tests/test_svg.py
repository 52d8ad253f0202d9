"""The chart geometry of the report pages (bidscli/svg.py): scales, signs and edge cases."""

from itertools import pairwise

from bidscli.report import svg


def _rects(chart, cls):
    return [s for s in chart.shapes if s.tag == "rect" and s.attrs.get("class") == cls]


def _zero_x(chart):
    return next(s.attrs["x1"] for s in chart.shapes if s.tag == "line" and s.attrs.get("class") == "zero")


def test_nice_ticks_cover_the_range():
    assert svg.nice_ticks(0, 46) == [0, 10, 20, 30, 40, 50]
    assert svg.nice_ticks(-7, 30, 4) == [-10, 0, 10, 20, 30]
    assert svg.nice_ticks(0, 0) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]


def test_diverging_bars_put_losses_left_of_zero_and_scale_widths():
    chart = svg.diverging_bars([("Ada", [("a", 10), ("b", -5)]), ("Bo", [("a", 20)])], ["a", "b"], "t")
    zero = _zero_x(chart)
    parts = {s.text: s.attrs for s in _rects(chart, "part")}
    assert set(parts) == {"Ada: a +10", "Ada: b -5", "Bo: a +20"}
    assert parts["Ada: a +10"]["x"] == zero
    assert parts["Ada: b -5"]["x"] + parts["Ada: b -5"]["width"] == zero
    assert abs(parts["Bo: a +20"]["width"] - 2 * parts["Ada: a +10"]["width"]) < 0.2
    assert abs(parts["Ada: a +10"]["width"] - 2 * parts["Ada: b -5"]["width"]) < 0.2
    # A rule keeps its colour for every player.
    assert parts["Ada: a +10"]["fill"] == parts["Bo: a +20"]["fill"] != parts["Ada: b -5"]["fill"]


def test_diverging_bars_of_nothing_draw_no_part():
    chart = svg.diverging_bars([("Ada", []), ("Bo", [("a", 0)])], ["a"], "t")
    assert _rects(chart, "part") == []


def test_interval_bars_draw_the_interval_ends():
    chart = svg.interval_bars([("P1", 0.5, 0.25, 0.75), ("P2", None, 0, 1)], "t")
    bars = _rects(chart, "bar")
    assert len(bars) == 1 and "50.0%" in bars[0].text
    errs = [s for s in chart.shapes if s.tag == "line" and s.attrs.get("class") == "err"]
    assert len(errs) == 3
    lo, hi = errs[0].attrs["x1"], errs[0].attrs["x2"]
    left = bars[0].attrs["x"]
    assert abs((hi - left) - 3 * (lo - left)) < 0.2  # 0.75 is three times 0.25 from zero


def test_histograms_share_their_bins_and_count_scale():
    a = {v: v % 3 + 1 for v in range(-5, 40)}
    b = {v: 2 for v in range(10, 70)}
    chart = svg.histograms([("a", a), ("b", b)], "t", bins=8)
    bars = _rects(chart, "bar")
    assert len(bars) <= 16
    for name, counts in (("a", a), ("b", b)):
        mine = [r for r in bars if r.text.startswith(f"{name},")]
        assert sum(int(r.text.split(": ")[1].split()[0]) for r in mine) == sum(counts.values())
    # One score axis: a bin of "b" starts where the same bin of "a" does.
    x_of = {r.text.split(", score ")[1].split(":")[0]: r.attrs["x"] for r in bars if r.text.startswith("a,")}
    for r in bars:
        if r.text.startswith("b,") and r.text.split(", score ")[1].split(":")[0] in x_of:
            assert r.attrs["x"] == x_of[r.text.split(", score ")[1].split(":")[0]]
    # One count scale: as many player-games are as tall in either panel.
    counted = [(r.attrs["height"], int(r.text.split(": ")[1].split()[0])) for r in bars]
    per_game = [h / c for h, c in counted if c]
    assert max(per_game) - min(per_game) < 0.05
    assert svg.histograms([("a", {})], "t").shapes == []


def test_no_chart_text_is_smaller_than_eleven_units_at_either_width():
    charts = [svg.responsive(svg.line_chart, [("Ana", [0, 5, 10])], [(2, "R1")], "t"),
              svg.responsive(svg.interval_bars, [("italian: lucky loser", 0.5, 0.4, 0.6)], "t"),
              svg.responsive(svg.histograms, [("a", {1: 2, 5: 3})], "t"),
              svg.responsive(svg.diverging_bars, [("Ada", [("a", 3)])], ["a"], "t")]
    for pair in charts:
        assert pair["narrow"].width == svg.NARROW < pair["wide"].width
    assert svg.TICK_FONT >= 11 and svg.FONT >= 11


def test_narrow_interval_bars_put_long_names_above_their_bars():
    wide = svg.interval_bars([("italian: lucky loser", 0.5, 0.4, 0.6)], "t")
    narrow = svg.interval_bars([("italian: lucky loser", 0.5, 0.4, 0.6)], "t", width=svg.NARROW)
    for chart, above in ((wide, False), (narrow, True)):
        (name,) = [s for s in chart.shapes if s.tag == "text" and s.text == "italian: lucky loser"]
        (bar,) = _rects(chart, "bar")
        assert (name.attrs["y"] <= bar.attrs["y"]) == above
        assert name.attrs["x"] - svg.text_width(name.text, svg.FONT) >= 0 or above


def test_line_chart_ends_are_labelled_apart():
    chart = svg.line_chart([("Ana", [0, 5, 10]), ("Ben", [0, 5, 10]), ("Cleo", [0, 1])], [(2, "R1")], "t")
    ends = [s for s in chart.shapes if s.tag == "text" and "end" in s.attrs.get("class", "").split()]
    assert sorted(e.text for e in ends) == ["Ana 10", "Ben 10", "Cleo 1"]
    ys = sorted(e.attrs["y"] for e in ends)
    assert all(b - a >= svg.FONT - 0.1 for a, b in pairwise(ys))
    lines = [s for s in chart.shapes if s.tag == "polyline"]
    assert len({s.attrs.get("stroke-dasharray", "") for s in lines}) == 3  # not told apart by colour alone


def _axis_label_boxes(chart):
    labels = [s for s in chart.shapes
              if s.tag == "text" and s.attrs.get("class") == "tick" and s.attrs["y"] == chart.height - 6]
    return [svg.label_box(s) for s in labels]


def test_axis_labels_of_steps_close_together_do_not_overlap():
    # Review item 11: friday-4p's "R3" and "Bonus" (one step apart) were drawn over each other.
    from bidscli.app import api
    from bidscli.report import pages

    _, result = api.score("examples/friday-4p.toml")
    prog = pages.progression(result)
    chart = svg.line_chart([(p, v) for p, v in prog["series"].items()], prog["breaks"], "x")
    boxes = _axis_label_boxes(chart)
    assert [str(b) for _, b in prog["breaks"]][-2:] == ["R3", "bonus"] and len(boxes) == len(prog["breaks"])
    for (_, right), (left, _) in pairwise(boxes):
        assert right + svg.LABEL_GAP <= left
    assert boxes[-1][1] <= chart.width
    # Labels far apart still end at their line, as before.
    far = svg.line_chart([("A", list(range(41)))], [(10, "R1"), (20, "R2"), (40, "R3")], "x")
    ends = [s for s in far.shapes if s.tag == "text" and s.attrs.get("text-anchor") == "end" and s.text.startswith("R")]
    assert len(ends) == 3
    crowded = _axis_label_boxes(svg.line_chart([("A", list(range(41)))], [(38, "R1"), (39, "R2"), (40, "Bonus")], "x"))
    assert all(r + svg.LABEL_GAP <= l for (_, r), (l, _) in pairwise(crowded))


def test_band_chart_tells_twelve_series_apart_by_more_than_colour():
    # 12 players, all ending on the same value: each its own (dash, marker), its end label apart and
    # inside the plot, every shape of a series marked p<i> (the page brings one forward by that class)
    series = [(f"P{i}", [(1, 25.0, 8.0), (2 + i % 3, 25.0, 7.0)]) for i in range(12)]
    chart = svg.band_chart(series, 4, "t", width=340, height=300)
    lines = [s for s in chart.shapes if s.tag == "polyline"]
    marks = {s.attrs["class"].split()[1]: s.tag for s in chart.shapes if "mark" in s.attrs.get("class", "").split()}
    styles = {(s.attrs.get("stroke-dasharray", ""), marks[s.attrs["class"].split()[1]]) for s in lines}
    assert len(lines) == 12 and len(styles) == 12
    ends = sorted(s.attrs["y"] for s in chart.shapes if "end" in s.attrs.get("class", "").split())
    assert len(ends) == 12 and all(b - a >= svg.FONT - 0.1 for a, b in pairwise(ends))
    assert ends[0] >= 10 and ends[-1] <= 300 - 24 + 4  # inside the plot (its top, its bottom plus the baseline)


def test_band_chart_marks_a_long_series_sparingly_and_its_last_point():
    chart = svg.band_chart([("Ana", [(g, 25.0 + g % 3, 5.0) for g in range(1, 1001)])], 1000, "t")
    marks = [s for s in chart.shapes if "mark" in s.attrs.get("class", "").split()]
    assert 20 <= len(marks) <= svg.MAX_MARKS + 1 and marks[-1].text.startswith("Ana after game 1000:")
