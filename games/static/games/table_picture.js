/* A table drawn from its snapshot (docs/api.md): the picture of its live parts, which
   games/static/games/live.js puts on the page and draws again from each snapshot of the feed.

   The picture: a green cloth with the players' places facing each other (à trois three
   places, à quatre the two sides of partners), each with its name, its role in the hand to
   come, the score of the game, large, the tricks it has taken in the hand being played (card
   backs, with their count), and at a French table its gallery beside it; the observer beside
   the cloth; in its middle the turn-up and the trick last played, as cards. Under it the end
   of the last game with its number ("Game 1: Claire takes the game 5–3"), what the unit is
   and where it stands, the pot and the streak, and the marks of the last hand; under them,
   while the scorer's phone keeps hands it could not send yet, "2 hands on their way"
   (`waiting`). After the picture (the table's page and the projector): the tricks of the
   hand being played, the last hands grouped by game with each game's result, and the
   gallery or the offers.

   Nothing here decides what the server knows: who takes a trick, the marks, the score, the
   games come in the snapshot; the words in the reader's language in the json_script
   "live-words" (games/presentation/words.py live_words). Exposes window.TablePicture. */
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

  function given(value) { return value !== null && value !== undefined; }

  function nameOf(snap, id) {
    if (!given(id)) return "—";
    return (snap.names || {})[String(id)] || "#" + id;
  }

  function together(snap, ids) {  /* "Athos & Aramis" */
    return (Array.isArray(ids) ? ids : [ids]).map(function (id) { return nameOf(snap, id); })
      .join(" & ");
  }

  function scoreLine(snap, byId) {
    return Object.keys(byId || {}).map(function (id) {
      return nameOf(snap, id) + " " + byId[id];
    }).join(" – ");
  }

  /* An amount of the snapshot ("12.50") as the page's language writes it ("12,50"). */
  function money(text) { return String(text).replace(".", W.decimal); }

  /* "Streak: Claire, 1 in succession", as the language writes it ("Série : ..." in French) */
  function labelled(label, value) { return fill(W.labelled, {label: label, value: value}); }

  var SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};

  function card(code, big) {  /* "KH": its face as the reader writes it, red for ♥ and ♦ */
    var rank = code.charAt(0), suit = code.charAt(1);
    var red = suit === "H" || suit === "D";
    return h("span", {"class": "card" + (red ? " red" : "") + (big ? " big" : ""), "role": "img",
      "aria-label": fill(W.card, {rank: W.ranks[rank], suit: W.suits[suit]})},
      ((W.letters || {})[rank] || (rank === "T" ? "10" : rank)) + SYMBOL[suit]);
  }

  /* The end of a game, the sentence of words.game_end: "Claire takes the game 5–3"; à trois
     its two phases (words.trois_end): "Constance takes the game at 7 (Athos 2, Porthos 1);
     Athos second, 7–4 over Porthos", from the order of finish and the scores at each end. */
  function gameEnd(snap, ended) {
    if (!ended) return "";
    if (ended.withdrew_at) {
      var o = ended.order, at = ended.withdrew_at, last = ended.score;
      return fill(W.trois.then, {
        first: fill(W.trois.first, {name: nameOf(snap, o[0]), score: at[String(o[0])],
          others: [o[1], o[2]].map(function (id) {
            return nameOf(snap, id) + " " + at[String(id)];
          }).join(", ")}),
        then: fill(W.trois.finish, {second: nameOf(snap, o[1]), third: nameOf(snap, o[2]),
                                    won: last[String(o[1])], lost: last[String(o[2])]})});
    }
    var first = function (who) { return Array.isArray(who) ? who[0] : who; };
    var score = ended.score || {};
    return fill(Array.isArray(ended.winner) ? W.game_end_side : W.game_end, {
      name: together(snap, ended.winner), names: together(snap, ended.winner),
      won: score[String(first(ended.winner))], lost: score[String(first(ended.loser))]});
  }

  /* -- the places at the table ------------------------------------------------------------ */
  function roleOf(seats, id) {  /* "elder", "dealer", "middle", ... or "" */
    return Object.keys(seats || {}).filter(function (role) {
      return String(seats[role]) === String(id);
    })[0] || "";
  }

  /* [{ids, role, score, taken}] of the players (or sides) at the cloth, in a fixed order. */
  function places(snap) {
    var play = snap.status === "playing" ? snap.in_progress : null;
    var won = play ? play.won : null;
    var taken = function (ids) {
      if (!won) return null;
      return ids.reduce(function (sum, id) { return sum + (won[String(id)] || 0); }, 0);
    };
    var score = (snap.game || {}).score || {};
    if (snap.quatre) {  /* once over, each side's score in the game that ended the match */
      var ended = snap.status !== "playing" && snap.last_game ? snap.last_game.score : null;
      return snap.quatre.sides.map(function (side) {
        return {ids: side.players, role: side.side || "", taken: taken(side.players),
                score: ended ? ended[String(side.players[0])] : side.score};
      });
    }
    var seats = snap.seats || {};
    var ids = Object.keys(score);
    if (snap.trois) {
      seats = play && play.seats ? play.seats : snap.trois.seats;
      ids = snap.trois.order.length && snap.status === "playing"
        ? snap.trois.in_play.map(String) : snap.players.map(String);
      score = snap.trois.score;
    } else if (play) {
      seats = {elder: play.elder, dealer: play.dealer};
    }
    return ids.map(function (id) {
      return {ids: [Number(id)], role: snap.status === "playing" ? roleOf(seats, id) : "",
              score: score[id], taken: taken([id])};
    });
  }

  function takenBacks(who, count) {  /* the tricks taken, as small card backs */
    var backs = h("span", {"class": "taken-backs", "role": "img", "data-taken": count,
      "aria-label": labelled(W.tricks_won, who + " " + count)});
    for (var i = 0; i < count; i++) backs.appendChild(h("span", {"class": "back"}));
    backs.appendChild(h("span", {"class": "count", "aria-hidden": "true"}, "×" + count));
    return backs;
  }

  function galleryLine(snap, place) {  /* French style: the side's backers beside its player */
    var side = snap.wager_style === "french" && snap.gallery && snap.gallery[String(place.ids[0])];
    if (!side || place.ids.length > 1 || !(side.bettors || []).length) return null;
    var total = given(side.matched) ? side.matched : side.total;
    return h("span", {"class": "gallery-line", "data-gallery-of": place.ids[0]},
      labelled(W.gallery, money(total) + " — " + side.bettors.map(function (bet) {
        return nameOf(snap, bet.player);
      }).join(", ")));
  }

  function placeNode(snap, place, where) {
    var pending = (snap.seats_pending || []).map(String);
    var play = snap.status === "playing" ? snap.in_progress : null;
    var king = play && given(play.king) && place.ids.indexOf(play.king) >= 0;
    var node = h("div", {"class": "place", "data-place": where,
                         "data-player": place.ids.join(" "), "data-seat": place.role},
      h("span", {"class": "who", "aria-hidden": "true"},
        place.role ? h("span", {"class": "role"}, W[place.role] || place.role) : null,
        h("strong", {"class": "name"}, together(snap, place.ids)),
        place.ids.some(function (id) { return pending.indexOf(String(id)) >= 0; })
          ? h("span", {"class": "pending"}, W.pending) : null,
        king ? h("span", {"class": "king"}, W.king_by) : null,
        galleryLine(snap, place)),
      given(place.score) ? h("span", {"class": "points", "aria-hidden": "true",
        "data-points": place.ids.join(" ")}, String(place.score)) : null,
      given(place.taken) ? takenBacks(together(snap, place.ids), place.taken) : null);
    return node;
  }

  /* -- the middle of the cloth: the turn-up and the trick last played --------------------- */
  function trickOrder(play) {  /* the players in the order of play */
    return play.seats ? Object.keys(play.seats).map(function (s) { return play.seats[s]; })
                      : [play.elder, play.dealer];
  }

  function trickCards(snap, play, trick, number) {
    var order = trickOrder(play), first = order.indexOf(trick.leader);
    var box = h("div", {"class": "trick-cards", "data-trick-area": number});
    trick.cards.forEach(function (c, k) {
      var who = order[(first + k) % order.length];
      box.appendChild(h("span", {"class": "played", "data-by": who}, card(c, true),
        h("span", {"class": "by"}, nameOf(snap, who))));
    });
    return box;
  }

  function middle(snap) {
    var g = snap.game || {}, play = snap.status === "playing" ? snap.in_progress : null;
    var target = given(g.target) ? fill(W.target, {target: g.target}) : W.target_unknown;
    var belle = snap.quatre && snap.quatre.belle ? " (" + W.belle + ")" : "";
    var box = h("div", play ? {"class": "middle", "data-in-play": ""} : {"class": "middle"});
    box.appendChild(h("p", {"class": "game-name"}, fill(W.game, {number: g.number}), belle,
      snap.status === "playing" ? ", " + target : ""));
    if (!play) return box;
    box.appendChild(h("p", {"class": "hand-name"}, fill(W.playing, {number: play.hand})));
    var row = h("div", {"class": "on-cloth"},
      h("span", {"class": "trumps"}, h("span", {"class": "label"}, W.trumps),
        card(play.turn_up, true)));
    var last = play.tricks[play.tricks.length - 1];
    if (last) {
      row.appendChild(trickCards(snap, play, last, play.tricks.length));
    } else {
      row.appendChild(h("p", {"class": "no-trick"}, W.no_trick));
    }
    box.appendChild(row);
    if (last) {
      box.appendChild(h("p", {"class": "trick-taken"}, fill(W.trick_n, {number: play.tricks.length}),
        " · ", fill(W.trick_to, {name: nameOf(snap, last.winner)})));
    }
    return box;
  }

  /* -- the marks of a hand ----------------------------------------------------------------- */
  function marksText(snap, hand) {  /* à trois and à quatre, hand.seats names who a mark's "to" is */
    if (hand.void) return W["void"];
    if (hand.in_progress) return W.in_progress;
    function who(role) {
      return hand.seats && hand.seats[role] ? together(snap, hand.seats[role])
        : nameOf(snap, hand[role]);
    }
    var byRole = {}, order = [];
    (hand.marks || []).forEach(function (m) {
      if (!byRole[m.to]) { byRole[m.to] = []; order.push(m.to); }
      byRole[m.to].push("+" + m.points + " " + (W.marks[m["for"]] || m["for"]));
    });
    var parts = order.map(function (role) {
      return labelled(W[role] + " " + who(role), byRole[role].join(", "));
    });
    /* what the Laws did: marks not made in time, and what a revoke or a false king cost */
    (hand.unmarked || []).forEach(function (m) {
      parts.push(fill(W.unmarked, {what: W.marks[m["for"]] || m["for"], name: who(m.to)}));
    });
    if ((hand.penalised || []).length) {
      parts.push(fill(W.penalised, {marks: hand.penalised.map(function (m) {
        return fill(W.not_marking, {name: who(m.to), points: m.points,
                                    what: W.marks[m["for"]] || m["for"]});
      }).join(", ")}));
    }
    return parts.length ? parts.join(W.separator) : W.nothing;
  }

  /* -- the unit, the pot, the streak ------------------------------------------------------- */
  function unitWords(snap) {  /* [label, what the unit is and where it stands] */
    var games = scoreLine(snap, (snap.unit || {}).games);
    if (snap.unit_kind === "game") return [W.unit_label, W.one_game];
    if (snap.unit_kind === "rubber") {
      return [W.unit_label, fill(W.rubber_of, {of: (snap.rules || {}).rubber_games,
                                                game: snap.unit_game, score: games})];
    }
    return [W.unit, games];  /* a snapshot stored before unit_kind */
  }

  function unitLine(snap) {
    if (snap.trois) return null;
    if (snap.quatre) return labelled(W.games_won, sidesLine(snap, "games"));
    return labelled(unitWords(snap)[0], unitWords(snap)[1]);
  }

  function sidesLine(snap, key) {  /* à quatre: "Athos & Aramis 1 – Porthos & D'Artagnan 0" */
    return snap.quatre.sides.map(function (side) {
      return together(snap, side.players) + " " + side[key];
    }).join(" – ");
  }

  function standing(snap) {  /* the unit, the pot and the streak, in one short block */
    var items = [];
    var unit = unitLine(snap);
    if (unit) items.push(h("span", {"data-unit": ""}, unit));
    if (snap.pool) {
      var st = snap.pool.streak;
      items.push(h("span", {"data-pot": ""}, W.pot + " " + money(snap.pool.pot)));
      items.push(h("span", {"data-streak": ""}, labelled(W.streak,
        st ? fill(W.streak_of, {name: nameOf(snap, st.player), count: st.count}) : W.no_streak)));
    }
    if (!items.length) return null;
    var line = h("p", {"class": "standing", "aria-hidden": "true"});
    items.forEach(function (item) { line.appendChild(item); });
    return line;
  }

  /* -- the table in words, for a screen reader: the places, the score, the unit -------------- */
  function seatsList(snap) {
    var list = h("ul", {"class": "seats"});
    if (snap.quatre) {  /* each side's partners, the side it holds; once over, the winners */
      var winner = String(snap.quatre.winner || "");
      snap.quatre.sides.forEach(function (side) {
        var won = winner !== "" && String(side.players) === winner;
        list.appendChild(h("li", {"data-role": side.side || (won ? "winner" : "")},
          h("span", {"class": "role"}, side.side ? W[side.side] : (won ? W.status.won : "")),
          h("span", {}, together(snap, side.players))));
      });
      return list;
    }
    var s = snap.seats || {};
    var roles = snap.format === "pool" ? ["dealer", "elder", "observer"] : ["dealer", "elder"];
    if (snap.trois && snap.status === "playing" && snap.trois.three_handed) {
      s = snap.trois.seats;
      roles = ["dealer", "elder", "middle"];
    } else if (snap.trois && snap.status !== "playing") {  /* the places, the winner first: */
      var placed = h("ol", {"class": "seats"});  /* the end of the game says their scores */
      snap.trois.order.forEach(function (id, i) {
        placed.appendChild(h("li", {}, (i + 1) + ". " + nameOf(snap, id)));
      });
      return placed;
    }
    if (snap.status !== "playing") {
      (snap.players || []).forEach(function (id) { list.appendChild(h("li", {}, nameOf(snap, id))); });
      return list;
    }
    var pending = (snap.seats_pending || []).map(String);
    roles.forEach(function (role) {
      list.appendChild(h("li", {"data-role": role}, h("span", {"class": "role"}, W[role]),
        h("span", {}, nameOf(snap, s[role]), pending.indexOf(String(s[role])) >= 0
          ? h("span", {"class": "pending"}, " (" + W.pending + ")") : null)));
    });
    return list;
  }

  function facts(pairs) {
    var dl = h("dl", {"class": "facts"});
    pairs.forEach(function (pair) { dl.appendChild(h("dt", {}, pair[0])); dl.appendChild(h("dd", {}, pair[1])); });
    return dl;
  }

  function inWords(snap) {
    var box = h("div", {"class": "in-words"});
    if (snap.status !== "playing") {
      var side = snap.quatre && snap.quatre.winner;
      box.appendChild(h("p", {"class": "score"}, W.status[snap.status] || snap.status,
        given(snap.winner) ? " — " + fill(W.won_by, {name: nameOf(snap, snap.winner)}) : "",
        side ? " — " + fill(W.sides_won, {names: together(snap, side)}) : ""));
    }
    box.appendChild(seatsList(snap));
    if (snap.status === "playing") {
      var g = snap.game || {};
      box.appendChild(h("p", {"class": "game"}, fill(W.game, {number: g.number}), ": ",
        h("span", {"class": "score", "data-score": ""}, snap.quatre ? sidesLine(snap, "score")
          : scoreLine(snap, g.score))));
    }
    var pairs = [];
    if (snap.quatre) pairs.push([W.games_won, sidesLine(snap, "games")]);
    else if (!snap.trois) pairs.push(unitWords(snap));
    if (snap.pool) {
      var st = snap.pool.streak;
      pairs.push([W.pot, money(snap.pool.pot)]);
      pairs.push([W.streak, st ? fill(W.streak_of, {name: nameOf(snap, st.player), count: st.count})
        : W.no_streak]);
    }
    if (pairs.length) box.appendChild(facts(pairs));
    return box;
  }

  /* -- the picture ------------------------------------------------------------------------- */
  function finished(snap) {
    var won = given(snap.winner), side = snap.quatre && snap.quatre.winner;
    var trois = snap.trois && snap.trois.order.length ? snap.trois.order.map(function (id, i) {
      return (i + 1) + ". " + nameOf(snap, id);
    }).join(" · ") : "";
    return h("p", {"class": "table-end", "aria-hidden": "true", "data-table-end": ""},
      W.status[snap.status] || snap.status,
      won && !trois ? " — " + fill(W.won_by, {name: nameOf(snap, snap.winner)}) : "",
      side ? " — " + fill(W.sides_won, {names: together(snap, side)}) : "",
      trois ? " — " + trois : "");
  }

  function picture(snap) {
    var box = h("div", {"class": "picture"}, inWords(snap));
    if (snap.status !== "playing") box.appendChild(finished(snap));
    var ended = gameEnd(snap, snap.last_game);
    if (ended) {  /* "Game 1: Claire takes the game 5–3", bright until the next game's first hand */
      box.appendChild(h("p", {"class": "game-end" + ((snap.game || {}).hands ? "" : " fresh"),
        "data-game-end": "", "data-game": snap.last_game.number},
        labelled(fill(W.game, {number: snap.last_game.number}), ended)));
    }
    var all = places(snap);
    var cloth = h("div", {"class": "felt", "data-cloth": "", "data-places": all.length});
    var wheres = all.length === 2 ? ["far", "near"] : ["far", "left", "near", "right"];
    all.forEach(function (place, i) {
      if (i === all.length - 1 && all.length > 2) cloth.appendChild(middle(snap));
      cloth.appendChild(placeNode(snap, place, wheres[i] || "near"));
      if (i === 0 && all.length === 2) cloth.appendChild(middle(snap));
    });
    if (!all.length) cloth.appendChild(middle(snap));
    if (snap.seats && given(snap.seats.observer) && snap.status === "playing") {
      cloth.appendChild(h("p", {"class": "observer", "aria-hidden": "true",
                                "data-observer": snap.seats.observer},
        h("span", {"class": "role"}, W.observer), " ", nameOf(snap, snap.seats.observer)));
    }
    if (snap.trois && snap.trois.withdrawn.length && snap.status === "playing") {
      cloth.appendChild(h("p", {"class": "observer", "aria-hidden": "true"},
        h("span", {"class": "role"}, W.withdrawn),
        " ", together(snap, snap.trois.withdrawn)));
    }
    box.appendChild(cloth);
    var line = standing(snap);
    if (line) box.appendChild(line);
    var lastHand = (snap.last_hands || []).filter(function (hand) { return !hand.in_progress; })[0];
    if (lastHand) {
      box.appendChild(h("p", {"class": "last-marks", "data-last-marks": lastHand.number},
        h("strong", {}, fill(W.hand, {number: lastHand.number})), " — ", marksText(snap, lastHand)));
    }
    return box;
  }

  /* -- the hands the scorer's phone keeps until it can send them (snap.waiting) ------------
     "2 hands on their way · since 21:04", under the picture: live.js keeps it in a polite live
     region of its own, so that a screen reader hears when it changes. null when none. */
  function waiting(snap) {
    var w = snap.waiting;
    if (!w || !w.hands) return null;
    var time = new Date(w.since).toLocaleTimeString(document.documentElement.lang || [],
                                                    {hour: "2-digit", minute: "2-digit"});
    return h("span", {"data-waiting-hands": w.hands},
      h("strong", {}, fill(W.waiting[w.hands === 1 ? "one" : "other"], {count: w.hands})),
      " · ", h("time", {"datetime": w.since}, fill(W.waiting_since, {time: time})));
  }

  window.TablePicture = {W: W, h: h, fill: fill, card: card, money: money, nameOf: nameOf,
    together: together, scoreLine: scoreLine, given: given, gameEnd: gameEnd, labelled: labelled,
    marksText: marksText, trickOrder: trickOrder, picture: picture, waiting: waiting};
})();
