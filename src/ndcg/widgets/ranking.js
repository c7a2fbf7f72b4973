// The view of ndcg.widgets.RankingWidget: an anywidget front-end module with no imports.
//
// The figures are recomputed here from the model's state, because on the static website
// there is no kernel to ask. The arithmetic section mirrors the ndcg library rule for
// rule (gain, discount, cutoff, unjudged items, ideal order, empty ideal) and sums in the
// same order, position 1 to k, so both agree to rounding; tests/browser/test_widget_parity.py
// holds it to that.

// ---------------------------------------------------------------------------------------
// Arithmetic (named exports, so a test page can import and check them). A grade is a
// number, or null for an item that was never judged.
// ---------------------------------------------------------------------------------------

export const GAINS = Object.freeze(["linear", "exponential"]);

/** Gain of one grade: linear g = r, exponential g = 2^r - 1. */
export function gainOf(grade, gain) {
  if (gain === "linear") return grade;
  if (gain === "exponential") return 2 ** grade - 1;
  throw new Error(`gain must be one of ${GAINS.join(", ")}, got ${gain}`);
}

/** log2(i + 1) for a 1-based position: what the gain at position i is divided by. */
export function log2Rank(position) {
  return Math.log2(position + 1);
}

/** The discount of a 1-based position, 1 / log2(i + 1), as ndcg.discount.discounts. */
export function discount(position) {
  return 1 / log2Rank(position);
}

/** How many positions count: all of them when k is null, else k, capped at what is there. */
export function depth(length, k) {
  return k === null || k === undefined ? length : Math.min(k, length);
}

/** The ranked grades as scored: an unjudged one counts 0 in its place, or is dropped ("condense"). */
export function scored(grades, unjudged = "zero") {
  return unjudged === "condense" ? grades.filter((g) => g !== null) : grades.map((g) => g ?? 0);
}

/** Cumulative gain: the sum of the grades at positions 1..k. */
export function cg(grades, k = null, unjudged = "zero") {
  const ranked = scored(grades, unjudged);
  let total = 0;
  for (let i = 0, n = depth(ranked.length, k); i < n; i += 1) total += ranked[i];
  return total;
}

/** Discounted cumulative gain: the sum of gain(r_i) / log2(i + 1) at positions 1..k. */
export function dcg(grades, k = null, gain = "linear", unjudged = "zero") {
  const ranked = scored(grades, unjudged);
  let total = 0;
  for (let i = 0, n = depth(ranked.length, k); i < n; i += 1) {
    total += gainOf(ranked[i], gain) / log2Rank(i + 1);
  }
  return total;
}

/** The ideal ranking's grades: every judged grade, retrieved or not, best gain first, cut at k. */
export function idealGrades(grades, unretrieved = [], k = null, gain = "linear") {
  // Array.prototype.sort is stable: equal gains keep their order, as in ndcg.ideal_order.
  const all = grades.filter((g) => g !== null).concat(unretrieved)
    .sort((a, b) => gainOf(b, gain) - gainOf(a, gain));
  return all.slice(0, depth(all.length, k));
}

/** Ideal DCG: the DCG of idealGrades. */
export function idcg(grades, unretrieved = [], k = null, gain = "linear") {
  return dcg(idealGrades(grades, unretrieved, k, gain), k, gain);
}

/** All four readouts at once; NDCG is 0 when the ideal is 0 (nothing relevant was judged). */
export function metrics(grades, unretrieved = [], k = null, gain = "linear", unjudged = "zero") {
  const d = dcg(grades, k, gain, unjudged);
  const i = idcg(grades, unretrieved, k, gain);
  return { cg: cg(grades, k, unjudged), dcg: d, idcg: i, ndcg: i > 0 ? d / i : 0 };
}

/** Normalized DCG alone (see metrics). */
export function ndcg(grades, unretrieved = [], k = null, gain = "linear", unjudged = "zero") {
  return metrics(grades, unretrieved, k, gain, unjudged).ndcg;
}

/** Per-position figures for the chart: gain, discount, discounted gain, running DCG. */
export function positions(grades, gain = "linear") {
  const rows = [];
  let running = 0;
  for (let i = 0; i < grades.length; i += 1) {
    const g = gainOf(grades[i], gain);
    running += g / log2Rank(i + 1);
    rows.push({ position: i + 1, grade: grades[i], gain: g, weight: discount(i + 1), discounted: g / log2Rank(i + 1), cumulative: running });
  }
  return rows;
}

// NDCG's family (ndcg.family) and the discounts of ndcg.discount, mirrored rule for rule:
// the same weights, the same sums in rank order, the same conventions (P@k divided by k,
// recall and AP by every relevant judged grade, RBP's residual with the tail p^d).

export const DISCOUNTS = Object.freeze(["log2", "log", "reciprocal", "geometric"]);

