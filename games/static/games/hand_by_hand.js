/* The hand-by-hand page: the arrow keys follow the previous and next links (which work without it). */
(function () {
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var target = event.target;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { return; }
    var link = document.querySelector('.pager a[data-key="' + event.key + '"]');
    if (link) { event.preventDefault(); window.location.href = link.href; }
  });
})();
