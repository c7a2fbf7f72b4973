// The browser's arithmetic, with no DOM: on the static site there is no kernel to ask, so
// the ranking and swap widgets compute here what the ndcg library does (metrics, family,
// discount, ltr, widgets._goals; the answer boxes' rule is js/answers.js),
// rule for rule and sum for sum in the same order. tests/browser/test_arith_parity.py holds
// every export to the Python on random cases. A grade is a number, or null (never judged).
// Measures take the grades in ranked order and one options object named as the library's
// keywords: k (null: no cutoff), gain ("linear", "exponential"), unjudged ("zero",
// "condense"), discount ("log2", "reciprocal", ["log", b], ["geometric", p]), unretrieved
// (judged grades not in the list: with the list's, the pool), threshold, maxGrade, p.

// ==== Gains, discounts, the discounted sum, the ideal

export const GAINS = Object.freeze(["linear", "exponential"]);
export const DISCOUNTS = Object.freeze(["log2", "log", "reciprocal", "geometric"]);
export const UNJUDGED = Object.freeze(["zero", "condense"]);

/** Gain of one grade: linear g = r, exponential g = 2^r - 1. */
export function gainOf(grade, gain = "linear") {
  if (gain === "linear") return grade;
  if (gain === "exponential") return 2 ** grade - 1;
  throw new Error(`gain must be one of ${GAINS.join(", ")}, got ${gain}`);
}

/** log2(i + 1) for a 1-based position: what the log2 discount divides the gain at i by. */
export const log2Rank = (position) => Math.log2(position + 1);

/** [kind, parameter] of a discount spec: "log2", "reciprocal", ["log", b], ["geometric", p]. */
export function discountParts(discount = "log2") {
  const [kind, param] = Array.isArray(discount) ? discount : [discount, null];
  if (!DISCOUNTS.includes(kind))
    throw new Error(`discount must be one of ${DISCOUNTS.join(", ")}, got ${kind}`);
  return [kind, param];
}

/** Weights of positions 1..n (ndcg.discount.Discount.weights): geometric ones as trec_eval's running product. */
export function weights(n, discount = "log2") {
  const [kind, param] = discountParts(discount);
  const out = [];
  for (let i = 1; i <= n; i += 1) {
    if (kind === "log2") out.push(1 / log2Rank(i));
    else if (kind === "log") out.push(1 / Math.max(1, Math.log(i) / Math.log(param)));
    else if (kind === "reciprocal") out.push(1 / i);
    else out.push(i === 1 ? 1 : out[i - 2] * param);
  }
  return out;
}

/** The weight of one 1-based position. */
export const weight = (position, discount = "log2") => weights(position, discount)[position - 1];

/** How many positions count: all of them when k is null, else k, capped at what is there. */
export function depth(length, k = null) {
  return k === null || k === undefined ? length : Math.min(k, length);
}

/** The ranked grades as scored: an unjudged one counts 0 in its place, or is dropped ("condense"). */
export function scored(grades, unjudged = "zero") {
  if (!UNJUDGED.includes(unjudged))
    throw new Error(`unjudged must be one of ${UNJUDGED.join(", ")}, got ${unjudged}`);
  return unjudged === "condense" ? grades.filter((g) => g !== null) : grades.map((g) => g ?? 0);
}

/** The one discounted sum, positions 1..k; log2 divides by log2(i + 1), as the library does. */
export function discountedSum(values, k = null, discount = "log2") {
  const [kind] = discountParts(discount);
  const n = depth(values.length, k);
  const w = weights(n, discount);
  let total = 0;
  for (let i = 0; i < n; i += 1)
    total += kind === "log2" ? values[i] / log2Rank(i + 1) : values[i] * w[i];
  return total;
}

/** Counts: the plain sum of values at positions 1..k. */
const countSum = (values, k) => values.slice(0, depth(values.length, k)).reduce((a, b) => a + b, 0);

/** Cumulative gain: the sum of the grades at positions 1..k. */
export function cg(grades, { k = null, unjudged = "zero" } = {}) {
  return countSum(scored(grades, unjudged), k);
}

/** Discounted cumulative gain: the discounted sum of the gains at positions 1..k. */
export function dcg(
  grades,
  { k = null, gain = "linear", unjudged = "zero", discount = "log2" } = {},
) {
  return discountedSum(
    scored(grades, unjudged).map((g) => gainOf(g, gain)),
    k,
    discount,
  );
}

