// The view of ndcg.widgets.RankingWidget, in anywidget's style: `render` builds a view and
// follows the model. Its parts are small modules: the list (js/ranking_list.js) and its
// gestures (js/ranking_gestures.js), the readouts (js/ranking_readouts.js), the goals
// (js/ranking_goals.js) and their dock (js/dock.js), the chart (js/chart.js), laid out by
// js/ranking_build.js and filled in by js/ranking_draw.js. Every figure comes from
// js/arith.js, the one module of the browser's arithmetic; esbuild bundles them into the
// one module with no imports that a widget ships (tools/widget_bundles.py).

import { follow, h, isTouch, uniqueId } from "./dom.js";
import { build, structureKey } from "./ranking_build.js";
import { draw } from "./ranking_draw.js";
import { changeSizers } from "./ranking_readouts.js";

const FULL_SERIES = [
  "gain",
  "discounted_gain",
  "discount",
  "cumulative_dcg",
  "ideal_cumulative_dcg",
];
const TRAITS = [
  "items",
  "unretrieved",
  "order",
  "k",
  "gain",
  "unjudged",
  "readouts",
  "series",
  "goals",
  "scores",
  "score_name",
  "moves",
  "note",
  "discount",
  "discounts",
  "threshold",
  "max_grade",
  "p",
  "pad",
];

let views = 0;

/**
 * The model's traits as the view reads them. The fallbacks, for a state saved before a trait
 * existed, are the Python side's defaults: tests/widgets/test_trait_defaults.py holds them equal.
 */
function traits(model) {
  return {
    readouts: () => model.get("readouts") ?? ["cg", "dcg", "idcg", "ndcg"],
    series: () => model.get("series") ?? FULL_SERIES,
    goals: () => model.get("goals") ?? [],
    scores: () => model.get("scores") ?? {},
    tied: () => model.get("moves") === "within ties",
    k: () => model.get("k") ?? null,
    gain: () => model.get("gain") ?? "linear",
    unjudged: () => model.get("unjudged") ?? "zero",
    discount: () => model.get("discount") ?? "log2",
    discounts: () => model.get("discounts") ?? [],
    pad: () => model.get("pad") ?? null,
    // The family's settings: relevance threshold, ERR's top grade, RBP's p (RankingWidget's defaults).
    family: () => ({
      threshold: model.get("threshold") ?? 1,
      maxGrade: model.get("max_grade") ?? 1,
      p: model.get("p") ?? 0.8,
    }),
  };
}

function render({ model, el }) {
  views += 1;
  const touch = isTouch();
  // JupyterLab's notebook shortcuts (arrows, Space, Enter) would act on the cells too: the
  // attribute keeps them off keys pressed inside the widget.
  const root = h("div", {
    class: `ndcg-widget ndcg-rw${touch ? " ndcg-rw--touch" : ""}`,
    "data-lm-suppress-shortcuts": "true",
  });
  el.append(root);
  const view = {
    model,
    root,
    touch,
    uid: uniqueId("ndcg-rw", views),
    get: traits(model),
    ui: null,
    // What the screen was built for, and what it shows.
    state: {
      built: null,
      items: null,
      unretrieved: null,
      gradeOf: new Map(),
      rows: new Map(),
      start: [],
      blocks: [[0, 0]],
      blockOf: new Map(),
      ideal: null,
      shown: null,
      pending: null,
      picked: null,
      reached: [],
      drag: null,
      roving: null,
      best: null,
      sortUsed: false,
    },
    update() {
      const key = structureKey(view);
      const { state } = view;
      if (
        !view.ui ||
        model.get("items") !== state.items ||
        (model.get("unretrieved") ?? []) !== state.unretrieved ||
        key !== state.built
      ) {
        state.built = key;
        build(view);
      }
      draw(view);
    },
    say(text) {
      // A repeated message is still read: the text always differs from the one before.
      const { live } = view.ui;
      live.textContent = live.textContent === text ? `${text}\u00a0` : text;
    },
    /** Run `change` on the model as the action `what`; the redraw it causes announces it. */
    act(what, change) {
      view.state.pending = what;
      change();
      model.save_changes();
      if (view.state.pending !== null) view.update(); // no change event came: nothing differed
    },
    commit(order, what) {
      const now = model.get("order");
      if (order.length === now.length && order.every((label, i) => label === now[i])) {
        view.ui.change.show("no change", changeSizers(view));
        view.say(`${what} Nothing moved: no change.`);
        return;
      }
      view.act(what, () => model.set("order", order));
    },
  };
  const stop = follow(model, TRAITS, view.update, root);
  return () => {
    view.ui?.dock?.stop();
    view.ui?.sizer?.disconnect();
    view.ui?.unwatch?.();
    stop();
  };
}

export default { render };
