// The swap widget's screen, laid out once per view: the controls, the goals, the readouts,
// the ranked list and the heat map; js/swap_draw.js fills it in, js/swap_gestures.js moves it.

import { h } from "./dom.js";

function buildControls(uid) {
  const kSelect = h("select", { id: `${uid}-k`, "data-testid": "k" });
  const gainSelect = h("select", { id: `${uid}-gain`, "data-testid": "gain" }, [
    h("option", { value: "exponential", text: "exponential: gain = 2^grade − 1" }),
    h("option", { value: "linear", text: "linear: gain = grade" }),
  ]);
  const resetButton = h("button", {
    type: "button",
    class: "ndcg-sw__button",
    "data-testid": "reset",
    text: "Reset",
    title: "Back to the order the items were given in",
  });
  const valuesToggle = h("input", {
    type: "checkbox",
    id: `${uid}-values`,
    "data-testid": "values",
    checked: "",
  });
  const controls = h("div", { class: "ndcg-widget__controls ndcg-sw__controls" }, [
    h("label", { for: `${uid}-k`, text: "Cutoff k" }),
    kSelect,
    h("label", { for: `${uid}-gain`, text: "Gain" }),
    gainSelect,
    resetButton,
    h("span", { class: "ndcg-sw__toggle" }, [
      valuesToggle,
      h("label", { for: `${uid}-values`, text: "Values in the cells" }),
    ]),
  ]);
  return { kSelect, gainSelect, resetButton, valuesToggle, controls };
}

/** Goals: a single swap from the starting order (SwapWidget checks that is all they ask). */
function buildGoals(goals, uid) {
  const goalRows = goals.map((goal, i) => {
    const status = h("span", { class: "ndcg-sw__goal-status", "data-testid": `goal-status-${i}` });
    const mark = h("span", { class: "ndcg-sw__goal-mark", "aria-hidden": "true" });
    const text = h("span", { class: "ndcg-sw__goal-text" });
    const row = h(
      "li",
      { class: "ndcg-sw__goal", "data-testid": `goal-${i}`, "data-reached": "false" },
      [mark, h("span", {}, [text, " ", status])],
    );
    return { goal, row, mark, status, text };
  });
  const goalsBox = goalRows.length
    ? h("div", { class: "ndcg-sw__goals", role: "group", "aria-labelledby": `${uid}-goals` }, [
        h("div", {
          class: "ndcg-sw__title",
          id: `${uid}-goals`,
          text: goalRows.length > 1 ? "Goals" : "Goal",
        }),
        h(
          "ul",
          { class: "ndcg-sw__goal-list" },
          goalRows.map((g) => g.row),
        ),
      ])
    : "";
  return { goalRows, goalsBox };
}

/** Readouts: NDCG now, the last swap made, and the swap under the pointer or focus. */
function buildReadouts(touch) {
  const readout = {};
  const names = {
    ndcg: "NDCG",
    last: "Last swap",
    pair: touch ? "Tapped pair" : "Pair under the pointer",
    after: "NDCG after swapping it",
    delta: "Change if swapped",
  };
  const nameOf = {};
  const readouts = h("div", { class: "ndcg-widget__readouts ndcg-sw__readouts" });
  for (const [key, name] of Object.entries(names)) {
    readout[key] = h("span", { "data-testid": key, class: "ndcg-sw__value" });
    nameOf[key] = h("span", { class: "ndcg-sw__name", text: name });
    readouts.append(
      h("div", { class: `ndcg-sw__readout ndcg-sw__readout--${key}` }, [nameOf[key], readout[key]]),
    );
  }
  return { readout, nameOf, readouts };
}

function buildList(uid, touch) {
  const list = h("ol", {
    class: "ndcg-sw__list",
    "aria-labelledby": `${uid}-rank`,
    "aria-describedby": `${uid}-rank-hint`,
  });
  const listPanel = h(
    "div",
    {
      role: "group",
      class: "ndcg-sw__panel ndcg-sw__panel--list",
      "aria-labelledby": `${uid}-rank`,
    },
    [
      h("div", { class: "ndcg-sw__title", id: `${uid}-rank`, text: "Ranking" }),
      h("p", {
        class: "ndcg-sw__hint",
        id: `${uid}-rank-hint`,
        text: touch
          ? "Move an item with its buttons."
          : "Move an item with its buttons, or focus it and press Alt+↑ or Alt+↓.",
      }),
      list,
    ],
  );
  return { list, listPanel };
}