/** Weight of a 1-based rank under a discount: "log2", "reciprocal", ["log", b], ["geometric", p]. */
export function weight(position, discount = "log2") {
  const [kind, param] = Array.isArray(discount) ? discount : [discount, null];
  if (kind === "log2") return 1 / log2Rank(position);
  if (kind === "log") return 1 / Math.max(1, Math.log(position) / Math.log(param));
  if (kind === "reciprocal") return 1 / position;
  if (kind === "geometric") return param ** (position - 1);
  if (kind === "uniform") return 1; // counts, for precision and recall
  throw new Error(`discount must be one of ${DISCOUNTS.join(", ")}, got ${kind}`);
}

/** The discounted sum of values in rank order, 1..k: division by log2(i + 1) for the default. */
function discountedSum(values, k, discount) {
  const log2 = discount === "log2" || (Array.isArray(discount) && discount[0] === "log2");
  let total = 0;
  for (let i = 0, n = depth(values.length, k); i < n; i += 1) {
    total += log2 ? values[i] / log2Rank(i + 1) : values[i] * weight(i + 1, discount);
  }
  return total;
}

/** NDCG under any discount (the list and its ideal discounted alike); 0 for an empty ideal. */
export function ndcgDiscounted(grades, unretrieved = [], k = null, gain = "linear", unjudged = "zero", discount = "log2") {
  const d = discountedSum(scored(grades, unjudged).map((g) => gainOf(g, gain)), k, discount);
  const i = discountedSum(idealGrades(grades, unretrieved, k, gain).map((g) => gainOf(g, gain)), k, discount);
  return i > 0 ? d / i : 0;
}

/** 1 where a grade reaches the threshold, else 0 (an unjudged item never does). */
function relevant(grade, threshold) {
  return grade !== null && grade >= threshold ? 1 : 0;
}

function relevantJudged(grades, unretrieved, threshold) {
  return grades.concat(unretrieved).filter((g) => relevant(g, threshold)).length;
}

/** Precision at k: relevant items in the top k over k (over the list's length for k = null). */
export function precision(grades, k = null, threshold = 1, unjudged = "zero") {
  const ranked = scored(grades, unjudged).map((g) => relevant(g, threshold));
  const size = k === null || k === undefined ? ranked.length : k;
  return size > 0 ? discountedSum(ranked, k, "uniform") / size : 0;
}

/** Recall at k: relevant items in the top k over every relevant judged item. */
export function recall(grades, unretrieved = [], k = null, threshold = 1, unjudged = "zero") {
  const total = relevantJudged(grades, unretrieved, threshold);
  const found = discountedSum(scored(grades, unjudged).map((g) => relevant(g, threshold)), k, "uniform");
  return total > 0 ? found / total : 0;
}

/** Average precision: precision at each relevant rank up to k, over every relevant judged item. */
export function averagePrecision(grades, unretrieved = [], k = null, threshold = 1, unjudged = "zero") {
  const total = relevantJudged(grades, unretrieved, threshold);
  let soFar = 0;
  const terms = scored(grades, unjudged).map((g) => {
    soFar += relevant(g, threshold);
    return relevant(g, threshold) * soFar;
  });
  return total > 0 ? discountedSum(terms, k, "reciprocal") / total : 0;
}

/** The cascade: a reader stops at rank i with chance[i] times the chance of getting there. */
function cascade(chances, k) {
  let reach = 1;
  const stops = chances.map((c) => {
    const stop = c * reach;
    reach *= 1 - c;
    return stop;
  });
  return discountedSum(stops, k, "reciprocal");
}

/** Reciprocal rank: 1 / rank of the first relevant item in the top k, 0 if none. */
export function reciprocalRank(grades, k = null, threshold = 1, unjudged = "zero") {
  return cascade(scored(grades, unjudged).map((g) => relevant(g, threshold)), k);
}

/** ERR (Chapelle et al. 2009): a grade g satisfies with chance (2^g - 1) / 2^maxGrade. */
export function err(grades, maxGrade, k = null, unjudged = "zero") {
  const ranked = unjudged === "condense" ? grades.filter((g) => g !== null) : grades;
  return cascade(ranked.map((g) => (g === null ? 0 : (2 ** g - 1) / 2 ** maxGrade)), k);
}

/** RBP (Moffat and Zobel 2008): (1 - p) times the geometric sum of relevant items. */
export function rbp(grades, p = 0.8, k = null, threshold = 1, unjudged = "zero") {
  return (1 - p) * discountedSum(scored(grades, unjudged).map((g) => relevant(g, threshold)), k, ["geometric", p]);
}

/** RBP's residual: unjudged items in the top d, and the tail p^d past the depth d read. */
export function rbpResidual(grades, p = 0.8, k = null, unjudged = "zero") {
  const ranked = unjudged === "condense" ? grades.filter((g) => g !== null) : grades;
  const inside = (1 - p) * discountedSum(ranked.map((g) => (g === null ? 1 : 0)), k, ["geometric", p]);
  return inside + p ** depth(ranked.length, k);
}

