// A won table's result card (templates/games/_result_card.html): where the phone can share
// files (the Web Share API), a "Share the card" button sends the PNG to an app, such as the
// club's group chat. Without it, or without this script, the button stays hidden and the card
// is downloaded or opened by its links.
(function () {
  "use strict";
  var button = document.querySelector("[data-share-card]");
  if (!button || !navigator.canShare || !window.File || !window.fetch) {
    return;
  }
  var probe = new File([""], "card.png", { type: "image/png" });
  if (!navigator.canShare({ files: [probe] })) {
    return;
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    fetch(button.dataset.shareCard)
      .then(function (answer) { return answer.blob(); })
      .then(function (blob) {
        var file = new File([blob], button.dataset.filename, { type: "image/png" });
        return navigator.share({ files: [file], title: button.dataset.title,
                                 text: button.dataset.text });
      })
      .catch(function () { /* the member closed the share sheet: nothing to do */ });
  });
})();
