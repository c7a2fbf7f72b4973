// The practice problems on the graded measures (CG, DCG, IDCG, NDCG with each gain, against a
// pool, with tied scores, padded lists, and the mean over queries): each draws its numbers with
// the problem's draws (js/practice/draw.js) in the Python's order, draw for draw, and returns
// {question, given, answer, decimals, traps, steps} (ndcg.teaching.practice).

import {
  MAX_GRADE,
  TIE_RULES,
  TIE_WORDS,
  ruleWord,
  WRONG_GAIN,
  CUT,
  RETRIEVED_IDEAL,
  f3,
  joined,
  bestFirst,
  sum,
  dcgSteps,
  ndcgSteps,
  poolDraw,
  poolGiven,
  tiedNdcg,
} from "./steps.js";
import { cg, dcg, idcg, ndcg } from "../arith.js";

export function cgProblem(d) {
  const m = d.one(4, 8);
  const g = d.grades(m);
  const k = d.one(2, m);
  const answer = cg(g, { k });
  return {
    question: `CG@${k} of this ranked list`,
    given: [
      ["Grades, top to bottom", joined(g)],
      ["Cutoff", `k = ${k}`],
    ],
    answer,
    decimals: 0,
    traps: [
      [cg(g), "That adds every grade: CG@k stops at position k."],
      [cg(bestFirst(g, k)), "That is CG@k of the best order; take the list as ranked."],
    ],
    steps: [
      `Positions 1 to ${k} hold ${joined(g.slice(0, k))}`,
      `CG@${k} = ${g.slice(0, k).join(" + ")} = ${answer}`,
    ],
  };
}

export function dcgProblem(d) {
  const m = d.one(4, 7);
  const g = d.grades(m);
  const k = d.one(3, m + 1);
  return {
    question: `DCG@${k} of this ranked list, linear gain (the gain is the grade)`,
    given: [
      ["Grades, top to bottom", joined(g)],
      ["Cutoff", `k = ${k}`],
    ],
    answer: dcg(g, { k }),
    decimals: 3,
    traps: [
      [cg(g, { k }), "That is CG@k: divide each gain by log2(position + 1)."],
      [
        dcg(g, { k, discount: "reciprocal" }),
        "That divides each gain by its position; DCG divides by log2(position + 1).",
      ],
      [dcg(g), CUT],
      [dcg(g, { k, gain: "exponential" }), WRONG_GAIN.linear],
    ],
    steps: dcgSteps(g, k, "linear", `DCG@${k}`)[1],
  };
}

export function idcgProblem(d) {
  const [g, extra, k] = poolDraw(d, d.one(4, 7));
  const ideal = bestFirst(g.concat(extra), k);
  return {
    question: `Ideal DCG@${k} of this query, linear gain`,
    given: poolGiven(g, extra, k),
    answer: idcg(g, { k, unretrieved: extra }),
    decimals: 3,
    traps: [
      [idcg(g, { k }), RETRIEVED_IDEAL],
      [dcg(g, { k }), "That is the DCG of the list as ranked; the ideal sorts every judged grade."],
      [idcg(g, { unretrieved: extra }), "The ideal is cut at k too."],
    ],
    steps: [
      `Every judged grade, best first, top ${k}: ${joined(ideal)}`,
      ...dcgSteps(ideal, k, "linear", `IDCG@${k}`)[1],
    ],
  };
}

function ndcgTraps(g, k, gain, extra) {
  const other = gain === "exponential" ? "linear" : "exponential";
  return [
    [ndcg(g, { k, gain: other, unretrieved: extra }), WRONG_GAIN[gain]],
    [dcg(g, { k, gain }), "That is DCG@k alone: divide it by the ideal DCG@k."],
    [
      dcg(g, { k, gain }) / idcg(g, { gain, unretrieved: extra }),
      "The ideal is cut at k too: divide by the ideal DCG@k, not the whole ideal's DCG.",
    ],
    [ndcg(g, { gain, unretrieved: extra }), CUT],
  ];
}

export const ndcgGain = (gain) => (d) => {
  const m = d.one(4, 7);
  const g = d.grades(m);
  const k = d.one(3, m + 1);
  const words = gain === "exponential" ? "2^grade - 1" : "the grade";
  return {
    question: `NDCG@${k} of this ranked list, ${gain} gain (the gain is ${words})`,
    given: [
      ["Grades, top to bottom", joined(g)],
      ["Cutoff", `k = ${k}`],
      ["Judged documents", "only those in the list"],
    ],
    answer: ndcg(g, { k, gain }),
    decimals: 3,
    traps: ndcgTraps(g, k, gain, []),
    steps: ndcgSteps(g, g, k, gain),
  };
};

