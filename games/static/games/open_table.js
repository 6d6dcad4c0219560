/* The open-table form (templates/games/open_table.html): choosing the kind of table, or the
   style of wagers, shows their fields and hides the others, at once, keeping what was typed.
   The server draws the page for one kind and one style, every other field hidden and disabled
   (a disabled field is not sent, and the server takes its default); without this script
   "Show its fields" draws the page again. A box (or a first dealer's option) names the kinds of
   table that take it (data-kinds) and, for a wagers' limit, the styles (data-styles). A
   rubber's "best of" moves into view for a rubber and back into the fold for a pool
   (data-slot-for). Beside each seat, the sentence the server wrote for a player already at a
   table in play (#elsewhere-words) is shown as he is chosen, with the box that opens the
   table all the same: the server still asks for it. */
(function () {
  "use strict";
  var form = document.querySelector("[data-open-table]");
  if (!form) return;
  var words = JSON.parse((document.getElementById("elsewhere-words") || {}).textContent || "{}");
  var confirm = form.querySelector("[data-elsewhere-confirm]");
  var confirmedAtLoad = confirm && !confirm.hidden;
  form.querySelectorAll("[data-kind-step]").forEach(function (step) { step.hidden = true; });

  function chosen(name) {
    var radio = form.querySelector("input[name=" + name + "]:checked");
    return radio ? radio.value : "";
  }

  function takes(box, kind, style) {
    var kinds = box.dataset.kinds.split(" ");
    var styles = box.dataset.styles;
    return kinds.indexOf(kind) >= 0 && (!styles || styles.split(" ").indexOf(style) >= 0);
  }

  function show() {
    var kind = chosen("format"), style = chosen("wager_style") || "none";
    form.querySelectorAll("[data-slot-for]").forEach(function (slot) {
      var moving = form.querySelector("[data-moves]");
      if (moving && slot.dataset.slotFor.split(" ").indexOf(kind) >= 0) slot.appendChild(moving);
    });
    form.querySelectorAll("[data-kinds]").forEach(function (box) {
      var taken = takes(box, kind, style);
      box.hidden = !taken;
      if (box.tagName === "OPTION") {
        box.disabled = !taken;
        if (!taken && box.selected) box.parentNode.value = "";
        return;
      }
      box.querySelectorAll("input, select, textarea").forEach(function (control) {
        control.disabled = !taken;
      });
    });
    elsewhere();
  }

  function elsewhere() {
    var any = false;
    form.querySelectorAll("[data-elsewhere-for]").forEach(function (line) {
      var seat = form.querySelector("select[name=" + line.dataset.elsewhereFor + "]");
      var said = seat && !seat.disabled && words[seat.value] || "";
      line.textContent = said;
      line.hidden = !said;
      any = any || !!said;
    });
    if (confirm) confirm.hidden = !(any || confirmedAtLoad);
  }

  form.querySelectorAll("input[name=format], input[name=wager_style]").forEach(function (radio) {
    radio.addEventListener("change", show);
  });
  form.querySelectorAll("select[name^=seat]").forEach(function (seat) {
    seat.addEventListener("change", elsewhere);
  });
  var best = form.querySelector("[data-slot-for] > [data-kinds]");
  if (best) best.setAttribute("data-moves", "");
  elsewhere();
})();
