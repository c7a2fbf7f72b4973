// The measures ndcg.evaluate computes for the command line (ndcg, P, recall, map, recip_rank
// and their cutoffs), for one query, as ndcg.trec.cli.compute calls it: NDCG through the gain
// (a gain map completed with each level's own value), every other one binary at -l;
// unjudged documents dropped before ranking under -J ("condense"), gain 0 in place
// otherwise; a query the run lacks (-c, missing="zero") 0. Sums run in rank order from the
// top, as the library's running sums (np.cumsum) do.

import { gainOf } from "../arith.js";
import { gainMap, levelGain, runningDcg } from "./gains.js";

/** Below this total gain no discounted sum can overflow (ndcg._kernel._SAFE_TOTAL). */
const NDCG_SAFE_TOTAL = Number.MAX_VALUE / 4;
/** A list whose largest gain is below this is scaled up (ndcg._kernel._TINY). */
const NDCG_TINY = 2 ** -511;

/** The grades evaluate ranks for the query: the run's, less the unjudged under -J. */
export function libraryGrades(q, ctx) {
  if (q.standIn) return [];
  const out = [];
  for (const g of q.grades) if (!ctx.judgedOnly || g >= 0) out.push(g);
  return out;
}

/** The gain of a judged grade (>= 0): linear, exponential, or a map's with each level's own value. */
export function gainFunction(gain) {
  if (gain === "linear" || gain === "exponential") return (g) => gainOf(g, gain);
  const map = gainMap(gain);
  return (g) => levelGain(g, map);
}

/**
 * The binary exponent of x (x = m 2^e, m in [0.5, 1)), as C's frexp; 0 for 0, an infinite
 * or NaN x, as numpy's frexp gives (an infinite gain reaches here from a grade >= 1024 under
 * --gain exponential: the engine refuses it first, but this loop must end on its own).
 */
export function frexpExponent(x) {
  if (x === 0 || !Number.isFinite(x)) return 0;
  let e = Math.floor(Math.log2(Math.abs(x))) + 1;
  // Math.log2 may round across a power of two: settle the exponent exactly.
  while (Math.abs(ldexp(x, -e)) >= 1) e += 1;
  while (Math.abs(ldexp(x, -e)) < 0.5) e -= 1;
  return e;
}

/** Beyond this power of two any double other than 0 overflows to inf or underflows to 0. */
const LDEXP_REACH = 2200;

/**
 * x 2^e without overflow or underflow on the way (numpy's ldexp). An exponent past either
 * reach (infinite too) gives what it would give at the reach, so the loops always end; a
 * NaN exponent gives NaN.
 */
export function ldexp(x, e) {
  let out = x;
  let left = Math.min(Math.max(e, -LDEXP_REACH), LDEXP_REACH);
  while (left > 1000) {
    out *= 2 ** 1000;
    left -= 1000;
  }
  while (left < -1000) {
    out *= 2 ** -1000;
    left += 1000;
  }
  return out * 2 ** left;
}

/** ndcg._kernel.ratio_scale for one list: the power of two that keeps DCG / IDCG exact. */
function ratioExponent(pool) {
  let total = 0;
  let peak = 0;
  for (const g of pool) {
    total += g;
    if (g > peak) peak = g;
  }
  const scaled = !(total < NDCG_SAFE_TOTAL) || (peak > 0 && peak < NDCG_TINY);
  return scaled ? -frexpExponent(peak) : 0;
}

/** A running sum read at cutoff k (the whole list for k null; 0 for an empty one). */
function runningAt(running, k) {
  const end = k === null ? running.length : Math.min(k, running.length);
  return end > 0 ? running[end - 1] : 0;
}

/** The query's running DCG and ideal DCG under a gain, scaled as ndcg._kernel.ratio_scale says. */
export function ndcgProfile(q, ctx, gain) {
  const of = gainFunction(gain);
  let ranked = libraryGrades(q, ctx).map((g) => (g >= 0 ? of(g) : 0.0));
  let pool = [];
  for (const g of q.judged) pool.push(g >= 0 ? of(g) : 0.0);
  const exponent = ratioExponent(pool);
  if (exponent !== 0) {
    ranked = ranked.map((g) => ldexp(g, exponent));
    pool = pool.map((g) => ldexp(g, exponent));
  }
  pool.sort((a, b) => b - a);
  return { dcg: runningDcg(ranked), ideal: runningDcg(pool) };
}

/** NDCG at k from a profile; 0 where the ideal is 0. */
export function ndcgAt(profile, k) {
  const best = runningAt(profile.ideal, k);
  return best === 0 ? 0 : runningAt(profile.dcg, k) / best;
}

/**
 * The query's binary reading at -l: the running count of relevant documents, the running
 * sum of AP's terms (found / rank at each relevant rank), the rank of the first relevant
 * one (0: none), the list's length and the relevant judgments (recall's and AP's divisor).
 */
export function binaryProfile(q, ctx) {
  const grades = libraryGrades(q, ctx);
  const found = new Float64Array(grades.length);
  const ap = new Float64Array(grades.length);
  let count = 0;
  let sum = 0;
  let first = 0;
  for (let i = 0; i < grades.length; i += 1) {
    const b = grades[i] >= ctx.level ? 1 : 0;
    count += b;
    sum += (b * count) / (i + 1);
    found[i] = count;
    ap[i] = sum;
    if (b === 1 && first === 0) first = i + 1;
  }
  let relevant = 0;
  for (const g of q.judged) if (g >= ctx.level) relevant += 1;
  return { found, ap, first, n: grades.length, relevant };
}

/** P at k (over k even past the list's end); set_P (k null) over the list's length. */
export function precisionAt(profile, k) {
  const size = k === null ? profile.n : k;
  return size > 0 ? runningAt(profile.found, k) / size : 0;
}

/** recall at k: relevant found in the top k over every relevant judgment; 0 with none. */
export function recallAt(profile, k) {
  return profile.relevant > 0 ? runningAt(profile.found, k) / profile.relevant : 0;
}

/** AP at k: the sum of found / rank at each relevant rank up to k, over R (0 with none). */
export function apAt(profile, k) {
  return profile.relevant > 0 ? runningAt(profile.ap, k) / profile.relevant : 0;
}

/** recip_rank (at k): 1 / the rank of the first relevant document, 0 if none. */
export function rrAt(profile, k) {
  return profile.first > 0 && (k === null || profile.first <= k) ? 1 / profile.first : 0;
}
