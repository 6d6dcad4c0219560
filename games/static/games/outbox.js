/* The scorer's page keeps what the scorer enters on the phone first, and sends it from there:
   the club's Wi-Fi may drop at any moment.

   Every form that enters a hand (a summary, the card-by-card form, a trick, an undo of a trick,
   the finish) is put, on submit, in the phone's outbox (IndexedDB "ecarte-outbox", store
   "hands") with an idempotency key of its own, then sent as the page would have sent it, to
   the page's outbox address: the club answers in JSON (games/views/outbox.py). Sent and recorded, it leaves
   the outbox and the page is drawn afresh. Without the network it stays, the page says so, and
   the next hand's form is ready; the entries go once, in order, as soon as the club answers
   again: at once on the `online` event, every few seconds while some wait, and whenever the
   page loads. The same key sent twice counts once.

   A hand the club refuses when it arrives stays at its place in the list with the reason, and
   the scorer corrects it or drops it: nothing is dropped silently, and nothing behind it goes
   before it. A form refused at once, while the scorer is looking at it, is sent again as a plain
   form, so that the club's page shows the refusal beside the field, as without this script.
   The phone tells the club how many wait (the spectators' "2 hands on their way"), whenever it
   can reach it. */
(function () {
  "use strict";
  var root = document.querySelector("[data-outbox]");
  var wordsScript = document.getElementById("outbox-words");
  if (!root || !wordsScript || !window.indexedDB) return;
  var WORDS = JSON.parse(wordsScript.textContent);
  var TABLE = +root.dataset.table, USER = +root.dataset.user;
  var SCORE_URL = root.dataset.scoreUrl, OUTBOX_URL = root.dataset.outboxUrl,
      WAITING_URL = root.dataset.waitingUrl;
  var list = root.querySelector("[data-outbox-list]");
  var status = document.querySelector("[data-outbox-status]");
  var NEW_HAND = ["summary", "deal", "trois", "quatre", "many_deal"];
  var RETRY_MS = 5000;
  /* `reported`: the count the club was last told from this page; a page that keeps nothing
     tells nothing (another phone of the table's may be keeping some) */
  var flushing = false, reported = 0, touched = false, retry = null;

  function say(pattern, values) {
    return pattern.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  /* -- the outbox in IndexedDB ------------------------------------------------------------ */
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open("ecarte-outbox", 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore("hands", {keyPath: "key"});
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }
  function store(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction("hands", mode);
        var result = work(tx.objectStore("hands"));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function put(entry) { return store("readwrite", function (s) { s.put(entry); }); }
  function remove(key) { return store("readwrite", function (s) { s.delete(key); }); }
  /* this table's entries, in the order they were entered */
  function entries() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (all) {
      return all.filter(function (e) { return e.table === TABLE; })
        .sort(function (a, b) { return a.order - b.order; });
    });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  /* also on plain http, where randomUUID is missing */
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function csrfToken() {
    var cookie = document.cookie.split("; ").filter(function (c) {
      return c.indexOf("csrftoken=") === 0;
    })[0];
    if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
    var field = document.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  /* -- sending ------------------------------------------------------------------------------ */
  /* The club's answer: {outcome, message, said, next}; a network failure or a server in
     trouble throws, and the entry waits. */
  function send(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) {
      if (pair[0] !== "csrfmiddlewaretoken") body.append(pair[0], pair[1]);
    });
    return fetch(OUTBOX_URL, {
      method: "POST", body: body, credentials: "same-origin", redirect: "manual",
      headers: {"Idempotency-Key": entry.key, "X-CSRFToken": csrfToken(),
                "Accept": "application/json"}
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (json && response.status < 500) return response.json();
      if (response.status === 403) {  /* the club's CSRF check: this page's session is gone */
        return {outcome: "logged_out", message: WORDS.session_gone};
      }
      throw new Error("the club answered " + response.status);
    });
  }

  function report(count) {
    if (!WAITING_URL || count === reported) return Promise.resolve();
    var body = new URLSearchParams({count: String(Math.min(count, 99))});
    return fetch(WAITING_URL, {
      method: "POST", body: body, credentials: "same-origin",
      headers: {"X-CSRFToken": csrfToken(), "Accept": "application/json"}
    }).then(function (response) { if (response.ok) reported = count; }, function () {});
  }

  /* Sends what waits, the oldest first, and stops at the first the club refuses or cannot
     answer. Returns how many were recorded. */
  function flush() {
    if (flushing) return Promise.resolve(0);
    flushing = true;
    var sent = 0;
    return entries().then(function (all) {
      var waiting = all.filter(function (e) { return e.user === USER; });
      if (!waiting.length) return;
      return report(waiting.length).then(function () { return step(waiting, 0); });
    }).catch(function () { /* offline: they wait */ }).then(function () {
      flushing = false;
      return entries();
    }).then(function (left) {
      var mine = left.filter(function (e) { return e.user === USER; });
      draw(left);
      if (!mine.some(function (e) { return stateOf(e) === "refused"; })) scheduleRetry(mine.length);
      return report(mine.length).then(function () {
        if (sent && !mine.length && !touched) location.assign(SCORE_URL);
        else if (sent) showSent();
        return sent;
      });
    });

    function step(waiting, index) {
      var entry = waiting[index];
      if (!entry || stateOf(entry) === "refused") return;
      return send(entry).then(function (answer) {
        if (answer.outcome === "done") {
          sent += 1;
          return remove(entry.key).then(function () {
            return report(waiting.length - index - 1);
          }).then(function () { return step(waiting, index + 1); });
        }
        entry.outcome = answer.outcome;
        entry.message = answer.message || "";
        entry.next = answer.next || null;
        return put(entry);
      });
    }
  }
  /* Where a kept entry stands, from the club's last answer to it: none yet, "waiting" (sent
     as soon as it can be); logged out, "held" (sent again once the phone logs in); else
     "refused", until the scorer corrects or drops it. */
  function stateOf(entry) {
    if (!entry.outcome) return "waiting";
    return entry.outcome === "logged_out" ? "held" : "refused";
  }

  function scheduleRetry(count) {
    clearTimeout(retry);
    if (count) retry = setTimeout(flush, RETRY_MS);
  }

  /* -- the page ------------------------------------------------------------------------------ */
  function handLabel(entry) {
    if (entry.action === "trick") {
      return say(WORDS.trick, {number: entry.number, trick: entry.trick});
    }
    if (entry.action === "undo") return say(WORDS.undo, {number: entry.number, trick: entry.trick});
    if (entry.action === "finish") return say(WORDS.finish, {number: entry.number});
    return say(WORDS.hand, {number: entry.number});
  }

  function draw(all) {
    list.textContent = "";
    all.forEach(function (entry) {
      var item = document.createElement("li");
      item.dataset.key = entry.key;
      item.dataset.state = stateOf(entry);
      var line = document.createElement("span");
      line.className = "hand-line";
      line.textContent = handLabel(entry) + (entry.said ? " · " + entry.said : "") + " · " +
        (stateOf(entry) === "waiting" ? WORDS.not_sent : WORDS.not_recorded);
      item.appendChild(line);
      if (entry.user !== USER) {
        item.appendChild(note(WORDS.other_login));
        item.appendChild(button(WORDS.drop, function () { drop(entry); }));
      } else if (stateOf(entry) !== "waiting") {
        item.appendChild(note(entry.message));
        if (entry.outcome === "logged_out") {
          var login = document.createElement("a");
          login.className = "button quiet";
          login.href = root.dataset.loginUrl;
          login.textContent = WORDS.log_in;
          item.appendChild(login);
        }
        if (entry.outcome !== "logged_out" && entry.outcome !== "not_scorer" &&
            NEW_HAND.indexOf(entry.action) >= 0 && formFor(entry.action)) {
          item.appendChild(button(WORDS.correct, function () { correct(entry); }));
        }
        item.appendChild(button(WORDS.drop, function () { drop(entry); }));
      }
      list.appendChild(item);
    });
    root.hidden = !all.length;
    var mine = all.filter(function (e) { return e.user === USER; }).length;
    var offline = navigator.onLine === false;
    status.textContent = (offline ? WORDS.offline + " " : "") +
      (mine ? say(WORDS.waiting, {count: mine}) : "");
    document.querySelectorAll("[data-offline-part]").forEach(function (part) {
      part.hidden = !offline;
    });
  }
  function note(text) {
    var p = document.createElement("p");
    p.className = "refusal";
    p.textContent = text;
    return p;
  }
  function button(text, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "quiet";
    b.textContent = text;
    b.addEventListener("click", act);
    return b;
  }
  function showSent() {
    var link = root.querySelector("[data-outbox-fresh]");
    if (link) link.hidden = false;
  }
  function redraw() { return entries().then(draw); }

  /* The hands behind `from` are numbered on from `number`: after a hand is dropped, or sent
     again as another number, the ones kept behind it follow it. */
  function renumber(all, from, number) {
    var changed = [];
    all.slice(all.indexOf(from)).forEach(function (entry) {
      if (NEW_HAND.indexOf(entry.action) < 0 || entry.user !== USER) return;
      entry.number = number;
      entry.fields = entry.fields.map(function (pair) {
        return pair[0] === "number" ? ["number", String(number)] : pair;
      });
      changed.push(put(entry));
      number += 1;
    });
    return Promise.all(changed);
  }

  function drop(entry) {
    if (!confirm(say(WORDS.drop_confirm, {hand: handLabel(entry)}))) return;
    entries().then(function (all) {
      var at = all.findIndex(function (e) { return e.key === entry.key; });
      var after = all[at + 1];
      return remove(entry.key).then(function () {
        if (after && NEW_HAND.indexOf(entry.action) >= 0) {
          /* behind a hand another phone entered first, the club's next number */
          return renumber(all.filter(function (e) { return e.key !== entry.key; }), after,
                          entry.next || entry.number);
        }
      });
    }).then(function () { return redraw(); }).then(flush);
  }

  function formFor(action) {
    return document.querySelector("form[data-outbox-form][data-action='" + action + "']");
  }

  /* The refused hand back in its form, as it was sent, to be put right and sent again in its
     place; a hand another phone entered first takes the next number the club gave. */
  function correct(entry) {
    var form = formFor(entry.action);
    form.reset();
    var chosen = null;
    entry.fields.forEach(function (pair) {
      var name = pair[0], value = pair[1];
      if (name === "csrfmiddlewaretoken" || name === "key" || name === "action") return;
      if (name === "number") value = String(entry.next || entry.number);
      form.querySelectorAll("[name='" + name + "']").forEach(function (field) {
        if (field.type === "radio" || field.type === "checkbox") {
          field.checked = field.value === value || (field.type === "checkbox" && value === "on");
        } else if (field.tagName === "BUTTON") {
          field.classList.toggle("chosen", field.value === value);
          if (field.value === value) chosen = field;
        } else {
          field.value = value;
        }
      });
    });
    form.dataset.replaces = entry.key;
    var fold = form.closest("details");
    if (fold) fold.open = true;
    (chosen || form.querySelector("input, button")).focus();
    form.scrollIntoView({block: "start"});
  }

  /* -- the forms ----------------------------------------------------------------------------- */
  function entryOf(form, submitter) {
    var data = new FormData(form, submitter);
    if (submitter && submitter.name && !data.has(submitter.name)) {  /* an older browser */
      data.append(submitter.name, submitter.value);
    }
    var action = data.get("action");
    var entry = {
      key: newKey(), table: TABLE, user: USER, order: Date.now(), action: action,
      number: +(data.get("number") || root.dataset.hand),
      said: saidOf(form, submitter), fields: []
    };
    if (action === "trick" || action === "undo") {
      entry.trick = +data.get("number");
      entry.number = +root.dataset.hand;
    }
    data.set("key", entry.key);
    data.forEach(function (value, name) { entry.fields.push([name, String(value)]); });
    return entry;
  }
  function saidOf(form, submitter) {
    if (submitter && submitter.getAttribute("aria-label")) return submitter.getAttribute("aria-label");
    if (form.dataset.action === "deal" || form.dataset.action === "many_deal") return WORDS.by_card;
    if (form.dataset.trick !== undefined) {
      return Array.prototype.map.call(form.querySelectorAll("input[type=radio]:checked"),
        function (input) { return input.getAttribute("aria-label"); }).join(", ");
    }
    return "";
  }

  /* Offline, a hand card by card travels whole: the page cannot deal out its tricks one by
     one without the club, so they are asked for in the same form. */
  function incomplete(form) {
    if (form.dataset.action !== "deal" && form.dataset.action !== "many_deal") return false;
    return !Array.prototype.some.call(form.querySelectorAll("[data-offline-part] [data-cards]"),
      function (input) { return input.value.trim(); });
  }

  /* The next hand's forms, once the hand `entry` is kept: emptied, numbered on, and saying who
     plays it as the club said they may (seatedAs). */
  function nextHand(number, entry) {
    document.querySelectorAll("form[data-outbox-form]").forEach(function (form) {
      if (NEW_HAND.indexOf(form.dataset.action) < 0) return;
      form.reset();
      form.querySelectorAll(".chosen").forEach(function (b) { b.classList.remove("chosen"); });
      var field = form.querySelector("[name=number]");
      if (field) field.value = String(number);
    });
    var title = document.getElementById("next-title");
    if (title) title.textContent = say(WORDS.hand, {number: number});
    document.querySelectorAll("[data-record-hand]").forEach(function (b) {
      b.textContent = say(WORDS.record_hand, {number: number});
    });
    seatedAs(number === SEATING.hand && stood(entry) ? "next" : "seats");
    touched = false;
  }

  /* Who plays the hand after a kept one is the club's to say (games/views/scoring.py): it
     wrote each of the next hand's words that name players twice more, for the hand after the
     page's (`next`: the players, the deal passed, where no hand can end the game before it),
     and by the seats only (`seats`). The page shows one or the other, whole. */
  var seatingData = document.getElementById("next-seating");
  var SEATING = seatingData ? JSON.parse(seatingData.textContent) : {hand: 0, stay: {}};
  function seatedAs(version) {
    var section = document.querySelector("[data-next-hand]");
    if (!section) return;
    var label = version === "next" ? "labelNext" : "labelSeats";
    section.querySelectorAll("[data-seats]").forEach(function (el) {
      el.textContent = el.dataset[version];
    });
    section.querySelectorAll("[data-label-seats]").forEach(function (el) {
      el.setAttribute("aria-label", el.dataset[label]);
    });
    section.querySelectorAll("[data-seating]").forEach(function (el) {
      el.hidden = el.dataset.seating.split(" ").indexOf(version) < 0;
    });
    document.dispatchEvent(new Event("ecarte:seated"));
  }
  /* Whether the kept hand leaves the seats to the next as the club foresaw: none of the
     answers after which the same seats play again (a void hand, a deal out of turn). */
  function stood(entry) {
    return !entry.fields.some(function (pair) {
      return (SEATING.stay[pair[0]] || []).indexOf(pair[1]) >= 0;
    });
  }

  function kept(form, entry) {
    if (NEW_HAND.indexOf(entry.action) >= 0) {
      nextHand(entry.number + 1, entry);
    } else if (PLAY && entry.action === "trick") {
      played(entry);
    } else if (PLAY && entry.action === "finish") {
      finished(entry);
    } else {
      var section = form.closest("section");
      var notice = section && section.querySelector("[data-trick-kept]");
      form.hidden = true;
      if (notice) notice.hidden = false;
    }
  }

  /* -- a two-handed hand played on offline --------------------------------------------------
     The page has the hand as the engine reads it (games/pages/score_widgets.offline_play):
     each player's cards, who leads, and who takes each trick they may still play. A trick kept
     on the phone moves it on: the taker leads the next, whose form is drawn from what each
     still holds; after the fifth, the finish; once finished, the next hand's forms. */
  var playData = document.getElementById("offline-play");
  var PLAY = playData ? JSON.parse(playData.textContent) : null;

  function field(entry, name) {
    var pair = entry.fields.filter(function (p) { return p[0] === name; })[0];
    return pair ? pair[1] : "";
  }
  function otherSeat(seat) {
    return Object.keys(PLAY.seats).filter(function (s) { return s !== seat; })[0];
  }
  function played(entry) {
    var lead = field(entry, "leader"), follow = field(entry, "follower");
    var leader = PLAY.leader, follower = otherSeat(leader);
    var taker = PLAY.takes[lead + " " + follow] === 0 ? leader : follower;
    [[leader, lead], [follower, follow]].forEach(function (pair) {
      PLAY.held[pair[0]] = PLAY.held[pair[0]].filter(function (c) { return c !== pair[1]; });
    });
    var list = document.querySelector(".tricks-so-far");
    if (!list) {
      list = document.createElement("ol");
      list.className = "tricks-so-far";
      document.getElementById("trick-form").before(list);
    }
    var line = document.createElement("li");
    line.textContent = say(PLAY.lines.took, {
      cards: PLAY.seats[leader].name + " " + PLAY.cards[lead].face + ", " +
             PLAY.seats[follower].name + " " + PLAY.cards[follow].face,
      name: PLAY.seats[taker].name});
    list.appendChild(line);
    PLAY.leader = taker;
    PLAY.trick += 1;
    drawTrick();
  }
  function drawTrick() {
    var form = document.getElementById("trick-form");
    var title = document.getElementById("play-title");
    var undo = document.getElementById("undo-form");
    if (undo) undo.hidden = true;  /* what it would take back is still on this phone */
    delete form.dataset.busy;
    if (PLAY.trick > 5) {
      form.hidden = true;
      title.textContent = say(PLAY.lines.all_in, {number: root.dataset.hand});
      document.querySelector("#finish-form button[type=submit]").classList.remove("quiet");
      return;
    }
    title.textContent = say(WORDS.trick, {number: root.dataset.hand, trick: PLAY.trick});
    form.querySelector("[name=number]").value = String(PLAY.trick);
    form.querySelector("button[type=submit]").textContent = say(PLAY.lines.enter,
                                                                {number: PLAY.trick});
    form.querySelector("button[type=submit]").disabled = false;
    form.querySelectorAll(".refusal").forEach(function (r) { r.remove(); });
    [["leader", PLAY.leader], ["follower", otherSeat(PLAY.leader)]].forEach(function (pair) {
      var side = pair[0], seat = pair[1], player = PLAY.seats[seat];
      var set = form.querySelector("[data-side='" + side + "']");
      set.querySelector("legend").textContent = say(PLAY.lines[side === "leader" ? "leads" : "plays"],
                                                    {name: player.name, role: player.word});
      set.querySelectorAll("button").forEach(function (b) { b.remove(); });
      var row = set.querySelector(".card-row");
      row.textContent = "";
      PLAY.held[seat].forEach(function (code) {
        var c = PLAY.cards[code];
        var label = document.createElement("label");
        label.className = "card-tap" + (c.red ? " red" : "");
        var input = document.createElement("input");
        input.type = "radio";
        input.name = side;
        input.value = code;
        input.required = true;
        input.setAttribute("aria-label", c.name);
        var face = document.createElement("span");
        face.className = "card" + (c.red ? " red" : "");
        face.setAttribute("aria-hidden", "true");
        face.textContent = c.face;
        label.append(input, face);
        row.appendChild(label);
      });
    });
    form.hidden = false;
  }
  function finished(entry) {
    var section = document.getElementById("play-title").closest("section");
    var next = document.querySelector("[data-after-hand]");
    section.hidden = true;
    if (next) next.hidden = false;
    nextHand(entry.number + 1, entry);
  }

  document.querySelectorAll("form[data-outbox-form]").forEach(function (form) {
    form.addEventListener("input", function () { touched = true; });
    form.addEventListener("submit", function (event) {
      if (form.dataset.plain) return;  /* sent again as a plain form, for its refusal */
      event.preventDefault();
      if (form.dataset.busy) return;
      var offline = navigator.onLine === false;
      if (offline && incomplete(form)) {
        var part = form.querySelector("[data-offline-part]");
        if (part) part.hidden = false;
        alert(WORDS.tricks_too);
        return;
      }
      form.dataset.busy = "1";
      var submitter = event.submitter;
      var entry = entryOf(form, submitter);
      var replaces = form.dataset.replaces, first = false;
      delete form.dataset.replaces;
      entries().then(function (all) {
        var old = all.filter(function (e) { return e.key === replaces; })[0];
        first = !all.some(function (e) { return e.user === USER; });
        if (old) entry.order = old.order;
        return put(entry).then(function () { return old && remove(old.key); }).then(function () {
          if (old) {
            return renumber(all.filter(function (e) { return e.key !== old.key; })
                              .concat([entry]).sort(function (a, b) { return a.order - b.order; }),
                            entry, entry.number);
          }
        });
      }).then(function () {
        return first && !offline ? live(form, submitter, entry) : queued();
      }, function () {  /* the phone could not keep it: sent as the plain form */
        form.dataset.plain = "1";
        delete form.dataset.busy;
        form.requestSubmit(submitter);
      });

      function queued() {
        kept(form, entry);
        delete form.dataset.busy;
        return redraw().then(flush);
      }
    });
  });

  /* The only hand in the outbox, sent while the scorer looks at it: recorded, the page drawn
     afresh; refused, the plain form again for the club's page with the refusal beside its field;
     another phone first, the page as it stands; no network, kept. */
  function live(form, submitter, entry) {
    return send(entry).then(function (answer) {
      if (answer.outcome === "done" || answer.outcome === "stale") {
        return remove(entry.key).then(function () { location.assign(SCORE_URL); });
      }
      if (answer.outcome === "refused") {
        return remove(entry.key).then(function () {
          form.dataset.plain = "1";
          delete form.dataset.busy;
          form.requestSubmit(submitter);
        });
      }
      entry.outcome = answer.outcome;
      entry.message = answer.message;
      delete form.dataset.busy;
      return put(entry).then(redraw);
    }, function () {
      kept(form, entry);
      delete form.dataset.busy;
      return redraw().then(function () { scheduleRetry(1); });
    });
  }

  /* A page drawn before what is kept here (from the phone's cache) plays on the hand's kept
     tricks and numbers its forms on after the kept hands. */
  function numberOnAfter(all) {
    if (PLAY) {
      all.forEach(function (e) {
        if (e.user !== USER || e.number !== +root.dataset.hand) return;
        if (e.action === "trick" && e.trick === PLAY.trick) played(e);
        if (e.action === "finish") finished(e);
      });
    }
    var form = document.querySelector(NEW_HAND.map(function (action) {
      return "form[data-action='" + action + "'] [name=number]";
    }).join(", "));
    var last = all.filter(function (e) {
      return e.user === USER && NEW_HAND.indexOf(e.action) >= 0;
    }).pop();
    if (form && last && last.number >= +form.value) nextHand(last.number + 1, last);
    return all;
  }

  window.addEventListener("online", function () { redraw().then(flush); });
  window.addEventListener("offline", redraw);
  entries().then(numberOnAfter).then(draw).then(flush);
})();
