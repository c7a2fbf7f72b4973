// Point require.js at the self-hosted widget code. Paths are resolved from this script's
// own URL, so they work at any page depth, over http:// and from file://.
//  - anywidget: the AMD bundle from the anywidget wheel, instead of a CDN.
//  - @jupyter-widgets/html-manager/dist: embed-amd.js derives its webpack public path
//    from this module's URL, so mapping it next to the copied font files makes the
//    fonts load from the site instead of 404ing beside every page.
(function () {
  var here = document.currentScript && document.currentScript.src;
  var base = here ? here.replace(/[^/]*$/, "") : "vendor/";
  if (typeof window.require === "function" && window.require.config) {
    window.require.config({
      paths: {
        anywidget: base + "anywidget/index",
        "@jupyter-widgets/html-manager/dist": base + "html-manager",
        "@jupyter-widgets/html-manager": base + "html-manager/html-manager",
      },
    });
  }
})();