export function ndcgPoolProblem(d) {
  const [g, extra, k] = poolDraw(d, d.one(4, 7));
  return {
    question: `NDCG@${k} of this query, linear gain`,
    given: poolGiven(g, extra, k),
    answer: ndcg(g, { k, unretrieved: extra }),
    decimals: 3,
    traps: [[ndcg(g, { k }), RETRIEVED_IDEAL], ...ndcgTraps(g, k, "linear", extra)],
    steps: ndcgSteps(g, g.concat(extra), k, "linear"),
  };
}

export function tiesProblem(d) {
  const m = d.one(4, 7);
  const g = d.grades(m);
  const scores = d.many(1, 4, m);
  const rule = TIE_RULES[d.one(0, TIE_RULES.length)];
  const k = d.one(3, m + 1);
  const [answer, steps] = tiedNdcg(g, scores, k, rule);
  const others = [...TIE_RULES, "stable"].filter((r) => r !== rule);
  return {
    question: `NDCG@${k}, linear gain, the documents ranked by score, ties ${TIE_WORDS[rule]}`,
    given: [
      ["Scores, in input order", joined(scores)],
      ["Grades, in input order", joined(g)],
      ["Cutoff", `k = ${k}`],
    ],
    answer,
    decimals: 3,
    traps: [
      ...others.map((other) => [
        tiedNdcg(g, scores, k, other)[0],
        `That breaks the ties ${ruleWord(other)}; this question breaks them ${ruleWord(rule)}.`,
      ]),
      [tiedNdcg(g, scores, m, rule)[0], CUT],
    ],
    steps,
  };
}

export function paddedProblem(d) {
  const m = d.one(2, 4);
  const g = d.grades(m);
  const k = d.one(m + 1, m + 4);
  // Chapter 6's padded ideal: imagined documents of the highest grade on the scale.
  const pad = Array(k - m).fill(MAX_GRADE);
  const ownTop = Array(k - m).fill(Math.max(...g));
  return {
    question: `NDCG@${k} of this short list, linear gain, with the ideal padded to k by documents of the highest grade on the scale, ${MAX_GRADE}`,
    given: [
      ["Grades, top to bottom (every judged document)", joined(g)],
      ["Grade scale", `0 to ${MAX_GRADE}`],
      ["Cutoff", `k = ${k}`],
    ],
    answer: ndcg(g, { k, unretrieved: pad }),
    decimals: 3,
    traps: [
      [ndcg(g, { k }), "That is the ideal from what exists; this question pads the ideal to k."],
      [
        ndcg(g, { k, unretrieved: ownTop }),
        `That pads with the list's highest grade; the padded ideal imagines documents of the scale's highest grade, ${MAX_GRADE}.`,
      ],
      [ndcg(g, { k, gain: "exponential", unretrieved: pad }), WRONG_GAIN.linear],
    ],
    steps: [
      `Pad the judged grades with ${k - m} of grade ${MAX_GRADE}: ${joined(g.concat(pad))}`,
      ...ndcgSteps(g, g.concat(pad), k, "linear"),
    ],
  };
}

export function meanProblem(d) {
  const sizes = d.many(2, 6, 3);
  const queries = sizes.map((m) => d.grades(m));
  const scores = queries.map((q) => ndcg(q));
  const answer = sum(scores) / scores.length;
  const steps = queries.map(
    (q, i) => `Query ${i + 1}: NDCG = ${f3(dcg(q))} / ${f3(idcg(q))} = ${f3(scores[i])}`,
  );
  steps.push(`Mean = (${scores.map(f3).join(" + ")}) / 3 = ${f3(answer)}`);
  return {
    question: "Mean NDCG over these three queries, linear gain, no cutoff",
    given: queries.map((q, i) => [`Query ${i + 1}`, joined(q)]),
    answer,
    decimals: 3,
    traps: [
      [
        sum(scores.map((s, i) => s * sizes[i])) / sum(sizes),
        "That is a mean over rows: each query voted once for each of its documents; give every query one vote.",
      ],
      [
        sum(queries.map((q) => dcg(q))) / sum(queries.map((q) => idcg(q))),
        "That divides the summed DCGs by the summed ideals; average the queries' NDCGs instead.",
      ],
      [sum(queries.map((q) => dcg(q))) / queries.length, "That is the mean DCG: normalise."],
    ],
    steps,
  };
}
