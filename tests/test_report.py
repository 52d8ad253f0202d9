"""`bids report` and `bids study --html`: the pages, parsed and checked for content.

Each page is parsed with html.parser; the checks compare what the page shows
(players, totals, the ringed winning cards, the tricks that part) with what
the engine and ``bids diff`` compute, and that nothing on the page points at
the network. The same pages in a real browser: tests/test_report_browser.py.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.app import api
from bidscli.cli.main import main
from bidscli.core.errors import BidsError
from bidscli.report import diff as diffreport

ROOT = Path(__file__).resolve().parent.parent
# The example logs (house.toml is a ruleset); broken.toml is the one meant to fail.
EXAMPLE_LOGS = sorted(p for p in (ROOT / "examples").glob("*.toml")
                      if re.search(r"^players\s*=", p.read_text(encoding="utf-8"), re.MULTILINE))
BROKEN = "broken.toml"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children: list = []

    @property
    def classes(self) -> set:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.iter()

    def find_all(self, tag=None, cls=None):
        return [n for n in self.iter() if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)]

    def find(self, tag=None, cls=None):
        found = self.find_all(tag, cls)
        return found[0] if found else None


class Tree(HTMLParser):
    """A minimal DOM: elements with attributes, classes and text (the page is our own well-formed HTML)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.cur = self.root
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def external_refs(page: str, tree: Tree) -> list[str]:
    """Anything that would make the browser fetch: src/href/xlink that is not a #fragment, url(),
    @import, and elements that load on their own."""
    found = []
    for n in tree.root.iter():
        for attr in ("src", "href", "xlink:href", "action", "poster", "data", "srcset"):
            v = n.attrs.get(attr)
            if v is not None and not v.startswith("#"):
                found.append(f"<{n.tag} {attr}={v}>")
        if n.tag in ("link", "img", "iframe", "object", "embed", "base", "audio", "video"):
            found.append(f"<{n.tag}>")
    found += re.findall(r"url\s*\(", page)
    found += re.findall(r"@import", page)
    found += re.findall(r"https?://", page)
    return found


def write_report(tmp_path, *args, name="page.html"):
    out = tmp_path / name
    res = run("report", *args, "--out", out)
    assert res.exit_code == 0, res.output + (res.stderr if res.stderr_bytes else "")
    text = out.read_text(encoding="utf-8")
    return text, Tree(text)


# -- game pages -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: p.name)
def test_game_page_for_every_example(tmp_path, path):
    rel = str(path.relative_to(ROOT))
    if path.name == BROKEN:  # no page: exit 1 with the located message, nothing written
        with pytest.raises(BidsError) as exc:
            api.score(rel)
        res = run("report", rel, "--out", tmp_path / "x.html")
        assert res.exit_code == 1
        assert f"error: {exc.value}" in res.output
        assert not (tmp_path / "x.html").exists()
        return
    loaded, result = api.score(rel)
    page, tree = write_report(tmp_path, rel)
    assert external_refs(page, tree) == []
    assert len(tree.root.find_all("script")) == 1 and "src" not in tree.root.find("script").attrs
    header = tree.root.find("header").text()
    for p in result.players:
        assert p in header
    assert loaded.ruleset.name in header and loaded.ruleset.source in header
    # The final table: players in rank order with their totals.
    table = tree.root.find("table")
    rows = table.find("tbody").find_all("tr")
    shown = [(r.find_all("td")[1].text(), int(r.find("td", "total").text())) for r in rows]
    assert shown == list(result.ranking)
    # Every trick: its section, the winner's card ringed, burned tricks marked.
    sections = [s for s in tree.root.find_all("section") if "trick" in s.classes]
    tricks = [(r, t) for r in result.rounds for t in r.tricks]
    assert len(sections) == len(tricks)
    for sec, (r, t) in zip(sections, tricks):
        assert sec.attrs["id"] == f"t{r.number}-{t.number}"
        plays = sec.find_all("div", "play")
        assert [p.find("span", "who").text() for p in plays] == [p for p, _ in t.plays]
        assert [p.find("span", "card").text().replace("\n", "") for p in plays] == \
            [c.colour + (c.special or str(c.number)) for _, c in t.plays]
        ringed = [p for p in plays if "wins" in p.find("span", "card").classes]
        if t.winner is None:
            assert ringed == [] and "burned" in sec.classes and sec.find("span", "burned") is not None
        else:
            assert [p.find("span", "who").text() for p in ringed] == [t.winner]
            assert "burned" not in sec.classes
        steals = sec.find_all("span", "steal")
        assert len(steals) == len(t.steals)
        for node, s in zip(steals, t.steals):
            assert node.text().startswith(f"{s.victim}{s.thief}")  # victim, arrow, thief
            assert f"{s.thief} steals {s.card} from {s.victim}" in node.text()
        # The reason chain names each knob with its value and source.
        knobs = [x.knob for x in t.reasons if x.knob]
        chain = sec.find("details")
        for k in knobs:
            assert k in chain.text()
            assert loaded.ruleset.source_of(k) in chain.text()
    # The chart: one line per player, ending at the player's total.
    svg = tree.root.find("svg", "chart")
    lines = svg.find_all("polyline")
    assert [ln.find("title").text() for ln in lines] == [f"{p}: {result.totals[p]}" for p in result.players]