/** The heat map: a grid of documents x documents, each row ending in its document's lambda. */
function buildMap(uid, touch) {
  const grid = h("table", {
    class: "ndcg-sw__grid",
    role: "grid",
    "aria-labelledby": `${uid}-map`,
    "aria-describedby": `${uid}-map-hint`,
  });
  const gainKey = h("span", { class: "ndcg-sw__key ndcg-sw__key--gain" });
  const lossKey = h("span", { class: "ndcg-sw__key ndcg-sw__key--loss" });
  const legend = h("p", { class: "ndcg-sw__legend" }, [
    gainKey,
    lossKey,
    h("span", { class: "ndcg-sw__scale", "data-testid": "scale" }),
  ]);
  const lambdaNote = h("p", { class: "ndcg-sw__legend", "data-testid": "lambda-note" });
  const mapTitle = h("div", { class: "ndcg-sw__title", id: `${uid}-map` });
  const mapPanel = h(
    "div",
    { role: "group", class: "ndcg-sw__panel ndcg-sw__panel--map", "aria-labelledby": `${uid}-map` },
    [
      mapTitle,
      h("p", {
        class: "ndcg-sw__hint",
        id: `${uid}-map-hint`,
        text: touch
          ? "Tap a cell to see that swap; tap it again to make it."
          : "Point at a cell, or focus the grid and use the arrow keys, to preview a swap; click or press Enter to make it.",
      }),
      h("div", { class: "ndcg-sw__scroll" }, [grid]),
      legend,
      lambdaNote,
    ],
  );
  return { grid, gainKey, lossKey, legend, lambdaNote, mapTitle, mapPanel };
}

/** The view's screen: every element the draw and the gestures reach, by name. */
export function build(goals, uid, touch) {
  const ui = {
    ...buildControls(uid),
    ...buildGoals(goals, uid),
    ...buildReadouts(touch),
    ...buildList(uid, touch),
    ...buildMap(uid, touch),
  };
  ui.live = h("div", { class: "ndcg-widget__sr", role: "status", "aria-live": "polite" });
  ui.root = h(
    "div",
    {
      class: `ndcg-widget ndcg-sw${touch ? " ndcg-sw--touch" : ""}`,
      "data-lm-suppress-shortcuts": "true",
    },
    [
      ui.goalsBox,
      ui.controls,
      ui.readouts,
      h("div", { class: "ndcg-sw__main" }, [ui.listPanel, ui.mapPanel]),
      ui.live,
    ].filter(Boolean),
  );
  return ui;
}

/** One item of the ranked list, with its buttons up and down. */
export function buildRow(label) {
  const up = h("button", {
    type: "button",
    class: "ndcg-sw__move",
    "data-move": "-1",
    "aria-label": `Move ${label} up`,
    text: "▲",
  });
  const down = h("button", {
    type: "button",
    class: "ndcg-sw__move",
    "data-move": "1",
    "aria-label": `Move ${label} down`,
    text: "▼",
  });
  const li = h(
    "li",
    {
      class: "ndcg-sw__item",
      tabindex: "0",
      "data-testid": `item-${label}`,
      "aria-keyshortcuts": "Alt+ArrowUp Alt+ArrowDown",
    },
    [
      h("span", { class: "ndcg-sw__pos" }),
      h("span", { class: "ndcg-sw__label", text: label }),
      h("span", { class: "ndcg-sw__grade" }),
      up,
      down,
    ],
  );
  li.swLabel = label;
  return li;
}

/** The cutoff's options: every depth of the ranking (at least 10) and "all". */
export function syncKOptions(kSelect, depth, k) {
  const top = Math.max(depth, 10, k ?? 0);
  if (kSelect.options.length !== top + 1) {
    const options = [h("option", { value: "", text: "all (no cutoff)" })];
    for (let i = 1; i <= top; i += 1)
      options.push(h("option", { value: String(i), text: String(i) }));
    kSelect.replaceChildren(...options);
  }
  kSelect.value = k === null || k === undefined ? "" : String(k);
}
