/* The site's menu (templates/base.html: a <details> that works without this script): a tap
   outside it, or Escape, closes it, as a menu does. */
(function () {
  "use strict";
  var menu = document.querySelector("header.site details.menu");
  if (!menu) return;
  document.addEventListener("click", function (event) {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    menu.querySelector("summary").focus();
  });
})();