def test_game_page_marks_lucky_losers_ally_pairs_and_steals(tmp_path):
    loaded, result = api.score("examples/thief-6p.toml")
    page, tree = write_report(tmp_path, "examples/thief-6p.toml")
    table = tree.root.find("table")
    text = table.text()
    lucky = sum(len(r.lucky_losers) for r in result.rounds)
    allies = sum(len(r.allies) for r in result.rounds)
    assert lucky > 0 and allies > 0
    assert text.count("lucky loser") == lucky
    assert text.count("Ally") == allies
    steal = tree.root.find("span", "steal")
    assert "Cy steals K8 from Fay" in steal.text()
    assert steal.find("svg") is not None  # the arrow


def test_escapes_file_names_and_ruleset_titles(tmp_path):
    probe = '<script>alert("x")</script> & <b>'
    rs = tmp_path / "probe.toml"
    rs.write_text(f'name = "probe"\nextends = "english"\ntitle = {json.dumps(probe)}\n', encoding="utf-8")
    log = tmp_path / "<i>&amp.toml"
    shutil.copy(ROOT / "examples" / "friday-4p.toml", log)
    page, tree = write_report(tmp_path, log, "-r", rs)
    assert probe not in page and "<i>&amp.toml" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;" in page
    assert len(tree.root.find_all("script")) == 1
    assert tree.root.find("b") is None and tree.root.find("i") is None
    header = tree.root.find("header").text()
    assert probe in header and "<i>&amp.toml" in header  # shown as text, exactly


SCRIPT = "<script>"


def renamed(doc, old: str, new: str):
    """The page data with a player renamed everywhere (values, keys, and inside texts)."""
    word = re.compile(rf"\b{re.escape(old)}\b")
    if isinstance(doc, dict):
        return {renamed(k, old, new): renamed(v, old, new) for k, v in doc.items()}
    if isinstance(doc, list):
        return [renamed(x, old, new) for x in doc]
    if isinstance(doc, str):
        return word.sub(new, doc)
    return doc


