// The view of ndcg.widgets.SwapWidget: a ranked list beside its |ΔNDCG| swap matrix, drawn as
// a heat map. On the static website there is no kernel to ask: the matrix, the lambdas and
// the goal's verdict come from js/arith.js (ndcg.ltr.swap_matrix and lambdarank, the goals'
// status). The screen is laid out by js/swap_build.js, filled in by js/swap_draw.js and moved
// by js/swap_gestures.js; esbuild bundles them with this file into one module
// (tools/widget_bundles.py).

import { follow, isTouch, uniqueId } from "./dom.js";
import { build } from "./swap_build.js";
import { update } from "./swap_draw.js";
import { listen } from "./swap_gestures.js";

let views = 0;

function render({ model, el }) {
  views += 1;
  const uid = uniqueId("ndcg-sw", views);
  const touch = isTouch();
  const state = {
    items: null,
    unretrieved: null,
    gradeOf: new Map(),
    rows: new Map(),
    cells: [],
    heads: [],
    rowHeads: [],
    lambdaCells: [],
    grades: [],
    matrix: [],
    lambdas: [],
    now: 0,
    active: [0, 1],
    preview: null,
    armed: null,
    last: null,
    reachedNow: [],
  };
  const ui = build(model.get("goals") ?? [], uid, touch);
  const view = { model, state, ui, uid, touch };
  el.append(ui.root);

  // The book's theme shows a back-to-top button over the top of the page: the page hides
  // it while a grid is on screen (book/_static/site.css), so it never covers a cell.
  const watcher = globalThis.IntersectionObserver
    ? new IntersectionObserver((entries) => {
        const seen = entries.some((entry) => entry.isIntersecting);
        if (seen) document.documentElement.dataset.ndcgGrid = uid;
        else if (document.documentElement.dataset.ndcgGrid === uid)
          delete document.documentElement.dataset.ndcgGrid;
      })
    : null;
  watcher?.observe(ui.mapPanel);

  listen(view);
  const stop = follow(
    model,
    ["items", "unretrieved", "order", "k", "gain"],
    () => update(view),
    ui.root,
  );
  return () => {
    watcher?.disconnect();
    if (document.documentElement.dataset.ndcgGrid === uid)
      delete document.documentElement.dataset.ndcgGrid;
    stop();
  };
}

export default { render };
