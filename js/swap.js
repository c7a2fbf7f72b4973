// The view of ndcg.widgets.SwapWidget: a ranked list beside its |ΔNDCG| swap matrix, drawn as
// a heat map. On the static website there is no kernel to ask: the matrix, the lambdas and
// the goal's verdict come from js/arith.js (ndcg.ltr.swap_matrix and lambdarank, the goals'
// status), which esbuild bundles with this file into one module (tools/widget_bundles.py).

import { goalStatus, lambdas, ndcg, swapDistance, swapMatrix, swapped } from "./arith.js";
import { follow, h, isTouch, setText, uniqueId } from "./dom.js";
import { fixed, gradeText, signed } from "./format.js";
import { cellText, createGrid, drawGrid } from "./swap_grid.js";

// The cutoff after a figure's name: every NDCG names its cutoff, "(no cutoff)" for none.
const atK = (k) => (k === null || k === undefined ? " (no cutoff)" : `@${k}`);

let views = 0;

// ---------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------

function render({ model, el }) {
  views += 1;
  const uid = uniqueId("ndcg-sw", views);
  const touch = isTouch();
  const state = {
    items: null, unretrieved: null, gradeOf: new Map(), rows: new Map(), cells: [], heads: [],
    rowHeads: [], lambdaCells: [], grades: [], matrix: [], lambdas: [], now: 0, active: [0, 1],
    preview: null, armed: null, last: null, reachedNow: [],
  };

  // Controls
  const kSelect = h("select", { id: `${uid}-k`, "data-testid": "k" });
  const gainSelect = h("select", { id: `${uid}-gain`, "data-testid": "gain" }, [
    h("option", { value: "exponential", text: "exponential: gain = 2^grade − 1" }),
    h("option", { value: "linear", text: "linear: gain = grade" }),
  ]);
  const resetButton = h("button", {
    type: "button", class: "ndcg-sw__button", "data-testid": "reset", text: "Reset",
    title: "Back to the order the items were given in",
  });
  const valuesToggle = h("input", { type: "checkbox", id: `${uid}-values`, "data-testid": "values", checked: "" });
  const controls = h("div", { class: "ndcg-widget__controls ndcg-sw__controls" }, [
    h("label", { for: `${uid}-k`, text: "Cutoff k" }), kSelect,
    h("label", { for: `${uid}-gain`, text: "Gain" }), gainSelect, resetButton,
    h("span", { class: "ndcg-sw__toggle" }, [valuesToggle, h("label", { for: `${uid}-values`, text: "Values in the cells" })]),
  ]);

  // Goals: a single swap from the starting order (SwapWidget checks that is all they ask).
  const goalRows = (model.get("goals") ?? []).map((goal, i) => {
    const status = h("span", { class: "ndcg-sw__goal-status", "data-testid": `goal-status-${i}` });
    const mark = h("span", { class: "ndcg-sw__goal-mark", "aria-hidden": "true" });
    const text = h("span", { class: "ndcg-sw__goal-text" });
    const row = h("li", { class: "ndcg-sw__goal", "data-testid": `goal-${i}`, "data-reached": "false" }, [
      mark, h("span", {}, [text, " ", status]),
    ]);
    return { goal, row, mark, status, text };
  });
  const goalsBox = goalRows.length ? h("div", { class: "ndcg-sw__goals", role: "group", "aria-labelledby": `${uid}-goals` }, [
    h("div", { class: "ndcg-sw__title", id: `${uid}-goals`, text: goalRows.length > 1 ? "Goals" : "Goal" }),
    h("ul", { class: "ndcg-sw__goal-list" }, goalRows.map((g) => g.row)),
  ]) : "";

  // Readouts: NDCG now, the last swap made, and the swap under the pointer or focus.
  const readout = {};
  const names = {
    ndcg: "NDCG", last: "Last swap", pair: touch ? "Tapped pair" : "Pair under the pointer",
    after: "NDCG after swapping it", delta: "Change if swapped",
  };
  const nameOf = {};
  const readouts = h("div", { class: "ndcg-widget__readouts ndcg-sw__readouts" });
  for (const [key, name] of Object.entries(names)) {
    readout[key] = h("span", { "data-testid": key, class: "ndcg-sw__value" });
    nameOf[key] = h("span", { class: "ndcg-sw__name", text: name });
    readouts.append(h("div", { class: `ndcg-sw__readout ndcg-sw__readout--${key}` }, [nameOf[key], readout[key]]));
  }

  // The ranked list
  const list = h("ol", { class: "ndcg-sw__list", "aria-labelledby": `${uid}-rank`, "aria-describedby": `${uid}-rank-hint` });
  const listPanel = h("div", { role: "group", class: "ndcg-sw__panel ndcg-sw__panel--list", "aria-labelledby": `${uid}-rank` }, [
    h("div", { class: "ndcg-sw__title", id: `${uid}-rank`, text: "Ranking" }),
    h("p", { class: "ndcg-sw__hint", id: `${uid}-rank-hint`, text: touch ? "Move an item with its buttons." : "Move an item with its buttons, or focus it and press Alt+↑ or Alt+↓." }),
    list,
  ]);

  // The heat map: a grid of documents x documents, each row ending in its document's lambda
  const grid = h("table", { class: "ndcg-sw__grid", role: "grid", "aria-labelledby": `${uid}-map`, "aria-describedby": `${uid}-map-hint` });
  const gainKey = h("span", { class: "ndcg-sw__key ndcg-sw__key--gain" });
  const lossKey = h("span", { class: "ndcg-sw__key ndcg-sw__key--loss" });
  const legend = h("p", { class: "ndcg-sw__legend" }, [
    gainKey, lossKey, h("span", { class: "ndcg-sw__scale", "data-testid": "scale" }),
  ]);
  const lambdaNote = h("p", { class: "ndcg-sw__legend", "data-testid": "lambda-note" });
  const mapTitle = h("div", { class: "ndcg-sw__title", id: `${uid}-map` });
  const mapPanel = h("div", { role: "group", class: "ndcg-sw__panel ndcg-sw__panel--map", "aria-labelledby": `${uid}-map` }, [
    mapTitle,
    h("p", { class: "ndcg-sw__hint", id: `${uid}-map-hint`, text: touch
      ? "Tap a cell to see that swap; tap it again to make it."
      : "Point at a cell, or focus the grid and use the arrow keys, to preview a swap; click or press Enter to make it." }),
    h("div", { class: "ndcg-sw__scroll" }, [grid]),
    legend, lambdaNote,
  ]);

  const live = h("div", { class: "ndcg-widget__sr", role: "status", "aria-live": "polite" });
  const root = h("div", { class: `ndcg-widget ndcg-sw${touch ? " ndcg-sw--touch" : ""}`, "data-lm-suppress-shortcuts": "true" }, [
    goalsBox, controls, readouts, h("div", { class: "ndcg-sw__main" }, [listPanel, mapPanel]), live,
  ].filter(Boolean));
  el.append(root);

  // The book's theme shows a back-to-top button over the top of the page: the page hides
  // it while a grid is on screen (book/_static/site.css), so it never covers a cell.
  const watcher = globalThis.IntersectionObserver ? new IntersectionObserver((entries) => {
    const seen = entries.some((entry) => entry.isIntersecting);
    if (seen) document.documentElement.dataset.ndcgGrid = uid;
    else if (document.documentElement.dataset.ndcgGrid === uid) delete document.documentElement.dataset.ndcgGrid;
  }) : null;
  watcher?.observe(mapPanel);

  // ----- building ------------------------------------------------------------------------

  function buildRow(label) {
    const up = h("button", { type: "button", class: "ndcg-sw__move", "data-move": "-1", "aria-label": `Move ${label} up`, text: "▲" });
    const down = h("button", { type: "button", class: "ndcg-sw__move", "data-move": "1", "aria-label": `Move ${label} down`, text: "▼" });
    const li = h("li", {
      class: "ndcg-sw__item", tabindex: "0", "data-testid": `item-${label}`,
      "aria-keyshortcuts": "Alt+ArrowUp Alt+ArrowDown",
    }, [
      h("span", { class: "ndcg-sw__pos" }),
      h("span", { class: "ndcg-sw__label", text: label }),
      h("span", { class: "ndcg-sw__grade" }),
      up, down,
    ]);
    li.swLabel = label;
    return li;
  }

  function buildGrid(n) {
    Object.assign(state, createGrid(grid, n));
  }

  function rebuild(items, unretrieved) {
    state.items = items;
    state.unretrieved = unretrieved;
    state.gradeOf = new Map(items.map((item) => [item.label, item.grade]));
    state.rows = new Map(items.map((item) => [item.label, buildRow(item.label)]));
    list.replaceChildren(...state.rows.values());
    buildGrid(items.length);
    state.active = items.length > 1 ? [0, 1] : [0, 0];
    state.preview = null;
    state.armed = null;
    state.last = null;
  }

  function syncKOptions(k) {
    const top = Math.max(state.items.length + state.unretrieved.length, 10, k ?? 0);
    if (kSelect.options.length !== top + 1) {
      const options = [h("option", { value: "", text: "all (no cutoff)" })];
      for (let i = 1; i <= top; i += 1) options.push(h("option", { value: String(i), text: String(i) }));
      kSelect.replaceChildren(...options);
    }
    kSelect.value = k === null || k === undefined ? "" : String(k);
  }

  // ----- state -> DOM ---------------------------------------------------------------------

  const settings = () => ({ k: model.get("k") ?? null, gain: model.get("gain") });
  const unretrievedGrades = () => state.unretrieved.map((item) => item.grade);
  const startGrades = () => state.items.map((item) => item.grade);

  function update() {
    const items = model.get("items");
    const unretrieved = model.get("unretrieved") ?? [];
    if (items !== state.items || unretrieved !== state.unretrieved) rebuild(items, unretrieved);
    const order = model.get("order");
    // New items and their new order can arrive as two changes; draw once both are in.
    if (order.length !== state.items.length || !order.every((label) => state.gradeOf.has(label))) return;
    const { k, gain } = settings();
    const grades = order.map((label) => state.gradeOf.get(label));
    const matrix = swapMatrix(grades, { k, gain, unretrieved: unretrievedGrades() });
    state.grades = grades;
    state.matrix = matrix;
    state.lambdas = lambdas(grades, matrix);
    state.now = ndcg(grades, { k, gain, unretrieved: unretrievedGrades() });
    const m = `NDCG${atK(k)}`;

    for (let i = 0; i < order.length; i += 1) {
      const li = state.rows.get(order[i]);
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
      setText(li.children[0], String(i + 1));
      setText(li.children[2], `grade ${gradeText(grades[i])}`);
      li.classList.toggle("ndcg-sw__item--outside", k !== null && i >= k);
      if (li.swAria !== `${order[i]}, grade ${gradeText(grades[i])}, position ${i + 1} of ${order.length}`) {
        li.swAria = `${order[i]}, grade ${gradeText(grades[i])}, position ${i + 1} of ${order.length}`;
        li.setAttribute("aria-label", li.swAria);
      }
    }

    const largest = drawGrid(state, order, grades, matrix, valuesToggle.checked);
    setText(gainKey, `swap gains ${m}`);
    setText(lossKey, `swap loses ${m}`);
    setText(legend.lastChild, `darkest: |ΔNDCG${atK(k)}| = ${fixed(largest)}`);
    setText(mapTitle, `Change in ${m} if the row's and the column's documents swap places`);
    setText(lambdaNote, `λ: each document's LambdaRank lambda for ${m}, at equal scores (σ = 1): half the |Δ${m}| of its swaps with documents graded above it, less half of those with documents graded below it. Negative pushes the document up.`);
    setText(nameOf.ndcg, m);
    setText(nameOf.after, `${m} after swapping it`);
    readout.ndcg.textContent = fixed(state.now);
    readout.ndcg.title = String(state.now);
    showLast();
    syncKOptions(k);
    gainSelect.value = gain;
    state.reachedNow.push(...drawGoals(order));
    setActive(state.active[0], state.active[1], document.activeElement?.closest?.(".ndcg-sw__grid") === grid);
    showPair(state.preview ?? state.active);
  }

  function showLast() {
    const last = state.last;
    readout.last.textContent = last === null ? "none yet" : `${last.a} ↔ ${last.b}: ${signed(last.change)}`;
    readout.last.title = last === null ? "" : String(last.change);
  }

  // ----- goals: the best (or worst) single swap from the starting order --------------------

  function goalWords(goal) {
    if (goal.text) return goal.text;
    return `Find the single swap that ${goal.kind === "best" ? "raises" : "lowers"} NDCG${atK(goal.k)} the most.`;
  }

  function goalVerdict(goal, order) {
    const start = startGrades();
    const distance = swapDistance(order, state.items.map((item) => item.label));
    const status = goalStatus(goal, { now: state.grades, start, unretrieved: unretrievedGrades(), distance });
    const up = goal.kind === "best";
    const before = status.start;
    const now = status.value - before;
    const m = `NDCG${atK(goal.k)}`;
    // A swap must be made: the starting order reaches no goal, even where no swap does better.
    const reached = distance === 1 && status.reached;
    if (reached) return { reached, text: `Reached: ${signed(now)}, the most any single swap ${up ? "gains" : "loses"} (${m} ${fixed(before)} to ${fixed(status.value)}).` };
    if (distance > 1) return { reached, text: `Not yet: the order is ${distance} swaps from the start; press Reset and make one swap.` };
    if (distance === 0) return { reached, text: "Not yet: make a swap." };
    return { reached, text: `Not yet: this swap changes ${m} by ${signed(now)}; another ${up ? "gains" : "loses"} more. Reset and try again.` };
  }

  /** Draw each goal's verdict; return the announcements of goals this draw reached. */
  function drawGoals(order) {
    const reachedNow = [];
    for (const row of goalRows) {
      const verdict = goalVerdict(row.goal, order);
      const was = row.row.dataset.reached === "true";
      setText(row.text, goalWords(row.goal));
      setText(row.mark, verdict.reached ? "✓" : "○");
      setText(row.status, verdict.text);
      row.row.dataset.reached = String(verdict.reached);
      if (verdict.reached && !was) reachedNow.push(`Goal reached. ${verdict.text}`);
    }
    return reachedNow;
  }

  // The pair shown in the readouts and highlighted in the list and the grid.
  function showPair([i, j]) {
    for (const li of list.children) li.classList.remove("ndcg-sw__item--pair");
    for (const node of root.querySelectorAll(".ndcg-sw__cell--shown")) node.classList.remove("ndcg-sw__cell--shown");
    const order = model.get("order");
    if (i === j || i >= order.length || j >= order.length) {
      for (const key of ["pair", "after", "delta"]) {
        readout[key].textContent = "—";
        readout[key].title = "";
      }
      return;
    }
    const { k, gain } = settings();
    const after = ndcg(swapped(state.grades, i, j), { k, gain, unretrieved: unretrievedGrades() });
    const delta = state.matrix[i][j];
    list.children[i].classList.add("ndcg-sw__item--pair");
    list.children[j].classList.add("ndcg-sw__item--pair");
    state.cells[i][j].classList.add("ndcg-sw__cell--shown");
    state.cells[j][i].classList.add("ndcg-sw__cell--shown");
    readout.pair.textContent = `${order[i]} ↔ ${order[j]}`;
    readout.pair.title = `positions ${i + 1} and ${j + 1}`;
    readout.after.textContent = fixed(after);
    readout.after.title = String(after);
    readout.delta.textContent = signed(delta);
    readout.delta.title = String(delta);
  }

  function describe(i, j) {
    const order = model.get("order");
    if (i === j) return `Position ${i + 1}, ${order[i]}: no swap`;
    const { k, gain } = settings();
    const after = ndcg(swapped(state.grades, i, j), { k, gain, unretrieved: unretrievedGrades() });
    // The name starts with the figure the cell prints, as a name must hold a control's text.
    const printed = valuesToggle.checked ? `${cellText(state.matrix[i][j])}: ` : "";
    return `${printed}Swap position ${i + 1}, ${order[i]} (grade ${gradeText(state.grades[i])}), with position ${j + 1}, ` +
      `${order[j]} (grade ${gradeText(state.grades[j])}): NDCG${atK(k)} ${fixed(state.now)} to ${fixed(after)}, ` +
      `${signed(state.matrix[i][j])}`;
  }

  // Roving tabindex: one cell of the grid is in the tab order, the arrow keys move it.
  function setActive(i, j, focus) {
    const n = state.cells.length;
    if (n === 0) return;
    i = Math.max(0, Math.min(n - 1, i));
    j = Math.max(0, Math.min(n - 1, j));
    const [oi, oj] = state.active;
    if (state.cells[oi]?.[oj]) {
      state.cells[oi][oj].setAttribute("tabindex", "-1");
      state.cells[oi][oj].removeAttribute("aria-label");
    }
    state.active = [i, j];
    const cell = state.cells[i][j];
    cell.setAttribute("tabindex", "0");
    cell.setAttribute("aria-label", describe(i, j));
    if (focus) cell.focus();
  }

  // ----- user actions -> model ------------------------------------------------------------

  function commit(order, what) {
    state.armed = null;
    state.reachedNow = [];
    model.set("order", order);
    model.save_changes();
    const { k } = settings();
    live.textContent = [`${what} NDCG${atK(k)} is now ${fixed(state.now)}.`, ...state.reachedNow].join(" ");
    state.reachedNow = [];
  }

  function swapAt(i, j) {
    if (i === j) return;
    const order = model.get("order").slice();
    const change = state.matrix[i][j];
    state.last = { a: order[i], b: order[j], change };
    [order[i], order[j]] = [order[j], order[i]];
    commit(order, `Swapped ${order[j]} and ${order[i]} (${signed(change)}).`);
    showLast();
  }

  function move(from, to, focus) {
    const order = model.get("order").slice();
    if (to < 0 || to >= order.length) {
      live.textContent = `${order[from]} is already ${from === 0 ? "first" : "last"}.`;
      return;
    }
    const [label] = order.splice(from, 1);
    order.splice(to, 0, label);
    state.last = null;
    commit(order, `${label} moved from position ${from + 1} to ${to + 1}.`);
    const li = state.rows.get(label);
    (focus === "row" ? li : li.querySelector(`[data-move="${focus}"]`))?.focus();
  }

  const cellOf = (target) => target.closest?.(".ndcg-sw__cell");
  const indices = (cell) => [Number(cell.dataset.i), Number(cell.dataset.j)];

  grid.addEventListener("mouseover", (event) => {
    const cell = cellOf(event.target);
    if (!cell || touch) return;
    state.preview = indices(cell);
    showPair(state.preview);
  });
  grid.addEventListener("mouseleave", () => {
    if (touch) return;
    state.preview = null;
    showPair(state.active);
  });
  grid.addEventListener("focusin", (event) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    const [i, j] = indices(cell);
    if (i !== state.active[0] || j !== state.active[1]) setActive(i, j, false);
    state.preview = null;
    showPair(state.active);
  });
  grid.addEventListener("click", (event) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    const [i, j] = indices(cell);
    setActive(i, j, true);
    // On a touch screen nothing hovers: the first tap shows the swap, a second one makes it.
    if (touch && (state.armed?.[0] !== i || state.armed?.[1] !== j) && i !== j) {
      state.armed = [i, j];
      showPair(state.active);
      live.textContent = `${describe(i, j)}. Tap again to make this swap.`;
      return;
    }
    swapAt(i, j);
  });
  grid.addEventListener("keydown", (event) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    const [i, j] = indices(cell);
    const n = state.cells.length;
    const moves = {
      ArrowUp: [i - 1, j], ArrowDown: [i + 1, j], ArrowLeft: [i, j - 1], ArrowRight: [i, j + 1],
      Home: [i, 0], End: [i, n - 1], PageUp: [0, j], PageDown: [n - 1, j],
    };
    if (moves[event.key]) {
      event.preventDefault();
      setActive(...moves[event.key], true);
      showPair(state.active);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      swapAt(i, j);
    }
  });

  const indexOf = (li) => model.get("order").indexOf(li.swLabel);
  list.addEventListener("click", (event) => {
    const mover = event.target.closest(".ndcg-sw__move");
    if (!mover) return;
    const from = indexOf(mover.closest(".ndcg-sw__item"));
    move(from, from + Number(mover.dataset.move), mover.dataset.move);
  });
  list.addEventListener("keydown", (event) => {
    const li = event.target.closest(".ndcg-sw__item");
    if (!li || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const step = event.key === "ArrowUp" ? -1 : 1;
    const from = indexOf(li);
    if (event.altKey) {
      event.preventDefault();
      move(from, from + step, "row");
    } else if (event.target === li) {
      event.preventDefault();
      list.children[from + step]?.focus();
    }
  });

  kSelect.addEventListener("change", () => {
    model.set("k", kSelect.value === "" ? null : Number(kSelect.value));
    model.save_changes();
  });
  gainSelect.addEventListener("change", () => {
    model.set("gain", gainSelect.value);
    model.save_changes();
  });
  valuesToggle.addEventListener("change", () => {
    root.classList.toggle("ndcg-sw--bare", !valuesToggle.checked);
    update();
  });
  resetButton.addEventListener("click", () => {
    state.last = null;
    commit(state.items.map((item) => item.label), "Order reset.");
    showLast();
  });

  const stop = follow(model, ["items", "unretrieved", "order", "k", "gain"], update, root);
  return () => {
    watcher?.disconnect();
    if (document.documentElement.dataset.ndcgGrid === uid) delete document.documentElement.dataset.ndcgGrid;
    stop();
  };
}

export default { render };
