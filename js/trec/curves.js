// trec_eval's measures that walk the ranking, for one query, as ndcg.trec.curves computes
// them: bpref, infAP, binG and the interpolated precision-recall curve. Each sum adds its
// terms in rank order from the top, as the Python's running sums (np.cumsum) do.

import { log2Of } from "./logexp.js";

/** trec_eval's floor under a value before its logarithm (MIN_GEO_MEAN). */
export const MIN_GEO_MEAN = 0.00001;
/** infAP's smoothing of its estimated precision (INFAP_EPSILON). */
export const INFAP_EPSILON = 0.00001;

/** bpref: each relevant document retrieved adds 1 - min(n, R) / min(N, R); over R. */
export function trecBpref(ranked, t, threshold) {
  const r = t.num_rel;
  let above = 0;
  let total = 0;
  for (let i = 0; i < t.num_ret; i += 1) {
    const g = ranked[i];
    if (g >= 0 && g < threshold) above += 1;
    if (g >= threshold)
      total += above > 0 ? 1.0 - Math.min(above, r) / Math.min(t.num_nonrel, r) : 1.0;
  }
  return r > 0 ? total / r : total;
}

/** infAP (Yilmaz and Aslam 2006), trec_eval's term at each relevant document; over R. */
export function trecInfAP(ranked, t, threshold) {
  let r = 0;
  let n = 0;
  let u = 0;
  let total = 0;
  for (let j = 0; j < t.num_ret; j += 1) {
    const g = ranked[j];
    const rel = g >= threshold;
    if (rel) r += 1;
    else if (g >= 0) n += 1;
    else if (g < 0) u += 1;
    if (!rel) continue;
    if (j === 0) {
      total += 1.0;
      continue;
    }
    const seen = (r - 1 + n + u) / j;
    const estimate = (r - 1 + INFAP_EPSILON) / (r - 1 + n + 2 * INFAP_EPSILON);
    total += 1.0 / (j + 1.0) + (j / (j + 1.0)) * seen * estimate;
  }
  return t.num_rel > 0 ? total / t.num_rel : total;
}

/** C's lround for values >= 0: halves away from zero. */
function lround(value) {
  const low = Math.floor(value);
  return value - low >= 0.5 ? low + 1.0 : low;
}

/**
 * iprec_at_recall_x for each level x: the best precision at the lround(x R)-th relevant
 * document or below; 0 for a level the run never reaches; num_rel_ret / num_ret (NaN for
 * an empty list) when nothing relevant was retrieved.
 */
export function iprecAtRecall(ranked, t, levels, threshold) {
  const n = t.num_ret;
  const best = new Float64Array(n);
  const nth = [];
  let found = 0;
  for (let i = 0; i < n; i += 1) {
    if (ranked[i] >= threshold) {
      found += 1;
      nth.push(i);
    }
    best[i] = found / (i + 1);
  }
  for (let i = n - 2; i >= 0; i -= 1) if (best[i + 1] > best[i]) best[i] = best[i + 1];
  const whole = t.num_rel_ret / t.num_ret;
  return levels.map((x) => {
    const needed = lround(x * t.num_rel);
    if (needed > t.num_rel_ret) return 0.0;
    if (!(t.num_rel_ret > 0)) return whole;
    return best[nth[Math.max(needed, 1) - 1]];
  });
}

/** 11pt_avg: the mean of the interpolated precisions, added from the last level to the first. */
export function elevenPointAverage(iprec) {
  let total = 0;
  for (let j = iprec.length - 1; j >= 0; j -= 1) total += iprec[j];
  return total / iprec.length;
}

/** binG: each relevant document adds 1 / log2(2 + non-relevant above it), over R. */
export function trecBinG(ranked, t, threshold) {
  let relSoFar = 0;
  let total = 0;
  for (let i = 0; i < t.num_ret; i += 1) {
    if (!(ranked[i] >= threshold)) continue;
    relSoFar += 1;
    total += 1.0 / log2Of(3 + i - relSoFar);
  }
  return t.num_rel_ret > 0 ? total / t.num_rel : 0;
}
