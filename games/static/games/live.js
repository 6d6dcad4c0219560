/* A table's live parts, drawn from its snapshot (docs/api.md), and kept live over the feed.

   This is the one rendering of a table's live parts: the page sends the stored snapshot in a
   json_script beside each [data-live] section, and this script draws it (the picture of the
   table, games/static/games/table_picture.js, and after it the hand's tricks, the last hands
   grouped by game, the gallery or the offers), then draws again from the snapshot that each
   message of the page's one socket, ws(s)://HOST/ws/tables/, carries for its table:
     on following  {"table_id": ID, "type": "snapshot", "seq": N, "table": <snapshot>}
     each change   {"table_id": ID, "type": KIND, "seq": N, "table": <snapshot>}
   and a snapshot again after a resync, or unasked when the server finds the socket missed
   changes. A gap in seq sends {"type": "resync", "table_id": ID}; a dropped connection
   reconnects by itself,
   waiting longer each time (1 s, 2 s, 4 s ... 30 s) until a snapshot comes. No request is
   made per change, but these: on a table's page, when the last hands change (a new hand, one
   finished or corrected), the advisor's note (#advice) is fetched again from its
   data-advice URL, which the server draws and caches; when the table's status, its unit or
   the unit's first hand change, its wager forms (#wager-forms) from their data-panel URL, the
   service saying whether they are open; and on a page that lists the tables in play
   ([data-live-list]: the evening, the projector), the page itself, when the feed says a table
   was opened, won or abandoned. The badge beside a table says whether it is live, or that it
   was abandoned. The words come in the reader's language from the json_script "live-words"
   (games/presentation/words.py).

   The projector's page of every table ([data-pager]) shows as many tables as fit on the
   screen, in columns of its height, and turns to the next ones by itself every data-every
   seconds ("Page 1 of 3"). */
