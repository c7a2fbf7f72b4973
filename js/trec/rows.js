// trec_eval's rows per query, as ndcg.trec.rows forms them (its te_form_res_rels): which
// queries are evaluated and in what order, and for each the run's lines ranked by score
// descending then docno descending (compared by code point, which is C's strcmp on UTF-8),
// their grades from the qrels, -J applied, the stand-in ranking of a query the run lacks,
// and the query's judged grades sorted descending. One query is formed at a time, so the
// per-query values of a run of millions of lines are computed without forming them all.

import { compareCodePoints } from "./options.js";

/**
 * The queries trec_eval reports, in its order: every query of the qrels the run retrieved
 * for, or with -c every query of the qrels; sorted by code point. A query of the run
 * without judgments is never scored.
 */
export function evaluatedQueries(qrels, run, complete) {
  const ids = [...qrels.queries.keys()].sort(compareCodePoints);
  return complete ? ids : ids.filter((id) => run.queries.has(id));
}

/** Whether any query of the qrels is in the run (the CLI refuses to evaluate nothing). */
export function anyQueryShared(qrels, run) {
  for (const id of qrels.queries.keys()) if (run.queries.has(id)) return true;
  return false;
}

/**
 * One query's input to the kernels (the contract's q): `{ id, docnos, scores, grades,
 * ranked, nRanked, judged, standIn, cache }`; see the module comment.
 */
export function queryRows(id, qrels, run, judgedOnly) {
  const judgments = qrels.queries.get(id);
  const retrieved = run.queries.get(id);
  const gradeOf = new Map();
  for (let i = 0; i < judgments.docs.length; i += 1)
    gradeOf.set(judgments.docs[i], judgments.values[i]);
  const judged = Float64Array.from(judgments.values).sort().reverse();
  if (!retrieved) {
    // trec_eval's bogus ranking: one document the qrels do not hold (dropped again by -J).
    const ranked = judgedOnly ? new Float64Array(0) : Float64Array.of(NaN);
    return {
      id,
      docnos: [],
      scores: new Float64Array(0),
      grades: new Float64Array(0),
      ranked,
      nRanked: ranked.length,
      judged,
      standIn: true,
      cache: new Map(),
    };
  }
  const { docs, values } = retrieved;
  const order = Array.from(docs, (_, i) => i);
  order.sort((a, b) => values[b] - values[a] || compareCodePoints(docs[b], docs[a]));
  const n = order.length;
  const docnos = new Array(n);
  const scores = new Float64Array(n);
  const grades = new Float64Array(n);
  let kept = 0;
  for (let r = 0; r < n; r += 1) {
    const i = order[r];
    docnos[r] = docs[i];
    scores[r] = values[i];
    const grade = gradeOf.get(docs[i]);
    grades[r] = grade === undefined ? NaN : grade;
    if (!judgedOnly || grades[r] >= 0) kept += 1;
  }
  let ranked = grades;
  if (judgedOnly) {
    ranked = new Float64Array(kept);
    let j = 0;
    for (let r = 0; r < n; r += 1) if (grades[r] >= 0) ranked[j++] = grades[r];
  } else ranked = grades.slice();
  return {
    id,
    docnos,
    scores,
    grades,
    ranked,
    nRanked: ranked.length,
    judged,
    standIn: false,
    cache: new Map(),
  };
}
