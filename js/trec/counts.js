// trec_eval's counting measures for one query, as ndcg.trec.counts computes them for
// each row: integer counts, then one division, in trec_eval's order of operations.
// A query is q.ranked (grades in trec_eval's order, NaN where the qrels lack the
// document, negative for one in the pool but unjudged), q.nRanked, q.judged (every qrels
// grade, highest first); `threshold` is -l.

/** trec_eval's counts of one query (ndcg.trec.counts.tally), under the Python's field names. */
export function trecTally(ranked, nRanked, judged, threshold) {
  let numRel = 0;
  let numNonrel = 0;
  for (const g of judged) {
    if (g >= threshold) numRel += 1;
    if (g >= 0 && g < threshold) numNonrel += 1;
  }
  let numRelRet = 0;
  let numNonpool = 0;
  let numUnjudged = 0;
  for (let i = 0; i < nRanked; i += 1) {
    const g = ranked[i];
    if (g >= threshold) numRelRet += 1;
    if (Number.isNaN(g)) numNonpool += 1;
    if (g < 0) numUnjudged += 1;
  }
  return {
    num_ret: nRanked,
    num_rel: numRel,
    num_rel_ret: numRelRet,
    num_nonpool: numNonpool,
    num_unjudged_in_pool: numUnjudged,
    num_nonrel: numNonrel,
  };
}

/** Judged non-relevant documents retrieved: what is left of num_ret. */
export function numNonrelJudgedRet(t) {
  return t.num_ret - t.num_nonpool - t.num_unjudged_in_pool - t.num_rel_ret;
}

/** Relevant documents among the first `depth` retrieved (the list's end stops it first). */
export function foundInTop(ranked, nRanked, depth, threshold) {
  let found = 0;
  const end = Math.min(depth, nRanked);
  for (let i = 0; i < end; i += 1) if (ranked[i] >= threshold) found += 1;
  return found;
}

/** success_k: 1 if a relevant document is in the top k, per cutoff. */
export function successAt(ranked, nRanked, cutoffs, threshold) {
  return cutoffs.map((k) => (foundInTop(ranked, nRanked, k, threshold) > 0 ? 1 : 0));
}

/** Rprec: relevant documents in the top R over R; 0 if R or the list is 0. */
export function rPrecision(ranked, t, threshold) {
  const look = Math.min(t.num_ret, t.num_rel);
  return look > 0 ? foundInTop(ranked, t.num_ret, look, threshold) / t.num_rel : 0;
}

/** Rprec_mult_x: precision at the depth (long) (x * R + 0.9), per multiple x. */
export function rPrecisionMult(ranked, t, multiples, threshold) {
  return multiples.map((x) => {
    const cut = Math.trunc(x * t.num_rel + 0.9);
    return cut > 0 ? foundInTop(ranked, t.num_ret, Math.min(cut, t.num_ret), threshold) / cut : 0;
  });
}

/** set_F: (beta + 1) P R / (beta P + R) over the whole list; 0 if nothing relevant was found. */
export function setFMeasure(t, beta = 1) {
  if (!(t.num_rel_ret > 0)) return 0;
  const p = t.num_rel_ret / t.num_ret;
  const r = t.num_rel_ret / t.num_rel;
  return ((beta + 1.0) * p * r) / (beta * p + r);
}

/** set_map: rel_ret^2 / (ret * rel). */
export function setAp(t) {
  const both = t.num_ret > 0 && t.num_rel > 0;
  return both ? (t.num_rel_ret * t.num_rel_ret) / (t.num_ret * t.num_rel) : 0;
}

/** set_relative_P: relevant retrieved over min(ret, rel). */
export function setRelativePrecision(t) {
  const both = t.num_ret > 0 && t.num_rel > 0;
  return both ? t.num_rel_ret / Math.min(t.num_ret, t.num_rel) : 0;
}

/** relative_P_k: found in the top k over min(k, R); 0 for every k if R = 0. */
export function relativePrecision(ranked, t, cutoffs, threshold) {
  return cutoffs.map((k) =>
    t.num_rel > 0 ? foundInTop(ranked, t.num_ret, k, threshold) / Math.min(k, t.num_rel) : 0,
  );
}

/** unj_k: the share of the top k not judged (absent from the qrels, or negative), over k. */
export function unjudgedShare(ranked, nRanked, cutoffs) {
  return cutoffs.map((k) => {
    let unknown = 0;
    const end = Math.min(k, nRanked);
    for (let i = 0; i < end; i += 1) if (Number.isNaN(ranked[i]) || ranked[i] < 0) unknown += 1;
    return unknown / k;
  });
}

/** trec_eval's utility coefficients: +1 a relevant retrieved, -1 a non-relevant one. */
export const UTILITY_COEFFICIENTS = Object.freeze([1.0, -1.0, 0.0, 0.0]);

/** utility: a rel_ret + b nonrel_ret + c rel_missed + d nonrel_missed (no -N: 0 documents). */
export function trecUtility(t, coefficients = UTILITY_COEFFICIENTS) {
  // The Python unpacks four numbers, and says so in its words when there are not four.
  if (coefficients.length < 4)
    throw new Error(`not enough values to unpack (expected 4, got ${coefficients.length})`);
  if (coefficients.length > 4) throw new Error("too many values to unpack (expected 4)");
  const [a, b, c, d] = coefficients;
  const nDocs = 0;
  return (
    a * t.num_rel_ret +
    b * (t.num_ret - t.num_rel_ret) +
    c * (t.num_rel - t.num_rel_ret) +
    d * (nDocs + t.num_rel_ret - t.num_ret - t.num_rel)
  );
}

/** One relstring character: the digit of a grade 0..9, '>' above, '-' not in the qrels, '.' negative. */
function relstringChar(grade) {
  if (Number.isNaN(grade)) return "-";
  if (grade < 0) return ".";
  return grade > 9 ? ">" : String(Math.trunc(grade));
}

/** relstring: one character per document of the top `length`, as trec_eval writes it. */
export function relstringOf(ranked, nRanked, length = 10) {
  // Python slices at max(0, min(length, n)): a fractional length that wins is a slice error.
  // biome-ignore lint/complexity/useMathMinMax: Python's min; Math.min differs on NaN
  const end = length <= nRanked ? length : nRanked;
  if (!Number.isInteger(end) && end > 0)
    throw new TypeError("slice indices must be integers or None or have an __index__ method");
  let text = "";
  for (let i = 0; i < Math.max(0, end); i += 1) text += relstringChar(ranked[i]);
  return text;
}