/** The ideal ranking's grades: every judged grade, retrieved or not, best gain first, cut at k. */
export function idealGrades(grades, { unretrieved = [], k = null, gain = "linear" } = {}) {
  const all = byGain(grades.filter((g) => g !== null).concat(unretrieved), gain);
  return all.slice(0, depth(all.length, k));
}

/** Items best gain first; Array.prototype.sort is stable: ties keep their order, as ndcg.ideal_order. */
export function byGain(items, gain = "linear", gradeOf = (g) => g) {
  return items.slice().sort((a, b) => gainOf(gradeOf(b), gain) - gainOf(gradeOf(a), gain));
}

/** Ideal DCG: the DCG of idealGrades (the pool is the list's judged grades and unretrieved). */
export function idcg(
  grades,
  { unretrieved = [], k = null, gain = "linear", discount = "log2" } = {},
) {
  return dcg(idealGrades(grades, { unretrieved, k, gain }), { k, gain, discount });
}

/** Normalized DCG: DCG over IDCG, 0 when the ideal is 0 (nothing relevant was judged). */
export function ndcg(grades, options = {}) {
  const ideal = idcg(grades, options);
  return ideal > 0 ? dcg(grades, options) / ideal : 0;
}

/** Per-position figures (ndcg.breakdown): grade, gain, weight, discounted gain, running CG and DCG. */
export function positions(grades, { gain = "linear", discount = "log2" } = {}) {
  const [kind] = discountParts(discount);
  const all = weights(grades.length, discount);
  const rows = [];
  let running = 0;
  let total = 0;
  for (let i = 0; i < grades.length; i += 1) {
    const g = gainOf(grades[i], gain);
    const w = all[i];
    const discounted = kind === "log2" ? g / log2Rank(i + 1) : g * w;
    running += discounted;
    total += grades[i];
    rows.push({
      position: i + 1,
      grade: grades[i],
      gain: g,
      weight: w,
      discounted,
      cumulative: running,
      cumulativeCg: total,
    });
  }
  return rows;
}

/** Positions ordered for the largest figures (direction +1) or smallest (-1), block by block; unjudged sorts as 0. */
export function extremeOrder(grades, blocks, direction, gain = "linear") {
  const out = [];
  for (const [start, end] of blocks) {
    const block = [];
    for (let i = start; i < end; i += 1) block.push(i);
    block.sort(
      (a, b) => direction * (gainOf(grades[b] ?? 0, gain) - gainOf(grades[a] ?? 0, gain)) || a - b,
    );
    out.push(...block);
  }
  return out;
}

// ==== NDCG's family (ndcg.family): P@k divided by k, recall and AP by every relevant judged
// grade, RR and ERR as cascades, RBP with its residual and the tail p^d.

/** 1 where a grade reaches the threshold, else 0 (an unjudged item never does). */
export const relevant = (grade, threshold = 1) => (grade !== null && grade >= threshold ? 1 : 0);

const relevantJudged = (grades, unretrieved, threshold) =>
  grades.concat(unretrieved).filter((g) => relevant(g, threshold)).length;
const binary = (grades, threshold, unjudged) =>
  scored(grades, unjudged).map((g) => relevant(g, threshold));

/** Precision at k: relevant items in the top k over k (over the list's length for k = null). */
export function precision(grades, { k = null, threshold = 1, unjudged = "zero" } = {}) {
  const ranked = binary(grades, threshold, unjudged);
  const size = k === null || k === undefined ? ranked.length : k;
  return size > 0 ? countSum(ranked, k) / size : 0;
}

/** Recall at k: relevant items in the top k over every relevant judged item. */
export function recall(
  grades,
  { unretrieved = [], k = null, threshold = 1, unjudged = "zero" } = {},
) {
  const total = relevantJudged(grades, unretrieved, threshold);
  return total > 0 ? countSum(binary(grades, threshold, unjudged), k) / total : 0;
}

