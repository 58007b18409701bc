// The static site's page (scorekeeper build-web): its service worker (sw.js) keeps every file of the
// site, so the page opens with no network after one visit; and the browser is asked to keep the site's
// storage (the games) even when space runs low. The app's Settings says whether it was granted.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("sw.js").catch(function (error) {
        console.warn("Scorekeeper: the offline copy could not be set up:", error);
      });
    });
  }
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then(function (kept) {
      return kept || navigator.storage.persist();
    }).then(function (kept) {
      console.log("Scorekeeper: persistent storage " + (kept ? "granted" : "not granted"));
    }).catch(function () {});
  }
})();
