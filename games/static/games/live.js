/* A table's live parts, drawn from its snapshot (docs/api.md), and kept live over the feed.

   This is the one rendering of a table's live parts: the page sends the stored snapshot in a
   json_script beside each [data-live] section, and this script draws it, then draws again from
   the snapshot that each message of ws(s)://HOST/ws/tables/<id>/ carries:
     on connect  {"type": "snapshot", "seq": N, "table": <snapshot>}
     each change {"type": KIND, "seq": N, "table": <snapshot>}
   and a snapshot again after a resync, or unasked when the server finds the socket missed
   changes. A gap in seq sends {"type": "resync"}; a dropped connection reconnects by itself,
   waiting longer each time (1 s, 2 s, 4 s ... 30 s) until a snapshot comes. No request is
   made per change, but one: on a table's page, when the last hands change (a new hand, one
   finished or corrected), the advisor's note (#advice) is fetched again from its
   data-advice URL, which the server draws and caches. The words come in
   the reader's language from the json_script "live-words" (games/presentation/words.py). */
(function () {
  "use strict";
  var wordsNode = document.getElementById("live-words");
  if (!wordsNode) return;
  var W = JSON.parse(wordsNode.textContent);

  function fill(text, values) {
    return String(text).replace(/%\((\w+)\)s/g, function (_, key) {
      return values[key] === undefined ? "" : String(values[key]);
    });
  }

  function h(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(typeof child === "object" ? child : document.createTextNode(child));
    }
    return node;
  }

  function nameOf(snap, id) {
    if (id === null || id === undefined) return "—";
    var names = snap.names || {};
    return names[String(id)] || "#" + id;
  }

  function scoreLine(snap, byId) {
    return Object.keys(byId || {}).map(function (id) {
      return nameOf(snap, id) + " " + byId[id];
    }).join(" – ");
  }

  function facts(pairs) {
    var dl = h("dl", {"class": "facts"});
    pairs.forEach(function (pair) {
      if (pair) { dl.appendChild(h("dt", {}, pair[0])); dl.appendChild(h("dd", {}, pair[1])); }
    });
    return dl;
  }

  function together(snap, ids) {  /* "Athos & Aramis" */
    return (ids || []).map(function (id) { return nameOf(snap, id); }).join(" & ");
  }

  function sidesList(snap) {  /* à quatre: each side's partners, the side it holds, its games */
    var list = h("ul", {"class": "seats"});
    var winner = String(snap.quatre.winner || "");
    snap.quatre.sides.forEach(function (side) {  /* once over, the winning side is marked */
      var won = winner !== "" && String(side.players) === winner;
      list.appendChild(h("li", {"data-role": side.side || (won ? "winner" : "")},
        h("span", {"class": "role"}, side.side ? W[side.side] : (won ? W.status.won : "")),
        h("span", {}, together(snap, side.players))));
    });
    return list;
  }

  function seats(snap) {
    var list = h("ul", {"class": "seats"});
    var s = snap.seats || {};
    var roles = snap.format === "pool" ? ["dealer", "elder", "observer"] : ["dealer", "elder"];
    if (snap.quatre) return sidesList(snap);
    if (snap.trois && snap.status === "playing" && snap.trois.three_handed) {
      s = snap.trois.seats;
      roles = ["dealer", "elder", "middle"];
    } else if (snap.trois && snap.status !== "playing") {  /* the places, the winner first */
      var places = h("ol", {"class": "seats"});
      var final = (snap.game || {}).score || {};  /* each player's score at the end */
      snap.trois.order.forEach(function (id, i) {
        var score = final[String(id)];
        places.appendChild(h("li", {}, (i + 1) + ". " + nameOf(snap, id) +
          (score === undefined ? "" : " (" + score + ")")));
      });
      return places;
    }
    if (snap.status !== "playing") {
      (snap.players || []).forEach(function (id) {
        list.appendChild(h("li", {}, h("span", {}, nameOf(snap, id))));
      });
      return list;
    }
    var pending = (snap.seats_pending || []).map(String);
    roles.forEach(function (role) {
      var id = s[role];
      list.appendChild(h("li", {"data-role": role},
        h("span", {"class": "role"}, W[role]),
        h("span", {}, nameOf(snap, id),
          pending.indexOf(String(id)) >= 0 ? h("span", {"class": "pending"}, " (" + W.pending + ")") : null)));
    });
    return list;
  }

  function sidesLine(snap, key) {  /* à quatre: "Athos & Aramis 3 – Porthos & D'Artagnan 5" */
    return snap.quatre.sides.map(function (side) {
      return together(snap, side.players) + " " + side[key];
    }).join(" – ");
  }

  function gameSection(snap) {
    var g = snap.game || {};
    var target = g.target === null || g.target === undefined ? W.target_unknown
      : fill(W.target, {target: g.target});
    var belle = snap.quatre && snap.quatre.belle ? " (" + W.belle + ")" : "";
    return h("div", {"class": "game"},
      h("p", {}, fill(W.game, {number: g.number}), belle, ", ", target, ":"),
      h("p", {"class": "score", "data-score": ""},
        snap.quatre ? sidesLine(snap, "score") : scoreLine(snap, g.score)));
  }

  function moneyFacts(snap) {
    if (snap.trois) return null;  /* one game, no unit, no money */
    if (snap.quatre) return facts([[W.games_won, sidesLine(snap, "games")]]);
    var pairs = [[W.unit, scoreLine(snap, (snap.unit || {}).games)]];
    if (snap.pool) {
      var st = snap.pool.streak;
      pairs.push([W.pot, money(snap.pool.pot)]);
      pairs.push([W.streak, st ? fill(W.streak_of, {name: nameOf(snap, st.player), count: st.count})
        : W.no_streak]);
    }
    return facts(pairs);
  }

  var SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};

  function card(code) {  /* "KH": the face with its suit symbol, red for hearts and diamonds */
    var rank = code.charAt(0), suit = code.charAt(1);
    var red = suit === "H" || suit === "D";
    return h("span", {"class": red ? "card red" : "card", "role": "img",
      "aria-label": fill(W.card, {rank: W.ranks[rank], suit: W.suits[suit]})},
      (rank === "T" ? "10" : rank) + SYMBOL[suit]);
  }

  function playSection(snap) {  /* the hand being entered trick by trick: what the table saw */
    var play = snap.in_progress;
    var box = h("div", {"class": "in-play", "data-in-play": ""},
      h("h3", {}, fill(W.playing, {number: play.hand})));
    box.appendChild(facts([
      [W.trumps, card(play.turn_up)],
      [W.tricks_won, h("span", {"data-tricks-won": ""}, scoreLine(snap, play.won))],
      play.king !== null && play.king !== undefined ? [W.king_by, nameOf(snap, play.king)] : null]));
    if (!play.tricks.length) { box.appendChild(h("p", {"class": "muted"}, W.no_trick)); return box; }
    var list = h("ol", {"class": "tricks"});
    /* the players in the order of play: à trois and à quatre every seat, else the two */
    var order = play.seats ? Object.keys(play.seats).map(function (s) { return play.seats[s]; })
                           : [play.elder, play.dealer];
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

  function marksText(snap, hand) {  /* à trois and à quatre, hand.seats names who a mark's "to" is */
    if (hand.void) return W.void;
    if (hand.in_progress) return W.in_progress;
    var byRole = {};
    var order = [];
    (hand.marks || []).forEach(function (m) {
      if (!byRole[m.to]) { byRole[m.to] = []; order.push(m.to); }
      byRole[m.to].push("+" + m.points + " " + (W.marks[m["for"]] || m["for"]));
    });
    if (!order.length) return W.nothing;
    return order.map(function (role) {
      var who = hand.seats && hand.seats[role] ? together(snap, hand.seats[role])
        : nameOf(snap, hand[role]);
      return W[role] + " " + who + ": " + byRole[role].join(", ");
    }).join("; ");
  }

  function handsSection(snap) {
    var hands = snap.last_hands || [];
    var box = h("div", {"class": "last-hands"}, h("h3", {}, W.hands));
    if (!hands.length) { box.appendChild(h("p", {"class": "muted"}, W.no_hands)); return box; }
    var list = h("ul", {"class": "hands"});
    hands.forEach(function (hand) {
      list.appendChild(h("li", {}, h("strong", {}, fill(W.hand, {number: hand.number})), " — ",
        marksText(snap, hand)));
    });
    box.appendChild(list);
    return box;
  }

  function balanced(part) { return part !== null && part !== undefined; }

  /* An amount of the snapshot ("12.50") as the page's language writes it ("12,50"). */
  function money(text) { return text.replace(".", W.decimal); }

  /* The French gallery: each side's bets; once the unit has started and the sides were
     balanced (a side's `matched` is set), each bet's matched part and what was returned of it,
     and each side's balanced total. */
  function gallerySection(snap) {
    var box = h("div", {"class": "gallery"}, h("h3", {}, W.gallery));
    var ids = Object.keys(snap.gallery);
    var done = ids.filter(function (id) { return balanced(snap.gallery[id].matched); });
    if (done.length) {
      box.appendChild(h("p", {"class": "muted", "data-balanced": ""},
        fill(W.gallery_balanced, {matched: money(snap.gallery[done[0]].matched)})));
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
        h("strong", {}, fill(W.backers, {name: nameOf(snap, id)}) + ": " + total),
        h("br"), names.length ? names.join(", ") : W.no_bets));
    });
    return box;
  }

  function wagersSection(snap) {
    if (snap.wager_style === "french" && snap.gallery) return gallerySection(snap);
    if (snap.wager_style === "english") {
      var offers = (snap.wagers || []).filter(function (w) { return w.status === "open" && w.unmatched !== "0.00"; });
      var section = h("div", {"class": "offers"}, h("h3", {}, W.offers));
      if (!offers.length) { section.appendChild(h("p", {"class": "muted"}, W.no_offers)); return section; }
      var list = h("ul", {});
      offers.forEach(function (w) {
        list.appendChild(h("li", {}, fill(W.offer, {bettor: nameOf(snap, w.bettor), on: nameOf(snap, w.on),
          stake: money(w.stake), odds: w.odds, unmatched: money(w.unmatched)})));
      });
      section.appendChild(list);
      return section;
    }
    return null;
  }

  function render(section, snap) {
    var mode = section.getAttribute("data-mode");
    var body = section.querySelector("[data-live-body]");
    var parts = [];
    if (snap.status !== "playing") {
      var won = snap.winner !== null && snap.winner !== undefined;
      var sideWon = snap.quatre && snap.quatre.winner;
      parts.push(h("p", {"class": "score"}, W.status[snap.status] || snap.status,
        won ? " — " + fill(W.won_by, {name: nameOf(snap, snap.winner)}) : "",
        sideWon ? " — " + fill(W.sides_won, {names: together(snap, snap.quatre.winner)}) : ""));
    }
    parts.push(seats(snap));
    if (snap.status === "playing") parts.push(gameSection(snap));
    if (snap.status === "playing" && snap.in_progress) parts.push(playSection(snap));
    parts.push(moneyFacts(snap));
    if (mode !== "summary") {
      parts.push(handsSection(snap));
      parts.push(wagersSection(snap));
    }
    body.replaceChildren.apply(body, parts.filter(Boolean));
    section.setAttribute("data-seq", snap.seq);
    refreshAdvice(snap);
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

  function setState(section, state) {
    var badge = section.querySelector(".live-state");
    badge.setAttribute("data-state", state);
    badge.textContent = W[state];
  }

  function follow(section) {
    var id = section.getAttribute("data-table");
    var seq = Number(section.getAttribute("data-seq"));
    var delay = 1000, resyncing = false, socket;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";

    function open() {
      try {
        socket = new WebSocket(scheme + location.host + "/ws/tables/" + id + "/");
      } catch (err) { retry(); return; }
      socket.onopen = function () { setState(section, "live"); };
      socket.onmessage = function (event) {
        var message;
        try { message = JSON.parse(event.data); } catch (err) { return; }
        if (!message || typeof message.seq !== "number" || !message.table) return;
        if (message.type === "snapshot") {
          resyncing = false;
          delay = 1000;  // the server answers: not on open, which a failing server also accepts
          if (message.seq >= seq) { seq = message.seq; render(section, message.table); }
        } else if (message.seq === seq + 1) {
          seq = message.seq;
          render(section, message.table);
        } else if (message.seq > seq + 1 && !resyncing) {
          resyncing = true;  // a change was missed: ask for the whole table again
          socket.send(JSON.stringify({type: "resync"}));
        }
      };
      socket.onclose = function () { socket = null; resyncing = false; retry(); };
    }

    function retry() {
      setState(section, "reconnecting");
      setTimeout(open, delay + Math.floor(Math.random() * 250));
      delay = Math.min(delay * 2, 30000);
    }
    open();
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (section) {
    var data = section.querySelector('script[type="application/json"]');
    render(section, JSON.parse(data.textContent));
    setState(section, "connecting");
    follow(section);
  });
})();
