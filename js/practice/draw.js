// Practice problems, with no DOM: problem n of a series for a skill, drawn as
// ndcg.teaching.practice draws it (numpy's default_rng([series, skill id, n]) through the port
// in random.js), its answer, traps and worked solution computed by the browser's arithmetic
// (arith.js). tests/book/test_practice.py holds every field to the Python's on the first 1,000
// problems of five series. The order of the draws is the Python's, draw for draw; the skills'
// ids, titles and hints come from the Python (ndcg.teaching.practice.SKILLS) with the widget.

import {
  averagePrecision,
  cg,
  dcg,
  err,
  extremeOrder,
  gainOf,
  idcg,
  ndcg,
  positions,
  precision,
  recall,
  reciprocalRank,
} from "../arith.js";
import { defaultRng, integers } from "../random.js";
import { fixedPoint } from "../decimals.js";

const MAX_GRADE = 3;
export const TIE_RULES = ["average", "pessimistic", "optimistic"];
const TIE_WORDS = {
  average: "averaged (each position of a tie gets the tie's mean gain)",
  pessimistic: "pessimistically (the lowest grade of a tie first)",
  optimistic: "optimistically (the highest grade of a tie first)",
  stable: "in input order",
};
const ruleWord = (rule) => TIE_WORDS[rule].split(" (")[0];
const WRONG_GAIN = {
  linear: "That uses gain 2^grade - 1; here the gain is the grade itself.",
  exponential: "That uses the grade as the gain; here the gain is 2^grade - 1.",
};
const CUT = "The cutoff was forgotten: stop at position k.";
const RETRIEVED_IDEAL =
  "Your ideal only knows the retrieved list: the judged documents it missed belong in it too.";

/** The problem's draws: Generator.integers with a size, as the Python's _Draw. */
function drawer(series, ident, n) {
  const gen = defaultRng([series, ident, n]);
  const many = (low, high, size) => Array.from(integers(gen, low, high, size));
  const one = (low, high) => many(low, high, 1)[0];
  const grades = (m) => {
    const g = many(0, MAX_GRADE + 1, m);
    const at = one(0, m);
    g[at] = Math.max(g[at], 1);
    return g;
  };
  return { many, one, grades };
}

const f3 = (x) => fixedPoint(x, 3);
const joined = (values) => values.join(", ");
const bestFirst = (grades, k) =>
  grades
    .slice()
    .sort((a, b) => b - a)
    .slice(0, k);
const sum = (values) => values.reduce((a, b) => a + b, 0);
const relevantLine = (g, t) => joined(g.map((x) => (x >= t ? 1 : 0)));

