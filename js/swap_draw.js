// The swap widget's screen filled in from the model: the list, the heat map (js/swap_grid.js),
// the readouts, the goals' verdicts and the pair shown. Every figure comes from js/arith.js.

import { goalStatus, lambdas, ndcg, swapDistance, swapMatrix, swapped } from "./arith.js";
import { setText } from "./dom.js";
import { fixed, gradeText, signed } from "./format.js";
import { buildRow, syncKOptions } from "./swap_build.js";
import { cellText, createGrid, drawGrid } from "./swap_grid.js";

/** The cutoff after a figure's name: every NDCG names its cutoff, "(no cutoff)" for none. */
export const atK = (k) => (k === null || k === undefined ? " (no cutoff)" : `@${k}`);

export const settings = (model) => ({ k: model.get("k") ?? null, gain: model.get("gain") });
const unretrievedGrades = (state) => state.unretrieved.map((item) => item.grade);

/** NDCG of ``grades`` under the model's settings, the unretrieved items counted for the ideal. */
export function ndcgOf(view, grades) {
  const { k, gain } = settings(view.model);
  return ndcg(grades, { k, gain, unretrieved: unretrievedGrades(view.state) });
}

function rebuild(view, items, unretrieved) {
  const { state, ui } = view;
  state.items = items;
  state.unretrieved = unretrieved;
  state.gradeOf = new Map(items.map((item) => [item.label, item.grade]));
  state.rows = new Map(items.map((item) => [item.label, buildRow(item.label)]));
  ui.list.replaceChildren(...state.rows.values());
  Object.assign(state, createGrid(ui.grid, items.length));
  state.active = items.length > 1 ? [0, 1] : [0, 0];
  state.preview = null;
  state.armed = null;
  state.last = null;
}

function drawList(view, order, grades, k) {
  const { state, ui } = view;
  for (let i = 0; i < order.length; i += 1) {
    const li = state.rows.get(order[i]);
    if (ui.list.children[i] !== li) ui.list.insertBefore(li, ui.list.children[i] ?? null);
    setText(li.children[0], String(i + 1));
    setText(li.children[2], `grade ${gradeText(grades[i])}`);
    li.classList.toggle("ndcg-sw__item--outside", k !== null && i >= k);
    const aria = `${order[i]}, grade ${gradeText(grades[i])}, position ${i + 1} of ${order.length}`;
    if (li.swAria !== aria) {
      li.swAria = aria;
      li.setAttribute("aria-label", aria);
    }
  }
}

function drawWords(view, k, largest) {
  const { state, ui } = view;
  const m = `NDCG${atK(k)}`;
  setText(ui.gainKey, `swap gains ${m}`);
  setText(ui.lossKey, `swap loses ${m}`);
  setText(ui.legend.lastChild, `darkest: |ΔNDCG${atK(k)}| = ${fixed(largest)}`);
  setText(ui.mapTitle, `Change in ${m} if the row's and the column's documents swap places`);
  setText(
    ui.lambdaNote,
    `λ: each document's LambdaRank lambda for ${m}, at equal scores (σ = 1): half the |Δ${m}| of its swaps with documents graded above it, less half of those with documents graded below it. Negative pushes the document up.`,
  );
  setText(ui.nameOf.ndcg, m);
  setText(ui.nameOf.after, `${m} after swapping it`);
  ui.readout.ndcg.textContent = fixed(state.now);
  ui.readout.ndcg.title = String(state.now);
}

/** Draw the whole screen from the model (building the list and grid again for new items). */
export function update(view) {
  const { model, state, ui } = view;
  const items = model.get("items");
  const unretrieved = model.get("unretrieved") ?? [];
  if (items !== state.items || unretrieved !== state.unretrieved) rebuild(view, items, unretrieved);
  const order = model.get("order");
  // New items and their new order can arrive as two changes; draw once both are in.
  if (order.length !== state.items.length || !order.every((label) => state.gradeOf.has(label)))
    return;
  const { k, gain } = settings(model);
  const grades = order.map((label) => state.gradeOf.get(label));
  const matrix = swapMatrix(grades, { k, gain, unretrieved: unretrievedGrades(state) });
  state.grades = grades;
  state.matrix = matrix;
  state.lambdas = lambdas(grades, matrix);
  state.now = ndcgOf(view, grades);
  drawList(view, order, grades, k);
  drawWords(view, k, drawGrid(state, order, grades, matrix, ui.valuesToggle.checked));
  showLast(view);
  syncKOptions(ui.kSelect, state.items.length + state.unretrieved.length, k);
  ui.gainSelect.value = gain;
  state.reachedNow.push(...drawGoals(view, order));
  setActive(
    view,
    state.active[0],
    state.active[1],
    document.activeElement?.closest?.(".ndcg-sw__grid") === ui.grid,
  );
  showPair(view, state.preview ?? state.active);
}

