// The practice problems on the other measures (ERR, precision, recall, average precision,
// reciprocal rank): each draws its numbers with the problem's draws (js/practice/draw.js) in
// the Python's order, draw for draw, and returns {question, given, answer, decimals, traps,
// steps} (ndcg.teaching.practice).

import { MAX_GRADE, CUT, f3, joined, sum, relevantLine, poolGiven } from "./steps.js";
import { averagePrecision, err, precision, recall, reciprocalRank } from "../arith.js";

export function errProblem(d) {
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

export function precisionProblem(d) {
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

export function recallProblem(d) {
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

export function apProblem(d) {
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

export function rrProblem(d) {
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
