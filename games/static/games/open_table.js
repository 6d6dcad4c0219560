/* The open-table form (templates/games/open_table.html): choosing the kind of table shows its
   fields and hides the others, at once, keeping what was typed. The server draws the page
   for one kind, every other field hidden and disabled (a disabled field is not sent, and the
   server takes its default); without this script "Show its fields" draws the page again. */
(function () {
  "use strict";
  var form = document.querySelector("[data-open-table]");
  if (!form) return;
  var step = form.querySelector("[data-kind-step]");
  if (step) step.hidden = true;

  function show(kind) {
    form.querySelectorAll("[data-kinds]").forEach(function (box) {
      var taken = box.dataset.kinds.split(" ").indexOf(kind) >= 0;
      box.hidden = !taken;
      box.querySelectorAll("input, select, textarea").forEach(function (control) {
        control.disabled = !taken;
      });
    });
  }
  form.querySelectorAll("input[name=format]").forEach(function (radio) {
    radio.addEventListener("change", function () {
      if (radio.checked) show(radio.value);
    });
  });
})();
