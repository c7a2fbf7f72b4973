// trec_eval's rbp and rbp_resid for one query, as ndcg.trec.rbp computes them: graded
// gains rescaled to [0, 1] when they leave it, p**(i-1) as a running product (trec_eval's
// cur_p), terms added from the top.

import { gainMap, levelGain } from "./gains.js";

/** trec_eval's persistence p for rbp and rbp_resid (ndcg.trec.rbp.PERSISTENCE; options.js names it in a note). */
export const PERSISTENCE = 0.9;

const POWERS = new Map();

/** p**(i-1) for ranks 1..n as a running product (ndcg.discount.persistence), kept per p. */
export function runningPowers(n, p) {
  let table = POWERS.get(p) ?? new Float64Array(0);
  if (table.length < n) {
    const grown = new Float64Array(Math.max(n, 2 * table.length, 1024));
    grown.set(table);
    for (let i = table.length; i < grown.length; i += 1)
      grown[i] = i === 0 ? 1.0 : grown[i - 1] * p;
    POWERS.set(p, grown);
    table = grown;
  }
  return table;
}

/**
 * The smallest and largest gain among setup_gains' levels: every level from 0 to the
 * query's highest grade of 0 or more, and every level of the gain map. A level the map
 * does not name gains itself, so the smallest of those is the first level the map leaves
 * out and the largest the last one up to the top: found by walking past the map's levels,
 * never level by level up to the top (a grade of 10**9 costs what a grade of 3 does), as
 * ndcg.trec.rbp._gain_range finds them.
 */
function rbpGainRange(judged, map) {
  let top = -1.0;
  for (const g of judged) if (g >= 0 && g > top) top = g;
  top = Math.floor(top);
  let first = 0;
  while (map.has(first)) first += 1;
  let last = top;
  while (last >= 0 && map.has(last)) last -= 1;
  let low = first <= top ? first : Infinity;
  let high = last >= 0 ? last : -Infinity;
  for (const gain of map.values()) {
    if (gain < low) low = gain;
    if (gain > high) high = gain;
  }
  return [low, high];
}

/** trec_eval's rbp: (1 - p) * sum_i gain_i * p**(i-1) on rescaled graded gains. */
export function trecRbp(ranked, nRanked, judged, gains = null, p = PERSISTENCE) {
  const map = gainMap(gains);
  const [low, high] = rbpGainRange(judged, map);
  const rescale = low < 0 || high > 1;
  const w = runningPowers(nRanked, p);
  let total = 0;
  for (let i = 0; i < nRanked; i += 1) {
    const g = ranked[i];
    if (!(g >= 0)) continue;
    const value = levelGain(g, map);
    total += (rescale ? (value - low) / (high - low) : value) * w[i];
  }
  return (1.0 - p) * total;
}

/** trec_eval's rbp_resid: p**n + (1 - p) * the weights of the unjudged ranks; 0 with none. */
export function trecRbpResid(ranked, nRanked, p = PERSISTENCE) {
  const w = runningPowers(nRanked + 1, p);
  let total = 0;
  let any = false;
  for (let i = 0; i < nRanked; i += 1) {
    if (ranked[i] >= 0) continue;
    any = true;
    total += w[i];
  }
  return any ? w[nRanked] + (1.0 - p) * total : 0;
}