export function showLast(view) {
  const { last } = view.state;
  const { readout } = view.ui;
  readout.last.textContent =
    last === null ? "none yet" : `${last.a} ↔ ${last.b}: ${signed(last.change)}`;
  readout.last.title = last === null ? "" : String(last.change);
}

// ----- goals: the best (or worst) single swap from the starting order ---------------------

function goalWords(goal) {
  if (goal.text) return goal.text;
  return `Find the single swap that ${goal.kind === "best" ? "raises" : "lowers"} NDCG${atK(goal.k)} the most.`;
}

function goalVerdict(view, goal, order) {
  const { state } = view;
  const start = state.items.map((item) => item.grade);
  const distance = swapDistance(
    order,
    state.items.map((item) => item.label),
  );
  const status = goalStatus(goal, {
    now: state.grades,
    start,
    unretrieved: unretrievedGrades(state),
    distance,
  });
  const up = goal.kind === "best";
  const before = status.start;
  const now = status.value - before;
  const m = `NDCG${atK(goal.k)}`;
  // A swap must be made: the starting order reaches no goal, even where no swap does better.
  const reached = distance === 1 && status.reached;
  if (reached)
    return {
      reached,
      text: `Reached: ${signed(now)}, the most any single swap ${up ? "gains" : "loses"} (${m} ${fixed(before)} to ${fixed(status.value)}).`,
    };
  if (distance > 1)
    return {
      reached,
      text: `Not yet: the order is ${distance} swaps from the start; press Reset and make one swap.`,
    };
  if (distance === 0) return { reached, text: "Not yet: make a swap." };
  return {
    reached,
    text: `Not yet: this swap changes ${m} by ${signed(now)}; another ${up ? "gains" : "loses"} more. Reset and try again.`,
  };
}

/** Draw each goal's verdict; return the announcements of goals this draw reached. */
function drawGoals(view, order) {
  const reachedNow = [];
  for (const row of view.ui.goalRows) {
    const verdict = goalVerdict(view, row.goal, order);
    const was = row.row.dataset.reached === "true";
    setText(row.text, goalWords(row.goal));
    setText(row.mark, verdict.reached ? "✓" : "○");
    setText(row.status, verdict.text);
    row.row.dataset.reached = String(verdict.reached);
    if (verdict.reached && !was) reachedNow.push(`Goal reached. ${verdict.text}`);
  }
  return reachedNow;
}

// ----- the pair shown, and the grid's one cell in the tab order ---------------------------

/** The pair shown in the readouts and highlighted in the list and the grid. */
export function showPair(view, [i, j]) {
  const { model, state, ui } = view;
  const { list, readout } = ui;
  for (const li of list.children) li.classList.remove("ndcg-sw__item--pair");
  for (const node of ui.root.querySelectorAll(".ndcg-sw__cell--shown"))
    node.classList.remove("ndcg-sw__cell--shown");
  const order = model.get("order");
  if (i === j || i >= order.length || j >= order.length) {
    for (const key of ["pair", "after", "delta"]) {
      readout[key].textContent = "—";
      readout[key].title = "";
    }
    return;
  }
  const after = ndcgOf(view, swapped(state.grades, i, j));
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

/** The accessible name of the cell that swaps positions ``i`` and ``j``. */
export function describe(view, i, j) {
  const { model, state, ui } = view;
  const order = model.get("order");
  if (i === j) return `Position ${i + 1}, ${order[i]}: no swap`;
  const { k } = settings(model);
  const after = ndcgOf(view, swapped(state.grades, i, j));
  // The name starts with the figure the cell prints, as a name must hold a control's text.
  const printed = ui.valuesToggle.checked ? `${cellText(state.matrix[i][j])}: ` : "";
  return (
    `${printed}Swap position ${i + 1}, ${order[i]} (grade ${gradeText(state.grades[i])}), with position ${j + 1}, ` +
    `${order[j]} (grade ${gradeText(state.grades[j])}): NDCG${atK(k)} ${fixed(state.now)} to ${fixed(after)}, ` +
    `${signed(state.matrix[i][j])}`
  );
}

/** Roving tabindex: one cell of the grid is in the tab order, the arrow keys move it. */
export function setActive(view, i, j, focus) {
  const { state } = view;
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
  cell.setAttribute("aria-label", describe(view, i, j));
  if (focus) cell.focus();
}
