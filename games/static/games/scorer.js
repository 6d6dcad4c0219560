/* The scorer's page: a small help to the server-rendered forms, which work without it.

   - The card-by-card form: tapping a card of the 32-card grid writes it into the chosen place
     (the last one tapped or focused; full places pass on to the next). Cards already placed
     are disabled; a discard offers only the cards its player holds. Typing still works
     ("KS", "K♠", "10♦"; in the page's letters too, "R♠" in French). By keyboard, Enter in
     a place goes to the pack, Enter or Space there puts a card, Escape goes back. A hand
     takes five cards, or 1 to 10 once the fold says that a misdeal was played as dealt; a
     card turned up in error is a card of the stock, which a draw may take too.
   - The trick form: tapping a card for every player of the trick (two, three or four) posts
     it. By keyboard, the arrows choose and Enter posts.
   - The summary à trois asks who took his second trick first only once the tricks make a
     2-2-1 split, and offers only the two players with two. */
(function () {
  "use strict";
  var SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"};
  /* the rank letters as the page writes them ("R" for the king on a French page), read from
     the pack's buttons: each card's face and its code */
  var RANK = {};
  document.querySelectorAll("[data-card][data-face]").forEach(function (b) {
    RANK[b.dataset.face.slice(0, -1).toUpperCase()] = b.dataset.card.charAt(0);
  });

  function code(token) {
    var t = token.trim().toUpperCase().replace(/[♠♥♦♣]/g, function (s) { return SUIT[s]; });
    var rank = t.slice(0, -1);
    return (RANK.hasOwnProperty(rank) ? RANK[rank] : rank.replace(/^10$/, "T")) + t.slice(-1);
  }
  function cardsOf(input) {
    return input.value.split(/[\s,;]+/).filter(Boolean).map(code);
  }

  document.querySelectorAll("[data-cardpicker]").forEach(function (form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-cards]"));
    var picks = form.querySelectorAll("[data-card]");
    var label = form.querySelector("[data-target-label]");
    var misdeal = form.querySelector("[name=misdeal_played]");
    /* how many cards a place takes: a hand dealt wrong, up to ten (docs/rules.md, ruling 86) */
    function size(i) {
      return i.dataset.kind === "hand" && misdeal && misdeal.value === "yes" ? 10 : +i.dataset.size;
    }
    var target = inputs.filter(function (i) { return cardsOf(i).length < size(i); })[0];

    function held(role) {
      var cards = [];
      inputs.forEach(function (i) {
        if (i.dataset.role === role && (i.dataset.kind === "hand" || i.dataset.kind === "draw")) {
          cards = cards.concat(cardsOf(i));
        }
      });
      return cards;
    }
    function refresh() {
      var used = [];
      inputs.forEach(function (i) {
        if (["discard", "trick", "exposed"].indexOf(i.dataset.kind) < 0) used = used.concat(cardsOf(i));
        i.classList.toggle("target", i === target);
      });
      var own = target && target.dataset.kind === "discard" ? held(target.dataset.role) : null;
      var taken = target ? cardsOf(target) : [];
      picks.forEach(function (b) {
        var c = b.dataset.card;
        b.disabled = !target || (own ? own.indexOf(c) < 0 || taken.indexOf(c) >= 0
                                     : used.indexOf(c) >= 0 && target.dataset.kind !== "trick"
                                       && target.dataset.kind !== "exposed");
      });
      if (label) {
        label.textContent = target ? form.querySelector("label[for='" + target.id + "']").textContent
          : label.dataset.idle || label.textContent;
      }
    }
    if (label) label.dataset.idle = label.textContent;
    function enabledPicks() {
      return Array.prototype.filter.call(picks, function (b) { return !b.disabled; });
    }
    inputs.forEach(function (i) {
      i.setAttribute("inputmode", "none");  // the grid is the keyboard on a phone
      i.addEventListener("focus", function () { target = i; refresh(); });
      i.addEventListener("input", refresh);
      /* Enter in a place goes to the pack (rather than sending the form half filled) */
      i.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") return;
        event.preventDefault();
        var first = enabledPicks()[0];
        if (first) first.focus();
      });
    });
    form.querySelectorAll("[data-clear]").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        var input = document.getElementById(b.dataset.clear);
        input.value = ""; target = input; refresh();
      });
    });
    picks.forEach(function (b) {
      b.addEventListener("click", function () {
        if (!target) return;
        var now = cardsOf(target);
        if (now.length >= size(target)) return;
        target.value = (target.value.trim() + " " + b.dataset.face).trim();
        if (now.length + 1 >= size(target)) {
          var next = inputs.slice(inputs.indexOf(target) + 1).filter(function (i) {
            return i.dataset.kind === "hand" || i.dataset.kind === "turn_up";
          })[0];
          target = next && cardsOf(next).length < size(next) ? next : null;
        }
        var focused = document.activeElement === b;
        refresh();
        if (focused && b.disabled) {
          /* the card just placed is no longer offered: the keyboard's focus moves on to the
             next card offered, or to the form's button once every place is full */
          var after = enabledPicks().filter(function (p) {
            return p.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING;
          })[0] || enabledPicks()[0] || form.querySelector("button[type=submit]");
          after.focus();
        }
      });
    });
    picks.forEach(function (b) {
      /* Escape in the pack goes back to the place being filled */
      b.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && target) target.focus();
      });
    });
    /* the offline scorer names the next hand's places anew (outbox.js): the pack says so too */
    document.addEventListener("ecarte:seated", refresh);
    refresh();
  });

  var trois = document.getElementById("trois-form");
  if (trois) {
    var firstToTwo = trois.querySelectorAll("input[name=first_to_two]");
    var question = firstToTwo[0].closest("fieldset");
    var askIfSplit = function () {
      var twos = [], ones = 0;
      trois.querySelectorAll(".count-row input:checked").forEach(function (input) {
        if (input.value === "2") twos.push(input.name.replace("tricks_", ""));
        if (input.value === "1") ones += 1;
      });
      var split = twos.length === 2 && ones === 1;
      question.hidden = !split;
      firstToTwo.forEach(function (input) {
        var offered = split ? twos.indexOf(input.value) >= 0 : input.value === "";
        input.closest("label").hidden = !offered;
        if (!offered) input.checked = false;
      });
      if (!split) firstToTwo[0].checked = true;  /* "no 2-2-1 split" */
    };
    trois.addEventListener("change", askIfSplit);
    askIfSplit();
  }

  document.querySelectorAll("[data-trick]").forEach(function (form) {
    var tapped = false;
    form.addEventListener("pointerdown", function () { tapped = true; });
    form.addEventListener("keydown", function () { tapped = false; });
    /* every player's place: two-handed the leader and the follower, à trois and à quatre
       one or two more */
    var places = [];
    form.querySelectorAll("input[type=radio]").forEach(function (input) {
      if (places.indexOf(input.name) < 0) places.push(input.name);
    });
    form.addEventListener("change", function () {
      var all = places.every(function (name) {
        return form.querySelector("[name='" + name + "']:checked");
      });
      if (tapped && all) {
        form.querySelector("button[type=submit]").disabled = true;
        form.requestSubmit();  /* through the outbox (outbox.js), as a tap on the button */
      }
    });
  });
})();
