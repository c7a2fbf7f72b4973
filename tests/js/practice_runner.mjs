// Draws practice problems with js/practice/draw.js for
// tests/book/test_practice.py, which compares them with ndcg.teaching.practice's.
// Input on stdin: {skills: [{key, ident, hint}], series: [int], count: int};
// output: one JSON array of every problem, skill by skill, series by series, n from 0.

import { readFileSync } from "node:fs";
import { practiceProblem } from "../../js/practice/draw.js";

const { skills, series, count } = JSON.parse(readFileSync(0, "utf-8"));
const out = [];
for (const skill of skills) {
  for (const s of series) {
    for (let n = 0; n < count; n += 1) out.push(practiceProblem(skill, s, n));
  }
}
process.stdout.write(JSON.stringify(out));
