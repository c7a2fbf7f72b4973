// The view of ndcg.widgets.RankingWidget: an anywidget front-end module with no imports;
// ndcg.widgets._assets puts the helpers of _shared.js in front of it.
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

/** Per-position figures for the chart: grade, gain, discount, discounted gain, running CG and DCG. */
export function positions(grades, gain = "linear", discount = "log2") {
  const rows = [];
  let running = 0;
  let total = 0;
  const log2 = isLog2(discount);
  for (let i = 0; i < grades.length; i += 1) {
    const g = gainOf(grades[i], gain);
    const w = weight(i + 1, discount);
    // The default divides by log2(i + 1), as the library does, so both agree to the last bit.
    const discounted = log2 ? g / log2Rank(i + 1) : g * w;
    running += discounted;
    total += grades[i];
    rows.push({
      position: i + 1, grade: grades[i], gain: g, weight: w,
      discounted, cumulative: running, cumulativeCg: total,
    });
  }
  return rows;
}

/**
 * The positions in the order that gives every measure its largest figure (direction +1)
 * or its smallest (-1): inside each block [start, end) of positions, grades sorted by
 * gain, so the largest gains meet the largest discounts (or the smallest do). An unjudged
 * grade sorts as 0, which is what it counts (or it is dropped, and then its place does not
 * matter). Ties keep their order.
 */