/** Average precision: precision at each relevant rank up to k, over every relevant judged item. */
export function averagePrecision(
  grades,
  { unretrieved = [], k = null, threshold = 1, unjudged = "zero" } = {},
) {
  const total = relevantJudged(grades, unretrieved, threshold);
  let soFar = 0;
  const terms = binary(grades, threshold, unjudged).map((r) => {
    soFar += r;
    return r * soFar;
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
export function reciprocalRank(grades, { k = null, threshold = 1, unjudged = "zero" } = {}) {
  return cascade(binary(grades, threshold, unjudged), k);
}

/** ERR (Chapelle et al. 2009): a grade g satisfies with chance (2^g - 1) / 2^maxGrade. */
export function err(grades, { maxGrade, k = null, unjudged = "zero" } = {}) {
  // As ndcg.err, the top grade has no default: the same list reads 0.6 or 0.9 by it.
  if (typeof maxGrade !== "number")
    throw new Error(`err needs maxGrade, the top grade of the scale, got ${maxGrade}`);
  const ranked = unjudged === "condense" ? grades.filter((g) => g !== null) : grades;
  return cascade(
    ranked.map((g) => (g === null ? 0 : (2 ** g - 1) / 2 ** maxGrade)),
    k,
  );
}

/** RBP (Moffat and Zobel 2008): (1 - p) times the geometric sum of relevant items. */
export function rbp(grades, { p = 0.8, k = null, threshold = 1, unjudged = "zero" } = {}) {
  return (1 - p) * discountedSum(binary(grades, threshold, unjudged), k, ["geometric", p]);
}

/** RBP's residual: unjudged items in the top d, and the tail p^d past the depth d read. */
export function rbpResidual(grades, { p = 0.8, k = null, unjudged = "zero" } = {}) {
  const ranked = unjudged === "condense" ? grades.filter((g) => g !== null) : grades;
  const inside =
    (1 - p) *
    discountedSum(
      ranked.map((g) => (g === null ? 1 : 0)),
      k,
      ["geometric", p],
    );
  const read = depth(ranked.length, k);
  return inside + weights(read + 1, ["geometric", p])[read]; // p^d, as trec_eval's running product
}

/** Binary NDCG: grades at or above the threshold count 1, the rest 0 (PySpark's RankingMetrics). */
export function binaryNdcg(
  grades,
  { unretrieved = [], k = null, threshold = 1, unjudged = "zero", discount = "log2" } = {},
) {
  const flat = (g) => (g === null ? null : relevant(g, threshold));
  return ndcg(grades.map(flat), {
    unretrieved: unretrieved.map(flat),
    k,
    gain: "linear",
    unjudged,
    discount,
  });
}

/** Every readout of the ranking widget (RankingWidget.metrics), keyed as READOUTS in js/words.js. */
export function figures(grades, options = {}) {
  const { maxGrade = 1 } = options;
  return {
    cg: cg(grades, options),
    dcg: dcg(grades, options),
    idcg: idcg(grades, options),
    ndcg: ndcg(grades, options),
    precision: precision(grades, options),
    recall: recall(grades, options),
    ap: averagePrecision(grades, options),
    rr: reciprocalRank(grades, options),
    err: err(grades, { ...options, maxGrade }),
    rbp: rbp(grades, options),
    binary_ndcg: binaryNdcg(grades, options),
  };
}

// ==== Swaps (ndcg.ltr): the |ΔNDCG| matrix and LambdaRank's lambdas at equal scores

/** Discount of positions 1..n: 1 / log2(i + 1) inside the cutoff, 0 beyond it. */
export function cutDiscounts(n, k = null) {
  const out = new Float64Array(n);
  out.set(weights(depth(n, k)));
  return out;
}

/** ndcg.ltr.swap_matrix: [i][j] = (g_j - g_i) (d_i - d_j) / IDCG, the change if i and j swap. */
export function swapMatrix(grades, { k = null, gain = "exponential", unretrieved = [] } = {}) {
  const n = grades.length;
  const ideal = idcg(grades, { unretrieved, k, gain });
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

/** The list after positions i and j trade places. */
export const swapped = (list, i, j) =>
  list.map((x, at) => (at === i ? list[j] : at === j ? list[i] : x));

/** ndcg.ltr.lambdarank's lambdas at equal scores; `matrix` is swapMatrix of the same grades. */
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

// ==== Ties, orders and goal verdicts (ndcg.widgets._goals)

/** Relative slack within which two figures count as equal (rounding, not a real change). */
export const GOAL_TOLERANCE = 1e-9;

/** Whether two figures are equal up to rounding (_goals.near). */
export const near = (a, b) =>
  Math.abs(a - b) <= GOAL_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));

/** The blocks [start, end) of positions items may move within: runs of equal scores, or the whole list. */
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

/** The fewest swaps that turn the order `start` into `order` (items minus cycles). */
export function swapDistance(order, start) {
  const where = new Map(start.map((label, i) => [label, i]));
  const target = order.map((label) => where.get(label));
  const seen = new Array(target.length).fill(false);
  let cycles = 0;
  for (let i = 0; i < target.length; i += 1) {
    if (seen[i]) continue;
    cycles += 1;
    for (let j = i; !seen[j]; j = target[j]) seen[j] = true;
  }
  return target.length - cycles;
}

/** Whether every relevant grade comes before every other (_goals.relevant_first). */
export function relevantFirst(grades, threshold = 1) {
  let seenOther = false;
  for (const grade of grades) {
    const isRelevant = relevant(grade, threshold) === 1;
    if (isRelevant && seenOther) return false;
    seenOther = seenOther || !isRelevant;
  }
  return true;
}

/** The worst order that keeps the rule: relevant items worst first, then the others, block by block. */
export function worstRelevantFirst(grades, worst, blocks, threshold = 1) {
  const out = [];
  for (const [start, end] of blocks) {
    const block = worst.filter((i) => i >= start && i < end);
    const isRelevant = (i) => relevant(grades[i], threshold) === 1;
    out.push(...block.filter(isRelevant), ...block.filter((i) => !isRelevant(i)));
  }
  return out;
}

/** The orders a goal's limit is taken over (_goals._candidates), as lists of grades. */
function* candidates(start, blocks, swaps, direction, gain, threshold = null) {
  if (swaps === null || swaps === undefined) {
    let order = extremeOrder(start, blocks, direction, gain);
    if (threshold !== null && direction < 0)
      order = worstRelevantFirst(start, order, blocks, threshold);
    yield order.map((i) => start[i]);
    return;
  }
  yield start.slice();
  for (const [lo, hi] of blocks)
    for (let i = lo; i < hi; i += 1) for (let j = i + 1; j < hi; j += 1) yield swapped(start, i, j);
}

/**
 * Where a goal stands (_goals.status): value now and at the start, the limit the allowed
 * orders reach (given: not searched again), reached, out of reach, the rule broken.
 */
export function goalStatus(
  goal,
  {
    now,
    start,
    unretrieved = [],
    unjudged = "zero",
    blocks,
    distance,
    missing = [],
    limit: known = null,
    family: settings = {},
  },
) {
  // The goal's own cutoff, gain and discount; the widget's threshold, max grade and p.
  const options = {
    ...settings,
    unretrieved,
    gain: goal.gain ?? "linear",
    unjudged,
    discount: goal.discount ?? "log2",
  };
  const figure = (metric, grades, k = goal.k ?? null) => figures(grades, { ...options, k })[metric];
  const value = figure(goal.metric, now);
  const begin = figure(goal.metric, start);
  const inReach = goal.swaps === null || goal.swaps === undefined || distance <= goal.swaps;
  const threshold = settings.threshold ?? 1;
  const status = {
    reached: false,
    value,
    start: begin,
    limit: null,
    outOfReach: false,
    distance,
    sameValue: null,
    sameStart: null,
    missing: [],
    broken: Boolean(goal.relevant_first) && !relevantFirst(now, threshold),
  };
  if (goal.kind === "falls_while_same") {
    status.sameValue = figure(goal.same, now);
    status.sameStart = figure(goal.same, start);
    status.reached =
      inReach && value < begin && !near(value, begin) && near(status.sameValue, status.sameStart);
    return status;
  }
  if (goal.kind === "rises_while_falls") {
    const otherK = goal.other_k === undefined ? (goal.k ?? null) : goal.other_k;
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
    limit = up ? -Infinity : Infinity;
    const rule = goal.relevant_first ? threshold : null;
    for (const grades of candidates(
      start,
      blocks ?? [[0, start.length]],
      goal.swaps,
      up ? 1 : -1,
      options.gain,
      rule,
    )) {
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
  if (goal.metric === "ndcg" && up && limit < 1 && !near(limit, 1))
    status.missing = missing.slice();
  return status;
}

/** The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten that is >= x (a chart's scale). */
export function roundUp(x) {
  if (!(x > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(x));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((s) => s * power >= x * (1 - 1e-12));
  return Number((step * power).toPrecision(12));
}