@pytest.mark.parametrize("kind", ["game", "comparison"])
def test_escapes_a_player_named_script(kind):
    """Every place a player's name reaches (header, tables, plays, steals, reasons, chart, account)
    goes through autoescaping: the page data renamed to '<script>' renders as text."""
    from bidscli.report import html

    if kind == "game":
        page = renamed(api.report_page("examples/thief-6p.toml", []), "Cy", SCRIPT)
        text = html.game(page)
    else:
        page = renamed(api.report_page("examples/thief-6p.toml", ["italian", "english"]), "Cy", SCRIPT)
        text = html.comparison(page)
    tree = Tree(text)
    assert len(tree.root.find_all("script")) == 1  # only the page's own
    assert text.count("&lt;script&gt;") >= 10
    assert SCRIPT in tree.root.find("body").text()  # the name is shown, as text
    for svg in tree.root.find_all("svg", "chart"):
        assert svg.find("script") is None


def test_a_player_named_script_from_the_log(tmp_path):
    """The whole path, from a log whose player is called '<script>' (log.md allows punctuation)."""
    text = (ROOT / "examples" / "thief-6p.toml").read_text(encoding="utf-8")
    log = tmp_path / "script.toml"
    log.write_text(re.sub(r"\bCy\b", SCRIPT, text), encoding="utf-8")
    res = run("report", log, "--out", tmp_path / "x.html")
    if res.exit_code == 1 and "is not valid" in res.output:
        pytest.skip("this log reader still refuses '<' in a player's name (the change of log.md comes with issue 8)")
    assert res.exit_code == 0, res.output
    page = (tmp_path / "x.html").read_text(encoding="utf-8")
    tree = Tree(page)
    assert len(tree.root.find_all("script")) == 1
    assert SCRIPT in tree.root.find("header").text()
    assert "&lt;script&gt;" in page


def test_refuses_to_overwrite_without_force(tmp_path):
    out = tmp_path / "x.html"
    out.write_text("mine")
    res = run("report", "examples/friday-4p.toml", "--out", out)
    assert res.exit_code == 1 and "--force" in res.output
    assert out.read_text() == "mine"
    res = run("report", "examples/friday-4p.toml", "--out", out, "--force")
    assert res.exit_code == 0
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_usage_errors_exit_2(tmp_path):
    assert run("report", "examples/friday-4p.toml").exit_code == 2  # no --out
    res = run("report", "examples/friday-4p.toml", "--format", "pdf", "--out", tmp_path / "x.html")
    assert res.exit_code == 2
    assert not (tmp_path / "x.html").exists()


def test_json_is_the_page_data():
    res = run("report", "examples/friday-4p.toml", "--format", "json")
    assert res.exit_code == 0
    doc = json.loads(res.stdout)
    loaded, result = api.score("examples/friday-4p.toml")
    assert doc["kind"] == "game"
    assert doc["totals"] == result.totals
    assert [r["player"] for r in doc["table"]] == [p for p, _ in result.ranking]


# -- comparison ---------------------------------------------------------------------------------


def test_comparison_page(tmp_path):
    page, tree = write_report(tmp_path, "examples/thief-6p.toml", "-r", "italian", "-r", "english")
    assert external_refs(page, tree) == []
    d = diffreport.diff_json(api.diff("examples/thief-6p.toml", ["italian", "english"]))
    verdicts = tree.root.find("section", "verdicts").text()
    assert "Ada wins with 46" in verdicts and "Cy wins with 62" in verdicts
    # The totals table, under each ruleset, with the difference.
    rows = tree.root.find("table", "totals").find("tbody").find_all("tr")
    for row in rows:
        cells = [c.text().split()[0] for c in row.find_all("td")]
        p = cells[0]
        assert [int(cells[1]), int(cells[2])] == [d["totals"]["italian"][p], d["totals"]["english"][p]]
        assert int(cells[3]) == d["totals"]["english"][p] - d["totals"]["italian"][p]
    # Which rules moved the scores (the account issue 10 gives in substance).
    moved = tree.root.find("section", "moved").text()
    for knob in ("double.scope", "lucky_loser.condition", "minus_five.bonus"):
        assert knob in moved
    assert "thief.timing" not in moved  # differs, but changed nothing here
    # Trick by trick: every row whose winner or points differ is marked; the first is the diff's.
    trows = tree.root.find("table", "tricks").find("tbody").find_all("tr")
    marked = {r.attrs["id"] for r in trows if "parts" in r.classes}
    wa, wb = d["winners"]["italian"], d["winners"]["english"]
    differ = {f"c{i + 1}-{j + 1}" for i, rnd in enumerate(wa) for j, w in enumerate(rnd) if w != wb[i][j]}
    assert differ <= marked
    first = d["first_divergence"]
    assert f"c{first['round']}-{first['trick']}" in marked
    first_row = next(r for r in trows if r.attrs["id"] == f"c{first['round']}-{first['trick']}")
    assert "parts first" in first_row.text()
    # Final tables side by side.
    side = tree.root.find("div", "side").find_all("table")
    assert len(side) == 2
    # Each differing knob with both values and sources.
    knob_table = tree.root.find("h2", None)
    assert knob_table is not None
    for k in d["knobs"]:
        assert k["knob"] in tree.root.text()


