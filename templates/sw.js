{% load static %}/* The club's service worker (club/pwa.py serves it at the root, app.js registers it): the
   scorer's and the table's pages reload and open without the network. It keeps the static
   files in a cache named by their version, and the pages worth keeping, as last served, in
   one pages cache. It never touches IndexedDB, where the scorer's page keeps the hands
   waiting to be sent. */
"use strict";

var STATIC = "ecarte-static-{{ version }}";
var PAGES = "ecarte-pages";
var PRECACHED = {{ precached|safe }};
var OFFLINE = "{% url 'offline' %}";
var STATIC_PREFIX = "{% get_static_prefix %}";
// The pages kept for reading without the network: the home page and the tables' pages.
var HOME = "{% url 'home' %}";
var TABLES = "{% url 'evening' %}";
// Never intercepted: the API, the live feed, the admin, the manifest and this worker.
var PASSED = ["/api/", "/ws/", "{% url 'admin:index' %}", "{% url 'manifest' %}", "{% url 'service_worker' %}"];
// A login or a logout forgets the pages kept: they may show a member's money.
var SIGNING = ["{% url 'login' %}", "{% url 'logout' %}", "{% url 'admin:login' %}", "{% url 'admin:logout' %}"];

function fresh(url) {
  return new Request(url, {cache: "reload"});  // past the browser's own HTTP cache
}

// Each file kept on its own: one that a dropping Wi-Fi failed to bring does not stop the
// worker, and is kept the next time a page loads it (staticFile).
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return Promise.all(PRECACHED.concat([OFFLINE]).map(function (url) {
      return cache.add(fresh(url)).catch(function () {});
    }));
  }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("ecarte-static-") === 0 && name !== STATIC;
    }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

// A page the worker did not serve (the one that registered it, or one claimed after its
// navigation) asks to be kept (app.js): a scorer's page opened once with the network reloads
// without it.
self.addEventListener("message", function (event) {
  var url = event.data && event.data.keep ? new URL(event.data.keep) : null;
  if (!url || url.origin !== self.location.origin || !worthKeeping(url)) return;
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return fetch(fresh(url.href)).then(function (response) {
      if (response.status === 200) return cache.put(url.href, response);
    });
  }).catch(function () {}));  // the network gone meanwhile: kept at the next visit
});

function worthKeeping(url) {
  return url.pathname === HOME || url.pathname.indexOf(TABLES) === 0;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    if (SIGNING.indexOf(url.pathname) >= 0) {
      // forgotten before the login or logout is sent: the pages kept after it are the new
      // member's, never deleted by this behind them
      event.respondWith(caches.delete(PAGES).then(function () { return fetch(request); }));
    }
    return;
  }
  if (PASSED.some(function (path) { return url.pathname.indexOf(path) === 0; })) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  } else if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(staticFile(request));
  }
});

// A page: the network first, and the page kept if it is worth it; without the network, the
// page as last kept, else the offline page.
function page(event, url) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.status === 200) {
      event.waitUntil(offlinePageIn(response.headers.get("Content-Language")));
      if (worthKeeping(url)) {
        var copy = response.clone();
        event.waitUntil(caches.open(PAGES).then(function (cache) {
          return cache.put(request, copy);
        }));
      }
    }
    return response;
  }, function () {
    return caches.match(request, {cacheName: PAGES, ignoreVary: true}).then(function (kept) {
      return kept || caches.match(OFFLINE, {cacheName: STATIC, ignoreVary: true});
    });
  });
}

// The offline page in the language the pages are read in now: fetched again after a change.
function offlinePageIn(language) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(OFFLINE, {ignoreVary: true}).then(function (kept) {
      if (!language || (kept && kept.headers.get("Content-Language") === language)) return;
      return cache.add(fresh(OFFLINE));
    });
  }).catch(function () {});  // the network gone meanwhile: the page kept stays
}

// A static file: the one kept, else the network's, kept for next time.
function staticFile(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request, {ignoreVary: true}).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.status === 200) cache.put(request, response.clone());
        return response;
      });
    });
  });
}
