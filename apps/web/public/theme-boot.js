// Applies the stored theme and language before first paint, so night mode never flashes white.
// A file rather than an inline script, so the production Content Security Policy can forbid inline scripts.
(() => {
  try {
    const theme = localStorage.getItem("theme");
    document.documentElement.className = theme === "night-mode" ? "night-mode" : "day-mode";
    if (localStorage.getItem("locale") === "es") document.documentElement.lang = "es";
  } catch (_e) {
    // Storage can be refused (private windows, blocked cookies): the page then starts in day mode
    // and English, the defaults the app itself falls back to; nothing is lost.
  }
})();