/** Every metric of the family at once, for the readouts (RBP with persistence p). */
export function family(grades, unretrieved = [], k = null, { gain = "linear", unjudged = "zero", discount = "log2", threshold = 1, maxGrade = 3, p = 0.8 } = {}) {
  return {
    ndcg: ndcgDiscounted(grades, unretrieved, k, gain, unjudged, discount),
    precision: precision(grades, k, threshold, unjudged),
    recall: recall(grades, unretrieved, k, threshold, unjudged),
    ap: averagePrecision(grades, unretrieved, k, threshold, unjudged),
    rr: reciprocalRank(grades, k, threshold, unjudged),
    err: err(grades, maxGrade, k, unjudged),
    rbp: rbp(grades, p, k, threshold, unjudged),
    rbpResidual: rbpResidual(grades, p, k, unjudged),
  };
}

// ---------------------------------------------------------------------------------------
// DOM helpers. Text from the model only ever goes through textContent or setAttribute,
// so a label such as <img src=x onerror=alert(1)> is shown as those characters.
// ---------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

function s(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

// Write only what changed: after a move on a long list most rows keep their figures, and
// skipping identical writes keeps style and layout work proportional to the change.
function setText(node, text) {
  if (node.ndcgText !== text) {
    node.textContent = text;
    node.ndcgText = text;
  }
}

function setAttr(node, name, value) {
  const key = `ndcg:${name}`;
  if (node[key] !== value) {
    node.setAttribute(name, value);
    node[key] = value;
  }
}

const fixed = (x) => x.toFixed(3);
const gradeText = (g) => (g === null ? "unjudged" : Number.isInteger(g) ? String(g) : String(Number(g.toFixed(3))));
const gradeLabel = (g) => (g === null ? "unjudged" : `grade ${gradeText(g)}`);

function signed(x) {
  const text = Math.abs(x).toFixed(3);
  if (text === "0.000") return "±0.000";
  return (x > 0 ? "+" : "−") + text;
}

function shuffled(list) {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

let views = 0;

// ---------------------------------------------------------------------------------------
// The chart: one inline SVG, three bands sharing the position axis.
// ---------------------------------------------------------------------------------------

const CHART = { width: 640, left: 100, right: 10, top: 20, bands: [96, 44, 96], gap: 14, axis: 18 };

function createChart(uid) {
  const height = CHART.top + CHART.bands.reduce((a, b) => a + b, 0) + 2 * CHART.gap + CHART.axis;
  const svg = s("svg", {
    class: "ndcg-rw__svg",
    viewBox: `0 0 ${CHART.width} ${height}`,
    role: "img",
    "aria-labelledby": `${uid}-chart-desc`,
  });
  const desc = s("title", { id: `${uid}-chart-desc` });
  svg.append(desc);
  const tops = [];
  let y = CHART.top;
  for (const band of CHART.bands) {
    tops.push(y);
    y += band + CHART.gap;
  }
  const names = ["gain", "discount", "cumulative DCG"];
  names.forEach((name, b) => {
    const label = s("text", { x: 4, y: tops[b] + 12, class: "ndcg-rw__axis-label" });
    label.textContent = name;
    svg.append(label);
    svg.append(s("line", {
      x1: CHART.left, x2: CHART.width - CHART.right,
      y1: tops[b] + CHART.bands[b], y2: tops[b] + CHART.bands[b], class: "ndcg-rw__baseline",
    }));
  });
  const scaleLabels = [0, 1, 2].map((b) => {
    const t = s("text", { x: CHART.left - 4, y: tops[b] + 26, class: "ndcg-rw__tick", "text-anchor": "end" });
    svg.append(t);
    return t;
  });
  const bars = s("g");
  const kLine = s("line", { class: "ndcg-rw__kline", y1: CHART.top - 18, y2: y - CHART.gap + 2 });
  const kText = s("text", { class: "ndcg-rw__tick", y: CHART.top - 8, "text-anchor": "start" });
  const ideal = s("polyline", { class: "ndcg-rw__ideal-line" });
  const axis = s("g");
  svg.append(bars, ideal, kLine, kText, axis);
  return { svg, desc, tops, bars, ideal, kLine, kText, axis, scaleLabels, columns: [], axisFor: -1 };
}

function drawChart(chart, rows, labels, idealRows, k, scale) {
  const n = rows.length;
  const plot = CHART.width - CHART.left - CHART.right;
  const band = plot / n;
  const bar = Math.max(band * 0.72, 0.5);
  const [top0, top1, top2] = chart.tops;
  const [h0, h1, h2] = CHART.bands;
  const x = (i) => CHART.left + i * band + (band - bar) / 2;

  // Columns are created once per item count and then only moved, which keeps a move cheap.
  while (chart.columns.length < n) {
    const column = {
      hit: s("rect", { class: "ndcg-rw__hit" }),
      tip: s("title"),
      gain: s("rect", { class: "ndcg-rw__bar--gain" }),
      discounted: s("rect", { class: "ndcg-rw__bar--discounted" }),
      weight: s("rect", { class: "ndcg-rw__bar--weight" }),
      cumulative: s("rect", { class: "ndcg-rw__bar--cum" }),
    };
    column.hit.append(column.tip);
    chart.bars.append(column.gain, column.discounted, column.weight, column.cumulative, column.hit);
    chart.columns.push(column);
  }
  while (chart.columns.length > n) {
    const column = chart.columns.pop();
    for (const part of ["hit", "gain", "discounted", "weight", "cumulative"]) column[part].remove();
  }

  const cut = depth(n, k);
  for (let i = 0; i < n; i += 1) {
    const row = rows[i];
    const column = chart.columns[i];
    const left = x(i);
    const gH = scale.gain > 0 ? (row.gain / scale.gain) * h0 : 0;
    const dH = scale.gain > 0 ? (row.discounted / scale.gain) * h0 : 0;
    const wH = row.weight * h1;
    const cH = scale.cumulative > 0 ? (row.cumulative / scale.cumulative) * h2 : 0;
    setRect(column.gain, left, top0 + h0 - gH, bar, gH);
    setRect(column.discounted, left + bar * 0.2, top0 + h0 - dH, bar * 0.6, dH);
    setRect(column.weight, left, top1 + h1 - wH, bar, wH);
    setRect(column.cumulative, left, top2 + h2 - cH, bar, cH);
    setRect(column.hit, CHART.left + i * band, CHART.top, band, top2 + h2 - CHART.top);
    const outside = i >= cut;
    column.cumulative.classList.toggle("ndcg-rw__bar--outside", outside);
    column.discounted.classList.toggle("ndcg-rw__bar--outside", outside);
    setText(column.tip,
      `Position ${row.position}: ${labels[i]}, ${gradeLabel(row.grade)}, gain ${row.gain}, ` +
      `discount 1/log2(${row.position + 1}) = ${row.weight}, discounted gain ${row.discounted}, ` +
      `cumulative DCG ${row.cumulative}${outside ? " (beyond k, not counted)" : ""}`);
  }

  const points = [];
  for (let i = 0; i < Math.min(n, idealRows.length); i += 1) {
    const cy = scale.cumulative > 0 ? top2 + h2 - (idealRows[i].cumulative / scale.cumulative) * h2 : top2 + h2;
    points.push(`${(x(i) + bar / 2).toFixed(2)},${cy.toFixed(2)}`);
  }
  chart.ideal.setAttribute("points", points.join(" "));

  const kx = CHART.left + cut * band;
  chart.kLine.setAttribute("x1", kx);
  chart.kLine.setAttribute("x2", kx);
  chart.kLine.style.display = cut < n ? "" : "none";
  chart.kText.setAttribute("x", Math.min(kx + 3, CHART.width - 40));
  chart.kText.textContent = cut < n ? `k = ${cut}` : "";
  chart.scaleLabels[0].textContent = gradeText(scale.gain);
  chart.scaleLabels[1].textContent = "1";
  chart.scaleLabels[2].textContent = fixed(scale.cumulative);

  if (chart.axisFor !== n) {
    chart.axisFor = n;
    chart.axis.replaceChildren();
    const every = Math.max(1, Math.ceil(n / 20));
    for (let i = 0; i < n; i += 1) {
      if (i % every !== 0 && i !== n - 1) continue;
      const t = s("text", { x: x(i) + bar / 2, y: top2 + h2 + 13, class: "ndcg-rw__tick", "text-anchor": "middle" });
      t.textContent = String(i + 1);
      chart.axis.append(t);
    }
  }
}

function setRect(rect, x, y, width, height) {
  setAttr(rect, "x", x.toFixed(2));
  setAttr(rect, "y", y.toFixed(2));
  setAttr(rect, "width", width.toFixed(2));
  setAttr(rect, "height", Math.max(height, 0).toFixed(2));
}

// ---------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------

function render({ model, el }) {
  views += 1;
  const uid = `ndcg-rw-${views}-${Math.random().toString(36).slice(2, 8)}`;
  const state = { items: null, unretrieved: null, gradeOf: new Map(), rows: new Map(), shown: null, previous: null, current: null, drag: null };

  // Controls
  const kSelect = h("select", { id: `${uid}-k`, "data-testid": "k" });
  const gainSelect = h("select", { id: `${uid}-gain`, "data-testid": "gain" }, [
    h("option", { value: "linear", text: "linear: gain = grade" }),
    h("option", { value: "exponential", text: "exponential: gain = 2^grade − 1" }),
  ]);
  const button = (testid, text, title) => h("button", { type: "button", class: "ndcg-rw__button", "data-testid": testid, text, title });
  const resetButton = button("reset", "Reset", "Back to the order the items were given in");
  const idealButton = button("ideal", "Ideal order", "Sort the retrieved items by grade, best first");
  const reverseButton = button("reverse", "Reverse", "Reverse the ranking");
  const shuffleButton = button("shuffle", "Shuffle", "Put the items in a random order");
  const controls = h("div", { class: "ndcg-rw__controls" }, [
    h("label", { for: `${uid}-k`, text: "Cutoff k" }), kSelect,
    h("label", { for: `${uid}-gain`, text: "Gain" }), gainSelect,
    h("span", { class: "ndcg-rw__buttons" }, [resetButton, idealButton, reverseButton, shuffleButton]),
  ]);

  // Readouts
  const readout = {};
  const names = {};
  // Plain elements rather than <dl>: notebook front ends style definition lists their own way.
  const readouts = h("div", { class: "ndcg-rw__readouts" });
  for (const key of ["cg", "dcg", "idcg", "ndcg"]) {
    names[key] = h("span", { class: "ndcg-rw__name", text: key.toUpperCase() });
    readout[key] = h("span", { "data-testid": key, class: "ndcg-rw__value" });
    readouts.append(h("div", { class: `ndcg-rw__readout ndcg-rw__readout--${key}` }, [names[key], readout[key]]));
  }
  const delta = h("span", { "data-testid": "delta", class: "ndcg-rw__value ndcg-rw__delta" });
  readouts.append(h("div", { class: "ndcg-rw__readout ndcg-rw__readout--delta" }, [h("span", { class: "ndcg-rw__name", text: "Last move" }), delta]));

  // Ranking and ideal, side by side
  const list = h("ol", { class: "ndcg-rw__list", "aria-labelledby": `${uid}-rank`, "aria-describedby": `${uid}-hint` });
  const ranking = h("div", { role: "group", class: "ndcg-rw__panel ndcg-rw__panel--ranking", "aria-labelledby": `${uid}-rank` }, [
    h("div", { class: "ndcg-rw__title", id: `${uid}-rank`, text: "Ranking" }),
    h("p", { class: "ndcg-rw__hint", id: `${uid}-hint`, text: "Drag an item, or focus it and press Alt+↑ or Alt+↓." }),
    h("div", { class: "ndcg-rw__scroll" }, [list]),
  ]);
  const idealList = h("ol", { class: "ndcg-rw__ideal", "aria-labelledby": `${uid}-ideal` });
  const unretrievedList = h("ul", { class: "ndcg-rw__unretrieved", "aria-labelledby": `${uid}-unretrieved` });
  const unretrievedTitle = h("div", { class: "ndcg-rw__title", id: `${uid}-unretrieved`, text: "Judged, not retrieved" });
  const idealPanel = h("div", { role: "group", class: "ndcg-rw__panel ndcg-rw__panel--ideal", "aria-labelledby": `${uid}-ideal` }, [
    h("div", { class: "ndcg-rw__title", id: `${uid}-ideal`, text: "Ideal order" }),
    h("p", { class: "ndcg-rw__hint", text: "Every judged item, best grade first; IDCG counts the top k." }),
    // Focusable, so a keyboard can scroll a long ideal list (its rows take no focus).
    h("div", { class: "ndcg-rw__scroll", role: "group", tabindex: "0", "aria-labelledby": `${uid}-ideal` }, [idealList]),
    unretrievedTitle, unretrievedList,
  ]);

  // Chart, with the same figures as a table for screen readers and exact reading
  const chart = createChart(uid);
  const table = h("table", { class: "ndcg-rw__table" });
  const details = h("details", { class: "ndcg-rw__details" }, [h("summary", { text: "Figures per position" }), table]);
  const chartPanel = h("div", { role: "group", class: "ndcg-rw__panel ndcg-rw__panel--chart", "aria-labelledby": `${uid}-chart` }, [
    h("div", { class: "ndcg-rw__title", id: `${uid}-chart`, text: "Per position" }),
    h("p", { class: "ndcg-rw__legend" }, [
      h("span", { class: "ndcg-rw__key ndcg-rw__key--gain", text: "gain" }),
      h("span", { class: "ndcg-rw__key ndcg-rw__key--discounted", text: "discounted gain" }),
      h("span", { class: "ndcg-rw__key ndcg-rw__key--weight", text: "discount" }),
      h("span", { class: "ndcg-rw__key ndcg-rw__key--cum", text: "cumulative DCG" }),
      h("span", { class: "ndcg-rw__key ndcg-rw__key--ideal", text: "ideal cumulative DCG" }),
    ]),
    chart.svg, details,
  ]);

  const live = h("div", { class: "ndcg-rw__sr", role: "status", "aria-live": "polite" });
  const root = h("div", { class: "ndcg-rw" }, [
    controls, readouts,
    h("div", { class: "ndcg-rw__main" }, [ranking, idealPanel]),
    chartPanel, live,
  ]);
  el.append(root);

  // ----- state -> DOM ---------------------------------------------------------------------

  function buildRow(label) {
    const up = h("button", { type: "button", class: "ndcg-rw__move", "data-move": "-1", "aria-label": `Move ${label} up`, text: "▲" });
    const down = h("button", { type: "button", class: "ndcg-rw__move", "data-move": "1", "aria-label": `Move ${label} down`, text: "▼" });
    const li = h("li", {
      class: "ndcg-rw__item", tabindex: "0", "data-testid": `item-${label}`,
      "aria-keyshortcuts": "Alt+ArrowUp Alt+ArrowDown",
    }, [
      h("span", { class: "ndcg-rw__handle", "aria-hidden": "true", text: "⠿" }),
      h("span", { class: "ndcg-rw__pos" }),
      h("span", { class: "ndcg-rw__label", text: label }),
      h("span", { class: "ndcg-rw__grade" }),
      h("span", { class: "ndcg-rw__dg" }),
      up, down,
    ]);
    li.ndcgLabel = label;
    return li;
  }

  function rebuild(items, unretrieved) {
    state.items = items;
    state.unretrieved = unretrieved;
    state.gradeOf = new Map(items.map((item) => [item.label, item.grade]));
    state.rows = new Map(items.map((item) => [item.label, buildRow(item.label)]));
    list.replaceChildren(...state.rows.values());
    state.shown = null;
    state.previous = null;
    unretrievedList.replaceChildren(...unretrieved.map((item) =>
      h("li", { class: "ndcg-rw__unretrieved-item" }, [
        h("span", { class: "ndcg-rw__label", text: item.label }),
        h("span", { class: "ndcg-rw__grade", text: gradeLabel(item.grade) }),
      ])));
    unretrievedTitle.hidden = unretrieved.length === 0;
    unretrievedList.hidden = unretrieved.length === 0;
    state.ideal = null;
  }

  function syncKOptions(k) {
    // A few cutoffs past the end too, to show that k beyond the list counts what is there.
    const top = Math.max(state.items.length + state.unretrieved.length, 10, k ?? 0);
    if (kSelect.options.length !== top + 1) {
      const options = [h("option", { value: "", text: "all" })];
      for (let i = 1; i <= top; i += 1) options.push(h("option", { value: String(i), text: String(i) }));
      kSelect.replaceChildren(...options);
    }
    kSelect.value = k === null || k === undefined ? "" : String(k);
  }

  function drawIdeal(k, gain) {
    const key = `${k}|${gain}`;
    if (state.ideal && state.ideal.key === key) return state.ideal;
    // The judged items, retrieved or not, in idealGrades' order (a stable sort by gain).
    const sorted = state.items.filter((item) => item.grade !== null).map((item) => ({ ...item, retrieved: true }))
      .concat(state.unretrieved.map((item) => ({ ...item, retrieved: false })))
      .sort((a, b) => gainOf(b.grade, gain) - gainOf(a.grade, gain));
    const cut = depth(sorted.length, k);
    idealList.replaceChildren(...sorted.map((item, i) => h("li", {
      class: `ndcg-rw__ideal-item${i === cut && cut < sorted.length ? " ndcg-rw__cut" : ""}${item.retrieved ? "" : " ndcg-rw__ideal-item--unretrieved"}`,
    }, [
      h("span", { class: "ndcg-rw__pos", text: String(i + 1) }),
      h("span", { class: "ndcg-rw__label", text: item.label }),
      h("span", { class: "ndcg-rw__grade", text: gradeLabel(item.grade) }),
      item.retrieved ? "" : h("span", { class: "ndcg-rw__tag", text: "not retrieved" }),
    ])));
    const grades = sorted.map((item) => item.grade);
    state.ideal = { key, rows: positions(grades, gain), grades };
    return state.ideal;
  }

  function gradesFor(order) {
    return order.map((label) => state.gradeOf.get(label));
  }

  function update() {
    const items = model.get("items");
    const unretrieved = model.get("unretrieved") ?? [];
    if (items !== state.items || unretrieved !== state.unretrieved) rebuild(items, unretrieved);
    const order = model.get("order");
    const k = model.get("k") ?? null;
    const gain = model.get("gain");
    const unjudged = model.get("unjudged") ?? "zero";
    // New items and their new order can arrive as two changes; draw once both are in.
    if (order.length !== state.items.length || !order.every((label) => state.gradeOf.has(label))) return;
    if (state.shown && order.join("\u0000") !== state.shown.join("\u0000")) state.previous = state.shown;
    state.shown = order.slice();

    const grades = gradesFor(order);
    const otherGrades = state.unretrieved.map((item) => item.grade);
    const now = metrics(grades, otherGrades, k, gain, unjudged);
    state.current = now;
    // The scored positions: with "condense" an unjudged item has none.
    const kept = order.filter((label, i) => unjudged !== "condense" || grades[i] !== null);
    const rows = positions(scored(grades, unjudged), gain);
    rows.forEach((row, i) => { row.grade = state.gradeOf.get(kept[i]); });
    const cut = depth(rows.length, k);

    // Ranked list: move only the rows that are out of place.
    let r = 0;
    for (let i = 0; i < order.length; i += 1) {
      const li = state.rows.get(order[i]);
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
      const row = kept[r] === order[i] ? rows[r++] : null;
      setText(li.children[1], String(i + 1));
      setText(li.children[3], gradeLabel(grades[i]));
      setText(li.children[4], row === null ? "dropped" : row.position <= cut ? `+${fixed(row.discounted)}` : "not counted");
      li.classList.toggle("ndcg-rw__cut", row !== null && row.position === cut + 1);
      li.classList.toggle("ndcg-rw__item--outside", row === null || row.position > cut);
      li.classList.toggle("ndcg-rw__item--unjudged", grades[i] === null);
      setAttr(li, "aria-label", `${order[i]}, ${gradeLabel(grades[i])}, position ${i + 1} of ${order.length}${row === null ? ", dropped from the scoring" : ""}`);
    }

    // Readouts: three decimals on screen, every digit in the title.
    const at = k === null ? "" : `@${k}`;
    for (const key of ["cg", "dcg", "idcg", "ndcg"]) {
      names[key].textContent = `${key.toUpperCase()}${at}`;
      readout[key].textContent = fixed(now[key]);
      readout[key].title = String(now[key]);
    }
    if (state.previous) {
      const before = metrics(gradesFor(state.previous), otherGrades, k, gain, unjudged);
      delta.textContent = `DCG ${signed(now.dcg - before.dcg)}, NDCG ${signed(now.ndcg - before.ndcg)}`;
      delta.title = `DCG ${now.dcg - before.dcg}, NDCG ${now.ndcg - before.ndcg}`;
    } else {
      delta.textContent = "none yet";
      delta.title = "";
    }

    syncKOptions(k);
    gainSelect.value = gain;
    const ideal = drawIdeal(k, gain);
    const gains = ideal.rows.map((row) => row.gain);
    const scale = {
      gain: gains.length ? Math.max(...gains) : 0,
      cumulative: Math.max(ideal.rows.length && rows.length ? ideal.rows[Math.min(rows.length, ideal.rows.length) - 1].cumulative : 0, rows.length ? rows[rows.length - 1].cumulative : 0),
    };
    drawChart(chart, rows, kept, ideal.rows, k, scale);
    chart.desc.textContent =
      `Bar chart over ${rows.length} positions of gain, discount, discounted gain and cumulative DCG; ` +
      `DCG${at} ${fixed(now.dcg)} against an ideal of ${fixed(now.idcg)}.`;
    if (details.open) drawTable(kept, rows, cut);
  }

  function drawTable(order, rows, cut) {
    const head = h("tr", {}, ["position", "item", "grade", "gain", "discount", "discounted gain", "cumulative DCG"].map((t) => h("th", { scope: "col", text: t })));
    table.replaceChildren(h("thead", {}, [head]), h("tbody", {}, rows.map((row, i) => h("tr", { class: i >= cut ? "ndcg-rw__item--outside" : "" }, [
      String(row.position), order[i], gradeText(row.grade), fixed(row.gain), fixed(row.weight), fixed(row.discounted), fixed(row.cumulative),
    ].map((t) => h("td", { text: t }))))));
  }

  // ----- user actions -> model ------------------------------------------------------------

  function announce(what) {
    const k = model.get("k") ?? null;
    const at = k === null ? "" : `@${k}`;
    const now = state.current;
    let change = "";
    if (state.previous) {
      const before = metrics(gradesFor(state.previous), state.unretrieved.map((p) => p.grade), k, model.get("gain"), model.get("unjudged") ?? "zero");
      change = ` (${signed(now.ndcg - before.ndcg)})`;
    }
    live.textContent = `${what} NDCG${at} is now ${fixed(now.ndcg)}${change}.`;
  }

  function commit(order, what) {
    model.set("order", order);
    model.save_changes();
    announce(what);
  }

  function move(from, to, focus) {
    const order = model.get("order").slice();
    if (to < 0 || to >= order.length || to === from) {
      live.textContent = `${order[from]} is already ${from === 0 ? "first" : "last"}.`;
      return;
    }
    const [label] = order.splice(from, 1);
    order.splice(to, 0, label);
    commit(order, `${label} moved from position ${from + 1} to ${to + 1}.`);
    const li = state.rows.get(label);
    (focus === "row" ? li : li.querySelector(`[data-move="${focus}"]`))?.focus();
  }

  const indexOf = (li) => model.get("order").indexOf(li.ndcgLabel);

  function onClick(event) {
    const mover = event.target.closest(".ndcg-rw__move");
    if (!mover) return;
    const li = mover.closest(".ndcg-rw__item");
    const from = indexOf(li);
    move(from, from + Number(mover.dataset.move), mover.dataset.move);
  }

  function onKey(event) {
    const li = event.target.closest(".ndcg-rw__item");
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
  }

  // Pointer drag (mouse, pen and touch). The row follows the pointer and the others slide
  // aside; the order is committed once, on release.
  function onPointerDown(event) {
    const li = event.target.closest(".ndcg-rw__item");
    if (!li || event.target.closest("button") || event.button !== 0) return;
    // Touch drags start on the handle only, so a finger elsewhere still scrolls the page.
    if (event.pointerType === "touch" && !event.target.closest(".ndcg-rw__handle")) return;
    const rows = Array.from(list.children);
    const rects = rows.map((row) => row.getBoundingClientRect());
    state.drag = {
      li, rows, from: rows.indexOf(li), to: rows.indexOf(li), startY: event.clientY, active: false,
      mids: rects.map((r) => (r.top + r.bottom) / 2),
      step: rows.length > 1 ? Math.abs(rects[Math.min(1, rows.length - 1)].top - rects[0].top) : rects[0].height,
      pointer: event.pointerId,
    };
    li.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event) {
    const drag = state.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    const dy = event.clientY - drag.startY;
    if (!drag.active && Math.abs(dy) < 4) return;
    if (!drag.active) {
      drag.active = true;
      drag.li.classList.add("ndcg-rw__item--dragging");
      root.classList.add("ndcg-rw--dragging");
    }
    event.preventDefault();
    drag.li.style.transform = `translateY(${dy}px)`;
    const centre = drag.mids[drag.from] + dy;
    let to = 0;
    drag.mids.forEach((mid, i) => { if (i !== drag.from && mid < centre) to += 1; });
    drag.to = to;
    drag.rows.forEach((row, i) => {
      if (row === drag.li) return;
      let shift = 0;
      if (drag.from < to && i > drag.from && i <= to) shift = -drag.step;
      if (to < drag.from && i >= to && i < drag.from) shift = drag.step;
      row.style.transform = shift ? `translateY(${shift}px)` : "";
    });
  }

  function endDrag(event, commitMove) {
    const drag = state.drag;
    if (!drag || (event && event.pointerId !== drag.pointer)) return;
    state.drag = null;
    // No transitions while the rows jump from their shifted places to their new slots.
    root.classList.add("ndcg-rw--settling");
    drag.rows.forEach((row) => { row.style.transform = ""; });
    drag.li.classList.remove("ndcg-rw__item--dragging");
    root.classList.remove("ndcg-rw--dragging");
    if (drag.active && commitMove && drag.to !== drag.from) move(drag.from, drag.to, "row");
    void list.offsetHeight;
    root.classList.remove("ndcg-rw--settling");
  }

  const onPointerUp = (event) => endDrag(event, true);
  const onPointerCancel = (event) => endDrag(event, false);

  list.addEventListener("click", onClick);
  list.addEventListener("keydown", onKey);
  list.addEventListener("pointerdown", onPointerDown);
  list.addEventListener("pointermove", onPointerMove);
  list.addEventListener("pointerup", onPointerUp);
  list.addEventListener("pointercancel", onPointerCancel);
  list.addEventListener("lostpointercapture", onPointerCancel);

  kSelect.addEventListener("change", () => {
    const k = kSelect.value === "" ? null : Number(kSelect.value);
    model.set("k", k);
    model.save_changes();
    announce(`Cutoff set to ${k === null ? "all positions" : k}.`);
  });
  gainSelect.addEventListener("change", () => {
    model.set("gain", gainSelect.value);
    model.save_changes();
    announce(`Gain set to ${gainSelect.value}.`);
  });
  resetButton.addEventListener("click", () => commit(state.items.map((item) => item.label), "Order reset."));
  idealButton.addEventListener("click", () => {
    const order = state.items.map((item, i) => [item, i]).sort((a, b) => (b[0].grade ?? -1) - (a[0].grade ?? -1) || a[1] - b[1]).map((p) => p[0].label);
    commit(order, "Items sorted by grade.");
  });
  reverseButton.addEventListener("click", () => commit(model.get("order").slice().reverse(), "Order reversed."));
  shuffleButton.addEventListener("click", () => commit(shuffled(model.get("order")), "Order shuffled."));
  details.addEventListener("toggle", () => { if (details.open) update(); });

  const events = ["change:items", "change:unretrieved", "change:order", "change:k", "change:gain", "change:unjudged"];
  for (const name of events) model.on(name, update);
  update();

  return () => {
    for (const name of events) model.off(name, update);
    root.remove();
  };
}

export default { render };
