// trec_eval's graded measures beside ndcg for one query, as ndcg.trec.gains computes them:
// G, ndcg_rel and Rndcg. A grade's gain is the gain map's (trec_eval's -m G.1=3,2=9) or the
// grade itself; an unjudged or negative grade gains nothing. The ideal is every positive
// gain of the query's judgments, best first.

import { log2Of, rankLog2 } from "./logexp.js";

/** Each prefix's sum of gains / log2(i + 1): entry i is the DCG at rank i + 1, np.cumsum's order. */
export function runningDcg(gains) {
  const out = new Float64Array(gains.length);
  let total = 0;
  for (let i = 0; i < gains.length; i += 1) {
    total += gains[i] / rankLog2(i + 1);
    out[i] = total;
  }
  return out;
}

/** A gain map ({level: gain} as JSON, or null) as a Map from level to gain. */
export function gainMap(gains) {
  return new Map(Object.entries(gains ?? {}).map(([level, gain]) => [Number(level), Number(gain)]));
}

/**
 * --gain as a gain map for trec_eval's graded measures (ndcg.trec.gains.gain_map_of):
 * linear none, a map as typed, exponential every positive grade of the qrels (`grades`)
 * to 2**grade - 1, as -m G.1=1,2=3,3=7 would list them.
 */
export function gainMapOf(gain, grades) {
  if (gain === "linear") return null;
  if (gain !== "exponential") return gain;
  const map = {};
  for (const g of grades) if (g > 0) map[g] = 2 ** g - 1;
  return map;
}

/** The gain of one grade: the map's, else the grade; 0 for NaN and negative grades. */
export function levelGain(grade, map) {
  const mapped = map.get(grade);
  if (mapped !== undefined) return mapped;
  return grade >= 0 ? grade : 0.0;
}

/** The positive gains of the judgments, best first. */
export function idealGains(judged, map) {
  const out = [];
  for (const g of judged) {
    const gain = levelGain(g, map);
    if (gain > 0) out.push(gain);
  }
  return out.sort((a, b) => b - a);
}

/** Each retrieved document's gain. */
function retrievedGains(ranked, nRanked, map) {
  const out = new Float64Array(nRanked);
  for (let i = 0; i < nRanked; i += 1) out[i] = levelGain(ranked[i], map);
  return out;
}

/** G: each gain over log2(2 + cost so far - gain so far), over the ideal's total gain. */
export function trecG(ranked, nRanked, judged, gains = null) {
  const map = gainMap(gains);
  const got = retrievedGains(ranked, nRanked, map);
  const ideal = idealGains(judged, map);
  let spent = 0;
  let gained = 0;
  let total = 0;
  for (let i = 0; i < got.length; i += 1) {
    const best = i < ideal.length ? ideal[i] : 0;
    // biome-ignore lint/complexity/useMathMinMax: trec_eval's comparison; Math.max differs on NaN
    spent += best >= 1.0 ? best : 1.0;
    gained += got[i];
    if (got[i] !== 0) total += got[i] / log2Of(2 + spent - gained);
  }
  let whole = 0;
  for (const g of ideal) whole += g;
  return whole > 0.0 ? total / whole : 0;
}

/** ndcg_rel: NDCG averaged over the relevant documents (each one missed counts the end's). */
export function trecNdcgRel(ranked, nRanked, judged, gains = null) {
  const map = gainMap(gains);
  const got = retrievedGains(ranked, nRanked, map);
  const ideal = idealGains(judged, map);
  const dcg = runningDcg(got);
  const idcg = runningDcg(ideal);
  const at = (running, i) => (running.length ? running[Math.min(i, running.length - 1)] : 0);
  let total = 0;
  let nFound = 0;
  for (let i = 0; i < got.length; i += 1) {
    if (got[i] > 0) {
      nFound += 1;
      total += dcg[i] / at(idcg, i);
    }
  }
  const nRelevant = ideal.length;
  total += ((nRelevant - nFound) * at(dcg, got.length)) / at(idcg, ideal.length);
  return total > 0.0 ? total / nRelevant : 0;
}

/** Rndcg: NDCG averaged at the ranks where the ideal's gain changes (and at the list's end). */
export function trecRndcg(ranked, nRanked, judged, t, gains = null) {
  const map = gainMap(gains);
  const dcg = runningDcg(retrievedGains(ranked, nRanked, map));
  const ideal = idealGains(judged, map);
  const idcg = runningDcg(ideal);
  // With a 0 before each running sum: entry j is the sum of the first j terms.
  const dcgAt = (j) => (j > 0 ? dcg[j - 1] : 0);
  const idcgAt = (j) => (j > 0 ? idcg[j - 1] : 0);
  const r = ideal.length;
  let total = 0;
  let count = 0;
  for (let b = 1; b <= r; b += 1) {
    const next = b < r ? ideal[b] : 0;
    if (next !== ideal[b - 1]) {
      total += dcgAt(Math.min(b, nRanked)) / idcgAt(b);
      count += 1;
    }
  }
  if (nRanked > r + 1 && r > 0) {
    total += dcgAt(nRanked) / idcgAt(r);
    count += 1;
  }
  return t.num_rel > 0 ? total / count : 0;
}