def test_comparison_page_accounts_for_every_point(tmp_path):
    """The attribution of issue 10 on the page: each player's difference split by rule, exactly."""
    page, tree = write_report(tmp_path, "examples/thief-6p.toml", "-r", "italian", "-r", "english")
    moved = tree.root.find("section", "moved").text()
    for line in ("Ada +15 = -5 bonus +15", "Cy +30 = 2x doubles +15, -5 bonus +15", "Fay +7 = lucky loser +7"):
        assert line in moved
    assert "2x doubles (double.scope) decides the winner" in moved
    d = diffreport.diff_json(api.diff("examples/thief-6p.toml", ["italian", "english"]))
    rows = tree.root.find("table", "account").find("tbody").find_all("tr")
    for row in rows:
        p, diff, because = [c.text() for c in row.find_all("td")]
        assert int(diff) == d["totals"]["english"][p] - d["totals"]["italian"][p]
        parts = re.findall(r"([a-z_.]+) ([+-]\d+)", because)
        assert sum(int(v) for _, v in parts) == int(diff)
    # The stacked bars: one segment per non-zero part, titled with the player, the rule and the points.
    fig = tree.root.find("figure", "fold-chart")
    segments = sorted(r.find("title").text() for r in fig.find("svg", "wide").find_all("rect")
                      if "part" in r.attrs.get("class", ""))
    assert segments == sorted(["Ada: -5 bonus (minus_five.bonus) +15", "Cy: 2x doubles (double.scope) +15",
                               "Cy: -5 bonus (minus_five.bonus) +15", "Fay: lucky loser (lucky_loser.condition) +7"])
    # Each rule that moved a score with both values and sources; the rest counted in one line.
    knobs = tree.root.find("table", "account-knobs").text()
    for knob in ("double.scope", "minus_five.bonus", "lucky_loser.condition"):
        assert knob in knobs
    assert "thief.timing" not in knobs
    assert "9 more rules differ but did not change this game" in tree.root.text()


def test_three_rulesets_each_against_the_first(tmp_path):
    res = run("report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "-r", "japanese",
              "--format", "json")
    doc = json.loads(res.stdout)
    att = doc["attribution"]
    assert set(att["rulesets"]) | set(att["missing"]) == {"english", "japanese"}
    for lab, block in att["rulesets"].items():
        assert block["against"] == "italian"
        for p in doc["players"]:
            assert sum(block["json"]["players"][p].values()) == doc["differences"][lab][p]


