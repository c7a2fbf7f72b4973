// The view of ndcg.widgets.SwapWidget: a ranked list beside its |ΔNDCG| swap matrix, drawn as
// a heat map. An anywidget front-end module with no imports.
//
// On the static website there is no kernel to ask, so the matrix is computed here from the
// model's state. The arithmetic section mirrors ndcg.ltr.swap_matrix operation for operation
// (the same gains, discounts, ideal and product, in the same order), so both agree to
// rounding; tests/browser/test_swap_widget.py holds it to 1e-12.

// ---------------------------------------------------------------------------------------
// Arithmetic (named exports, so a test page can import and check them)
// ---------------------------------------------------------------------------------------

export const GAINS = Object.freeze(["linear", "exponential"]);

/** Gain of one grade: linear g = r, exponential g = 2^r - 1. */
export function gainOf(grade, gain) {
  if (gain === "linear") return grade;
  if (gain === "exponential") return 2 ** grade - 1;
  throw new Error(`gain must be one of ${GAINS.join(", ")}, got ${gain}`);
}

/** How many positions count: all of them when k is null, else k, capped at what is there. */
export function depth(length, k) {
  return k === null || k === undefined ? length : Math.min(k, length);
}

/** Discount of positions 1..n: 1 / log2(i + 1) inside the cutoff, 0 beyond it. */
export function cutDiscounts(n, k = null) {
  const out = new Float64Array(n);
  for (let i = 0, m = depth(n, k); i < m; i += 1) out[i] = 1 / Math.log2(i + 2);
  return out;
}

/** DCG of grades in ranked order at cutoff k: the sum of gain / log2(i + 1), position by position. */
export function dcg(grades, k = null, gain = "exponential") {
  let total = 0;
  for (let i = 0, n = depth(grades.length, k); i < n; i += 1) {
    total += gainOf(grades[i], gain) / Math.log2(i + 2);
  }
  return total;
}

/** Ideal DCG: the DCG of the grades (and the judged unretrieved) sorted best first. */
export function idcg(grades, k = null, gain = "exponential", unretrieved = []) {
  const gains = grades.concat(unretrieved).map((g) => gainOf(g, gain)).sort((a, b) => b - a);
  let total = 0;
  for (let i = 0, n = depth(gains.length, k); i < n; i += 1) total += gains[i] / Math.log2(i + 2);
  return total;
}

/** NDCG: DCG / IDCG, and 0 when the ideal is 0 (nothing relevant was judged). */
export function ndcg(grades, k = null, gain = "exponential", unretrieved = []) {
  const ideal = idcg(grades, k, gain, unretrieved);
  return ideal > 0 ? dcg(grades, k, gain) / ideal : 0;
}

/**
 * The swap matrix: entry [i][j] is NDCG after positions i and j (0-based) trade places, minus
 * NDCG now, (g_j - g_i) (d_i - d_j) / IDCG. All zeros when the ideal is 0.
 */
export function swapMatrix(grades, k = null, gain = "exponential", unretrieved = []) {
  const n = grades.length;
  const ideal = idcg(grades, k, gain, unretrieved);
  const scale = ideal > 0 ? 1 / ideal : 0;
  const gains = grades.map((g) => gainOf(g, gain));
  const d = cutDiscounts(n, k);
  const rows = [];
  for (let i = 0; i < n; i += 1) {
    const row = new Float64Array(n);
    for (let j = 0; j < n; j += 1) row[j] = (gains[j] - gains[i]) * (d[i] - d[j]) * scale;
    rows.push(row);
  }
  return rows;
}

