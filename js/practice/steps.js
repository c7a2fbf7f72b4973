// What the practice problems share (js/practice/draw.js draws them): the words of the traps
// and the tie rules, short ways of writing lists and figures, the worked steps of DCG@k and
// NDCG@k, the pool of judged grades and the ranking of tied scores under each tie rule.

import { dcg, extremeOrder, gainOf, ndcg, positions } from "../arith.js";
import { fixedPoint } from "../decimals.js";

export const MAX_GRADE = 3;
export const TIE_RULES = ["average", "pessimistic", "optimistic"];
export const TIE_WORDS = {
  average: "averaged (each position of a tie gets the tie's mean gain)",
  pessimistic: "pessimistically (the lowest grade of a tie first)",
  optimistic: "optimistically (the highest grade of a tie first)",
  stable: "in input order",
};
export const ruleWord = (rule) => TIE_WORDS[rule].split(" (")[0];
export const WRONG_GAIN = {
  linear: "That uses gain 2^grade - 1; here the gain is the grade itself.",
  exponential: "That uses the grade as the gain; here the gain is 2^grade - 1.",
};
export const CUT = "The cutoff was forgotten: stop at position k.";
export const RETRIEVED_IDEAL =
  "Your ideal only knows the retrieved list: the judged documents it missed belong in it too.";

export const f3 = (x) => fixedPoint(x, 3);
export const joined = (values) => values.join(", ");
export const bestFirst = (grades, k) =>
  grades
    .slice()
    .sort((a, b) => b - a)
    .slice(0, k);
export const sum = (values) => values.reduce((a, b) => a + b, 0);
export const relevantLine = (g, t) => joined(g.map((x) => (x >= t ? 1 : 0)));

/** DCG@k position by position, as the chapter works it: [total, steps]. */
export function dcgSteps(grades, k, gain, name) {
  const rows = positions(grades.slice(0, k), { gain });
  const steps = rows.map((r) => {
    const shown = gain === "exponential" ? `2^${r.grade} - 1 = ${r.gain}` : `${r.gain}`;
    return `${name}, position ${r.position}: gain ${shown}, / log2(${r.position + 1}) = ${f3(r.discounted)}`;
  });
  const total = dcg(grades, { k, gain });
  steps.push(`${name} = ${rows.map((r) => f3(r.discounted)).join(" + ")} = ${f3(total)}`);
  return [total, steps];
}

/** NDCG@k: the list's DCG@k, the ideal's from the pool, their ratio. */
export function ndcgSteps(grades, pool, k, gain) {
  const [top, steps] = dcgSteps(grades, k, gain, `DCG@${k}`);
  const ideal = bestFirst(pool, k);
  steps.push(`Ideal order of the judged grades, top ${k}: ${joined(ideal)}`);
  const [best, idealSteps] = dcgSteps(ideal, k, gain, `IDCG@${k}`);
  steps.push(...idealSteps, `NDCG@${k} = ${f3(top)} / ${f3(best)} = ${f3(top / best)}`);
  return steps;
}

export function poolDraw(d, m) {
  const g = d.grades(m);
  const extra = d.many(1, MAX_GRADE + 1, d.one(1, 3));
  const k = d.one(3, m + 1);
  return [g, extra, k];
}

export const poolGiven = (g, extra, k) => [
  ["Grades of the ranked list", joined(g)],
  ["Judged, not retrieved", joined(extra)],
  ["Cutoff", `k = ${k}`],
];

/** Input positions grouped by equal score, highest score first, input order inside. */
function tieGroups(scores) {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const groups = [];
  for (const i of order) {
    const last = groups[groups.length - 1];
    if (last && scores[last[0]] === scores[i]) last.push(i);
    else groups.push([i]);
  }
  return groups;
}

/** NDCG@k of grades ranked by score under a tie rule, and its worked steps: [value, steps]. */
export function tiedNdcg(g, scores, k, rule) {
  const groups = tieGroups(scores);
  const steps = [
    `By score, highest first: ${groups.map((grp) => `score ${scores[grp[0]]}: grades ${joined(grp.map((i) => g[i]))}`).join(" | ")}`,
  ];
  const byScore = groups.flat().map((i) => g[i]);
  if (rule === "stable") return [ndcg(byScore, { k }), steps];
  if (rule !== "average") {
    const blocks = [];
    let at = 0;
    for (const grp of groups) {
      blocks.push([at, at + grp.length]);
      at += grp.length;
    }
    const ranked = extremeOrder(byScore, blocks, rule === "pessimistic" ? -1 : 1).map(
      (i) => byScore[i],
    );
    steps.push(`Grades in that order: ${joined(ranked)}`, ...ndcgSteps(ranked, g, k, "linear"));
    return [ndcg(ranked, { k }), steps];
  }
  // Each position of a tie gets the tie's mean gain (McSherry and Najork, as ndcg.ndcg_from_scores).
  const means = [];
  let at = 0;
  for (const grp of groups) {
    const mean = sum(grp.map((i) => gainOf(g[i]))) / grp.length;
    means.push(...grp.map(() => mean));
    steps.push(`Positions ${at + 1}-${at + grp.length}: mean gain ${f3(mean)}`);
    at += grp.length;
  }
  const rows = positions(means.slice(0, k));
  const top = dcg(means, { k });
  const ideal = bestFirst(g, k);
  const [best, idealSteps] = dcgSteps(ideal, k, "linear", `IDCG@${k}`);
  steps.push(`DCG@${k} = ${rows.map((r) => f3(r.discounted)).join(" + ")} = ${f3(top)}`);
  steps.push(
    `Ideal order, top ${k}: ${joined(ideal)}`,
    ...idealSteps,
    `NDCG@${k} = ${f3(top)} / ${f3(best)} = ${f3(top / best)}`,
  );
  return [top / best, steps];
}