/** DCG@k position by position, as the chapter works it: [total, steps]. */
function dcgSteps(grades, k, gain, name) {
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
function ndcgSteps(grades, pool, k, gain) {
  const [top, steps] = dcgSteps(grades, k, gain, `DCG@${k}`);
  const ideal = bestFirst(pool, k);
  steps.push(`Ideal order of the judged grades, top ${k}: ${joined(ideal)}`);
  const [best, idealSteps] = dcgSteps(ideal, k, gain, `IDCG@${k}`);
  steps.push(...idealSteps, `NDCG@${k} = ${f3(top)} / ${f3(best)} = ${f3(top / best)}`);
  return steps;
}

function cgProblem(d) {
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

function dcgProblem(d) {
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

function poolDraw(d, m) {
  const g = d.grades(m);
  const extra = d.many(1, MAX_GRADE + 1, d.one(1, 3));
  const k = d.one(3, m + 1);
  return [g, extra, k];
}

const poolGiven = (g, extra, k) => [
  ["Grades of the ranked list", joined(g)],
  ["Judged, not retrieved", joined(extra)],
  ["Cutoff", `k = ${k}`],
];

function idcgProblem(d) {
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

const ndcgGain = (gain) => (d) => {
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

function ndcgPoolProblem(d) {
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
function tiedNdcg(g, scores, k, rule) {
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

function tiesProblem(d) {
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

function paddedProblem(d) {
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

function meanProblem(d) {
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

function errProblem(d) {
  const g = d.grades(d.one(3, 6));
  const chances = g.map((x) => (2 ** x - 1) / 2 ** MAX_GRADE);
  const cascadeOf = (cs) => {
    let reach = 1;
    return cs.map((c, i) => {
      const row = { chance: c, reach, stop: c * reach, rank: i + 1 };
      reach *= 1 - c;
      return row;
    });
  };
  const rows = cascadeOf(chances);
  const answer = err(g, { maxGrade: MAX_GRADE });
  const steps = rows.map(
    (r) =>
      `Rank ${r.rank}: R = (2^${g[r.rank - 1]} - 1) / 8 = ${f3(r.chance)}, reached with chance ${f3(r.reach)}, stops there ${f3(r.stop)}, / ${r.rank} = ${f3(r.stop / r.rank)}`,
  );
  steps.push(`ERR = ${rows.map((r) => f3(r.stop / r.rank)).join(" + ")} = ${f3(answer)}`);
  return {
    question: "ERR of this ranked list, grades 0 to 3",
    given: [
      ["Grades, top to bottom", joined(g)],
      ["Chance a grade r satisfies", "R = (2^r - 1) / 2^3"],
    ],
    answer,
    decimals: 3,
    traps: [
      [
        sum(chances.map((c, i) => c / (i + 1))),
        "That forgets the cascade: weigh each R by the chance the reader got that far.",
      ],
      [
        sum(cascadeOf(g.map((x) => x / MAX_GRADE)).map((r) => r.stop / r.rank)),
        "That uses R = r / 3; ERR's chance is (2^r - 1) / 2^3.",
      ],
    ],
    steps,
  };
}

function precisionProblem(d) {
  const m = d.one(5, 9);
  const g = d.grades(m);
  const t = d.one(1, 3);
  const k = d.one(2, m);
  const hits = g.slice(0, k).filter((x) => x >= t).length;
  return {
    question: `Precision@${k}, a document relevant when its grade is ${t} or more`,
    given: [
      ["Grades, top to bottom", joined(g)],
      ["Cutoff", `k = ${k}`],
    ],
    answer: precision(g, { k, threshold: t }),
    decimals: 3,
    traps: [
      [hits / m, "That divides by the list's length; P@k divides by k."],
      [precision(g, { k, threshold: 3 - t }), `Relevant means grade ${t} or more.`],
      [precision(g, { threshold: t }), CUT],
    ],
    steps: [
      `Relevant (1) or not (0), top to bottom: ${relevantLine(g, t)}`,
      `P@${k} = ${hits} relevant in the top ${k} / ${k} = ${f3(hits / k)}`,
    ],
  };
}

function judgedExtra(d) {
  const g = d.grades(d.one(4, 8));
  const extra = d.many(0, MAX_GRADE + 1, d.one(1, 4));
  return [g, extra];
}

function recallProblem(d) {
  const [g, extra] = judgedExtra(d);
  const k = d.one(2, g.length + 1);
  const hits = g.slice(0, k).filter((x) => x >= 1).length;
  const total = g.concat(extra).filter((x) => x >= 1).length;
  return {
    question: `Recall@${k}, a document relevant when its grade is 1 or more`,
    given: poolGiven(g, extra, k),
    answer: recall(g, { k, unretrieved: extra }),
    decimals: 3,
    traps: [
      [
        recall(g, { k }),
        "Recall divides by every relevant judged document, those not retrieved too.",
      ],
      [precision(g, { k }), "That is precision@k: divide by the relevant documents."],
      [recall(g, { unretrieved: extra }), CUT],
    ],
    steps: [
      `Relevant in the top ${k}: ${hits}`,
      `Relevant judged documents, retrieved or not: ${total}`,
      `R@${k} = ${hits} / ${total} = ${f3(hits / total)}`,
    ],
  };
}

function apProblem(d) {
  const [g, extra] = judgedExtra(d);
  const total = g.concat(extra).filter((x) => x >= 1).length;
  const steps = [];
  const parts = [];
  const every = [];
  let found = 0;
  g.forEach((x, i) => {
    found += x >= 1 ? 1 : 0;
    every.push(found / (i + 1));
    if (x >= 1) {
      parts.push(f3(found / (i + 1)));
      steps.push(
        `Rank ${i + 1} is relevant: precision there ${found} / ${i + 1} = ${f3(found / (i + 1))}`,
      );
    }
  });
  const answer = averagePrecision(g, { unretrieved: extra });
  steps.push(
    `Relevant judged documents, retrieved or not: ${total}`,
    `AP = (${parts.join(" + ")}) / ${total} = ${f3(answer)}`,
  );
  return {
    question: "Average precision of this ranked list, relevant meaning grade 1 or more",
    given: poolGiven(g, extra, 0).slice(0, 2),
    answer,
    decimals: 3,
    traps: [
      [
        averagePrecision(g),
        "AP divides by every relevant judged document, those never retrieved too.",
      ],
      [
        sum(every) / every.length,
        "That averages precision at every rank; AP takes it at the relevant ranks only.",
      ],
    ],
    steps,
  };
}

function rrProblem(d) {
  const m = d.one(3, 8);
  const g = d.many(0, MAX_GRADE + 1, m);
  const t = d.one(1, 4);
  const first = g.findIndex((x) => x >= t) + 1;
  const answer = reciprocalRank(g, { threshold: t });
  const traps = [[reciprocalRank(g), `Relevant means grade ${t} or more here.`]];
  if (first > 0) traps.push([first, "That is the rank; RR is 1 over it."]);
  return {
    question: `Reciprocal rank, a document relevant when its grade is ${t} or more`,
    given: [["Grades, top to bottom", joined(g)]],
    answer,
    decimals: 3,
    traps,
    steps: [
      `Relevant (1) or not (0): ${relevantLine(g, t)}`,
      first === 0
        ? `No grade reaches ${t}: RR = 0`
        : `The first grade of ${t} or more is at rank ${first}: RR = 1 / ${first} = ${f3(answer)}`,
    ],
  };
}

const DRAWS = {
  cg: cgProblem,
  dcg: dcgProblem,
  idcg: idcgProblem,
  ndcg_linear: ndcgGain("linear"),
  ndcg_exponential: ndcgGain("exponential"),
  ndcg_pool: ndcgPoolProblem,
  ties: tiesProblem,
  padded: paddedProblem,
  mean: meanProblem,
  err: errProblem,
  precision: precisionProblem,
  recall: recallProblem,
  ap: apProblem,
  rr: rrProblem,
};
export const PRACTICE_KEYS = Object.freeze(Object.keys(DRAWS));

/**
 * The traps a reader can tell apart from the answer and from the traps before
 * (practice._trap_list): one less than two units of the last decimal away could read as
 * the answer rounded or cut short.
 */
function distinctTraps(answer, decimals, traps) {
  const apart = Number(`1e-${decimals}`) * (1 - 1e-9);
  const kept = [];
  for (const [value, text] of traps) {
    if (Math.abs(value - answer) >= 2 * apart && kept.every(([v]) => Math.abs(value - v) >= apart))
      kept.push([value, text]);
  }
  return kept;
}

/** The exact value a right answer is shown (exercises.exact_text): "2/3", "0.55", "0.8319". */
export function exactText(answer, decimals) {
  if (decimals === 0) return "";
  // To 12 digits first: the Python's answer may differ from this one in its last bits.
  const value = Number(answer.toPrecision(12));
  if (Number.isInteger(value)) return String(value);
  const short = String(value);
  if (!short.includes("e") && (short.split(".")[1] ?? "").length <= 6) return short;
  for (let den = 1; den <= 12; den += 1) {
    const num = Math.round(value * den);
    if (Math.abs(num / den - value) <= 1e-12 * Math.max(1, Math.abs(value))) return `${num}/${den}`;
  }
  return fixedPoint(value, 4);
}

/**
 * Problem n of a series for a skill ({key, ident, hint}, a record of practice.SKILLS):
 * {skill, series, n, question, given, answer, decimals, hint, exact, traps, steps}.
 */
export function practiceProblem(skill, series, n) {
  const draw = DRAWS[skill.key];
  if (!draw) throw new Error(`skill must be one of ${PRACTICE_KEYS.join(", ")}, got ${skill.key}`);
  for (const [name, value] of [
    ["series", series],
    ["n", n],
  ]) {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff)
      throw new RangeError(`${name} must be a whole number from 0 to 2**32 - 1, got ${value}`);
  }
  const p = draw(drawer(series, skill.ident, n));
  return {
    skill: skill.key,
    series,
    n,
    question: p.question,
    given: p.given,
    answer: p.answer,
    decimals: p.decimals,
    hint: skill.hint,
    exact: exactText(p.answer, p.decimals),
    traps: distinctTraps(p.answer, p.decimals, p.traps),
    steps: p.steps,
  };
}
