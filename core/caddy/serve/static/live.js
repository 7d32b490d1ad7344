// caddy serve: reload the page when it changes (progressive enhancement:
// the pages read fine without it). It asks /live/version every few seconds
// (a public page: that page's own tag, so a result elsewhere does not reload
// it); a page with a form being filled in is not reloaded, a notice says
// that the event changed instead.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="caddy-version"]');
  if (!meta || !window.fetch) { return; }
  var seen = meta.getAttribute("content");
  var page = meta.getAttribute("data-page");
  var every = parseInt(meta.getAttribute("data-poll") || "3000", 10) || 3000;
  var url = "/live/version" + (page ? "?page=" + encodeURIComponent(page) : "");
  var typing = false;
  document.addEventListener("input", function () { typing = true; });
  function notice() {
    if (document.getElementById("live-notice")) { return; }
    var p = document.createElement("p");
    p.id = "live-notice";
    p.setAttribute("role", "status");
    p.textContent = "The event has changed: reload the page to see it.";
    document.body.appendChild(p);
  }
  function check() {
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || !data.version || data.version === seen) { return; }
        if (typing) { notice(); } else { window.location.reload(); }
      })
      .catch(function () {})
      .then(function () { window.setTimeout(check, every); });
  }
  window.setTimeout(check, every);
}());
