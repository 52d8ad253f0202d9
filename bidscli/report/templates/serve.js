// bids serve: the scorekeeper's and the watchers' pages. No rule lives here: the server's
// state says who plays and which cards each may hold, its check says what the engine makes of
// a trick (and whether a steal must be asked), and only its 200 means "saved". Every text is
// put in with textContent: nothing from a log or a request is ever read as HTML.
"use strict";
(function () {
  var body = document.body;
  var T = JSON.parse(document.getElementById("texts").textContent);
  var kind = body.dataset.kind;
  var gameId = body.dataset.game;
  var main = document.getElementById("main");
  var statusEl = document.getElementById("status");

  // The secret rides in the link's fragment (#token=...): kept in this tab, then taken out of
  // the address bar, so that it is in no history entry, screenshot of the bar or shared link.
  var m = /[#&]token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    sessionStorage.setItem("bids-token", m[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  var token = sessionStorage.getItem("bids-token");
  // The page's language, the one the server made the page in: the link's ?lang=, else the table's
  // for a game, else the browser's. Every request asks for its texts in it.
  var lang = body.dataset.lang || "en";

  function t(key, values) {
    var s = T[key] || key;
    if (values) {
      s = s.replace(/\{(\w+)\}/g, function (_, k) { return values[k] == null ? "" : String(values[k]); });
    }
    return s;
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) {
      for (var k in attrs) {
        if (k === "text") e.textContent = attrs[k];
        else if (k === "cls") e.className = attrs[k];
        else if (k === "on") { for (var ev in attrs.on) e.addEventListener(ev, attrs.on[ev]); }
        else e.setAttribute(k, attrs[k]);
      }
    }
    (children || []).forEach(function (c) { if (c != null) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }

  // A link of the app: in the language this page's link asked for (?lang=), if it asked; else a
  // game's page speaks the table's language (the server's choice). ``keep``: in this page's
  // language whatever it is (a game's report and the season, read by the one reading this page).
  var asked = new URLSearchParams(location.search).get("lang");
  function here(path, keep) {
    if (!asked && !keep) return path;
    return path + (path.indexOf("?") < 0 ? "?" : "&") + "lang=" + encodeURIComponent(lang);
  }

  document.getElementById("home").href = here("/");

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function api(method, path, doc) {
    var headers = {"Accept": "application/json"};
    if (doc !== undefined) headers["Content-Type"] = "application/json";
    if (method !== "GET" && token) headers["Authorization"] = "Bearer " + token;
    var sep = path.indexOf("?") < 0 ? "?" : "&";
    return fetch(path + sep + "lang=" + encodeURIComponent(lang), {
      method: method, headers: headers, body: doc === undefined ? undefined : JSON.stringify(doc),
      cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer"
    }).then(function (r) {
      return r.json().then(function (j) { return {status: r.status, body: j}; },
                           function () { return {status: r.status, body: {errors: [{message: r.statusText}]}}; });
    });
  }

  // A card's colour, from the state (the log may write yellow 5 as G5 in Italian, 黄5 in Japanese).
  function cardClass(card) {
    var colours = (state && state.cards) || {};
    return "card c" + (colours[card] || "S");
  }

  function chip(card) { return el("span", {cls: cardClass(card), text: card}); }

  function errorsOf(resp) {
    var errs = (resp.body && resp.body.errors) || [];
    return errs.map(function (e) { return e.message; });
  }

  // -- the games of the folder ---------------------------------------------------------------
  function home() {
    clear(main);
    var list = el("section", {cls: "games"}, [el("h1", {text: T.games})]);
    main.appendChild(list);
    api("GET", "/api/games").then(function (r) {
      var games = r.body.games || [];
      if (!games.length) list.appendChild(el("p", {text: T.no_games}));
      var ul = el("ul", {cls: "gamelist"});
      games.forEach(function (g) {
        var name = (g.title || g.file) + (g.complete ? " · " + T.complete : "");
        var links = [el("a", {href: here("/w/" + encodeURIComponent(g.id)), text: T.watch, cls: "btn small"})];
        if (token) links.unshift(el("a", {href: here("/g/" + encodeURIComponent(g.id)), text: T.keep, cls: "btn small primary"}));
        ul.appendChild(el("li", null, [el("div", {cls: "gname", text: name}),
          el("div", {cls: "gplayers", text: (g.players || []).join(", ") + (g.error ? " · " + g.error : "")}),
          el("div", {cls: "glinks"}, links)]));
      });
      list.appendChild(ul);
      list.appendChild(el("p", null, [el("a", {href: here("/season"), text: T.season})]));
    });
    if (token) newGameForm();
  }

  function newGameForm() {
    var form = el("form", {cls: "newgame"});
    var players = el("div", {cls: "players"});
    function addPlayer(value) {
      var row = el("div", {cls: "prow"}, [
        el("input", {type: "text", maxlength: "32", autocomplete: "off", value: value || "", "aria-label": T.players}),
        el("button", {type: "button", cls: "btn small", text: T.remove_player, on: {click: function () { if (players.children.length > 3) players.removeChild(row); }}})
      ]);
      players.appendChild(row);
    }
    for (var i = 0; i < 4; i++) addPlayer("");
    var rules = el("select", {name: "ruleset"});
    var opts = el("div", {cls: "opts"});
    var langSel = el("select", {name: "lang"});
    var msg = el("p", {cls: "errors", role: "alert"});
    var file = el("input", {type: "text", name: "file", value: new Date().toISOString().slice(0, 10) + ".toml", autocomplete: "off"});
    var rounds = el("input", {type: "number", name: "rounds", min: "1", max: "1000", inputmode: "numeric"});
    var title = el("input", {type: "text", name: "title", maxlength: "200", autocomplete: "off"});
    api("GET", "/api/rulesets").then(function (r) {
      (r.body.bundled || []).forEach(function (n) { rules.appendChild(el("option", {value: n, text: n})); });
      (r.body.files || []).forEach(function (f) { rules.appendChild(el("option", {value: f.file, text: f.file + " (" + f.name + ")"})); });
      (r.body.options || []).forEach(function (o) {
        opts.appendChild(el("label", {cls: "opt"}, [el("input", {type: "checkbox", value: o}), " " + (T["option_" + o] || o)]));
      });
      (r.body.langs || ["en"]).forEach(function (l) {
        var o = el("option", {value: l, text: T["lang_" + l] || l});
        if (l === lang) o.selected = true;
        langSel.appendChild(o);
      });
    });
    function field(id, text, control) {
      control.id = id;
      return el("div", {cls: "field"}, [el("label", {"for": id, text: text}), control]);
    }
    form.appendChild(el("h2", {text: T.new_game}));
    form.appendChild(field("f-file", T.file, file));
    form.appendChild(field("f-title", T.title, title));
    form.appendChild(el("div", {cls: "label", text: T.players}));
    form.appendChild(players);
    form.appendChild(el("button", {type: "button", cls: "btn small", text: T.add_player, on: {click: function () { if (players.children.length < 6) addPlayer(""); }}}));
    form.appendChild(field("f-rules", T.ruleset, rules));
    form.appendChild(el("div", {cls: "label", text: T.options}));
    form.appendChild(opts);
    form.appendChild(field("f-rounds", T.rounds, rounds));
    form.appendChild(field("f-lang", T.language, langSel));
    form.appendChild(msg);
    form.appendChild(el("button", {type: "submit", cls: "btn primary big", text: T.start}));
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var names = Array.prototype.map.call(players.querySelectorAll("input"), function (i) { return i.value.trim(); }).filter(Boolean);
      var options = {};
      opts.querySelectorAll("input").forEach(function (c) { if (c.checked) options[c.value] = true; });
      var doc = {file: file.value.trim(), players: names, ruleset: rules.value, options: options,
                 rounds: rounds.value ? parseInt(rounds.value, 10) : null, title: title.value.trim() || null, lang: langSel.value};
      api("POST", "/api/games", doc).then(function (r) {
        if (r.status === 201) {
          location.href = here("/g/" + encodeURIComponent(r.body.id));
        } else {
          msg.textContent = errorsOf(r).join("\n");
        }
      }, function () { msg.textContent = T.offline; });
    });
    main.appendChild(form);
  }

  // The game's page in two columns (side by side on a wide screen, one above the other on a phone).
  function columns() {
    clear(main);
    var a = el("div", {cls: "col"}), b = el("div", {cls: "col"});
    main.appendChild(a);
    main.appendChild(b);
    main.className = "game";
    return [a, b];
  }

  // -- a game's state, shared by both pages ----------------------------------------------------
  var state = null;

  function standings(s) {
    var table = el("table", {cls: "standings"});
    var head = el("tr", null, [el("th", {text: ""}), el("th", {text: T.standings})]);
    (s.rounds || []).forEach(function (r) { head.appendChild(el("th", {cls: "num", text: t("round_col", {number: r.number})})); });
    head.appendChild(el("th", {cls: "num", text: T.total}));
    table.appendChild(el("thead", null, [head]));
    var tb = el("tbody");
    (s.standings || []).forEach(function (row) {
      var tr = el("tr", null, [el("td", {cls: "num", text: String(row.rank)}), el("td", {text: row.player})]);
      (s.rounds || []).forEach(function (r) { tr.appendChild(el("td", {cls: "num", text: String(r.scores[row.player])})); });
      tr.appendChild(el("td", {cls: "num strong", text: String(row.total)}));
      tb.appendChild(tr);
    });
    table.appendChild(tb);
    return el("div", {cls: "scroll"}, [table]);
  }

  function verdict(trick) { return trick.verdict; }

  function trickList(s) {
    var sec = el("section", {cls: "tricks"}, [el("h2", {text: T.last_tricks})]);
    var tricks = (s.tricks || []).slice().reverse();
    if (!tricks.length) sec.appendChild(el("p", {cls: "muted", text: T.none_yet}));
    var ol = el("ol", {cls: "tlist"});
    tricks.forEach(function (tr) {
      var det = el("details", null, [
        el("summary", null, [el("span", {cls: "tno", text: t("trick_no", {number: tr.number})}), " ", el("span", {cls: "verdict", text: verdict(tr)})]),
        el("div", {cls: "tline", text: tr.line})
      ]);
      (tr.steals || []).forEach(function (st) { det.appendChild(el("div", {cls: "steal", text: st})); });
      var why = el("ul", {cls: "reasons"});
      (tr.reasons || []).forEach(function (r) { why.appendChild(el("li", {text: r})); });
      det.appendChild(why);
      ol.appendChild(el("li", null, [det]));
    });
    sec.appendChild(ol);
    return sec;
  }

  function roundList(s) {
    if (!(s.rounds || []).length) return null;
    var sec = el("section", {cls: "rounds"}, [el("h2", {text: T.rounds_done})]);
    s.rounds.slice().reverse().forEach(function (r) { sec.appendChild(el("p", {text: r.summary})); });
    return sec;
  }

  function heading(s) {
    var where = s.complete ? T.game_over : t("where", {round: s.round, trick: s.trick, player: s.leader});
    var h = el("div", {cls: "heading"}, [el("h1", {text: s.title || s.file}), el("div", {cls: "where", text: where})]);
    if (s.complete && s.winners) h.appendChild(el("div", {cls: "winners", text: t("winners", {players: s.winners.join(", ")})}));
    return h;
  }

  function links() {
    return el("nav", {cls: "links"}, [
      el("a", {href: here("/g/" + encodeURIComponent(gameId) + "/report", true), text: T.report, cls: "btn small"}),
      el("a", {href: here("/season", true), text: T.season, cls: "btn small"})
    ]);
  }

  // The event stream: the state at once, then after every saved change (also another program's).
  function follow(onState) {
    var es = new EventSource("/api/games/" + encodeURIComponent(gameId) + "/events?lang=" + encodeURIComponent(lang));
    es.onmessage = function (ev) {
      statusEl.textContent = T.live;
      statusEl.className = "live";
      var doc = JSON.parse(ev.data);
      if (doc.version) onState(doc);
    };
    es.onerror = function () { statusEl.textContent = T.reconnecting; statusEl.className = "off"; };
    return es;
  }

  // -- the watchers' page ------------------------------------------------------------------------
  function watch() {
    follow(function (s) {
      state = s;
      var cols = columns();
      cols[0].appendChild(heading(s));
      if (s.last) cols[0].appendChild(el("p", {cls: "lastverdict", text: t("trick_verdict", {number: s.last.trick, verdict: verdict(s.last)})}));
      cols[0].appendChild(standings(s));
      cols[1].appendChild(trickList(s));
      var rl = roundList(s);
      if (rl) cols[1].appendChild(rl);
      cols[1].appendChild(links());
    });
  }

  // -- the scorekeeper's page --------------------------------------------------------------------
  var entry = {revealed: [], plays: [], actions: [], extra: false};
  var pending = null;  // {line, version}: sent, no answer yet
  var lost = null;  // {line, version}: sent, and the connection failed before the answer
  var message = null;  // {cls, lines}
  var undoArmed = false;

  function resetEntry() { entry = {revealed: [], plays: [], actions: [], extra: false}; }

  function lineOf() {
    var plays = entry.plays.map(function (p) { return p[0] + " " + p[1]; }).join(", ");
    var line = entry.revealed.join(" ") + ": " + plays;
    entry.actions.forEach(function (a) { line += "; " + a; });
    return line;
  }

  function keep() {
    if (!token) {
      clear(main);
      main.appendChild(el("p", {cls: "note", text: T.need_secret}));
      main.appendChild(el("a", {href: here("/w/" + encodeURIComponent(gameId)), text: T.to_watch, cls: "btn primary"}));
      return;
    }
    api("GET", "/api/games/" + encodeURIComponent(gameId)).then(function (r) {
      if (r.status === 200) { state = r.body; render(); } else showError(errorsOf(r));
    });
    follow(function (s) {
      if (state && s.version === state.version) return;
      var moved = state && s.version !== state.version && !pending;
      state = s;
      if (moved && lost && s.last && s.last.line === lost.line) {
        // the trick whose answer was lost: the stream says it is saved
        lost = null;
        resetEntry();
        message = {cls: "ok", lines: [t("saved_trick", {number: s.last.trick, verdict: verdict(s.last)})]};
      } else if (moved && (entry.plays.length || entry.revealed.length)) {
        resetEntry();
        message = {cls: "warn", lines: [T.conflict]};
      }
      render();
    });
  }

  function showError(lines) {
    clear(main);
    main.appendChild(el("p", {cls: "errors", text: lines.join("\n")}));
  }

  function render() {
    var s = state;
    var cols = columns();
    cols[0].appendChild(heading(s));
    if (message) cols[0].appendChild(el("div", {cls: "msg " + message.cls, role: "status", "aria-live": "polite"},
      message.lines.map(function (l) { return el("div", {text: l}); })));
    if (!s.complete) cols[0].appendChild(entryPanel(s));
    cols[0].appendChild(controls(s));
    cols[1].appendChild(standings(s));
    cols[1].appendChild(trickList(s));
    var rl = roundList(s);
    if (rl) cols[1].appendChild(rl);
    cols[1].appendChild(links());
  }

  function entryPanel(s) {
    var panel = el("section", {cls: "entry"});
    // the trick so far: each chip takes the entry back to that step
    var sofar = el("div", {cls: "sofar"});
    entry.revealed.forEach(function (c, i) {
      sofar.appendChild(el("button", {type: "button", cls: "chipbtn", "aria-label": T.clear + " " + c, on: {click: function () { entry.revealed = entry.revealed.slice(0, i); entry.plays = []; entry.actions = []; check(); }}}, [chip(c)]));
    });
    entry.plays.forEach(function (p, i) {
      sofar.appendChild(el("button", {type: "button", cls: "chipbtn", on: {click: function () { entry.plays = entry.plays.slice(0, i); entry.actions = []; check(); }}}, [el("span", {cls: "who", text: p[0]}), chip(p[1])]));
    });
    if (entry.revealed.length || entry.plays.length) panel.appendChild(sofar);

    var used = {};
    entry.revealed.forEach(function (c) { used[c] = true; });
    entry.plays.forEach(function (p) { used[p[1]] = true; });
    var needReveal = !s.dealt && (entry.revealed.length === 0 || entry.extra);
    var next = s.order[entry.plays.length];
    if (pending) {
      panel.appendChild(el("p", {cls: "muted", text: T.saving}));
      return panel;
    }
    if (needReveal) {
      panel.appendChild(el("h2", {text: T.turned_up}));
      panel.appendChild(cardGrid(s.reveal.filter(function (c) { return !used[c]; }), function (c) {
        entry.revealed.push(c); entry.extra = false; render();
      }));
    } else if (next) {
      panel.appendChild(el("h2", {text: t("plays", {player: next})}));
      panel.appendChild(cardGrid((s.possible[next] || []).filter(function (c) { return !used[c]; }), function (c) {
        entry.plays.push([next, c]);
        if (entry.plays.length === s.order.length) check(); else render();
      }));
      if (!s.dealt && entry.plays.length === 0) panel.appendChild(el("button", {type: "button", cls: "btn small", text: T.another_up, on: {click: function () { entry.extra = true; render(); }}}));
    } else if (entry.verdict) {
      panel.appendChild(entry.verdict);
    }
    return panel;
  }

  function cardGrid(cards, pick) {
    var grid = el("div", {cls: "grid"});
    cards.forEach(function (c) {
      grid.appendChild(el("button", {type: "button", cls: cardClass(c) + " cardbtn", text: c, on: {click: function () { pick(c); }}}));
    });
    return grid;
  }

  // Every card tapped: the engine's check, at once (nothing saved yet).
  function check() {
    entry.verdict = null;
    message = null;
    if (entry.plays.length < state.order.length) { render(); return; }
    var line = lineOf();
    entry.verdict = el("p", {cls: "muted", text: T.checking});
    render();
    api("POST", "/api/games/" + encodeURIComponent(gameId) + "/check", {line: line}).then(function (r) {
      var box = el("div", {cls: "verdictbox"});
      if (r.status !== 200) {
        box.appendChild(el("div", {cls: "errors", text: errorsOf(r).join("\n")}));
      } else if (r.body.errors.length) {
        box.appendChild(el("div", {cls: "errors", text: r.body.errors.map(function (e) { return e.message; }).join("\n")}));
      } else {
        box.appendChild(el("div", {cls: "verdict big", text: r.body.verdict}));
        if ((r.body.reasons || []).length) {
          var why = el("ul", {cls: "reasons"});
          r.body.reasons.forEach(function (x) { why.appendChild(el("li", {text: x})); });
          box.appendChild(el("details", {cls: "why"}, [el("summary", {text: T.why}), why]));
        }
        if (r.body.steal) {
          box.appendChild(stealQuestion(r.body.steal));
        } else if (r.body.ok) {
          box.appendChild(el("button", {type: "button", cls: "btn primary big", text: T.save, on: {click: function () { send(line); }}}));
        }
      }
      box.appendChild(el("button", {type: "button", cls: "btn small", text: T.clear, on: {click: function () { resetEntry(); entry.verdict = null; render(); }}}));
      entry.verdict = box;
      render();
    }, function () { entry.verdict = el("p", {cls: "errors", text: T.offline}); render(); });
  }

  function stealQuestion(st) {
    var q = el("div", {cls: "steal"}, [el("h2", {text: t(st.mandatory ? "must_steal" : "may_steal", {thief: st.thief})}),
                                        el("p", {cls: "muted", text: st.why})]);
    var grid = el("div", {cls: "grid wide"});
    st.choices.forEach(function (c) {
      grid.appendChild(el("button", {type: "button", cls: "btn", text: t("steal_from", {card: c.card, victim: c.victim}), on: {click: function () {
        entry.actions.push(st.thief + " steals " + c.card + " from " + c.victim); check();
      }}}));
    });
    if (!st.mandatory) grid.appendChild(el("button", {type: "button", cls: "btn", text: T.pass, on: {click: function () {
      entry.actions.push(st.thief + " passes"); check();
    }}}));
    q.appendChild(grid);
    return q;
  }

  // Saved only when the server says so (200): the log is on disk then.
  function send(line) {
    pending = {line: line, version: state.version};
    render();
    var p = pending;
    api("POST", "/api/games/" + encodeURIComponent(gameId) + "/tricks", {line: p.line, version: p.version}).then(function (r) {
      pending = null;
      lost = null;
      if (r.status === 200) {
        state = r.body;
        resetEntry();
        message = {cls: "ok", lines: [state.last ? t("saved_trick", {number: state.last.trick, verdict: verdict(state.last)}) : T.saved]};
      } else if (r.status === 409) {
        state = r.body;
        resetEntry();
        message = {cls: "warn", lines: [T.conflict]};
      } else {
        message = {cls: "errors", lines: [T.not_saved].concat(errorsOf(r))};
      }
      render();
    }, function () {
      // The connection failed: maybe saved, maybe not. The same line against the same version
      // is safe to send again: the server answers 200 if it was saved.
      pending = null;
      lost = p;
      message = {cls: "errors", lines: [T.offline]};
      entry.verdict = el("button", {type: "button", cls: "btn primary big", text: T.retry, on: {click: function () {
        state.version = p.version; send(p.line);
      }}});
      render();
    });
  }

  function controls(s) {
    var nav = el("div", {cls: "controls"});
    var undoBtn = el("button", {type: "button", cls: "btn undo" + (undoArmed ? " danger" : ""),
      text: undoArmed ? t("undo_confirm", {trick: s.last ? s.last.trick : ""}) : T.undo,
      on: {click: function () {
        if (!s.last) return;
        if (!undoArmed) { undoArmed = true; render(); return; }
        undoArmed = false;
        api("POST", "/api/games/" + encodeURIComponent(gameId) + "/undo", {version: s.version}).then(function (r) {
          if (r.status === 200 || r.status === 409) { state = r.body; resetEntry(); }
          message = r.status === 200 ? {cls: "ok", lines: [T.undone]} : r.status === 409 ? {cls: "warn", lines: [T.conflict]} : {cls: "errors", lines: errorsOf(r)};
          render();
        }, function () { message = {cls: "errors", lines: [T.offline]}; render(); });
      }}});
    if (!s.last) undoBtn.disabled = true;
    nav.appendChild(undoBtn);
    return nav;
  }

  // An undo asked for once waits for a second tap on it; a tap anywhere else calls it off.
  document.addEventListener("click", function (ev) {
    if (!undoArmed || (ev.target.closest && ev.target.closest(".undo"))) return;
    undoArmed = false;
    if (!(ev.target.closest && ev.target.closest("button, a, summary, input, select, label"))) render();
  }, true);

  if (kind === "home") home();
  else if (kind === "watch") watch();
  else keep();
})();
