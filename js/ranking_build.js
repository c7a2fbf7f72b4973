// The ranking widget's screen laid out once per structure (items, readouts, goals,
// settings): goals, readouts, the list and every judged item, the controls and the chart,
// each part from its module; js/ranking_draw.js fills it in, js/ranking_gestures.js moves it.

import { blocksOf } from "./arith.js";
import { createChartPanel, fitChart } from "./chart.js";
import { createDock, watchList } from "./dock.js";
import { h } from "./dom.js";
import { redrawChart } from "./ranking_draw.js";
import { listen, rove } from "./ranking_gestures.js";
import { buildGoals } from "./ranking_goals.js";
import { buildRow } from "./ranking_list.js";
import { buildReadouts, ceilings } from "./ranking_readouts.js";
import { discountText } from "./words.js";

/** What the screen is built for: a change of it builds the screen again. */
export function structureKey(view) {
  return JSON.stringify([
    view.get.readouts(),
    view.get.series(),
    view.get.goals(),
    view.get.scores(),
    view.model.get("score_name"),
    view.get.tied(),
    view.model.get("note"),
    view.get.discounts(),
    view.get.family(),
    view.get.pad(),
  ]);
}

/** What the structure asks for: the items, the readouts, the goals and the settings shown. */
function settingsOf(view) {
  const items = view.model.get("items");
  const readouts = view.get.readouts();
  const scores = view.get.scores();
  const hasScores = items.every((item) => item.label in scores);
  const series = view.get.series();
  return {
    items,
    unretrieved: view.model.get("unretrieved") ?? [],
    readouts,
    scores,
    hasScores,
    tied: view.get.tied() && hasScores,
    scoreName: view.model.get("score_name") || "score",
    showsIdeal: readouts.includes("idcg") || readouts.includes("ndcg"),
    // The gain and each row's discounted gain appear where the chapter has taught DCG: a
    // DCG or IDCG readout, or gains on the chart (NDCG alone, as chapter 1 previews it, not).
    showsGain:
      readouts.includes("dcg") ||
      readouts.includes("idcg") ||
      series.includes("gain") ||
      series.includes("discounted_gain"),
    series,
    goals: view.get.goals(),
    discounts: view.get.discounts(),
  };
}

/** The state of a new screen: the items in their given order, their tie blocks, no moves yet. */
function resetState(view, settings) {
  const { items, unretrieved, tied, scores, goals } = settings;
  view.state.items = items;
  view.state.unretrieved = unretrieved;
  view.state.gradeOf = new Map(items.map((item) => [item.label, item.grade]));
  view.state.start = items.map((item) => item.label);
  view.state.blocks = blocksOf(
    tied ? view.state.start.map((label) => scores[label]) : null,
    items.length,
  );
  view.state.blockOf = new Map();
  for (const block of view.state.blocks)
    for (let i = block[0]; i < block[1]; i += 1) view.state.blockOf.set(view.state.start[i], block);
  view.state.shown = null;
  view.state.picked = null;
  view.state.ideal = null;
  view.state.best = null;
  view.state.sortUsed = false;
  view.state.roving = null;
  view.state.reached = goals.map(() => false);
}

/** Tie groups: equal scores shared by more than one item, numbered in score order. */
function tieGroupsOf({ items, scores, hasScores }) {
  const counts = new Map();
  if (hasScores)
    for (const item of items)
      counts.set(scores[item.label], (counts.get(scores[item.label]) ?? 0) + 1);
  const groupOf = new Map();
  [...counts.entries()]
    .filter(([, n]) => n > 1)
    .map(([score]) => score)
    .sort((a, b) => b - a)
    .forEach((score, i) => {
      groupOf.set(score, i);
    });
  return { counts, groupOf };
}

