// The swap widget's gestures: the heat map's cells (pointer, tap, arrow keys, Enter), the
// list's buttons and Alt+arrows, and the controls. Every gesture ends in commit, which sets
// the model; the redraw follows (js/swap_draw.js).

import { fixed, signed } from "./format.js";
import { atK, describe, setActive, settings, showLast, showPair, update } from "./swap_draw.js";

function commit(view, order, what) {
  const { model, state, ui } = view;
  state.armed = null;
  state.reachedNow = [];
  model.set("order", order);
  model.save_changes();
  const { k } = settings(model);
  ui.live.textContent = [
    `${what} NDCG${atK(k)} is now ${fixed(state.now)}.`,
    ...state.reachedNow,
  ].join(" ");
  state.reachedNow = [];
}

function swapAt(view, i, j) {
  if (i === j) return;
  const { state } = view;
  const order = view.model.get("order").slice();
  const change = state.matrix[i][j];
  state.last = { a: order[i], b: order[j], change };
  [order[i], order[j]] = [order[j], order[i]];
  commit(view, order, `Swapped ${order[j]} and ${order[i]} (${signed(change)}).`);
  showLast(view);
}

function move(view, from, to, focus) {
  const order = view.model.get("order").slice();
  if (to < 0 || to >= order.length) {
    view.ui.live.textContent = `${order[from]} is already ${from === 0 ? "first" : "last"}.`;
    return;
  }
  const [label] = order.splice(from, 1);
  order.splice(to, 0, label);
  view.state.last = null;
  commit(view, order, `${label} moved from position ${from + 1} to ${to + 1}.`);
  const li = view.state.rows.get(label);
  (focus === "row" ? li : li.querySelector(`[data-move="${focus}"]`))?.focus();
}

const cellOf = (target) => target.closest?.(".ndcg-sw__cell");
const indices = (cell) => [Number(cell.dataset.i), Number(cell.dataset.j)];

function gridKey(view, event) {
  const cell = cellOf(event.target);
  if (!cell) return;
  const [i, j] = indices(cell);
  const n = view.state.cells.length;
  const moves = {
    ArrowUp: [i - 1, j],
    ArrowDown: [i + 1, j],
    ArrowLeft: [i, j - 1],
    ArrowRight: [i, j + 1],
    Home: [i, 0],
    End: [i, n - 1],
    PageUp: [0, j],
    PageDown: [n - 1, j],
  };
  if (moves[event.key]) {
    event.preventDefault();
    setActive(view, ...moves[event.key], true);
    showPair(view, view.state.active);
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    swapAt(view, i, j);
  }
}

function gridClick(view, event) {
  const { state, touch } = view;
  const cell = cellOf(event.target);
  if (!cell) return;
  const [i, j] = indices(cell);
  setActive(view, i, j, true);
  // On a touch screen nothing hovers: the first tap shows the swap, a second one makes it.
  if (touch && (state.armed?.[0] !== i || state.armed?.[1] !== j) && i !== j) {
    state.armed = [i, j];
    showPair(view, state.active);
    view.ui.live.textContent = `${describe(view, i, j)}. Tap again to make this swap.`;
    return;
  }
  swapAt(view, i, j);
}

function listenGrid(view) {
  const { state, touch, ui } = view;
  ui.grid.addEventListener("mouseover", (event) => {
    const cell = cellOf(event.target);
    if (!cell || touch) return;
    state.preview = indices(cell);
    showPair(view, state.preview);
  });
  ui.grid.addEventListener("mouseleave", () => {
    if (touch) return;
    state.preview = null;
    showPair(view, state.active);
  });
  ui.grid.addEventListener("focusin", (event) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    const [i, j] = indices(cell);
    if (i !== state.active[0] || j !== state.active[1]) setActive(view, i, j, false);
    state.preview = null;
    showPair(view, state.active);
  });
  ui.grid.addEventListener("click", (event) => gridClick(view, event));
  ui.grid.addEventListener("keydown", (event) => gridKey(view, event));
}

function listenList(view) {
  const { list } = view.ui;
  const indexOf = (li) => view.model.get("order").indexOf(li.swLabel);
  list.addEventListener("click", (event) => {
    const mover = event.target.closest(".ndcg-sw__move");
    if (!mover) return;
    const from = indexOf(mover.closest(".ndcg-sw__item"));
    move(view, from, from + Number(mover.dataset.move), mover.dataset.move);
  });
  list.addEventListener("keydown", (event) => {
    const li = event.target.closest(".ndcg-sw__item");
    if (!li || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const step = event.key === "ArrowUp" ? -1 : 1;
    const from = indexOf(li);
    if (event.altKey) {
      event.preventDefault();
      move(view, from, from + step, "row");
    } else if (event.target === li) {
      event.preventDefault();
      list.children[from + step]?.focus();
    }
  });
}

function listenControls(view) {
  const { model, state, ui } = view;
  ui.kSelect.addEventListener("change", () => {
    model.set("k", ui.kSelect.value === "" ? null : Number(ui.kSelect.value));
    model.save_changes();
  });
  ui.gainSelect.addEventListener("change", () => {
    model.set("gain", ui.gainSelect.value);
    model.save_changes();
  });
  ui.valuesToggle.addEventListener("change", () => {
    ui.root.classList.toggle("ndcg-sw--bare", !ui.valuesToggle.checked);
    update(view);
  });
  ui.resetButton.addEventListener("click", () => {
    state.last = null;
    commit(
      view,
      state.items.map((item) => item.label),
      "Order reset.",
    );
    showLast(view);
  });
}

/** Listen to every gesture of the view's screen. */
export function listen(view) {
  listenGrid(view);
  listenList(view);
  listenControls(view);
}
