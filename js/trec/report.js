// trec_eval's report as `python -m ndcg` prints it (ndcg.trec.cli: compute's clearing;
// ndcg.trec.report: summary, recount, format_trec, _line): the clearing of a stand-in
// query's values, the `all` line
// of each measure combined as trec_eval combines it (running sums in query order, so the
// double is the CLI's), and every value printed as C's printf prints it.

import { MIN_GEO_MEAN } from "./curves.js";
import { nearestExp, nearestLog } from "./logexp.js";
import { fixedPoint } from "../decimals.js";
import { printsPerQuery } from "./options.js";

/** trec_eval pads measure names to this width (ndcg.trec.options.NAME_WIDTH). */
export const NAME_WIDTH = 22;

/**
 * A stand-in query's value as trec_eval leaves it after clearing (form.cleared): "" or 0
 * for the names it clears, the value unchanged otherwise. Only the row kernels' measures
 * are cleared; those of ndcg.evaluate score a stand-in as 0 already.
 */
export function clearedValue(spec, value, standIn) {
  if (!standIn || spec.record.evaluate || !spec.record.kernel) return value;
  const cleared = spec.form.cleared;
  if (cleared === "all" || (cleared === "bare" && spec.name === spec.trec))
    return typeof value === "string" ? "" : 0;
  return value;
}

/** Add the values one after another from 0, in query order: trec_eval's accumulator. */
export function runningSum(values) {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/**
 * The `all` value of each column that has one, as trec_eval combines it: a map name ->
 * value. `recounted` holds the values trec_eval counts again from the qrels (recount).
 */
export function summary(specs, values, recounted = new Map()) {
  const out = new Map();
  specs.forEach((spec, c) => {
    const how = spec.form.aggregate;
    const column = values[c];
    const n = column.length;
    if (how === "none") return;
    if (recounted.has(spec.name)) out.set(spec.name, recounted.get(spec.name));
    else if (how === "name") out.set(spec.name, String(column[n - 1]));
    else if (how === "count") out.set(spec.name, n);
    else if (how === "gmean") {
      // The logarithm of each query's value floored at 1e-5, summed, then one exp.
      // C's log and exp, as the CLI calls them (math.log, math.exp): see logexp.js.
      const logs = Array.from(column, (v) => nearestLog(Math.max(v, MIN_GEO_MEAN)));
      out.set(spec.name, n ? nearestExp(runningSum(logs) / n) : 0);
    } else if (how === "sum") out.set(spec.name, runningSum(column));
    else out.set(spec.name, n ? runningSum(column) / n : 0);
  });
  return out;
}

/**
 * The `all` values trec_eval counts again from the qrels: num_rel with -c counts every
 * judgment above 0 in the qrels, whatever -l says (te_calc_avg_num_rel).
 */
export function recount(qrels, specs, complete) {
  const out = new Map();
  if (!complete) return out;
  let above = 0;
  for (const entry of qrels.queries.values())
    for (const grade of entry.values) if (grade > 0) above += 1;
  for (const spec of specs) if (spec.trec === "num_rel") out.set(spec.name, above);
  return out;
}

/** One value as trec_eval prints it for its form: %6.4f, %ld, %s or '%s'. */
export function printedValue(value, form) {
  const printed = form ? form.printed : "float";
  if (printed === "integer") return String(Math.trunc(value));
  if (printed === "quoted") return `'${value}'`;
  if (printed === "string") return `${value}`;
  // C prints a NaN with its sign, and every NaN that trec_eval's arithmetic (or numpy's,
  // in the CLI) makes on x86 is the default one, 0/0, whose sign bit is set: "-nan". A
  // NaN's sign cannot be read back in JavaScript (V8 may canonicalise a NaN it stores).
  if (Number.isNaN(value)) return "-nan".padStart(6);
  return fixedPoint(value, 4).padStart(6);
}

/** One line of the report: the name padded to 22, the query, the value. */
export function reportLine(name, query, value, form) {
  return `${name.padEnd(NAME_WIDTH)}\t${query}\t${printedValue(value, form)}`;
}

/**
 * trec_eval's text report: with `perQuery` (-q) every query's line of the measures it
 * prints per query, then the `all` lines.
 */
export function formatReport(queries, specs, values, perQuery, recounted) {
  const lines = [];
  if (perQuery) {
    const shown = specs.map((spec, c) => [spec, c]).filter(([spec]) => printsPerQuery(spec.form));
    queries.forEach((query, r) => {
      for (const [spec, c] of shown)
        lines.push(reportLine(spec.name, query, values[c][r], spec.form));
    });
  }
  for (const [name, value] of summary(specs, values, recounted)) {
    lines.push(reportLine(name, "all", value, specs.find((s) => s.name === name).form));
  }
  return `${lines.join("\n")}\n`;
}
