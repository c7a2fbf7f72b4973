// Runs js/trec/kernels.js on the cases tests/js/test_trec_kernels_js.py sends
// on standard input, and writes every cell back: doubles as the hex of their 8 bytes (so
// no digit is lost on the way), strings as {s}, thrown errors as {error}.
// Input: {cases: [{ctx, specs, queries: [{id, grades, ranked, nRanked, judged, standIn}]}]},
// each array of doubles as the hex of its little-endian float64 bytes; or {log2: doubles},
// answered with the hex of logexp.js's nearestLog2 of each.

import { gainMapOf } from "../../js/trec/gains.js";
import { columnValue } from "../../js/trec/kernels.js";
import { nearestLog2 } from "../../js/trec/logexp.js";

function doubles(hex) {
  const bytes = Buffer.from(hex, "hex");
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float64Array(copy.buffer);
}

function hexOf(value) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  return Buffer.from(view.buffer).toString("hex");
}

function cell(spec, q, ctx) {
  try {
    const value = columnValue(spec, q, ctx);
    return typeof value === "string" ? { s: value } : hexOf(value);
  } catch (error) {
    return { error: error.message };
  }
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  input += chunk;
});
process.stdin.on("end", () => {
  const { cases, log2: of } = JSON.parse(input);
  if (of !== undefined) {
    process.stdout.write(
      JSON.stringify({ log2: Array.from(doubles(of), (x) => hexOf(nearestLog2(x))).join("") }),
    );
    return;
  }
  const out = cases.map(({ ctx, specs, queries }) => {
    // --gain reaches the graded kernels as the engine passes it (evaluate.js): a gain map.
    if (ctx.gain !== undefined) ctx.gains = gainMapOf(ctx.gain, ctx.grades);
    const qs = queries.map((q) => ({
      id: q.id,
      docnos: q.docnos,
      scores: doubles(q.scores),
      grades: doubles(q.grades),
      ranked: doubles(q.ranked),
      nRanked: q.nRanked,
      judged: doubles(q.judged),
      standIn: q.standIn,
      cache: new Map(),
    }));
    return specs.map((spec) => qs.map((q) => cell(spec, q, ctx)));
  });
  process.stdout.write(JSON.stringify({ cases: out }));
});
