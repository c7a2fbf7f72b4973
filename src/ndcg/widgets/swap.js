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

/**
 * LambdaRank's lambdas at equal scores (sigma = 1), as ndcg.ltr.lambdarank computes them
 * for scores that are all 0: every pair (i, j) with g_i > g_j adds the RankNet pull
 * -sigma |ΔNDCG_ij| / (1 + e^0) to lambda_i and takes it from lambda_j. With equal scores
 * every pull is one half, so a document's lambda is half the |ΔNDCG| it would gain moving
 * past the worse documents, net of what the better ones gain moving past it. Negative
 * pushes up. `matrix` is swapMatrix of the same grades; `grades` their grades.
 */
export function lambdas(grades, matrix, sigma = 1) {
  const n = grades.length;
  // exp(-margin - softplus(-margin)) at margin 0, as pairwise_loss writes it.
  const pull = Math.exp(-0 - Math.log1p(Math.exp(-0)));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let pushed = 0;
    let pulled = 0;
    for (let j = 0; j < n; j += 1) {
      if (grades[i] > grades[j]) pushed += -sigma * Math.abs(matrix[i][j]) * pull;
      if (grades[j] > grades[i]) pulled += -sigma * Math.abs(matrix[j][i]) * pull;
    }
    out[i] = pushed - pulled;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Formatting. The DOM helpers (`h`, `setText`, `follow`) are in _shared.js; text from the
// model only ever goes through textContent or setAttribute.
// ---------------------------------------------------------------------------------------

const fixed = (x) => x.toFixed(3);
const gradeText = (g) => (Number.isInteger(g) ? String(g) : String(Number(g.toFixed(3))));
const at = (k) => (k === null || k === undefined ? " (no cutoff)" : `@${k}`);

function signed(x) {
  const text = Math.abs(x).toFixed(3);
  if (text === "0.000") return "±0.000";
  return (x > 0 ? "+" : "−") + text;
}

/** A cell's printed value: two decimals, no leading zero, so "+.28" fits a 36 px cell. */
function cellText(x) {
  const text = Math.abs(x).toFixed(2).replace(/^0/, "");
  if (text === ".00") return x === 0 ? "0" : "±.00";
  return (x > 0 ? "+" : "−") + text;
}

let views = 0;

// ---------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------

function render({ model, el }) {
  views += 1;
  const uid = `ndcg-sw-${views}-${Math.random().toString(36).slice(2, 8)}`;
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
    const headRow = h("tr", {}, [h("td", { class: "ndcg-sw__corner" })]);
    state.heads = [];
    for (let j = 0; j < n; j += 1) {
      const th = h("th", { scope: "col", class: "ndcg-sw__head ndcg-sw__head--col" });
      state.heads.push(th);
      headRow.append(th);
    }
    headRow.append(h("th", { scope: "col", class: "ndcg-sw__head ndcg-sw__head--lambda", title: "LambdaRank's lambda of the row's document", text: "λ" }));
    const body = h("tbody");
    state.cells = [];
    state.rowHeads = [];
    state.lambdaCells = [];
    for (let i = 0; i < n; i += 1) {
      const head = h("th", { scope: "row", class: "ndcg-sw__head ndcg-sw__head--row" });
      const row = h("tr", {}, [head]);
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
      const lambda = h("td", { class: "ndcg-sw__lambda", "data-testid": `lambda-${i}` });
      row.append(lambda);
      state.cells.push(cells);
      state.rowHeads.push(head);
      state.lambdaCells.push(lambda);
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
    const matrix = swapMatrix(grades, k, gain, unretrievedGrades());
    state.grades = grades;
    state.matrix = matrix;
    state.lambdas = lambdas(grades, matrix);
    state.now = ndcg(grades, k, gain, unretrievedGrades());
    const m = `NDCG${at(k)}`;

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
    const values = valuesToggle.checked;
    for (let i = 0; i < n; i += 1) {
      // Rows and columns are labelled by the document at that position, with its grade.
      const head = `${order[i]}`;
      setText(state.heads[i], head);
      setText(state.rowHeads[i], head);
      state.heads[i].title = `position ${i + 1}: ${order[i]}, grade ${gradeText(grades[i])}`;
      state.rowHeads[i].title = state.heads[i].title;
      setText(state.lambdaCells[i], cellText(state.lambdas[i]));
      state.lambdaCells[i].title = `λ of ${order[i]}: ${state.lambdas[i]} (negative pushes it up)`;
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
        setText(cell, values ? cellText(value) : "");
      }
    }
    setText(gainKey, `swap gains ${m}`);
    setText(lossKey, `swap loses ${m}`);
    setText(legend.lastChild, `darkest: |ΔNDCG${at(k)}| = ${fixed(largest)}`);
    setText(mapTitle, `Change in ${m} if the row's and the column's documents swap places`);
    setText(lambdaNote, `λ: each document's LambdaRank lambda for ${m}, at equal scores (σ = 1): half the |Δ${m}| of its swaps with documents graded below it, less half of those with documents graded above it. Negative pushes the document up.`);
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
    return `Find the single swap that ${goal.kind === "best" ? "raises" : "lowers"} NDCG${at(goal.k)} the most.`;
  }

  function goalVerdict(goal, order) {
    const start = startGrades();
    const others = unretrievedGrades();
    const first = swapMatrix(start, goal.k, goal.gain, others);
    const before = ndcg(start, goal.k, goal.gain, others);
    const up = goal.kind === "best";
    let limit = 0;
    for (const row of first) for (const value of row) limit = up ? Math.max(limit, value) : Math.min(limit, value);
    const now = ndcg(state.grades, goal.k, goal.gain, others) - before;
    const distance = swapDistance(order, state.items.map((item) => item.label));
    const m = `NDCG${at(goal.k)}`;
    const reached = distance === 1 && Math.abs(now - limit) <= 1e-9 * Math.max(1, Math.abs(limit));
    if (reached) return { reached, text: `Reached: ${signed(now)}, the most any single swap ${up ? "gains" : "loses"} (${m} ${fixed(before)} to ${fixed(before + now)}).` };
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
    // The name starts with the figure the cell prints, as a name must hold a control's text.
    const printed = valuesToggle.checked ? `${cellText(state.matrix[i][j])}: ` : "";
    return `${printed}Swap position ${i + 1}, ${order[i]} (grade ${gradeText(state.grades[i])}), with position ${j + 1}, ` +
      `${order[j]} (grade ${gradeText(state.grades[j])}): NDCG${at(k)} ${fixed(state.now)} to ${fixed(after)}, ` +
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
    live.textContent = [`${what} NDCG${at(k)} is now ${fixed(state.now)}.`, ...state.reachedNow].join(" ");
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