def test_comparison_with_an_undetermined_ruleset(tmp_path):
    """Under english the lowest-3p deal needs a pile card the log never showed: the page says so,
    shows '?' for what is unknown and gives no account, instead of failing."""
    page, tree = write_report(tmp_path, "examples/lowest-3p.toml", "-r", "japanese", "-r", "english",
                              "--lenient-deck")
    d = diffreport.diff_json(api.diff("examples/lowest-3p.toml", ["japanese", "english"], lenient=True))
    assert d["undetermined"]["english"]
    verdicts = tree.root.find("section", "verdicts").text()
    assert "undetermined" in verdicts
    w = d["game_winners"]["japanese"][0]
    assert f"{w} wins with {d['totals']['japanese'][w]}" in verdicts
    assert "no rule-by-rule account" in tree.root.find("section", "moved").text()

    rows = tree.root.find("table", "tricks").find("tbody").find_all("tr")
    unknown = sum(1 for rnd in d["winners"]["english"] for x in rnd if x == "?")
    assert unknown and sum(1 for r in rows if r.find_all("td")[3].text().strip() == "?") == unknown


def test_options_and_knob_overrides_reach_the_page():
    res = run("report", "examples/friday-4p.toml", "-o", "double.scope=round", "--format", "json")
    doc = json.loads(res.stdout)
    _, result = api.score("examples/friday-4p.toml", None, ["double.scope=round"])
    _, plain = api.score("examples/friday-4p.toml")
    assert doc["totals"] == result.totals != plain.totals


