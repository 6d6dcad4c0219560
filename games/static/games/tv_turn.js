/* The projector's pages of the server (/tv/?page=N, games/views/tables.py): live.js turns
   through the tables of this page a screen at a time, every data-every seconds, hiding those
   off the screen. Once it turns from the screen that shows the page's last table back to the
   first, or once that screen has stayed half as long again (all the page's tables fit on one
   screen), the projector goes on to the next page of the server: the grid's data-next, the
   first page again after the last. */
(function () {
  "use strict";
  var grid = document.querySelector("[data-pager][data-next]");
  if (!grid) return;
  var every = Math.max(0.5, Number(grid.getAttribute("data-every")) || 15) * 1000;
  var shownLast = false, timer = null;
  function next() { location.assign(grid.getAttribute("data-next")); }
  function check() {
    var cards = grid.querySelectorAll("[data-live]");
    var last = cards[cards.length - 1];
    if (last && !last.hidden) {
      shownLast = true;
      if (timer === null) timer = setTimeout(next, every * 1.5);
    } else if (shownLast) {
      next();
    }
  }
  new MutationObserver(check).observe(grid, {subtree: true, attributes: true,
                                             attributeFilter: ["hidden"]});
  check();
})();