/** The grades after positions i and j trade places. */
export function swapped(grades, i, j) {
  const out = grades.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

// ---------------------------------------------------------------------------------------
// Formatting. The DOM helpers (`h`, `setText`, `follow`) are in _shared.js; text from the
// model only ever goes through textContent or setAttribute.
// ---------------------------------------------------------------------------------------

const fixed = (x) => x.toFixed(3);
const gradeText = (g) => (Number.isInteger(g) ? String(g) : String(Number(g.toFixed(3))));

function signed(x) {
  const text = Math.abs(x).toFixed(3);
  if (text === "0.000") return "±0.000";
  return (x > 0 ? "+" : "−") + text;
}

let views = 0;

// ---------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------

function render({ model, el }) {
  views += 1;
  const uid = `ndcg-sw-${views}-${Math.random().toString(36).slice(2, 8)}`;
  const state = {
    items: null, unretrieved: null, gradeOf: new Map(), rows: new Map(), cells: [], heads: [],
    grades: [], matrix: [], now: 0, active: [0, 1], preview: null,
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
  const controls = h("div", { class: "ndcg-widget__controls ndcg-sw__controls" }, [
    h("label", { for: `${uid}-k`, text: "Cutoff k" }), kSelect,
    h("label", { for: `${uid}-gain`, text: "Gain" }), gainSelect, resetButton,
  ]);

  // Readouts: NDCG now, the pair under the pointer or focus, NDCG after swapping it.
  const readout = {};
  const nowName = h("span", { class: "ndcg-sw__name", text: "NDCG" });
  const afterName = h("span", { class: "ndcg-sw__name", text: "NDCG after the swap" });
  const names = { ndcg: nowName, pair: "Pair", after: afterName, delta: "Change" };
  const readouts = h("div", { class: "ndcg-widget__readouts ndcg-sw__readouts" });
  for (const [key, name] of Object.entries(names)) {
    readout[key] = h("span", { "data-testid": key, class: "ndcg-sw__value" });
    const label = typeof name === "string" ? h("span", { class: "ndcg-sw__name", text: name }) : name;
    readouts.append(h("div", { class: `ndcg-sw__readout ndcg-sw__readout--${key}` }, [label, readout[key]]));
  }

  // The ranked list
  const list = h("ol", { class: "ndcg-sw__list", "aria-labelledby": `${uid}-rank`, "aria-describedby": `${uid}-rank-hint` });
  const listPanel = h("div", { role: "group", class: "ndcg-sw__panel ndcg-sw__panel--list", "aria-labelledby": `${uid}-rank` }, [
    h("div", { class: "ndcg-sw__title", id: `${uid}-rank`, text: "Ranking" }),
    h("p", { class: "ndcg-sw__hint", id: `${uid}-rank-hint`, text: "Move an item with its buttons, or focus it and press Alt+↑ or Alt+↓." }),
    list,
  ]);

  // The heat map: a grid of positions x positions
  const grid = h("table", { class: "ndcg-sw__grid", role: "grid", "aria-labelledby": `${uid}-map`, "aria-describedby": `${uid}-map-hint` });
  const legend = h("p", { class: "ndcg-sw__legend" }, [
    h("span", { class: "ndcg-sw__key ndcg-sw__key--gain", text: "swap gains NDCG" }),
    h("span", { class: "ndcg-sw__key ndcg-sw__key--loss", text: "swap loses NDCG" }),
    h("span", { class: "ndcg-sw__scale", "data-testid": "scale" }),
  ]);
  const mapPanel = h("div", { role: "group", class: "ndcg-sw__panel ndcg-sw__panel--map", "aria-labelledby": `${uid}-map` }, [
    h("div", { class: "ndcg-sw__title", id: `${uid}-map`, text: "|ΔNDCG| of swapping positions row and column" }),
    h("p", { class: "ndcg-sw__hint", id: `${uid}-map-hint`, text: "Point at a cell, or focus the grid and use the arrow keys, to preview a swap; click or press Enter to make it." }),
    h("div", { class: "ndcg-sw__scroll" }, [grid]),
    legend,
  ]);

  const live = h("div", { class: "ndcg-widget__sr", role: "status", "aria-live": "polite" });
  const root = h("div", { class: "ndcg-widget ndcg-sw" }, [
    controls, readouts, h("div", { class: "ndcg-sw__main" }, [listPanel, mapPanel]), live,
  ]);
  el.append(root);

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
    const headRow = h("tr", {}, [h("td", { class: "ndcg-sw__corner" })]);
    state.heads = [];
    for (let j = 0; j < n; j += 1) {
      const th = h("th", { scope: "col", class: "ndcg-sw__head", text: String(j + 1) });
      state.heads.push(th);
      headRow.append(th);
    }
    const body = h("tbody");
    state.cells = [];
    for (let i = 0; i < n; i += 1) {
      const row = h("tr", {}, [h("th", { scope: "row", class: "ndcg-sw__head", text: String(i + 1) })]);
      const cells = [];
      for (let j = 0; j < n; j += 1) {
        const td = h("td", { role: "gridcell", class: "ndcg-sw__cell", tabindex: "-1", "data-i": String(i), "data-j": String(j) });
        if (i === j) {
          td.classList.add("ndcg-sw__cell--self");
          td.setAttribute("aria-disabled", "true");
        }
        cells.push(td);
        row.append(td);
      }
      state.cells.push(cells);
      body.append(row);
    }
    grid.replaceChildren(h("thead", {}, [headRow]), body);
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
  }

  function syncKOptions(k) {
    const top = Math.max(state.items.length + state.unretrieved.length, 10, k ?? 0);
    if (kSelect.options.length !== top + 1) {
      const options = [h("option", { value: "", text: "all" })];
      for (let i = 1; i <= top; i += 1) options.push(h("option", { value: String(i), text: String(i) }));
      kSelect.replaceChildren(...options);
    }
    kSelect.value = k === null || k === undefined ? "" : String(k);
  }

  // ----- state -> DOM ---------------------------------------------------------------------

  const settings = () => ({ k: model.get("k") ?? null, gain: model.get("gain") });
  const unretrievedGrades = () => state.unretrieved.map((item) => item.grade);

  function update() {
    const items = model.get("items");
    const unretrieved = model.get("unretrieved") ?? [];
    if (items !== state.items || unretrieved !== state.unretrieved) rebuild(items, unretrieved);
    const order = model.get("order");
    // New items and their new order can arrive as two changes; draw once both are in.
    if (order.length !== state.items.length || !order.every((label) => state.gradeOf.has(label))) return;
    const { k, gain } = settings();
    const grades = order.map((label) => state.gradeOf.get(label));
    const matrix = swapMatrix(grades, k, gain, unretrievedGrades());
    state.grades = grades;
    state.matrix = matrix;
    state.now = ndcg(grades, k, gain, unretrievedGrades());

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

    let largest = 0;
    for (const row of matrix) for (const value of row) largest = Math.max(largest, Math.abs(value));
    const n = order.length;
    for (let i = 0; i < n; i += 1) {
      const cells = state.cells[i];
      const row = matrix[i];
      for (let j = 0; j < n; j += 1) {
        if (i === j) continue;
        const value = row[j];
        // Ten shades are plenty to see, and far fewer style writes than a continuous scale.
        const shade = largest > 0 ? Math.round((Math.abs(value) / largest) * 10) : 0;
        const sign = value > 0 ? 1 : value < 0 ? -1 : 0;
        const cell = cells[j];
        if (cell.swShade !== shade || cell.swSign !== sign) {
          cell.swShade = shade;
          cell.swSign = sign;
          cell.className = `ndcg-sw__cell ndcg-sw__cell--${sign > 0 ? "gain" : sign < 0 ? "loss" : "zero"} ndcg-sw__shade-${shade}`;
        }
      }
    }
    setText(legend.lastChild, `darkest: |ΔNDCG| = ${fixed(largest)}`);
    nowName.textContent = k === null ? "NDCG" : `NDCG@${k}`;
    afterName.textContent = k === null ? "NDCG after the swap" : `NDCG@${k} after the swap`;
    readout.ndcg.textContent = fixed(state.now);
    readout.ndcg.title = String(state.now);
    syncKOptions(k);
    gainSelect.value = gain;
    setActive(state.active[0], state.active[1], document.activeElement?.closest?.(".ndcg-sw__grid") === grid);
    showPair(state.preview ?? state.active);
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
    const after = ndcg(swapped(state.grades, i, j), k, gain, unretrievedGrades());
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
    const after = ndcg(swapped(state.grades, i, j), k, gain, unretrievedGrades());
    return `Swap position ${i + 1}, ${order[i]} (grade ${gradeText(state.grades[i])}), with position ${j + 1}, ` +
      `${order[j]} (grade ${gradeText(state.grades[j])}): NDCG ${fixed(state.now)} to ${fixed(after)}, ` +
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
    model.set("order", order);
    model.save_changes();
    const { k } = settings();
    live.textContent = `${what} NDCG${k === null ? "" : `@${k}`} is now ${fixed(state.now)}.`;
  }

  function swapAt(i, j) {
    if (i === j) return;
    const order = model.get("order").slice();
    const change = state.matrix[i][j];
    [order[i], order[j]] = [order[j], order[i]];
    commit(order, `Swapped ${order[j]} and ${order[i]} (${signed(change)}).`);
  }

  function move(from, to, focus) {
    const order = model.get("order").slice();
    if (to < 0 || to >= order.length) {
      live.textContent = `${order[from]} is already ${from === 0 ? "first" : "last"}.`;
      return;
    }
    const [label] = order.splice(from, 1);
    order.splice(to, 0, label);
    commit(order, `${label} moved from position ${from + 1} to ${to + 1}.`);
    const li = state.rows.get(label);
    (focus === "row" ? li : li.querySelector(`[data-move="${focus}"]`))?.focus();
  }

  const cellOf = (target) => target.closest?.(".ndcg-sw__cell");
  const indices = (cell) => [Number(cell.dataset.i), Number(cell.dataset.j)];

  grid.addEventListener("mouseover", (event) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    state.preview = indices(cell);
    showPair(state.preview);
  });
  grid.addEventListener("mouseleave", () => {
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
  resetButton.addEventListener("click", () => commit(state.items.map((item) => item.label), "Order reset."));

  return follow(model, ["items", "unretrieved", "order", "k", "gain"], update, root);
}

export default { render };
