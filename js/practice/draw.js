// Practice problems, with no DOM: problem n of a series for a skill, drawn as
// ndcg.teaching.practice draws it (numpy's default_rng([series, skill id, n]) through the port
// in random.js), its answer, traps and worked solution computed by the browser's arithmetic
// (arith.js). tests/book/test_practice.py holds every field to the Python's on the first 1,000
// problems of five series. The order of the draws is the Python's, draw for draw; the skills'
// ids, titles and hints come from the Python (ndcg.teaching.practice.SKILLS) with the widget.

import { defaultRng, integers } from "../random.js";
import { fixedPoint } from "../decimals.js";
import {
  cgProblem,
  dcgProblem,
  idcgProblem,
  meanProblem,
  ndcgGain,
  ndcgPoolProblem,
  paddedProblem,
  tiesProblem,
} from "./kinds_dcg.js";
import {
  apProblem,
  errProblem,
  precisionProblem,
  recallProblem,
  rrProblem,
} from "./kinds_other.js";
import { MAX_GRADE } from "./steps.js";

// The problems of each kind are drawn in js/practice/kinds_dcg.js and kinds_other.js, with the
// helpers they share in js/practice/steps.js; this module picks the kind and checks the draw.
export { TIE_RULES } from "./steps.js";

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