(function () {
  "use strict";
  var P = window.TablePicture;
  if (!P) return;
  var W = P.W, h = P.h, fill = P.fill, card = P.card, money = P.money, nameOf = P.nameOf;

  /* Each part's heading is an h`level` (render): h2 under the page's h1 that names the table,
     h3 under the table's h2 on the scorer's page and the projector of every table. */
  function tricksSection(snap, level) {  /* the hand being played: every trick so far, in order */
    var play = snap.in_progress;
    var box = h("div", {"class": "hand-tricks in-play", "data-hand-tricks": play.hand},
      h("h" + level, {}, fill(W.playing, {number: play.hand})));
    if (!play.tricks.length) { box.appendChild(h("p", {"class": "muted"}, W.no_trick)); return box; }
    var list = h("ol", {"class": "tricks"});
    var order = P.trickOrder(play);
    play.tricks.forEach(function (trick, i) {
      var item = h("li", {"data-trick": i + 1}), first = order.indexOf(trick.leader);
      trick.cards.forEach(function (c, k) {
        item.appendChild(h("span", {"class": "play"},
          nameOf(snap, order[(first + k) % order.length]), " ", card(c)));
      });
      item.appendChild(h("strong", {"class": "taken"},
        fill(W.trick_to, {name: nameOf(snap, trick.winner)})));
      list.appendChild(item);
    });
    box.appendChild(list);
    return box;
  }

  function handsSection(snap, level) {  /* the last hands, grouped by game with its result */
    var hands = snap.last_hands || [];
    var box = h("div", {"class": "last-hands"}, h("h" + level, {}, W.hands));
    if (!hands.length) { box.appendChild(h("p", {"class": "muted"}, W.no_hands)); return box; }
    var results = {};
    (snap.last_games || []).forEach(function (g) { results[g.number] = g; });
    var group = null, list = null;
    hands.forEach(function (hand) {
      if (!group || group.getAttribute("data-hands-of") !== String(hand.game)) {
        var ended = results[hand.game];
        group = h("section", {"class": "game-hands", "data-hands-of": hand.game},
          h("h" + (level + 1), {}, fill(W.game, {number: hand.game}),
            ended ? h("span", {"class": "result"}, " — " + P.gameEnd(snap, ended)) : null));
        list = h("ul", {"class": "hands"});
        group.appendChild(list);
        box.appendChild(group);
      }
      list.appendChild(h("li", {}, h("strong", {}, fill(W.hand, {number: hand.number})), " — ",
        P.marksText(snap, hand)));
    });
    return box;
  }

  function balanced(part) { return part !== null && part !== undefined; }

  /* The French gallery: each side's bets; before the unit starts, what is matched so far
     and what would go back (the server's figures: a side's `matched_so_far` and
     `unmatched_so_far`); once the unit has started and the sides were balanced (a side's
     `matched` is set), each bet's matched part and what was returned of it, and each side's
     balanced total. */
  function gallerySection(snap, level) {
    var box = h("div", {"class": "gallery"}, h("h" + level, {}, W.gallery));
    var ids = Object.keys(snap.gallery);
    var done = ids.filter(function (id) { return balanced(snap.gallery[id].matched); });
    var open = ids.filter(function (id) { return balanced(snap.gallery[id].matched_so_far); });
    if (done.length) {
      box.appendChild(h("p", {"class": "muted", "data-balanced": ""},
        fill(W.gallery_balanced, {matched: money(snap.gallery[done[0]].matched)})));
    } else if (open.length) {
      var said = [fill(W.gallery_so_far, {matched: money(snap.gallery[open[0]].matched_so_far)})];
      open.forEach(function (id) {
        var back = snap.gallery[id].unmatched_so_far;
        if (back !== "0.00") {
          said.push(fill(W.side_so_far, {unmatched: money(back), name: nameOf(snap, id)}));
        }
      });
      box.appendChild(h("p", {"data-so-far": ""}, said.join(" ")));
    }
    ids.forEach(function (id) {
      var side = snap.gallery[id];
      var names = (side.bettors || []).map(function (b) {
        var name = nameOf(snap, b.player);
        return balanced(b.matched)
          ? fill(W.bet_balanced, {name: name, stake: money(b.stake), matched: money(b.matched),
                                  returned: money(b.returned)})
          : name + " " + money(b.stake);
      });
      var total = balanced(side.matched)
        ? fill(W.side_balanced, {matched: money(side.matched), total: money(side.total),
                                 returned: money(side.returned)})
        : money(side.total);
      box.appendChild(h("p", {"data-side": id},
        h("strong", {}, P.labelled(fill(W.backers, {name: nameOf(snap, id)}), total)),
        h("br"), names.length ? names.join(", ") : W.no_bets));
    });
    return box;
  }

  function wagersSection(snap, level) {
    if (snap.wager_style === "french" && snap.gallery) return gallerySection(snap, level);
    if (snap.wager_style === "english") {
      var offers = (snap.wagers || []).filter(function (w) {
        return w.status === "open" && w.unmatched !== "0.00";
      });
      var section = h("div", {"class": "offers"}, h("h" + level, {}, W.offers));
      if (!offers.length) { section.appendChild(h("p", {"class": "muted"}, W.no_offers)); return section; }
      var list = h("ul", {});
      offers.forEach(function (w) {
        list.appendChild(h("li", {}, fill(W.offer, {bettor: nameOf(snap, w.bettor),
          on: nameOf(snap, w.on), stake: money(w.stake), odds: w.odds,
          unmatched: money(w.unmatched)})));
      });
      section.appendChild(list);
      return section;
    }
    return null;
  }

  /* mode "full" (a table's page, one table on the projector): the picture, then the hand's
     tricks, the last hands and the wagers; "tv" (every table on the projector): the picture
     and the wagers; "summary" (the evening): the picture. */
  function render(section, snap) {
    var mode = section.getAttribute("data-mode");
    var body = section.querySelector("[data-live-body]");
    var more = section.querySelector("[data-live-more]");
    var drawn = body.querySelector(".picture");
    if (drawn) drawn.replaceWith(P.picture(snap));
    else body.replaceChildren(P.picture(snap), h("p", {"class": "waiting-hands", "role": "status",
                                                       "data-waiting": ""}));
    showWaiting(body.querySelector("[data-waiting]"), snap.waiting);
    if (more) {
      var parts = [], level = section.querySelector(".table-head h1") ? 2 : 3;
      if (mode === "full" && snap.status === "playing" && snap.in_progress) {
        parts.push(tricksSection(snap, level));
      }
      if (mode === "full") parts.push(handsSection(snap, level));
      if (mode === "full" || mode === "tv") parts.push(wagersSection(snap, level));
      more.replaceChildren.apply(more, parts.filter(Boolean));
    }
    section.setAttribute("data-seq", snap.seq);
    section.setAttribute("data-status", snap.status);
    showState(section);
    showWhile(snap);
    refreshAdvice(snap);
    refreshWagers(snap);
  }

  /* The parts of a table's page that only some of its statuses show, [data-status-of=ID]
     [data-while="playing won"]: the scorer's link while it may still be entered or corrected,
     the abandon while it is played. Hidden as soon as the feed says the table moved on. */
  function showWhile(snap) {
    var parts = document.querySelectorAll('[data-status-of="' + snap.id + '"]');
    Array.prototype.forEach.call(parts, function (part) {
      part.hidden = part.getAttribute("data-while").split(" ").indexOf(snap.status) < 0;
    });
  }

  /* The wager forms (#wager-forms, server-rendered: the service says whether the unit takes
     wagers now) are fetched again from their data-panel URL whenever the feed says that what
     they depend on may have moved: the table's status, its unit, or the unit's first hand.
     The latest answer wins. */
  var panelSeen = null, panelAsked = 0;

  function refreshWagers(snap) {
    var box = document.getElementById("wager-forms");
    var url = box && box.getAttribute("data-panel");
    var game = snap.game || {};
    var seen = JSON.stringify([snap.status, (snap.unit || {}).number,
                               Boolean(game.hands || snap.hand_in_progress)]);
    if (!url || seen === panelSeen) return;
    var first = panelSeen === null;
    panelSeen = seen;
    if (first) return;  /* drawn with the page */
    var asked = ++panelAsked;
    fetch(url, {credentials: "same-origin"}).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (text) {
      var now = document.getElementById("wager-forms");
      if (!text || asked !== panelAsked || !now) return;
      var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("wager-forms");
      if (fresh) now.replaceWith(document.importNode(fresh, true));
    }).catch(function () {});
  }

  /* The hands on their way: one live region under the picture, kept from one drawing to the
     next and changed only when they change, so that a screen reader hears each change once. */
  function showWaiting(box, waiting) {
    var seen = JSON.stringify(waiting || null);
    if (box.getAttribute("data-waiting") === seen) return;
    box.setAttribute("data-waiting", seen);
    box.replaceChildren.apply(box, [P.waiting({waiting: waiting})].filter(Boolean));
  }

  var adviceSeen = null;

  function refreshAdvice(snap) {  /* the note comes with the page: fetched again on a change */
    var box = document.getElementById("advice");
    var url = box && box.getAttribute("data-advice");
    var seen = JSON.stringify(snap.last_hands || []);
    if (!url || seen === adviceSeen) return;
    var first = adviceSeen === null;
    adviceSeen = seen;
    if (first) return;
    fetch(url, {credentials: "same-origin"}).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (text) {
      if (!text) return;
      var holder = document.createElement("div");
      holder.innerHTML = text;
      var fresh = holder.querySelector("#advice");
      var now = document.getElementById("advice");
      if (fresh && now) now.replaceWith(fresh);
    }).catch(function () {});
  }

  /* The badge beside the table's name: the connection's state ("live", "reconnecting…"),
     or, once the table is abandoned, "abandoned": nothing of it changes any more. A won
     table stays live: a correction may give it to another player, or play it again. */
  function setState(section, state) {
    section.setAttribute("data-connection", state);
    showState(section);
  }

  function showState(section) {
    var badge = section.querySelector(".live-state");
    var state = section.getAttribute("data-connection") || "connecting";
    var status = section.getAttribute("data-status");
    var over = state === "live" && status === "abandoned";
    badge.setAttribute("data-state", over ? "over" : state);
    badge.textContent = over ? W.status[status] || status : W[state];
  }

  /* Every table the page draws, followed on one socket (ws(s)://HOST/ws/tables/): on opening
     it names them ({"type": "follow", "tables": [ids]}), and each message carries its table's
     id (table_id). A table's sections are drawn from its messages in seq order; a gap sends
     {"type": "resync", "table_id": id}. A page that lists the tables in play
     ([data-live-list]: the evening, the projector) follows the lists too ("lists": true): told
     that a table was opened, won or abandoned ({"type": "listed"}), or after it reconnected,
     it reads its list again from the server and draws the tables it now lists, keeping those
     it drew already, and follows them. */
  function followAll(list) {
    var tables = {};  /* id: {sections, seq, resyncing} */
    var delay = 1000, socket, opened = false;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";

    function sections() {
      return Array.prototype.slice.call(document.querySelectorAll("[data-live]"));
    }
    function track() {  /* the tables the page draws now, each with the last seq drawn */
      var now = {};
      sections().forEach(function (section) {
        var id = section.getAttribute("data-table");
        var table = now[id] || (now[id] = {sections: [], resyncing: false,
          seq: tables[id] ? tables[id].seq : Number(section.getAttribute("data-seq"))});
        table.sections.push(section);
      });
      tables = now;
    }
    function follow() {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({type: "follow", tables: Object.keys(tables).map(Number),
                                    lists: Boolean(list)}));
      }
    }
    function states(state) {
      sections().forEach(function (section) { setState(section, state); });
    }
    function draw(table, message) {
      table.seq = message.seq;
      table.sections.forEach(function (section) { render(section, message.table); });
    }

    /* The list read again: the page's own address, whose [data-live-list] and [data-relist]
       parts replace this page's; a table drawn already keeps its section. */
    var relisting = false, again = false;
    function relist() {
      if (relisting) { again = true; return; }
      relisting = true;
      fetch(location.href, {credentials: "same-origin"}).then(function (answer) {
        return answer.ok ? answer.text() : null;
      }).then(function (text) {
        if (text) adopt(new DOMParser().parseFromString(text, "text/html"));
      }).catch(function () {}).then(function () {
        relisting = false;
        if (again) { again = false; relist(); }
      });
    }
    function adopt(fresh) {
      var now = document.querySelector("[data-live-list]");
      var given = fresh.querySelector("[data-live-list]");
      if (!now || !given) return;
      var kept = {};
      now.querySelectorAll("[data-live]").forEach(function (section) {
        kept[section.getAttribute("data-table")] = section;
      });
      var nodes = Array.prototype.map.call(given.childNodes, function (node) {
        var id = node.nodeType === 1 && node.getAttribute("data-table");
        if (id && kept[id]) return kept[id];
        node = document.importNode(node, true);
        if (id) {
          render(node, JSON.parse(node.querySelector('script[type="application/json"]')
                                    .textContent));
          setState(node, "connecting");
        }
        return node;
      });
      now.replaceChildren.apply(now, nodes);
      ["data-next"].forEach(function (name) {  /* the projector's next page */
        if (given.hasAttribute(name)) now.setAttribute(name, given.getAttribute(name));
        else now.removeAttribute(name);
      });
      document.querySelectorAll("[data-relist]").forEach(function (part) {
        var twin = fresh.querySelector('[data-relist="' + part.getAttribute("data-relist") + '"]');
        if (twin) part.replaceWith(document.importNode(twin, true));
      });
      now.setAttribute("data-listed", Number(now.getAttribute("data-listed") || 0) + 1);
      track();
      follow();
      sections().forEach(function (section) {  /* the new ones: live once their snapshot comes */
        if (section.getAttribute("data-connection") === "live") return;
        setState(section, socket && socket.readyState === WebSocket.OPEN ? "live" : "connecting");
      });
    }

    function open() {
      try {
        socket = new WebSocket(scheme + location.host + "/ws/tables/");
      } catch (err) { retry(); return; }
      socket.onopen = function () {
        follow();
        states("live");
        if (opened && list) relist();  /* what was listed while it was away */
        opened = true;
      };
      socket.onmessage = function (event) {
        var message;
        try { message = JSON.parse(event.data); } catch (err) { return; }
        if (message && message.type === "listed") { relist(); return; }
        var table = message && tables[message.table_id];
        if (!table || typeof message.seq !== "number" || !message.table) return;
        if (message.type === "snapshot") {
          table.resyncing = false;
          delay = 1000;  // the server answers: not on open, which a failing server also accepts
          if (message.seq >= table.seq) draw(table, message);
        } else if (message.seq === table.seq + 1) {
          draw(table, message);
        } else if (message.seq > table.seq + 1 && !table.resyncing) {
          table.resyncing = true;  // a change was missed: ask for the whole table again
          socket.send(JSON.stringify({type: "resync", table_id: message.table_id}));
        }
      };
      socket.onclose = function () {
        socket = null;
        Object.keys(tables).forEach(function (id) { tables[id].resyncing = false; });
        retry();
      };
    }

    function retry() {
      states("reconnecting");
      setTimeout(open, delay + Math.floor(Math.random() * 250));
      delay = Math.min(delay * 2, 30000);
    }
    track();
    if (Object.keys(tables).length || list) open();
  }

  /* The projector's page of every table: club.css's "paged" grid lays the tables out in
     columns of the screen's height (as many columns as the width holds, a table never cut),
     and the tables that fall outside it wait for the next page. The pages are measured again
     when a table is drawn anew (its data-seq), when the fonts come and when the screen
     changes; the next page shows by itself every data-every seconds ("Page 1 of 3"). */
  function pages(grid) {
    var label = document.querySelector("[data-page-label]");
    var every = Math.max(0.5, Number(grid.getAttribute("data-every")) || 15) * 1000;
    var starts = [0], tall = [], height = 0, page = 0, again = null;
    function cards() { return Array.prototype.slice.call(grid.querySelectorAll("[data-live]")); }
    function inside(card, room) {
      var box = card.getBoundingClientRect();
      return box.right <= room.right + 1 && box.bottom <= room.bottom + 1;
    }
    function measure() {  /* the first table of each page */
      var all = cards(), first = starts[page] || 0;
      var main = grid.closest("main") || document.body;
      var below = parseFloat(getComputedStyle(main).paddingBottom) || 0;
      grid.classList.add("paged");
      grid.style.height = "";  // the columns balanced: each table whole, at its own height
      all.forEach(function (c) { c.hidden = false; });
      var top = grid.getBoundingClientRect().top + window.scrollY;
      height = Math.max(240, window.innerHeight - top - below);
      tall = all.map(function (c) { return c.getBoundingClientRect().height > height + 1; });
      grid.style.height = height + "px";
      var room = grid.getBoundingClientRect();
      starts = [];
      for (var start = 0; start < all.length;) {
        starts.push(start);
        all.forEach(function (c, i) { c.hidden = i < start; });  // this page and those after
        var next = start + 1;  // a table taller than the screen has a page to itself
        while (next < all.length && !tall[start] && !tall[next] && inside(all[next], room)) {
          next += 1;
        }
        start = next;
      }
      if (!starts.length) starts = [0];
      page = 0;  // stay on the page that holds the table shown first before
      while (page + 1 < starts.length && starts[page + 1] <= first) page += 1;
    }
    function show() {
      var all = cards();
      page = page % starts.length;
      var from = starts[page], to = page + 1 < starts.length ? starts[page + 1] : all.length;
      all.forEach(function (c, i) { c.hidden = i < from || i >= to; });
      grid.style.height = tall[from] ? "" : height + "px";  // a tall one scrolls, never cut
      if (label) {
        label.hidden = starts.length < 2;
        label.textContent = fill(W.page_of, {page: page + 1, pages: starts.length});
      }
    }
    function remeasure() {
      if (again) return;
      again = setTimeout(function () { again = null; measure(); show(); }, 50);
    }
    measure();
    show();
    window.addEventListener("resize", remeasure);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(remeasure);
    new MutationObserver(remeasure).observe(grid, {subtree: true, attributes: true,
                                                   attributeFilter: ["data-seq", "data-listed"]});
    setInterval(function () { page += 1; show(); }, every);
  }

  var live = Array.prototype.slice.call(document.querySelectorAll("[data-live]"));
  live.forEach(function (section) {
    var data = section.querySelector('script[type="application/json"]');
    render(section, JSON.parse(data.textContent));
    setState(section, "connecting");
  });
  followAll(document.querySelector("[data-live-list]"));
  Array.prototype.forEach.call(document.querySelectorAll("[data-pager]"), pages);
})();
