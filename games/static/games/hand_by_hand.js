/* The hand-by-hand page.
 * A hand entered card by card is played again card by card: the page lists every trick (which
 * is how it reads without this script); here the tricks are shown one at a time on the cloth,
 * the cards appearing one by one with the Previous card / Next card buttons or the arrow keys,
 * each leaving its player's hand, and each step said in the live region. Who takes a trick,
 * and the words said, come with the page (the engine decided them): this only shows them.
 * At the first or last card, or on a hand without cards, the arrow keys follow the previous
 * and next links (which work without it); back to the hand before, it opens at its last card. The advisor's note, when the server had not worked
 * it out yet, is fetched apart. */
(function () {
  var section = document.querySelector("[data-steps]");
  var wordsNode = document.getElementById("step-words");
  var words = wordsNode ? JSON.parse(wordsNode.textContent) : {};
  var plays = section ? Array.prototype.slice.call(section.querySelectorAll(".rp-trick-cards .rp-played")) : [];
  var at = 0;
  var said, where, buttons;

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  }

  function trickOf(play) { return play.closest(".rp-trick"); }

  function heldCard(play) {
    return section.querySelector('.rp-place[data-place="' + play.dataset.seat + '"] .rp-held[data-card="' +
                                 play.dataset.card + '"]');
  }

  function complete(trick, upTo) {
    var cards = trick.querySelectorAll(".rp-played");
    return plays.indexOf(cards[cards.length - 1]) < upTo;
  }

  function show(n, announce) {
    at = Math.max(0, Math.min(plays.length, n));
    var current = at > 0 ? trickOf(plays[at - 1]) : null;
    plays.forEach(function (play, i) {
      play.classList.toggle("rp-out", i >= at);
      var held = heldCard(play);
      if (held) { held.hidden = i < at; }
    });
    var taken = {};
    section.querySelectorAll(".rp-trick").forEach(function (trick) {
      var done = complete(trick, at);
      trick.classList.toggle("rp-current", trick === current);
      trick.classList.toggle("rp-complete", done);
      if (done) { taken[trick.dataset.winner] = (taken[trick.dataset.winner] || 0) + 1; }
    });
    section.querySelectorAll(".rp-place[data-place]").forEach(function (place) {
      place.querySelector("[data-count]").textContent = taken[place.dataset.place] || 0;
    });
    where.textContent = at === 0 ? words.before : fill(words.where, {at: at, count: plays.length});
    buttons[0].setAttribute("aria-disabled", String(at === 0));
    buttons[1].setAttribute("aria-disabled", String(at === plays.length));
    if (announce) {
      var text = at === 0 ? section.dataset.start : plays[at - 1].dataset.said;
      if (current && at > 0 && complete(current, at)) { text += " " + current.dataset.taken + "."; }
      said.textContent = text;
    }
  }

  function step(by) {
    var next = at + by;
    if (next < 0 || next > plays.length) { return false; }
    show(next, true);
    return true;
  }

  if (plays.length) {
    said = section.querySelector("[data-live]");
    where = section.querySelector("[data-where]");
    var stepper = section.querySelector(".rp-stepper");
    buttons = stepper.querySelectorAll("button[data-step]");
    buttons.forEach(function (button) {
      button.addEventListener("click", function () { step(Number(button.dataset.step)); });
    });
    stepper.hidden = false;
    section.classList.add("rp-stepping");
    show(window.location.hash === "#end" ? plays.length : 0, false);
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
    var target = event.target;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { return; }
    if (plays.length && step(event.key === "ArrowRight" ? 1 : -1)) {
      event.preventDefault();
      return;
    }
    var link = document.querySelector('.pager a[data-key="' + event.key + '"]');
    if (link) {  /* back from a hand's first card: the hand before, at its last */
      event.preventDefault();
      window.location.href = link.href + (event.key === "ArrowLeft" ? "#end" : "");
    }
  });

  var advice = document.querySelector("[data-hand-advice]");
  if (advice && window.fetch) {
    fetch(advice.dataset.handAdvice, {credentials: "same-origin"}).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (html) {
      if (html) { advice.outerHTML = html; }
    }).catch(function () { /* the link to the page with the note stays */ });
  }
})();