/** The ranking: its list, with the hint on moving items and on tie groups. */
function buildRanking(view, { scoreName, tied }, groupOf) {
  const hintText = view.touch
    ? "Drag an item by its ⠿ handle, or tap ▲ or ▼ to move it. To swap two items, tap ⇄ on each."
    : "Drag an item, or use ▲ ▼ to move it and ⇄ on two items to swap them. Keys: ↑ and ↓ go through the items, Alt+↑ and Alt+↓ move one, Space picks two to swap.";
  const tieText = !groupOf.size
    ? ""
    : `Items in a shaded band share one ${scoreName}: they form a tie group.${tied ? " Items move only within their tie group." : ""}`;
  const list = h("ol", {
    class: "ndcg-rw__list",
    "aria-labelledby": `${view.uid}-rank`,
    "aria-describedby": `${view.uid}-hint`,
  });
  const ranking = h(
    "div",
    {
      role: "group",
      class: "ndcg-rw__panel ndcg-rw__panel--ranking",
      "aria-labelledby": `${view.uid}-rank`,
    },
    [
      h("div", { class: "ndcg-rw__title", id: `${view.uid}-rank`, text: "Ranking" }),
      h("p", {
        class: "ndcg-rw__hint",
        id: `${view.uid}-hint`,
        text: `${hintText}${tieText ? ` ${tieText}` : ""}`,
      }),
      list,
    ],
  );
  return { list, ranking };
}

/** Every judged item: the ideal order once the chapter has taught it. */
function buildJudged(view, { showsIdeal, readouts }) {
  const idealList = h("ol", { class: "ndcg-rw__ideal", "aria-labelledby": `${view.uid}-ideal` });
  const judged = h(
    "div",
    {
      role: "group",
      class: "ndcg-rw__panel ndcg-rw__panel--ideal",
      "aria-labelledby": `${view.uid}-ideal`,
    },
    [
      h("div", { class: "ndcg-rw__title", id: `${view.uid}-ideal`, text: "Every judged item" }),
      h("p", {
        class: "ndcg-rw__hint",
        text: showsIdeal
          ? `Best grade first, retrieved or not: the ideal order. ${readouts.includes("idcg") ? "IDCG counts its top k." : "NDCG measures the ranking against it."}`
          : "Best grade first, retrieved or not. A reordering cannot bring in an item that was not retrieved.",
      }),
      // Focusable, so a keyboard can scroll a long list (its rows take no focus).
      h(
        "div",
        {
          class: "ndcg-rw__scroll",
          role: "group",
          tabindex: "0",
          "aria-labelledby": `${view.uid}-ideal`,
        },
        [idealList],
      ),
    ],
  );
  return { idealList, judged };
}

/** The controls: the cutoff, the gain and the discount where taught, and the buttons. */
function buildControls(view, { discounts, tied, showsGain }) {
  const kSelect = h("select", { id: `${view.uid}-k`, "data-testid": "k" });
  const discountSelect = h(
    "select",
    { id: `${view.uid}-discount`, "data-testid": "discount" },
    discounts.map((d, i) => h("option", { value: String(i), text: discountText(d) })),
  );
  const gainSelect = h("select", { id: `${view.uid}-gain`, "data-testid": "gain" }, [
    h("option", { value: "linear", text: "linear: gain = grade" }),
    h("option", { value: "exponential", text: "exponential: gain = 2^grade − 1" }),
  ]);
  const button = (testid, text, title) =>
    h("button", { type: "button", class: "ndcg-rw__button", "data-testid": testid, text, title });
  const within = tied ? " within each tie group" : "";
  const buttons = {
    reset: button("reset", "Reset", "Back to the order the items were given in"),
    sort: button("sort", "Sort by grade", `Sort the retrieved items by grade, best first${within}`),
    reverse: button("reverse", "Reverse", `Reverse the ranking${within}`),
    shuffle: button("shuffle", "Shuffle", `Put the items in a random order${within}`),
  };
  const controls = h("div", { class: "ndcg-widget__controls ndcg-rw__controls" }, [
    h("label", { for: `${view.uid}-k`, text: "Cutoff k" }),
    kSelect,
    ...(showsGain ? [h("label", { for: `${view.uid}-gain`, text: "Gain" }), gainSelect] : []),
    ...(discounts.length
      ? [h("label", { for: `${view.uid}-discount`, text: "Discount" }), discountSelect]
      : []),
    h("span", { class: "ndcg-rw__buttons" }, Object.values(buttons)),
  ]);
  return { kSelect, discountSelect, gainSelect, buttons, within, controls };
}

