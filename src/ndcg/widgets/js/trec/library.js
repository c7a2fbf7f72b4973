// The measures ndcg.evaluate computes for the command line (ndcg, P, recall, map, recip_rank
// and their cutoffs), for one query, as ndcg.cli.compute calls it: NDCG through the gain
// (a gain map completed with each level's own value), every other one binary at -l;
// unjudged documents dropped before ranking under -J ("condense"), gain 0 in place
// otherwise; a query the run lacks (-c, missing="zero") 0. Sums run in rank order from the
// top, as the library's running sums (np.cumsum) do.

import { gainOf } from "../arith.js";
import { log2Rank } from "./log2.js";

/** Below this total gain no discounted sum can overflow (ndcg._kernel._SAFE_TOTAL). */
const SAFE_TOTAL = Number.MAX_VALUE / 4;
/** A list whose largest gain is below this is scaled up (ndcg._kernel._TINY). */
const TINY = 2 ** -511;

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
  const map = new Map(Object.entries(gain).map(([level, value]) => [Number(level), Number(value)]));
  return (g) => map.get(g) ?? g;
}

/** The binary exponent of x (x = m 2^e, m in [0.5, 1)), as C's frexp. */
function frexpExponent(x) {
  let e = Math.floor(Math.log2(x)) + 1;
  // Math.log2 may round across a power of two: settle the exponent exactly.
  while (ldexp(x, -e) >= 1) e += 1;
  while (ldexp(x, -e) < 0.5) e -= 1;
  return e;
}

/** x 2^e without overflow or underflow on the way (numpy's ldexp). */
export function ldexp(x, e) {
  let out = x;
  let left = e;
  while (left > 1000) { out *= 2 ** 1000; left -= 1000; }
  while (left < -1000) { out *= 2 ** -1000; left += 1000; }
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
  const scaled = !(total < SAFE_TOTAL) || (peak > 0 && peak < TINY);
  return scaled ? -frexpExponent(peak) : 0;
}

/** The DCG of gains in rank order, positions 1..k (all for k null). */
function dcgAt(gains, k) {
  const end = k === null ? gains.length : Math.min(k, gains.length);
  let total = 0;
  for (let i = 0; i < end; i += 1) total += gains[i] / log2Rank(i + 1);
  return total;
}

/** NDCG at k of the query, under the spec's gain; 0 where the ideal is 0. */
export function ndcgValue(q, ctx, k, gain) {
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
  const best = dcgAt(pool, k);
  return best === 0 ? 0 : dcgAt(ranked, k) / best;
}

/** Whether each ranked document is relevant at -l (an unjudged one never is). */
function binary(q, ctx) {
  return libraryGrades(q, ctx).map((g) => (g >= ctx.level ? 1 : 0));
}

/** Relevant judgments of the query at -l: recall's and AP's divisor. */
function relevantJudged(q, ctx) {
  let count = 0;
  for (const g of q.judged) if (g >= ctx.level) count += 1;
  return count;
}

const until = (list, k) => (k === null ? list.length : Math.min(k, list.length));

/** P at k (over k even past the list's end); set_P (k null) over the list's length. */
export function precisionValue(q, ctx, k) {
  const list = binary(q, ctx);
  let found = 0;
  for (let i = 0; i < until(list, k); i += 1) found += list[i];
  const size = k === null ? list.length : k;
  return size > 0 ? found / size : 0;
}

/** recall at k: relevant found in the top k over every relevant judgment; 0 with none. */
export function recallValue(q, ctx, k) {
  const list = binary(q, ctx);
  let found = 0;
  for (let i = 0; i < until(list, k); i += 1) found += list[i];
  const total = relevantJudged(q, ctx);
  return total > 0 ? found / total : 0;
}

/** AP at k: the sum of found / rank at each relevant rank up to k, over R (0 with none). */
export function apValue(q, ctx, k) {
  const list = binary(q, ctx);
  let found = 0;
  let total = 0;
  for (let i = 0; i < until(list, k); i += 1) {
    found += list[i];
    total += (list[i] * found) / (i + 1);
  }
  const relevant = relevantJudged(q, ctx);
  return relevant > 0 ? total / relevant : 0;
}

/** recip_rank: 1 / the rank of the first relevant document, 0 if none. */
export function rrValue(q, ctx, k) {
  const list = binary(q, ctx);
  for (let i = 0; i < until(list, k); i += 1) if (list[i] === 1) return 1 / (i + 1);
  return 0;
}