def test_an_unfinished_game(tmp_path):
    text = (ROOT / "examples" / "thief-6p.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    last = max(i for i, ln in enumerate(lines) if ln.startswith('  "'))
    log = tmp_path / "unfinished.toml"
    log.write_text("\n".join(lines[:last - 2] + lines[last + 1:]) + "\n", encoding="utf-8")  # 3 tricks short
    res = run("report", log, "--out", tmp_path / "x.html")
    assert res.exit_code == 1 and "--allow-partial" in res.output
    page, tree = write_report(tmp_path, log, "--allow-partial")
    _, result = api.score(log, allow_partial=True)
    assert "Unfinished game" in tree.root.find("header").text()
    assert len([s for s in tree.root.find_all("section") if "trick" in s.classes]) == 27
    assert "Round 3 (unfinished)" in tree.root.text()
    rows = tree.root.find("table").find("tbody").find_all("tr")
    assert [(r.find_all("td")[1].text(), int(r.find("td", "total").text())) for r in rows] == result.ranking


def test_out_dash_writes_the_page_to_stdout():
    res = run("report", "examples/friday-4p.toml", "--out", "-")
    assert res.exit_code == 0
    assert res.stdout.startswith("<!DOCTYPE html>") and res.stdout.rstrip().endswith("</html>")


def test_comparison_says_what_lenient_deck_stretched(tmp_path):
    page, tree = write_report(tmp_path, "examples/friday-4p.toml", "-r", "italian", "-r", "english",
                              "--lenient-deck")
    d = diffreport.diff_json(api.diff("examples/friday-4p.toml", ["italian", "english"], lenient=True))
    notes = [f"{lab}: {n}" for lab, ns in d["lenient_deck"].items() for n in ns]
    assert notes
    # the notes are in the page's body (once: the <title> holds no markup)
    (h2,) = [h for h in tree.root.find_all("h2") if h.attrs.get("id") == "lenient"]
    shown = [li.text() for li in h2.parent.find_all("li")]
    assert page.count('id="lenient"') == 1
    for n in notes:
        assert n in shown


def test_comparison_json():
    res = run("report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "--format", "json")
    doc = json.loads(res.stdout)
    assert doc["kind"] == "comparison"
    assert [v["winners"] for v in doc["verdicts"]] == [["Ada"], ["Cy"]]
    assert doc["differences"]["english"]["Cy"] == 30
    assert "3.5" in doc["parting_tricks"]


# -- study ---------------------------------------------------------------------------------------


def test_study_page(tmp_path):
    out = tmp_path / "study.html"
    res = run("study", "-r", "italian", "-r", "english", "-p", "3", "-g", "8", "--bots", "greedy,default,default",
              "--format", "json", "--html", out)
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    page = out.read_text(encoding="utf-8")
    tree = Tree(page)
    assert external_refs(page, tree) == []
    charts = tree.root.find_all("svg", "wide")  # each chart also comes narrow, for a phone
    assert len(tree.root.find_all("svg", "narrow")) == len(charts)
    # rates + (seats, strategies) per ruleset + the score histograms of every ruleset on one axis
    assert len(charts) == 1 + 2 * 2 + 1
    for r in doc["rulesets"]:
        assert sum(c for s in r["seats"] for _, c in s["histogram"]) == r["games"] * 3
        for s in r["seats"]:
            w = s["wins"]
            assert f"{100 * w['rate']:.1f}%" in page
    # Error bars: two ends and a bar per seat, strategy and rate.
    errs = [ln for c in charts for ln in c.find_all("line") if "err" in ln.attrs.get("class", "")]
    assert len(errs) == 3 * (2 * 3 + 2 * 2 + 4)
    bars = [r for c in charts for r in c.find_all("rect") if "bar" in r.attrs.get("class", "")]
    assert any("player-games" in b.find("title").text() for b in bars)
    assert "greedy ×1" in page and "default ×2" in page
    text = tree.root.text()
    assert "lucky loser" in text and "burned" in text


def test_study_html_refuses_overwrite_before_playing(tmp_path):
    out = tmp_path / "study.html"
    out.write_text("mine")
    res = run("study", "-r", "italian", "-p", "3", "-g", "1000000", "--html", out)
    assert res.exit_code == 1 and "--force" in res.output
    assert out.read_text() == "mine"



def test_comparison_page_says_which_tricks_go_differently_in_words(tmp_path):
    _, tree = write_report(tmp_path, "examples/thief-6p.toml", "-r", "italian", "-r", "english")
    assert "Trick 3.5 goes differently." in tree.root.find("section", "moved").text()
    _, tree = write_report(tmp_path, "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english", name="4p.html")
    text = " ".join(tree.root.find("section", "moved").text().split())
    assert re.search(r"Tricks (\d+\.\d+, )*\d+\.\d+ and \d+\.\d+ go differently\.", text), text
    assert "trick(s)" not in text and "part:" not in text


def test_comparison_page_names_rules_in_the_players_words(tmp_path):
    # Issue 23, item 14: each rule by its plain label, its knob name beside it; no method words.
    page, tree = write_report(tmp_path, "examples/thief-6p.toml", "-r", "italian", "-r", "english")
    text = " ".join(tree.root.text().split())
    for word in ("Shapley", "knob(s)", "knobs", "bids disputes", "(first:"):
        assert word not in text, word
    moved = " ".join(tree.root.find("section", "moved").text().split())
    assert ("2x doubles double.scope: this round (italian, IT) vs the whole game (english, EN)" in moved), moved
    rules = [" ".join(th.text().split()) for th in tree.root.find_all("th") if th.attrs.get("scope") == "rowgroup"]
    assert "2x doubles: this round / the whole game double.scope moved this game" in rules
    assert "when the Thief steals: at once / later, when its winner chooses thief.timing" in rules
    # A knob name may break only between its words (after "." or "_"), never inside one.
    assert '<span class="knob">double.<wbr>scope</span>' in page


def test_a_chart_is_titled_in_words_not_with_a_shape_of_its_own(tmp_path):
    # The running-score chart's round labels once reused the name of the chart's label: its
    # <title> and aria-label then held "Shape(tag='text', ...)" (a first-time user's pass).
    import re

    from click.testing import CliRunner

    from bidscli.cli.main import main

    out = tmp_path / "p.html"
    r = CliRunner().invoke(main, ["report", "examples/friday-4p.toml", "--out", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert "Shape(" not in page
    titles = re.findall(r'<svg class="chart [a-z]+"[^>]*aria-label="([^"]*)"', page)
    assert titles and all(t.strip() and "tag=" not in t for t in titles)


# -- issue 23, items 15 and 16: what a page shows is what the game had ----------------------------


def _summaries(tree) -> list[str]:
    return [" ".join(x.text().split()) for x in tree.root.find_all("summary")]


def test_game_page_shows_the_minus_five_bonus_only_when_it_is_in_play(tmp_path):
    _, tree = write_report(tmp_path, "examples/first-game.toml", name="first.html")  # no minus_five option
    head = [th.text() for th in tree.root.find("table").find("thead").find_all("th")]
    assert head == ["rank", "player", "total", "R1"]
    body = tree.root.find("body")
    assert "-5 bonus" not in " ".join(body.text().split())
    _, tree = write_report(tmp_path, "examples/thief-6p.toml", name="thief.html")  # minus_five = true
    head = [th.text() for th in tree.root.find("table").find("thead").find_all("th")]
    assert head[-1] == "-5 bonus"


def test_round_end_summaries_list_only_what_the_round_had(tmp_path):
    _, tree = write_report(tmp_path, "examples/thief-6p.toml", name="thief.html")
    rounds = [t for t in _summaries(tree) if t.startswith("round ")]
    assert rounds == ["round 1: who leads, the Ally split, 2 lucky losers",
                      "round 2: who leads, the Ally split, 2 lucky losers",
                      "round 3: who leads, the Ally split, 3 lucky losers"]
    _, tree = write_report(tmp_path, "examples/lowest-3p.toml", name="lowest.html")  # no 2x in a 3-player deck
    _, result = api.score("examples/lowest-3p.toml")
    assert not any(v for r in result.rounds for v in r.double_bonus.values())
    rounds = [t for t in _summaries(tree) if t.startswith("round ")]
    assert rounds and all("2x" not in t and "Ally" not in t for t in rounds)
    caption = " ".join(tree.root.find("h2", None).parent.text().split())
    assert "2x (what a banked 2x added)" not in caption and "Ally (the pair" not in caption


def test_study_page_draws_every_rulesets_scores_on_one_axis(tmp_path):
    out = tmp_path / "study.html"
    res = run("study", "-r", "italian", "-r", "english", "-r", "japanese", "-p", "4", "-g", "6", "--html", out)
    assert res.exit_code == 0, res.output
    tree = Tree(out.read_text(encoding="utf-8"))
    (h2,) = [h for h in tree.root.find_all("h2") if h.attrs.get("id") == "scores"]
    figures = [f for f in h2.parent.find_all("figure") if "hists" in f.classes]
    assert len(figures) == 1  # one chart for all rulesets, not one chart each
    chart = figures[0].find("svg", "wide")
    names = [t.text() for t in chart.find_all("text") if "end" in t.attrs.get("class", "")]
    assert [n.split(":")[0] for n in names] == ["italian", "english", "japanese"]
    assert all(re.fullmatch(r"[a-z]+: mean -?\d+\.\d", n) for n in names)
    axis = [t for t in chart.find_all("text") if "tick" in t.attrs.get("class", "")]
    assert sum(1 for t in axis if t.text() == "final score") == 1  # the score axis once, shared


def test_study_page_says_why_there_is_no_strategy_chart_when_every_seat_plays_one(tmp_path):
    out = tmp_path / "study.html"
    res = run("study", "-r", "italian", "-p", "4", "-g", "6", "--html", out)  # every seat: default
    assert res.exit_code == 0, res.output
    tree = Tree(out.read_text(encoding="utf-8"))
    text = " ".join(tree.root.text().split())
    assert "Every seat plays default, so there is no other strategy to compare it with" in text
    assert "default ×4" not in text
    out2 = tmp_path / "mixed.html"
    assert run("study", "-r", "italian", "-p", "4", "-g", "6", "--bots", "greedy,default,default,default",
               "--html", out2).exit_code == 0
    text = " ".join(Tree(out2.read_text(encoding="utf-8")).root.text().split())
    assert "default ×3" in text and "Every seat plays" not in text
