/* Every page (templates/base.html). On a secure origin (https, or the laptop's own localhost)
   it registers the club's service worker (templates/sw.js, at the URL the script tag's
   data-service-worker names), which keeps the pages for reading without the network; on plain
   http it registers nothing. And while the phone has no network, the forms that move money
   (data-needs-network: a wager, a seat, a payment) show their note and cannot be sent: money
   needs the club's answer at once. */
(function () {
  "use strict";
  var script = document.querySelector("script[data-service-worker]");
  if (script && "serviceWorker" in navigator && window.isSecureContext) {
    var worker = navigator.serviceWorker;
    /* whether the worker served this page: not the one that registered it, nor one it
       claimed after its navigation (the page has a controller then, but was never kept) */
    var navigation = performance.getEntriesByType("navigation")[0];
    var served = navigation !== undefined && navigation.workerStart > 0;
    worker.register(script.getAttribute("data-service-worker")).then(function () {
      return worker.ready;
    }).then(function (registration) {
      /* a page the worker did not serve is not kept yet: it asks to be */
      if (!served && registration.active) {
        registration.active.postMessage({keep: location.href});
      }
    }).catch(function () {});  // the pages work without it
  }

  /* A refusal the page answers with is marked autofocus; the browser may skip autofocus (a
     page loaded while busy, or after the reader touched it): focusing it here brings it onto
     the screen all the same. */
  var first = document.querySelector("[autofocus]");
  if (first) {
    window.addEventListener("load", function () {
      if (document.activeElement !== first) first.focus({preventScroll: true});
      first.scrollIntoView({block: "center"});
    });
  }

  var forms = document.querySelectorAll("form[data-needs-network]");
  if (!forms.length) return;
  function follow() {
    var offline = !navigator.onLine;
    forms.forEach(function (form) {
      form.querySelectorAll("[data-network-note]").forEach(function (note) {
        note.hidden = !offline;
      });
      form.querySelectorAll("button, input[type=submit]").forEach(function (button) {
        if (offline && !button.disabled) {
          button.disabled = true;
          button.setAttribute("data-offline-disabled", "");
        } else if (!offline && button.hasAttribute("data-offline-disabled")) {
          button.disabled = false;
          button.removeAttribute("data-offline-disabled");
        }
      });
    });
  }
  window.addEventListener("offline", follow);
  window.addEventListener("online", follow);
  follow();
})();
