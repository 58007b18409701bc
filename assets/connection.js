// The connection notice: when the score keeper's server can't be reached, say so in the app's own
// colours (Flet's client shows a white "Working..." page), refuse taps visibly instead of letting
// them vanish, and step aside as soon as the app is back (Flet reconnects by itself; the server then
// opens the screen at the page's address, the same one a reload would).
(function () {
  "use strict";
  var COLOURS = {  // the app's surface, text and accent (scorekeeper/ui/theme.py)
    dark: { bg: "#111417", fg: "#F2F2F2", muted: "#C9CDD2", accent: "#FFC94D", card: "#1C2126" },
    light: { bg: "#FCFCFC", fg: "#111417", muted: "#3F464D", accent: "#7A5300", card: "#EDEFF2" },
  };
  var SHOW_AFTER_MS = 1200;  // a blip shorter than this (a phone switching Wi-Fi) shows nothing

  function storedSettings() {
    // The settings chosen, as Flet's SharedPreferences keeps them in the browser.
    try {
      var stored = window.localStorage.getItem("flutter.scorekeeper.settings");
      return stored ? JSON.parse(JSON.parse(stored)) : {};
    } catch (error) {
      return {};
    }
  }

  function words() {
    // The notice's words in the language the app speaks here (the one chosen in Settings, else the
    // browser's), from the catalogs: the server puts them in the page (scorekeeper/server.py).
    var all = window.SCOREKEEPER_WORDS || {};
    var chosen = storedSettings().language;
    var wanted = [chosen && chosen !== "device" ? chosen : null].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < wanted.length; i++) {
      var code = wanted[i] && String(wanted[i]).split(/[-_]/)[0].toLowerCase();
      if (code && all[code]) return all[code];
    }
    return all.en || {
      title: "Not connected",
      body: "The device keeping the score can't be reached. Trying again by itself; everything entered before is stored.",
      tap: "That tap was not sent: tap again once the connection is back.",
    };
  }

  function themeName() {
    // The theme chosen in Settings.
    try {
      var settings = storedSettings();
      var mode = settings.theme || "dark";
      if (mode === "system") {
        return window.matchMedia && window.matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
      }
      return mode === "light" ? "light" : "dark";
    } catch (error) {
      return "dark";
    }
  }

  var notice = null;
  var line = null;
  var timer = null;

  function onDisplay() {
    // The table display (/table, /table/both-sides): a TV read from across the room, so the notice's
    // type grows with the screen, as the display's own does (at 1920 px wide: 40 px, its title 64).
    return /^\/table(\/|$)/.test(window.location.pathname);
  }

  function build() {
    var colours = COLOURS[themeName()];
    var said = words();
    var big = onDisplay();
    notice = document.createElement("div");
    notice.id = "sk-offline";
    notice.setAttribute("role", "alertdialog");
    notice.setAttribute("aria-live", "assertive");
    notice.setAttribute("aria-label", said.title);
    notice.style.cssText = [
      "position:fixed", "inset:0", "z-index:2147483647", "display:none", "align-items:center",
      "justify-content:center", "padding:24px", "box-sizing:border-box", "background:" + colours.bg,
      "color:" + colours.fg, "font:" + (big ? "clamp(17px,2.1vw,64px)" : "17px") +
      "/1.45 Roboto,'Noto Sans',system-ui,sans-serif", "text-align:center",
    ].join(";");
    var card = document.createElement("div");
    card.style.cssText = "max-width:" + (big ? "max(420px,62vw)" : "420px") + ";background:" + colours.card +
      ";border-radius:16px;padding:" + (big ? "1.2em" : "24px");
    var title = document.createElement("div");
    title.textContent = said.title;
    title.style.cssText = "font-size:" + (big ? "1.6em" : "24px") + ";font-weight:700;margin-bottom:8px;color:" +
      colours.accent;
    var body = document.createElement("div");
    body.textContent = said.body;
    line = document.createElement("div");
    line.id = "sk-offline-tap";
    line.setAttribute("role", "status");
    line.style.cssText = "margin-top:14px;min-height:1.5em;font-weight:600;color:" + colours.muted;
    card.appendChild(title);
    card.appendChild(body);
    card.appendChild(line);
    notice.appendChild(card);
    // A tap while disconnected would be lost: say so instead of dropping it without a word.
    notice.addEventListener("pointerdown", function (event) {
      event.preventDefault();
      event.stopPropagation();
      line.textContent = said.tap;
    });
    document.body.appendChild(notice);
  }

  function show() {
    if (!notice) build();
    line.textContent = "";
    notice.style.display = "flex";
  }

  function hide() {
    clearTimeout(timer);
    timer = null;
    if (notice) notice.style.display = "none";
  }

  function lost() {
    if (timer === null) timer = setTimeout(show, SHOW_AFTER_MS);
  }

  var Native = window.WebSocket;
  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (String(url).indexOf("/ws") !== -1) {  // Flet's socket, not some other
      socket.addEventListener("message", hide);  // the server answers: the app is back
      socket.addEventListener("close", lost);
      socket.addEventListener("error", lost);
    }
    return socket;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { Watched[name] = Native[name]; });
  window.WebSocket = Watched;

  // Before the first frame the page is the app's colour too, not a white flash.
  document.documentElement.style.background = COLOURS[themeName()].bg;
})();