/** The announcements for screen readers, and the widget's note if it has one. */
function buildLiveAndNote(view) {
  const live = h("div", {
    class: "ndcg-widget__sr",
    role: "status",
    "aria-live": "polite",
    "data-testid": "announcement",
  });
  const note = view.model.get("note")
    ? h("p", { class: "ndcg-rw__note", "data-testid": "note", text: view.model.get("note") })
    : "";
  return { live, note };
}

/** Stop the old screen's watchers; watch the new list, dock the goals, fit the chart. */
function watchScreen(view, { list, goalsBox, chart, chartPanel }) {
  view.ui?.dock?.stop();
  view.ui?.sizer?.disconnect();
  view.ui?.unwatch?.();
  const unwatch = watchList(list, view.uid);
  const dock = goalsBox ? createDock(view.root, goalsBox, list, view.uid) : null;
  // The chart's drawing follows its width on screen (a phone's is about 330 px). Only the
  // chart changes: the observer runs inside the frame that first shows the widget, and a
  // whole redraw there held that frame back.
  const sizer = globalThis.ResizeObserver
    ? new ResizeObserver(() => {
        const pixels = chart.svg.clientWidth || chart.svg.getBoundingClientRect().width;
        if (fitChart(chart, pixels) && view.ui) redrawChart(view);
      })
    : null;
  sizer?.observe(chartPanel);
  return { unwatch, dock, sizer };
}

/** Build the screen for the model's items, readouts, goals and settings (its structure). */
export function build(view) {
  const settings = settingsOf(view);
  const { items, readouts, goals } = settings;
  resetState(view, settings);
  const { counts, groupOf } = tieGroupsOf(settings);
  const { goalRows, goalsBox } = buildGoals(view, goals);
  const { readout, readoutsBox, change } = buildReadouts(view, readouts);
  const { list, ranking } = buildRanking(view, settings, groupOf);
  const { idealList, judged } = buildJudged(view, settings);
  const controls = buildControls(view, settings);
  // Chart, with the same figures as a table for screen readers and exact reading
  const { chart, table, details, panel: chartPanel } = createChartPanel(view.uid, settings.series);
  const { live, note } = buildLiveAndNote(view);

  view.root.replaceChildren(
    ...[
      goalsBox,
      note,
      readoutsBox,
      h("div", { class: "ndcg-rw__main" }, [ranking, judged]),
      controls.controls,
      chartPanel,
      live,
    ].filter(Boolean),
  );
  const watchers = watchScreen(view, { list, goalsBox, chart, chartPanel });
  view.ui = {
    ...watchers,
    showsGain: settings.showsGain,
    readouts,
    readout,
    change,
    list,
    idealList,
    kSelect: controls.kSelect,
    gainSelect: controls.gainSelect,
    discountSelect: controls.discountSelect,
    discounts: settings.discounts,
    buttons: controls.buttons,
    chart,
    table,
    details,
    live,
    goalRows,
    showsIdeal: settings.showsIdeal,
    tied: settings.tied,
    scores: settings.scores,
    hasScores: settings.hasScores,
    scoreName: settings.scoreName,
    groupOf,
    counts,
    within: controls.within,
  };
  view.ui.ceiling = ceilings(view);
  view.state.rows = new Map(items.map((item) => [item.label, buildRow(view, item)]));
  list.replaceChildren(...view.state.rows.values());
  rove(view, list.firstElementChild);
  listen(view);
}