export function extremeOrder(grades, blocks, direction, gain = "linear") {
  const out = [];
  for (const [start, end] of blocks) {
    const block = [];
    for (let i = start; i < end; i += 1) block.push(i);
    block.sort((a, b) => direction * (gainOf(grades[b] ?? 0, gain) - gainOf(grades[a] ?? 0, gain)) || a - b);
    out.push(...block);
  }
  return out;
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

function isLog2(discount) {
  return discount === "log2" || (Array.isArray(discount) && discount[0] === "log2");
}

/** The discounted sum of values in rank order, 1..k: division by log2(i + 1) for the default. */
function discountedSum(values, k, discount) {
  const log2 = isLog2(discount);
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

/** Every metric of the family at once (RBP with persistence p, and its residual). */
export function family(grades, unretrieved = [], k = null, options = {}) {
  const { cg, dcg, idcg, ...metrics } = figures(grades, unretrieved, k, options);
  const { unjudged = "zero", p = 0.8 } = options;
  return { ...metrics, rbpResidual: rbpResidual(grades, p, k, unjudged) };
}

/** DCG under any discount (log2: the same sum as dcg). */
export function dcgDiscounted(grades, k = null, gain = "linear", unjudged = "zero", discount = "log2") {
  return discountedSum(scored(grades, unjudged).map((g) => gainOf(g, gain)), k, discount);
}

/**
 * Every readout the widget can show, under one set of settings: CG, DCG, IDCG and NDCG
 * (with the discount), the family (P@k as "precision", R@k as "recall", AP, RR, ERR,
 * RBP) and binary NDCG, as RankingWidget.metrics computes them with the library.
 */
export function figures(grades, unretrieved = [], k = null, { gain = "linear", unjudged = "zero", discount = "log2", threshold = 1, maxGrade = 3, p = 0.8 } = {}) {
  const d = dcgDiscounted(grades, k, gain, unjudged, discount);
  const i = dcgDiscounted(idealGrades(grades, unretrieved, k, gain), k, gain, "zero", discount);
  // Binary NDCG: every grade at or above the threshold counts 1, the rest 0 (unjudged stays
  // unjudged), as PySpark's RankingMetrics scores a list given without its grades.
  const binary = (g) => (g === null ? null : relevant(g, threshold));
  const bd = dcgDiscounted(grades.map(binary), k, "linear", unjudged, discount);
  const bi = dcgDiscounted(idealGrades(grades.map(binary), unretrieved.map(binary), k, "linear"), k, "linear", "zero", discount);
  return {
    cg: cg(grades, k, unjudged),
    dcg: d,
    idcg: i,
    ndcg: i > 0 ? d / i : 0,
    precision: precision(grades, k, threshold, unjudged),
    recall: recall(grades, unretrieved, k, threshold, unjudged),
    ap: averagePrecision(grades, unretrieved, k, threshold, unjudged),
    rr: reciprocalRank(grades, k, threshold, unjudged),
    err: err(grades, maxGrade, k, unjudged),
    rbp: rbp(grades, p, k, threshold, unjudged),
    binary_ndcg: bi > 0 ? bd / bi : 0,
  };
}

// ---------------------------------------------------------------------------------------
// Goals (named exports, checked against the widget's Python side). A goal is a plain
// object as ndcg/widgets/_goals.py checks it: kind, metric, value, same, other, other_k, k, gain,
// discount, swaps. A new kind adds its verdict to goalStatus and its words to goalText
// and statusText below.
// ---------------------------------------------------------------------------------------

/** Relative slack within which two figures count as equal (rounding, not a real change). */
export const GOAL_TOLERANCE = 1e-9;

export function near(a, b) {
  return Math.abs(a - b) <= GOAL_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The blocks of positions items may move within: runs of equal scores, or the whole list. */
export function blocksOf(scores, n) {
  if (!scores) return [[0, n]];
  const runs = [];
  let start = 0;
  for (let i = 1; i <= n; i += 1) {
    if (i === n || scores[i] !== scores[start]) {
      runs.push([start, i]);
      start = i;
    }
  }
  return runs;
}

// swapDistance (the fewest swaps from one order to another) is in _shared.js: the swap
// widget's goals count swaps too.
export { swapDistance };

function* candidates(start, blocks, swaps, direction, gain, threshold = null) {
  if (swaps === null || swaps === undefined) {
    let order = extremeOrder(start, blocks, direction, gain);
    if (threshold !== null && direction < 0) order = worstRelevantFirst(start, order, blocks, threshold);
    yield order.map((i) => start[i]);
    return;
  }
  yield start.slice();
  for (const [lo, hi] of blocks) {
    for (let i = lo; i < hi; i += 1) {
      for (let j = i + 1; j < hi; j += 1) {
        const swapped = start.slice();
        [swapped[i], swapped[j]] = [swapped[j], swapped[i]];
        yield swapped;
      }
    }
  }
}

/**
 * Where a goal stands (as _goals.status in Python): the figure now and at the start, the
 * best or worst figure the allowed orders reach (limit), whether the goal is reached, and
 * whether its threshold is out of reach. `now` and `start` are grades in the current and
 * starting order; `missing` lists the unretrieved items an NDCG limit below 1 is owed to.
 */
export function goalStatus(goal, { now, start, unretrieved, unjudged, blocks, distance, missing, limit: known = null, family: settings = {} }) {
  // The goal's own cutoff, gain and discount; the widget's threshold, max grade and p.
  const options = { ...settings, gain: goal.gain, unjudged, discount: goal.discount ?? "log2" };
  const figure = (metric, grades, k = goal.k) => figures(grades, unretrieved, k, options)[metric];
  const value = figure(goal.metric, now);
  const begin = figure(goal.metric, start);
  const inReach = goal.swaps === null || goal.swaps === undefined || distance <= goal.swaps;
  const status = {
    reached: false, value, start: begin, limit: null, outOfReach: false, distance,
    sameValue: null, sameStart: null, missing: [],
    broken: Boolean(goal.relevant_first) && !relevantFirst(now, settings.threshold ?? 1),
  };
  if (goal.kind === "falls_while_same") {
    status.sameValue = figure(goal.same, now);
    status.sameStart = figure(goal.same, start);
    status.reached = inReach && value < begin && !near(value, begin) && near(status.sameValue, status.sameStart);
    return status;
  }
  if (goal.kind === "rises_while_falls") {
    const otherK = goal.other_k === undefined ? goal.k : goal.other_k;
    status.sameValue = figure(goal.other, now, otherK);
    status.sameStart = figure(goal.other, start, otherK);
    const rose = value > begin && !near(value, begin);
    const fell = status.sameValue < status.sameStart && !near(status.sameValue, status.sameStart);
    status.reached = inReach && rose && fell;
    return status;
  }
  const up = goal.kind === "at_least" || goal.kind === "best";
  let limit = known;
  if (limit === null) {
    // The limit depends on the starting order only, so a view computes it once (known).
    limit = up ? -Infinity : Infinity;
    const rule = goal.relevant_first ? settings.threshold ?? 1 : null;
    for (const grades of candidates(start, blocks, goal.swaps, up ? 1 : -1, goal.gain, rule)) {
      const f = figure(goal.metric, grades);
      limit = up ? Math.max(limit, f) : Math.min(limit, f);
    }
  }
  status.limit = limit;
  let meets;
  if (goal.kind === "best") meets = value >= limit || near(value, limit);
  else if (goal.kind === "worst") meets = value <= limit || near(value, limit);
  else if (goal.kind === "at_least") {
    meets = value >= goal.value || near(value, goal.value);
    status.outOfReach = limit < goal.value && !near(limit, goal.value);
  } else {
    meets = value < goal.value && !near(value, goal.value);
    status.outOfReach = limit > goal.value || near(limit, goal.value);
  }
  status.reached = inReach && meets && !status.broken;
  if (goal.metric === "ndcg" && up && limit < 1 && !near(limit, 1)) status.missing = missing.slice();
  return status;
}

// ---------------------------------------------------------------------------------------
// Words. What the widget can read out; a new measure adds an entry here and its figure to
// `metrics` above. Every sentence on screen or spoken is built here.
// ---------------------------------------------------------------------------------------

const READOUTS = {
  cg: { name: "CG", words: "cumulative gain" },
  dcg: { name: "DCG", words: "discounted cumulative gain" },
  idcg: { name: "IDCG", words: "ideal DCG", fixedByOrder: true },
  ndcg: { name: "NDCG", words: "normalized DCG", noCutoff: true },
  precision: { name: "P", words: "precision: the share of relevant items in the top k" },
  recall: { name: "R", words: "recall: the share of every relevant judged item found in the top k" },
  ap: { name: "AP", words: "average precision" },
  rr: { name: "RR", words: "reciprocal rank of the first relevant item" },
  err: { name: "ERR", words: "expected reciprocal rank" },
  rbp: { name: "RBP", words: "rank-biased precision" },
  binary_ndcg: { name: "binary NDCG", words: "NDCG with each grade at or above the relevance threshold counted 1 and the others 0", noCutoff: true },
};
/** The readouts that depend on the gain (they come with a gain selector and the DCG chart). */
const GAINED = ["dcg", "idcg", "ndcg"];

/** A discount in words, for the selector and the goals: "1/log2(i+1)", "0.8^(i−1)", ... */
export function discountText(discount) {
  const [kind, param] = Array.isArray(discount) ? discount : [discount, null];
  if (kind === "log2") return "1/log2(i+1)";
  if (kind === "reciprocal") return "1/i";
  if (kind === "geometric") return `${numberText(param)}^(i−1)`;
  if (kind === "log") return `1/log${numberText(param)}(i) from rank ${numberText(param)}`;
  throw new Error(`discount must be one of ${DISCOUNTS.join(", ")}, got ${kind}`);
}
const sameDiscount = (a, b) => JSON.stringify(a ?? "log2") === JSON.stringify(b ?? "log2");

/**
 * Three decimals, rounded as Python's format(x, ".3f") rounds them, so that a figure on
 * screen reads as the same figure glued into the prose: toFixed rounds an exact tie
 * (0.0625) up, Python to the even digit (0.062).
 */
export function fixed(x) {
  const text = x.toFixed(3);
  const tie = /^(\d+)\.(\d\d(\d))50*$/.exec(Math.abs(x).toFixed(100));
  return tie && Number(tie[3]) % 2 === 0 ? `${x < 0 ? "-" : ""}${tie[1]}.${tie[2]}` : text;
}
const gradeText = (g) => (g === null ? "unjudged" : Number.isInteger(g) ? String(g) : String(Number(g.toFixed(3))));
const gradeLabel = (g) => (g === null ? "unjudged" : `grade ${gradeText(g)}`);
const numberText = (x) => String(Number(x.toFixed(6)));
const at = (k) => (k === null || k === undefined ? "" : `@${k}`);
// Every figure names its cutoff, k = 6 as NDCG@6; every NDCG names the whole list too, as
// "NDCG (no cutoff)", since an NDCG without a cutoff reads as a figure at some unsaid k.
const nameOf = (key, k) => `${READOUTS[key].name}${READOUTS[key].noCutoff && (k === null || k === undefined) ? " (no cutoff)" : at(k)}`;

function listText(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** A change on screen: +0.208, −0.208, "<0.001" for a real change too small to show. */
function signed(x) {
  const sign = x > 0 ? "+" : "−";
  if (Math.abs(x) < 0.0005) return `${sign}<0.001`;
  return sign + Math.abs(x).toFixed(3);
}

function goalText(goal) {
  if (goal.text) return goal.text;
  const m = nameOf(goal.metric, goal.k);
  const oneSwap = goal.swaps === 1;
  switch (goal.kind) {
    case "at_least":
      return `Reach ${m} ≥ ${numberText(goal.value)}${oneSwap ? " with a single swap from the starting order" : ""}.`;
    case "below":
      return `Get ${m} below ${numberText(goal.value)}${oneSwap ? " with a single swap from the starting order" : ""}.`;
    case "best":
      return oneSwap ? `Find the single swap that raises ${m} the most.` : `Find an order with the largest ${m}.`;
    case "worst":
      return oneSwap ? `Find the single swap that lowers ${m} the most.` : `Find an order with the smallest ${m}.`;
    case "rises_while_falls":
      return `Make ${m} rise while ${nameOf(goal.other, goal.other_k === undefined ? goal.k : goal.other_k)} falls.`;
    default:
      return `Make ${m} fall while ${nameOf(goal.same, goal.k)} stays the same.`;
  }
}

/** Why the best NDCG falls short of 1, when it does. */
function shortfall(goal, status, tied) {
  if (status.missing.length) {
    // Worded for chapter 1's reader, who has not met the ideal ranking yet.
    const were = status.missing.length > 1 ? "were" : "was";
    return `, not 1: the best possible list also holds ${listText(status.missing)}, which ${were} never retrieved`;
  }
  if (goal.metric === "ndcg" && tied && status.limit < 1 && !near(status.limit, 1)) {
    return ", not 1: items move only within their tie groups";
  }
  return "";
}

function statusText(goal, status, tied) {
  const m = nameOf(goal.metric, goal.k);
  const v = fixed(status.value);
  const which = goal.swaps === 1 ? "any single swap" : goal.relevant_first ? "any order that keeps the rule" : "any order";
  if (status.broken) return `Not yet: the order breaks the rule, an item that is not relevant sits above a relevant one (${m} is ${v}).`;
  if (goal.kind === "falls_while_same") {
    const s = nameOf(goal.same, goal.k);
    if (status.reached) return `Reached: ${m} fell from ${fixed(status.start)} to ${v} while ${s} stayed ${fixed(status.sameValue)}.`;
    return `Not yet: ${m} is ${v} (it started at ${fixed(status.start)}); ${s} is ${fixed(status.sameValue)} (it started at ${fixed(status.sameStart)}).`;
  }
  if (goal.kind === "rises_while_falls") {
    const o = nameOf(goal.other, goal.other_k === undefined ? goal.k : goal.other_k);
    if (status.reached) return `Reached: ${m} rose from ${fixed(status.start)} to ${v} while ${o} fell from ${fixed(status.sameStart)} to ${fixed(status.sameValue)}.`;
    return `Not yet: ${m} is ${v} (it started at ${fixed(status.start)}); ${o} is ${fixed(status.sameValue)} (it started at ${fixed(status.sameStart)}).`;
  }
  const limit = fixed(status.limit);
  // A threshold's verdict prints the digits that show which side of it the figure is on.
  const side = goal.kind === "at_least" || goal.kind === "below";
  const sided = side ? thresholdFigure(status.value, goal.value, numberText(goal.value)) : v;
  const swapsNote = goal.swaps === 1 && status.distance > 1
    ? ` The order is ${status.distance} swaps from the start: press Reset and make one swap.` : "";
  if (status.reached) {
    switch (goal.kind) {
      case "at_least":
        return `Reached: ${m} is ${sideOf(status.value, goal.value).text}, at least ${numberText(goal.value)}. The best ${which} reaches is ${limit}${shortfall(goal, status, tied)}.`;
      case "below":
        return `Reached: ${m} is ${sideOf(status.value, goal.value).text}, below ${numberText(goal.value)}. The lowest ${which} reaches is ${limit}.`;
      case "best":
        return `Reached: ${v} is the largest ${m} ${which} reaches${shortfall(goal, status, tied)}.`;
      default:
        return `Reached: ${v} is the smallest ${m} ${which} reaches.`;
    }
  }
  if (status.outOfReach && near(status.value, status.limit)) {
    const bound = goal.kind === "at_least" ? "best" : "lowest";
    return `Out of reach: ${sideOf(status.limit, goal.value).text} is the ${bound} ${m} ${which} reaches${shortfall(goal, status, tied)}.`;
  }
  return `Not yet: ${m} is ${sided}.${swapsNote}`;
}

/** Every text a goal's status can show, with the widest figures: they size its box. */
function statusSizers(goal, status, tied) {
  const widest = [status.value, status.start, status.limit ?? 0, status.sameValue ?? 0, status.sameStart ?? 0]
    .reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  const wide = { ...status, value: widest, start: widest, sameValue: widest, sameStart: widest, limit: status.limit === null ? null : widest };
  const texts = [];
  for (const reached of [false, true]) {
    for (const distance of [0, 99]) {
      texts.push(statusText(goal, { ...wide, reached, distance, outOfReach: false, broken: false }, tied));
    }
  }
  if (status.limit !== null) texts.push(statusText(goal, { ...wide, reached: false, outOfReach: true, broken: false }, tied));
  if (goal.kind === "at_least" || goal.kind === "below") {
    texts.push(statusText(goal, { ...wide, value: closeToThreshold(goal.value), reached: false, distance: 99, outOfReach: false, broken: false }, tied));
  }
  if (goal.relevant_first) texts.push(statusText(goal, { ...wide, broken: true }, tied));
  return texts;
}

// ---------------------------------------------------------------------------------------
// DOM helpers, beside `h`, `setText`, `isTouch` and `follow` of _shared.js. Text from the
// model only ever goes through textContent or setAttribute.
// ---------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

function setAttr(node, name, value) {
  const key = `ndcg:${name}`;
  if (node[key] !== value) {
    node.setAttribute(name, value);
    node[key] = value;
  }
}

/**
 * A text whose box never resizes as the text changes: the shown text and hidden copies of
 * the longest texts it can take share one grid cell, so the box is as large as the largest.
 */
function stack(attrs) {
  const shown = h("span", { class: "ndcg-rw__stack-shown" });
  const sizers = h("span", { class: "ndcg-rw__stack-sizers", "aria-hidden": "true" });
  const box = h("span", { ...attrs, class: `ndcg-rw__stack ${attrs.class ?? ""}` }, [shown, sizers]);
  box.show = (text, sizing) => {
    setText(shown, text);
    const key = sizing.join("\u0000");
    if (sizers.ndcgKey !== key) {
      sizers.ndcgKey = key;
      sizers.replaceChildren(...sizing.map((t) => h("span", { text: t })));
    }
  };
  return box;
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
// The chart: one inline SVG, one band per series (an overlay shares its band), sharing
// the position axis.
// ---------------------------------------------------------------------------------------

const BANDS = [
  { key: "grade", title: "grade", height: 80, value: (r) => r.grade, scale: "grade", css: "gain", fades: true },
  { key: "gain", title: "gain", height: 96, value: (r) => r.gain, scale: "gain", css: "gain", overlay: "discounted_gain" },
  { key: "discounted_gain", title: "discounted gain", height: 96, value: (r) => r.discounted, scale: "gain", css: "discounted", fades: true },
  { key: "discount", title: "discount", height: 44, value: (r) => r.weight, scale: "one", css: "weight" },
  { key: "cumulative_cg", title: "cumulative CG", height: 96, value: (r) => r.cumulativeCg, scale: "cumulativeCg", css: "cum", fades: true },
  { key: "cumulative_dcg", title: "cumulative DCG", height: 96, value: (r) => r.cumulative, scale: "cumulative", css: "cum", line: "ideal_cumulative_dcg", fades: true },
];
const LEGEND = {
  grade: ["gain", "grade"], gain: ["gain", "gain"], discounted_gain: ["discounted", "discounted gain"],
  discount: ["weight", "discount"], cumulative_cg: ["cum", "cumulative CG"],
  cumulative_dcg: ["cum", "cumulative DCG"], ideal_cumulative_dcg: ["ideal", "ideal cumulative DCG"],
};
const CHART = { width: 640, left: 100, right: 10, top: 20, gap: 14, axis: 18 };

function chartBands(series) {
  return BANDS.filter((band) => series.includes(band.key) && !(band.key === "discounted_gain" && series.includes("gain")))
    .map((band) => ({
      ...band,
      overlay: band.overlay && series.includes(band.overlay) ? band.overlay : null,
      line: band.line && series.includes(band.line) ? band.line : null,
    }));
}

function createChart(uid, series) {
  const bands = chartBands(series);
  let y = CHART.top;
  for (const band of bands) {
    band.top = y;
    y += band.height + CHART.gap;
  }
  const height = y - CHART.gap + CHART.axis;
  const svg = s("svg", { class: "ndcg-rw__svg", viewBox: `0 0 ${CHART.width} ${height}`, role: "img", "aria-labelledby": `${uid}-chart-desc` });
  const desc = s("title", { id: `${uid}-chart-desc` });
  svg.append(desc);
  for (const band of bands) {
    const label = s("text", { x: 4, y: band.top + 12, class: "ndcg-rw__axis-label" });
    label.textContent = band.title;
    band.tick = s("text", { x: CHART.left - 4, y: band.top + 26, class: "ndcg-rw__tick", "text-anchor": "end" });
    svg.append(label, band.tick, s("line", {
      x1: CHART.left, x2: CHART.width - CHART.right, y1: band.top + band.height, y2: band.top + band.height, class: "ndcg-rw__baseline",
    }));
  }
  const bars = s("g");
  const kLine = s("line", { class: "ndcg-rw__kline", y1: CHART.top - 18, y2: y - CHART.gap + 2 });
  const kText = s("text", { class: "ndcg-rw__tick", y: CHART.top - 8, "text-anchor": "start" });
  const ideal = s("polyline", { class: "ndcg-rw__ideal-line" });
  const axis = s("g");
  svg.append(bars, ideal, kLine, kText, axis);
  const axisY = y - CHART.gap + 13;
  return { svg, desc, bands, bars, ideal, kLine, kText, axis, axisY, columns: [], axisFor: -1 };
}

/** The weight of one position as a formula: 1/log2(4), 1/3, 0.8^2, ... */
function weightFormula(discount, position) {
  const [kind, param] = Array.isArray(discount) ? discount : [discount, null];
  if (kind === "reciprocal") return `1/${position}`;
  if (kind === "geometric") return `${numberText(param)}^${position - 1}`;
  if (kind === "log") return `1/max(1, log${numberText(param)}(${position}))`;
  return `1/log2(${position + 1})`;
}

function tipText(row, label, bands, outside, discount = "log2") {
  const parts = [`Position ${row.position}: ${label}, ${gradeLabel(row.grade)}`];
  const has = (key) => bands.some((b) => b.key === key || b.overlay === key);
  if (has("gain")) parts.push(`gain ${row.gain}`);
  if (has("discount")) parts.push(`discount ${weightFormula(discount, row.position)} = ${row.weight}`);
  if (has("discounted_gain")) parts.push(`discounted gain ${row.discounted}`);
  if (has("cumulative_cg")) parts.push(`cumulative CG ${row.cumulativeCg}`);
  if (has("cumulative_dcg")) parts.push(`cumulative DCG ${row.cumulative}`);
  return parts.join(", ") + (outside ? " (beyond k, not counted)" : "");
}

function drawChart(chart, rows, labels, idealRows, k, scale, discount = "log2") {
  const n = rows.length;
  const plot = CHART.width - CHART.left - CHART.right;
  const band = plot / Math.max(n, 1);
  const bar = Math.max(band * 0.72, 0.5);
  const x = (i) => CHART.left + i * band + (band - bar) / 2;
  const bottom = chart.bands.length ? chart.bands[chart.bands.length - 1] : { top: CHART.top, height: 0 };

  // Columns are created once per item count and then only moved, which keeps a move cheap.
  while (chart.columns.length < n) {
    const column = { hit: s("rect", { class: "ndcg-rw__hit" }), tip: s("title"), bars: [], overlays: [] };
    column.hit.append(column.tip);
    for (const b of chart.bands) {
      const main = s("rect", { class: `ndcg-rw__bar--${b.css}` });
      const over = b.overlay ? s("rect", { class: "ndcg-rw__bar--discounted" }) : null;
      column.bars.push(main);
      column.overlays.push(over);
      chart.bars.append(main);
      if (over) chart.bars.append(over);
    }
    chart.bars.append(column.hit);
    chart.columns.push(column);
  }
  while (chart.columns.length > n) {
    const column = chart.columns.pop();
    for (const part of [column.hit, ...column.bars, ...column.overlays]) part?.remove();
  }

  const cut = depth(n, k);
  const heightOf = (value, band) => (scale[band.scale] > 0 ? (value / scale[band.scale]) * band.height : 0);
  for (let i = 0; i < n; i += 1) {
    const row = rows[i];
    const column = chart.columns[i];
    const left = x(i);
    const outside = i >= cut;
    chart.bands.forEach((b, j) => {
      const hMain = heightOf(b.value(row) ?? 0, b);
      setRect(column.bars[j], left, b.top + b.height - hMain, bar, hMain);
      column.bars[j].classList.toggle("ndcg-rw__bar--outside", outside && Boolean(b.fades));
      if (column.overlays[j]) {
        const hOver = heightOf(row.discounted, b);
        setRect(column.overlays[j], left + bar * 0.2, b.top + b.height - hOver, bar * 0.6, hOver);
        column.overlays[j].classList.toggle("ndcg-rw__bar--outside", outside);
      }
    });
    setRect(column.hit, CHART.left + i * band, CHART.top, band, bottom.top + bottom.height - CHART.top);
    setText(column.tip, tipText(row, labels[i], chart.bands, outside, discount));
  }

  const lineBand = chart.bands.find((b) => b.line);
  const points = [];
  if (lineBand) {
    for (let i = 0; i < Math.min(n, idealRows.length); i += 1) {
      const cy = lineBand.top + lineBand.height - heightOf(idealRows[i].cumulative, lineBand);
      points.push(`${(x(i) + bar / 2).toFixed(2)},${cy.toFixed(2)}`);
    }
  }
  chart.ideal.setAttribute("points", points.join(" "));

  const kx = CHART.left + cut * band;
  chart.kLine.setAttribute("x1", kx);
  chart.kLine.setAttribute("x2", kx);
  chart.kLine.style.display = cut < n ? "" : "none";
  chart.kText.setAttribute("x", Math.min(kx + 3, CHART.width - 40));
  chart.kText.textContent = cut < n ? `k = ${cut}` : "";
  for (const b of chart.bands) b.tick.textContent = b.scale === "one" ? "1" : b.scale === "cumulativeCg" ? fixed(scale[b.scale]) : gradeText(scale[b.scale]);

  if (chart.axisFor !== n) {
    chart.axisFor = n;
    chart.axis.replaceChildren();
    const every = Math.max(1, Math.ceil(n / 20));
    for (let i = 0; i < n; i += 1) {
      if (i % every !== 0 && i !== n - 1) continue;
      const t = s("text", { x: x(i) + bar / 2, y: chart.axisY, class: "ndcg-rw__tick", "text-anchor": "middle" });
      t.textContent = String(i + 1);
      chart.axis.append(t);
    }
  }
}

/** The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten that is >= x. */
function roundUp(x) {
  if (!(x > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(x));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((s) => s * power >= x * (1 - 1e-12));
  return Number((step * power).toPrecision(12));
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

const ALL_READOUTS = Object.keys(READOUTS);
const FULL_SERIES = ["gain", "discounted_gain", "discount", "cumulative_dcg", "ideal_cumulative_dcg"];

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function render({ model, el }) {
  views += 1;
  const uid = `ndcg-rw-${views}-${Math.random().toString(36).slice(2, 8)}`;
  const touch = isTouch();
  // JupyterLab's notebook shortcuts (arrows, Space, Enter) would act on the cells too: the
  // attribute keeps them off keys pressed inside the widget.
  const root = h("div", { class: `ndcg-widget ndcg-rw${touch ? " ndcg-rw--touch" : ""}`, "data-lm-suppress-shortcuts": "true" });
  el.append(root);

  // What the screen was built for, and what it shows.
  const state = {
    built: null, items: null, unretrieved: null, gradeOf: new Map(), rows: new Map(),
    start: [], blocks: [[0, 0]], blockOf: new Map(), ideal: null,
    shown: null, pending: null, picked: null, reached: [], drag: null, roving: null, best: null,
  };
  let ui = null;

  const get = {
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
    // The settings of the family's readouts: relevance threshold, ERR's top grade, RBP's p.
    family: () => ({ threshold: model.get("threshold") ?? 1, maxGrade: model.get("max_grade") ?? 3, p: model.get("p") ?? 0.8 }),
  };

  function structureKey() {
    return JSON.stringify([get.readouts(), get.series(), get.goals(), get.scores(), model.get("score_name"), get.tied(), model.get("note"), get.discounts(), get.family()]);
  }

  // ----- building the screen ------------------------------------------------------------

  /** Where the reader may switch discounts, a goal says which one it is measured with. */
  function goalDiscount(goal) {
    const measuresDcg = [goal.metric, goal.same, goal.other].some((key) => GAINED.includes(key));
    return get.discounts().length && measuresDcg ? ` (Measured with the discount ${discountText(goal.discount ?? "log2")}.)` : "";
  }

  function build() {
    const items = model.get("items");
    const unretrieved = model.get("unretrieved") ?? [];
    const readouts = get.readouts();
    const scores = get.scores();
    const hasScores = items.every((item) => item.label in scores);
    const tied = get.tied() && hasScores;
    const scoreName = model.get("score_name") || "score";
    const showsIdeal = readouts.includes("idcg") || readouts.includes("ndcg");
    // The gain and each row's discounted gain appear where the chapter has taught DCG: a
    // DCG or IDCG readout, or gains on the chart (NDCG alone, as chapter 1 previews it, not).
    const series = get.series();
    const showsGain = readouts.includes("dcg") || readouts.includes("idcg") || series.includes("gain") || series.includes("discounted_gain");
    const goals = get.goals();
    const discounts = get.discounts();

    state.items = items;
    state.unretrieved = unretrieved;
    state.gradeOf = new Map(items.map((item) => [item.label, item.grade]));
    state.start = items.map((item) => item.label);
    state.blocks = blocksOf(tied ? state.start.map((label) => scores[label]) : null, items.length);
    state.blockOf = new Map();
    for (const block of state.blocks) for (let i = block[0]; i < block[1]; i += 1) state.blockOf.set(state.start[i], block);
    state.shown = null;
    state.picked = null;
    state.ideal = null;
    state.best = null;
    state.roving = null;
    state.reached = goals.map(() => false);

    // Tie groups: equal scores shared by more than one item, numbered in score order.
    const counts = new Map();
    if (hasScores) for (const item of items) counts.set(scores[item.label], (counts.get(scores[item.label]) ?? 0) + 1);
    const groupOf = new Map();
    [...counts.entries()].filter(([, n]) => n > 1).map(([score]) => score).sort((a, b) => b - a)
      .forEach((score, i) => groupOf.set(score, i));

    // Goals
    let goalRows = [];
    let goalsBox = "";
    if (goals.length) {
      goalRows = goals.map((goal, i) => {
        const status = stack({ class: "ndcg-rw__goal-status", "data-testid": `goal-status-${i}` });
        const mark = h("span", { class: "ndcg-rw__goal-mark", "aria-hidden": "true" });
        const row = h("li", { class: "ndcg-rw__goal", "data-testid": `goal-${i}`, "data-reached": "false" }, [
          mark, h("span", { class: "ndcg-rw__goal-body" }, [h("span", { class: "ndcg-rw__goal-text", text: goalText(goal) + goalDiscount(goal) + ruleText(goal, get.family().threshold) }), status]),
        ]);
        return { row, mark, status, goal };
      });
      goalsBox = h("div", { class: "ndcg-rw__goals", role: "group", "aria-labelledby": `${uid}-goals` }, [
        h("div", { class: "ndcg-rw__title", id: `${uid}-goals`, text: goals.length > 1 ? "Goals" : "Goal" }),
        h("ul", { class: "ndcg-rw__goal-list" }, goalRows.map((g) => g.row)),
      ]);
    }

    // Readouts, and the change the last action made
    const readout = {};
    const readoutsBox = h("div", { class: "ndcg-widget__readouts ndcg-rw__readouts" });
    for (const key of readouts) {
      const name = h("span", { class: "ndcg-rw__name" });
      const value = h("span", { "data-testid": key, class: "ndcg-rw__value" });
      readout[key] = { name, value };
      readoutsBox.append(h("div", { class: `ndcg-rw__readout ndcg-rw__readout--${key}`, title: READOUTS[key].words }, [name, value]));
    }
    const change = stack({ class: "ndcg-rw__value ndcg-rw__delta", "data-testid": "delta" });
    readoutsBox.append(h("div", { class: "ndcg-rw__readout ndcg-rw__readout--delta" }, [h("span", { class: "ndcg-rw__name", text: "Last change" }), change]));

    // The ranking
    const hintText = touch
      ? "Drag an item by its ⠿ handle, or tap ▲ or ▼ to move it. To swap two items, tap ⇄ on each."
      : "Drag an item, or use ▲ ▼ to move it and ⇄ on two items to swap them. Keys: ↑ and ↓ go through the items, Alt+↑ and Alt+↓ move one, Space picks two to swap.";
    const tieText = !groupOf.size ? "" : `Items in a shaded band share one ${scoreName}: they form a tie group.${tied ? " Items move only within their tie group." : ""}`;
    const list = h("ol", { class: "ndcg-rw__list", "aria-labelledby": `${uid}-rank`, "aria-describedby": `${uid}-hint` });
    const ranking = h("div", { role: "group", class: "ndcg-rw__panel ndcg-rw__panel--ranking", "aria-labelledby": `${uid}-rank` }, [
      h("div", { class: "ndcg-rw__title", id: `${uid}-rank`, text: "Ranking" }),
      h("p", { class: "ndcg-rw__hint", id: `${uid}-hint`, text: `${hintText}${tieText ? ` ${tieText}` : ""}` }),
      list,
    ]);

    // Every judged item: the ideal order once the chapter has taught it
    const idealList = h("ol", { class: "ndcg-rw__ideal", "aria-labelledby": `${uid}-ideal` });
    const judged = h("div", { role: "group", class: "ndcg-rw__panel ndcg-rw__panel--ideal", "aria-labelledby": `${uid}-ideal` }, [
      h("div", { class: "ndcg-rw__title", id: `${uid}-ideal`, text: "Every judged item" }),
      h("p", { class: "ndcg-rw__hint", text: showsIdeal
        ? `Best grade first, retrieved or not: the ideal order. ${readouts.includes("idcg") ? "IDCG counts its top k." : "NDCG measures the ranking against it."}`
        : "Best grade first, retrieved or not. A reordering cannot bring in an item that was not retrieved." }),
      // Focusable, so a keyboard can scroll a long list (its rows take no focus).
      h("div", { class: "ndcg-rw__scroll", role: "group", tabindex: "0", "aria-labelledby": `${uid}-ideal` }, [idealList]),
    ]);

    // Controls
    const kSelect = h("select", { id: `${uid}-k`, "data-testid": "k" });
    const discountSelect = h("select", { id: `${uid}-discount`, "data-testid": "discount" },
      discounts.map((d, i) => h("option", { value: String(i), text: discountText(d) })));
    const gainSelect = h("select", { id: `${uid}-gain`, "data-testid": "gain" }, [
      h("option", { value: "linear", text: "linear: gain = grade" }),
      h("option", { value: "exponential", text: "exponential: gain = 2^grade − 1" }),
    ]);
    const button = (testid, text, title) => h("button", { type: "button", class: "ndcg-rw__button", "data-testid": testid, text, title });
    const within = tied ? " within each tie group" : "";
    const buttons = {
      reset: button("reset", "Reset", "Back to the order the items were given in"),
      sort: button("sort", "Sort by grade", `Sort the retrieved items by grade, best first${within}`),
      reverse: button("reverse", "Reverse", `Reverse the ranking${within}`),
      shuffle: button("shuffle", "Shuffle", `Put the items in a random order${within}`),
    };
    const controls = h("div", { class: "ndcg-widget__controls ndcg-rw__controls" }, [
      h("label", { for: `${uid}-k`, text: "Cutoff k" }), kSelect,
      ...(showsGain ? [h("label", { for: `${uid}-gain`, text: "Gain" }), gainSelect] : []),
      ...(discounts.length ? [h("label", { for: `${uid}-discount`, text: "Discount" }), discountSelect] : []),
      h("span", { class: "ndcg-rw__buttons" }, Object.values(buttons)),
    ]);

    // Chart, with the same figures as a table for screen readers and exact reading
    const chart = createChart(uid, get.series());
    const table = h("table", { class: "ndcg-rw__table" });
    const details = h("details", { class: "ndcg-rw__details" }, [h("summary", { text: "Figures per position" }), table]);
    const legend = chart.bands.flatMap((b) => [b.key, b.overlay, b.line].filter(Boolean))
      .map((key) => h("span", { class: `ndcg-rw__key ndcg-rw__key--${LEGEND[key][0]}`, text: LEGEND[key][1] }));
    const chartPanel = h("div", { role: "group", class: "ndcg-rw__panel ndcg-rw__panel--chart", "aria-labelledby": `${uid}-chart` }, [
      h("div", { class: "ndcg-rw__title", id: `${uid}-chart`, text: "Per position" }),
      h("p", { class: "ndcg-rw__legend" }, legend), chart.svg, details,
    ]);

    const live = h("div", { class: "ndcg-widget__sr", role: "status", "aria-live": "polite", "data-testid": "announcement" });
    const note = model.get("note") ? h("p", { class: "ndcg-rw__note", "data-testid": "note", text: model.get("note") }) : "";
    root.replaceChildren(...[goalsBox, note, readoutsBox, h("div", { class: "ndcg-rw__main" }, [ranking, judged]), controls, chartPanel, live].filter(Boolean));

    ui?.dock?.stop();
    const dock = goalsBox ? createDock(root, goalsBox, list, uid) : null;
    ui = { dock, showsGain, readouts, readout, change, list, idealList, kSelect, gainSelect, discountSelect, discounts, buttons, chart, table, details, live, goalRows, showsIdeal, tied, scores, hasScores, scoreName, groupOf, counts };
    ui.ceiling = ceilings();
    state.rows = new Map(items.map((item) => [item.label, buildRow(item)]));
    list.replaceChildren(...state.rows.values());
    rove(list.firstElementChild);

    list.addEventListener("click", onClick);
    list.addEventListener("keydown", onKey);
    list.addEventListener("focusin", (event) => rove(event.target));
    list.addEventListener("pointerdown", onPointerDown);
    list.addEventListener("pointermove", onPointerMove);
    list.addEventListener("pointerup", (event) => endDrag(event, true));
    list.addEventListener("pointercancel", (event) => endDrag(event, false));
    list.addEventListener("lostpointercapture", (event) => endDrag(event, false));
    kSelect.addEventListener("change", () => {
      const k = kSelect.value === "" ? null : Number(kSelect.value);
      act(`Cutoff set to ${k === null ? "all positions" : k}.`, () => model.set("k", k));
    });
    gainSelect.addEventListener("change", () => act(`Gain set to ${gainSelect.value}.`, () => model.set("gain", gainSelect.value)));
    discountSelect.addEventListener("change", () => {
      const chosen = discounts[Number(discountSelect.value)];
      act(`Discount set to ${discountText(chosen)}.`, () => model.set("discount", chosen));
    });
    buttons.reset.addEventListener("click", () => commit(state.start.slice(), "Order reset."));
    buttons.sort.addEventListener("click", () => commit(withinBlocks(model.get("order"), (part) => part
      .map((label, i) => [label, i])
      .sort((a, b) => (state.gradeOf.get(b[0]) ?? -1) - (state.gradeOf.get(a[0]) ?? -1) || a[1] - b[1])
      .map(([label]) => label)), `Items sorted by grade${within}.`));
    buttons.reverse.addEventListener("click", () => commit(withinBlocks(model.get("order"), (part) => part.slice().reverse()), `Order reversed${within}.`));
    buttons.shuffle.addEventListener("click", () => commit(withinBlocks(model.get("order"), shuffled), `Order shuffled${within}.`));
    details.addEventListener("toggle", () => { if (details.open) update(); });
  }

  function buildRow(item) {
    const { label } = item;
    const moveButton = (step, text, words) => h("button", { type: "button", class: "ndcg-rw__move", tabindex: "-1", "data-move": String(step), "aria-label": `Move ${label} ${words}`, text });
    const parts = {
      handle: h("span", { class: "ndcg-rw__handle", "aria-hidden": "true", text: "⠿" }),
      pos: h("span", { class: "ndcg-rw__pos" }),
      label: h("span", { class: "ndcg-rw__label", text: label }),
      score: ui.hasScores ? h("span", { class: "ndcg-rw__score", text: `${ui.scoreName} ${numberText(ui.scores[label])}` }) : "",
      grade: h("span", { class: "ndcg-rw__grade" }),
      contrib: h("span", { class: "ndcg-rw__dg" }),
      up: moveButton(-1, "▲", "up"),
      down: moveButton(1, "▼", "down"),
      swap: h("button", { type: "button", class: "ndcg-rw__swap", tabindex: "-1", "aria-pressed": "false", "data-testid": `swap-${label}`, text: "⇄" }),
    };
    const li = h("li", {
      class: "ndcg-rw__item", tabindex: "-1", "data-testid": `item-${label}`,
      "aria-keyshortcuts": "Alt+ArrowUp Alt+ArrowDown Space",
    }, [parts.handle, parts.pos, parts.label, parts.score, parts.grade, parts.contrib,
      h("span", { class: "ndcg-rw__actions" }, [parts.up, parts.down, parts.swap])].filter(Boolean));
    if (ui.hasScores && ui.groupOf.has(ui.scores[label])) {
      const group = ui.groupOf.get(ui.scores[label]);
      li.dataset.tie = String(group);
      li.classList.add("ndcg-rw__item--tie", `ndcg-rw__item--tie${group % 2}`);
    }
    li.ndcgLabel = label;
    li.ndcg = parts;
    return li;
  }

  /** Upper bounds of every readout (whole list, either gain): they size the change box. */
  function ceilings() {
    const grades = state.items.map((item) => item.grade);
    const best = extremeOrder(grades, [[0, grades.length]], 1).map((i) => grades[i]);
    const others = state.unretrieved.map((item) => item.grade);
    const out = {};
    const choices = get.discounts().length ? get.discounts() : [get.discount()];
    for (const gain of GAINS) {
      for (const discount of choices) {
        const m = figures(best, others, null, { ...get.family(), gain, unjudged: "zero", discount });
        for (const key of ALL_READOUTS) out[key] = Math.max(out[key] ?? 0, m[key], key === "cg" || key === "dcg" || key === "idcg" ? 0 : 1);
      }
    }
    return out;
  }

  // ----- roving focus: the list is one Tab stop; arrows go through rows and their buttons

  function rove(target) {
    if (!target || !(target.matches?.(".ndcg-rw__item, .ndcg-rw__item button"))) return;
    if (state.roving && state.roving !== target) state.roving.tabIndex = -1;
    target.tabIndex = 0;
    state.roving = target;
  }

  function focus(target) {
    rove(target);
    target?.focus();
  }

  // ----- state -> screen ------------------------------------------------------------------

  function gradesFor(order) {
    return order.map((label) => state.gradeOf.get(label));
  }

  function drawIdeal(k, gain, discount) {
    const key = JSON.stringify([k, gain, discount]);
    if (state.ideal && state.ideal.key === key) return state.ideal;
    const sorted = judgedByGain(gain);
    const cut = depth(sorted.length, k);
    ui.idealList.replaceChildren(...sorted.map((item, i) => h("li", {
      class: `ndcg-rw__ideal-item${ui.showsIdeal && i === cut && cut < sorted.length ? " ndcg-rw__cut" : ""}${item.retrieved ? "" : " ndcg-rw__ideal-item--unretrieved"}`,
    }, [
      h("span", { class: "ndcg-rw__pos", text: String(i + 1) }),
      h("span", { class: "ndcg-rw__label", text: item.label }),
      h("span", { class: "ndcg-rw__grade", text: gradeLabel(item.grade) }),
      item.retrieved ? "" : h("span", { class: "ndcg-rw__tag", text: "not retrieved" }),
    ])));
    state.ideal = { key, rows: positions(sorted.map((item) => item.grade), gain, discount) };
    return state.ideal;
  }

  /** The judged items, retrieved or not, in idealGrades' order (a stable sort by gain). */
  function judgedByGain(gain) {
    return state.items.filter((item) => item.grade !== null).map((item) => ({ ...item, retrieved: true }))
      .concat(state.unretrieved.map((item) => ({ ...item, retrieved: false })))
      .sort((a, b) => gainOf(b.grade, gain) - gainOf(a.grade, gain));
  }

  function drawRows(order, grades, rows, kept, cut) {
    const { list } = ui;
    const showsDcg = ui.showsGain;
    let r = 0;
    for (let i = 0; i < order.length; i += 1) {
      const li = state.rows.get(order[i]);
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
      const row = kept[r] === order[i] ? rows[r++] : null;
      const counted = row !== null && row.position <= cut;
      setText(li.ndcg.pos, String(i + 1));
      setText(li.ndcg.grade, gradeLabel(grades[i]));
      setText(li.ndcg.contrib, row === null ? "dropped" : !counted ? "not counted" : showsDcg ? `+${fixed(row.discounted)}` : "");
      li.classList.toggle("ndcg-rw__cut", row !== null && row.position === cut + 1);
      li.classList.toggle("ndcg-rw__item--outside", !counted);
      li.classList.toggle("ndcg-rw__item--unjudged", grades[i] === null);
      li.classList.toggle("ndcg-rw__item--picked", state.picked === order[i]);
      const score = ui.hasScores ? `, ${ui.scoreName} ${numberText(ui.scores[order[i]])}` : "";
      const ties = li.dataset.tie === undefined ? "" : `, tied with ${ui.counts.get(ui.scores[order[i]]) - 1} other${ui.counts.get(ui.scores[order[i]]) > 2 ? "s" : ""}`;
      setAttr(li, "aria-label", `${order[i]}, ${gradeLabel(grades[i])}${score}${ties}, position ${i + 1} of ${order.length}${row === null ? ", dropped from the scoring" : ""}${state.picked === order[i] ? ", picked for a swap" : ""}`);
      const swap = li.ndcg.swap;
      setAttr(swap, "aria-pressed", String(state.picked === order[i]));
      setAttr(swap, "aria-label", state.picked === null ? `Pick ${order[i]} to swap` : state.picked === order[i] ? `Cancel the swap of ${order[i]}` : `Swap ${order[i]} with ${state.picked}`);
    }
  }

  /** The figures' changes, each named with its cutoff. */
  function changeText(before, after, moved, k) {
    const name = (key) => nameOf(key, k);
    const parts = ui.readouts.map((key) => {
      const d = after[key] - before[key];
      return near(after[key], before[key]) ? `${name(key)} unchanged` : `${name(key)} ${signed(d)}`;
    });
    if (!moved && ui.readouts.every((key) => near(after[key], before[key]))) return "no change";
    return parts.join(", ");
  }

  function changeSizers() {
    // The widest cutoff a list offers (its length plus the unjudged, at least 10) in every name.
    const top = Math.max(state.items.length + state.unretrieved.length, 10);
    const widest = (k) => ui.readouts.map((key) => {
      const name = nameOf(key, k);
      const a = `${name} unchanged`;
      const b = `${name} ${signed(-ui.ceiling[key])}`;
      return a.length > b.length ? a : b;
    }).join(", ");
    return ["none yet", "no change", widest(top), widest(null), ...settingChangeSizers()];
  }

  function goalStatuses(order, grades, unjudged) {
    const distance = swapDistance(order, state.start);
    const startGrades = gradesFor(state.start);
    const others = state.unretrieved.map((item) => item.grade);
    return ui.goalRows.map((row) => {
      const { goal } = row;
      const missing = judgedByGain(goal.gain).slice(0, depth(Infinity, goal.k))
        .filter((item) => !item.retrieved && item.grade > 0).map((item) => item.label);
      const known = row.limit?.unjudged === unjudged ? row.limit.value : null;
      const status = goalStatus(goal, { now: grades, start: startGrades, unretrieved: others, unjudged, blocks: state.blocks, distance, missing, limit: known, family: get.family() });
      row.limit = { unjudged, value: status.limit };
      return status;
    });
  }

  function drawGoals(statuses) {
    const ceiling = Math.max(...ui.goalRows.map(({ goal }) => Math.max(ui.ceiling[goal.metric], goal.same ? ui.ceiling[goal.same] : 0, goal.other ? ui.ceiling[goal.other] : 0)), 0);
    statuses.forEach((status, i) => {
      const { row, mark, status: box, goal } = ui.goalRows[i];
      setAttr(row, "data-reached", String(status.reached));
      setText(mark, status.reached ? "✓" : "○");
      box.show(statusText(goal, status, ui.tied), statusSizers(goal, { ...status, start: ceiling, limit: status.limit === null ? null : ceiling, value: ceiling }, ui.tied));
    });
    ui.dock?.show(statuses.map((status, i) => {
      const { goal } = ui.goalRows[i];
      return { reached: status.reached, goal: goalText(goal), text: statusText(goal, status, ui.tied) };
    }));
  }

  function update() {
    const items = model.get("items");
    const unretrieved = model.get("unretrieved") ?? [];
    const key = structureKey();
    if (!ui || items !== state.items || unretrieved !== state.unretrieved || key !== state.built) {
      state.built = key;
      build();
    }
    const order = model.get("order");
    const k = get.k();
    const gain = get.gain();
    const unjudged = get.unjudged();
    const discount = get.discount();
    // New items and their new order can arrive as two changes; draw once both are in.
    if (order.length !== state.items.length || !order.every((label) => state.gradeOf.has(label))) return;

    const grades = gradesFor(order);
    const others = state.unretrieved.map((item) => item.grade);
    const now = figures(grades, others, k, { ...get.family(), gain, unjudged, discount });
    // The scored positions: with "condense" an unjudged item has none.
    const kept = order.filter((label, i) => unjudged !== "condense" || grades[i] !== null);
    const rows = positions(scored(grades, unjudged), gain, discount);
    rows.forEach((row, i) => { row.grade = state.gradeOf.get(kept[i]); });
    const cut = depth(rows.length, k);
    drawRows(order, grades, rows, kept, cut);

    // Readouts: three decimals on screen, every digit in the title.
    for (const name of ui.readouts) {
      setText(ui.readout[name].name, nameOf(name, k));
      setText(ui.readout[name].value, fixed(now[name]));
      ui.readout[name].value.title = String(now[name]);
    }
    const settings = JSON.stringify([k, gain, unjudged, discount]);
    const before = state.shown;
    const moved = before !== null && !sameList(order, before.order);
    const changed = before !== null && (moved || settings !== before.settings);
    if (moved) ui.change.show(changeText(before.figures, now, moved, k), changeSizers());
    else if (changed) ui.change.show(settingChangeText(before.settings, settings), changeSizers());
    else if (before === null) ui.change.show("none yet", changeSizers());

    syncKOptions(k);
    ui.gainSelect.value = gain;
    const chosen = ui.discounts.findIndex((d) => sameDiscount(d, discount));
    if (chosen >= 0) ui.discountSelect.value = String(chosen);
    const ideal = drawIdeal(k, gain, discount);
    const idealAtN = ideal.rows.length && rows.length ? ideal.rows[Math.min(rows.length, ideal.rows.length) - 1].cumulative : 0;
    const last = rows.length ? rows[rows.length - 1] : { cumulative: 0, cumulativeCg: 0 };
    const judgedGrades = judgedByGain(gain).map((item) => item.grade);
    const scale = {
      grade: judgedGrades.length ? judgedGrades[0] : 0,
      gain: ideal.rows.length ? ideal.rows[0].gain : 0,
      // Above the largest running DCG any order reaches (and the ideal's, when it is drawn),
      // so the bars keep their scale as the items move; rounded up, so the axis does not give
      // away the best DCG a task asks for.
      cumulative: roundUp(Math.max(ui.chart.bands.some((b) => b.line) ? idealAtN : 0, bestCumulative(grades, gain, unjudged, discount))),
      cumulativeCg: last.cumulativeCg,
      one: 1,
    };
    drawChart(ui.chart, rows, kept, ideal.rows, k, scale, discount);
    const ofIdeal = ui.readouts.includes("idcg") || ui.readouts.includes("ndcg") ? ` against an ideal of ${fixed(now.idcg)}` : "";
    const headline = ui.readouts.includes("dcg") || ui.readouts.includes("idcg") ? `DCG${at(k)} ${fixed(now.dcg)}${ofIdeal}`
      : ui.readouts.includes("cg") ? `CG${at(k)} ${fixed(now.cg)}` : listText(ui.readouts.map((key) => `${nameOf(key, k)} ${fixed(now[key])}`));
    ui.chart.desc.textContent = `Bar chart over ${rows.length} positions of ${listText(ui.chart.bands.map((b) => b.title))}; ${headline}.`;
    if (ui.details.open) drawTable(kept, rows, cut);

    const statuses = goalStatuses(order, grades, unjudged);
    drawGoals(statuses);
    if (state.pending !== null || changed) announce(state.pending ?? "The ranking changed.", before, now, settings, statuses);
    state.pending = null;
    state.reached = statuses.map((status) => status.reached);
    state.shown = { order: order.slice(), settings, figures: now, k };
  }

  function bestCumulative(grades, gain, unjudged, discount) {
    const key = JSON.stringify([gain, unjudged, discount]);
    if (state.best?.key !== key) {
      const ranked = scored(grades, unjudged);
      const best = extremeOrder(ranked, [[0, ranked.length]], 1, gain).map((i) => ranked[i]);
      state.best = { key, value: dcgDiscounted(best, null, gain, "zero", discount) };
    }
    return state.best.value;
  }

  function syncKOptions(k) {
    // A few cutoffs past the end too, to show that k beyond the list counts what is there.
    const top = Math.max(state.items.length + state.unretrieved.length, 10, k ?? 0);
    if (ui.kSelect.options.length !== top + 1) {
      const options = [h("option", { value: "", text: "all" })];
      for (let i = 1; i <= top; i += 1) options.push(h("option", { value: String(i), text: String(i) }));
      ui.kSelect.replaceChildren(...options);
    }
    ui.kSelect.value = k === null ? "" : String(k);
  }

  function drawTable(order, rows, cut) {
    const has = (key) => ui.chart.bands.some((b) => b.key === key || b.overlay === key);
    const columns = [
      ["position", (row) => String(row.position)], ["item", (row, i) => order[i]], ["grade", (row) => gradeText(row.grade)],
      ...(has("gain") ? [["gain", (row) => fixed(row.gain)]] : []),
      ...(has("discount") ? [["discount", (row) => fixed(row.weight)]] : []),
      ...(has("discounted_gain") ? [["discounted gain", (row) => fixed(row.discounted)]] : []),
      ...(has("cumulative_cg") ? [["cumulative CG", (row) => fixed(row.cumulativeCg)]] : []),
      ...(has("cumulative_dcg") ? [["cumulative DCG", (row) => fixed(row.cumulative)]] : []),
    ];
    const head = h("tr", {}, columns.map(([title]) => h("th", { scope: "col", text: title })));
    ui.table.replaceChildren(h("thead", {}, [head]), h("tbody", {}, rows.map((row, i) => h("tr", { class: i >= cut ? "ndcg-rw__item--outside" : "" },
      columns.map(([, cell]) => h("td", { text: cell(row, i) }))))));
  }

  // ----- announcements: the action, the readouts on screen, and goals reached ------------

  function say(text) {
    // A repeated message is still read: the text always differs from the one before.
    ui.live.textContent = ui.live.textContent === text ? `${text}\u00a0` : text;
  }

  function announce(what, before, now, settings, statuses) {
    const k = get.k();
    const sentences = [];
    for (const key of ui.readouts) {
      const name = nameOf(key, k);
      if (before === null) continue;
      const same = near(now[key], before.figures[key]);
      if (same && READOUTS[key].fixedByOrder && settings === before.settings) continue;
      const d = now[key] - before.figures[key];
      sentences.push(same ? `${name} is still ${fixed(now[key])}` : `${name} is now ${fixed(now[key])}, ${d > 0 ? "up" : "down"} ${signed(d).slice(1)}`);
    }
    const parts = [what];
    if (sentences.length) parts.push(`${sentences.join("; ")}.`);
    statuses.forEach((status, i) => {
      const { goal } = ui.goalRows[i];
      const which = ui.goalRows.length > 1 ? ` ${i + 1}` : "";
      if (status.reached && !state.reached[i]) parts.push(`Goal${which} reached. ${statusText(goal, status, ui.tied)}`);
      else if (!status.reached && state.reached[i]) parts.push(`Goal${which} no longer met.`);
    });
    say(parts.join(" "));
  }

  // ----- user actions -> model ------------------------------------------------------------

  /** Run `change` on the model as the action `what`; the redraw it causes announces it. */
  function act(what, change) {
    state.pending = what;
    change();
    model.save_changes();
    if (state.pending !== null) update(); // no change event came: nothing differed
  }

  function commit(order, what) {
    if (sameList(order, model.get("order"))) {
      ui.change.show("no change", changeSizers());
      say(`${what} Nothing moved: no change.`);
      return;
    }
    act(what, () => model.set("order", order));
  }

  /** Apply `reorder` to each block of positions items may move within (the whole list, or each tie group). */
  function withinBlocks(order, reorder) {
    const out = order.slice();
    for (const [lo, hi] of state.blocks) out.splice(lo, hi - lo, ...reorder(order.slice(lo, hi)));
    return out;
  }

  function blockHolds(label, position) {
    const [lo, hi] = state.blockOf.get(label);
    return position >= lo && position < hi;
  }

  /** Move the item at `from` to `to`; `refocus` (the row or one of its buttons) keeps focus. */
  function move(from, to, refocus) {
    const order = model.get("order").slice();
    const label = order[from];
    if (to < 0 || to >= order.length) {
      say(`${label} is already ${from === 0 ? "first" : "last"}.`);
      return;
    }
    if (!blockHolds(label, to)) {
      say(`${label} is at the edge of its tie group: it moves only among the items with its ${ui.scoreName}.`);
      return;
    }
    if (to === from) return;
    order.splice(from, 1);
    order.splice(to, 0, label);
    commit(order, `${label} moved from position ${from + 1} to ${to + 1}.`);
    if (refocus) focus(refocus);
  }

  function swap(a, b) {
    const order = model.get("order").slice();
    const i = order.indexOf(a);
    const j = order.indexOf(b);
    if (!blockHolds(a, j)) {
      say(`${a} and ${b} are in different tie groups: items move only among the items with their ${ui.scoreName}. Pick another item.`);
      state.picked = a;
      return;
    }
    [order[i], order[j]] = [order[j], order[i]];
    commit(order, `${a} and ${b} swapped: ${b} is now at position ${i + 1}, ${a} at ${j + 1}.`);
  }

  function pick(label) {
    const previous = state.picked;
    if (previous === null) {
      state.picked = label;
      say(`${label} picked for a swap. Pick the item to swap it with${touch ? "" : ", or press Escape"}.`);
    } else if (previous === label) {
      state.picked = null;
      say("Swap cancelled.");
    } else {
      state.picked = null;
      swap(previous, label);
    }
    update(); // redraws the picked state; announces nothing more
  }


  const indexOf = (li) => model.get("order").indexOf(li.ndcgLabel);

  function onClick(event) {
    const li = event.target.closest(".ndcg-rw__item");
    if (!li) return;
    if (event.target.closest(".ndcg-rw__swap")) {
      pick(li.ndcgLabel);
      return;
    }
    const mover = event.target.closest(".ndcg-rw__move");
    if (!mover) return;
    const from = indexOf(li);
    move(from, from + Number(mover.dataset.move), mover);
  }

  function onKey(event) {
    const li = event.target.closest(".ndcg-rw__item");
    if (!li) return;
    const onRow = event.target === li;
    const from = indexOf(li);
    const cells = [li, li.ndcg.up, li.ndcg.down, li.ndcg.swap];
    const here = cells.indexOf(event.target);
    const rowAt = (i) => ui.list.children[i];
    let handled = true;
    switch (event.key) {
      case "ArrowUp":
      case "ArrowDown": {
        const step = event.key === "ArrowUp" ? -1 : 1;
        if (event.altKey) move(from, from + step, event.target);
        else if (rowAt(from + step)) focus(rowAt(from + step));
        break;
      }
      case "ArrowRight":
      case "ArrowLeft":
        if (cells[here + (event.key === "ArrowRight" ? 1 : -1)]) focus(cells[here + (event.key === "ArrowRight" ? 1 : -1)]);
        break;
      case "Home":
      case "End":
        focus(rowAt(event.key === "Home" ? 0 : ui.list.children.length - 1));
        break;
      case " ":
      case "Enter":
        if (onRow) pick(li.ndcgLabel);
        else handled = false; // the focused button's own click
        break;
      case "Escape":
        if (state.picked !== null) pick(state.picked);
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  }

  // Pointer drag (mouse, pen and touch). The row follows the pointer and the others slide
  // aside; the order is committed once, on release. Within ties, the row stays in its group.
  function onPointerDown(event) {
    const li = event.target.closest(".ndcg-rw__item");
    if (!li || event.target.closest("button") || event.button !== 0) return;
    // Touch drags start on the handle only, so a finger elsewhere still scrolls the page.
    if (event.pointerType === "touch" && !event.target.closest(".ndcg-rw__handle")) return;
    const rows = Array.from(ui.list.children);
    const rects = rows.map((row) => row.getBoundingClientRect());
    const from = rows.indexOf(li);
    const [lo, hi] = state.blockOf.get(li.ndcgLabel);
    state.drag = {
      li, rows, from, to: from, lo, hi: hi - 1, startY: event.clientY, active: false,
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
    const centre = drag.mids[drag.from] + dy;
    let to = 0;
    drag.mids.forEach((mid, i) => { if (i !== drag.from && mid < centre) to += 1; });
    to = Math.min(Math.max(to, drag.lo), drag.hi);
    // The row follows the pointer, but not out of its tie group.
    const limit = (i) => drag.mids[i] - drag.mids[drag.from];
    drag.li.style.transform = `translateY(${Math.min(Math.max(dy, limit(drag.lo) - drag.step / 2), limit(drag.hi) + drag.step / 2)}px)`;
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
    if (drag.active && commitMove) {
      if (drag.to !== drag.from) move(drag.from, drag.to, drag.li);
      else commit(model.get("order"), `${drag.li.ndcgLabel} dropped where it was.`);
    }
    void ui.list.offsetHeight;
    root.classList.remove("ndcg-rw--settling");
  }

  const stop = follow(model, ["items", "unretrieved", "order", "k", "gain", "unjudged", "readouts", "series", "goals", "scores", "score_name", "moves", "note", "discount", "discounts", "threshold", "max_grade", "p"], update, root);
  return () => {
    ui?.dock?.stop();
    stop();
  };
}

export default { render };
