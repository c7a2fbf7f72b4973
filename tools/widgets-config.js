// Point require.js at the self-hosted anywidget bundle. The path is resolved from this
// script's own URL, so it works at any page depth, over http:// and from file://.
(function () {
  var here = document.currentScript && document.currentScript.src;
  var base = here ? here.replace(/[^/]*$/, "") : "vendor/";
  if (typeof window.require === "function" && window.require.config) {
    window.require.config({ paths: { anywidget: base + "anywidget/index" } });
  }
})();
