// The browser's `python -m ndcg QRELS RUN [options]`: evaluateTrec takes the files as
// read.js read them and the options as typed, and returns the report the CLI prints, its
// notes and the per-query table, or throws the CLI's error (a TrecError). Each step is
// the CLI's, in the CLI's order (ndcg.trec.cli.main and compute): options, empty files, -l,
// the queries in common, then one column per printed measure. The per-query values come
// from kernels.js (columnValue); runid, num_q and the clearing of stand-in queries are
// here, as in ndcg.trec.cli.compute.
//
// A caller does what the CLI does, in its order: checkOptions(options) (so a bad option is
// reported before a bad file), then newReader("qrels", name) and newReader("run", name),
// fed the files' bytes (Uint8Array chunks: a file that is not UTF-8 text then gets the
// CLI's message; a pasted text may be pushed as strings), then evaluateTrec.

import { gainMapOf } from "./gains.js";
import { columnValue, readsGain, takesGainMap } from "./kernels.js";
import { parseOptions, printsPerQuery, pyFloat, readLevel } from "./options.js";
import { TrecError } from "./scan.js";
import { clearedValue, formatReport, recount } from "./report.js";
import { formatJson } from "./report_json.js";
import { anyQueryShared, evaluatedQueries, queryRows } from "./rows.js";

let defaultRegistry = null;

/** Set the registry of measures (ndcg.widgets._registry.registry_json) once for every call. */
export function useRegistry(registry) {
  defaultRegistry = registry;
}

function registryOf(registry) {
  const chosen = registry ?? defaultRegistry;
  if (!chosen)
    throw new Error("no registry of measures: pass registry or call useRegistry(registry_json)");
  return chosen;
}

/**
 * The options' errors the CLI gives before it reads a file (--gain, -k, -m): call it
 * before reading, so that a bad option is reported before a bad file, as the CLI does.
 * Returns `{ gain, specs, notes }`.
 */
export function checkOptions(options, registry = null) {
  return parseOptions(options, registryOf(registry));
}

/**
 * Evaluate a run: `{ qrels, run, options, registry }` -> `{ text, notes, table }`.
 * `qrels` and `run` are what newReader(...).end() returns; `options` is `{ q, c, J, l,
 * m, k, gain }` with strings as typed on the command line. `onProgress(done, total)` is
 * called as queries are evaluated.
 */
export function evaluateTrec({ qrels, run, options = {}, registry = null, onProgress = null }) {
  const { gain, specs, notes } = checkOptions(options, registry);
  for (const [file, what] of [
    [qrels, "judgment"],
    [run, "result"],
  ]) {
    if (!file.count)
      throw new TrecError(`${file.name}: no ${what} lines, nothing to evaluate`, file.name, null);
  }
  const level = readLevel(options.l ?? "1");
  const complete = Boolean(options.c);
  const judgedOnly = Boolean(options.J);
  if (!complete && !anyQueryShared(qrels, run)) {
    throw new TrecError(
      `no query is in both ${qrels.name} and ${run.name}: nothing to evaluate ` +
        "(-c would score every judged query, the missing ones as 0)",
    );
  }
  refuseOverflowingGains(specs, qrels);
  // --gain reaches trec_eval's graded measures (G, ndcg_rel, Rndcg, rbp) as a gain map.
  const gains = specs.some(takesGainMap) ? gainMapOf(gain, judgedGrades(qrels)) : null;
  const queries = evaluatedQueries(qrels, run, complete);
  const values = evaluateColumns(
    queries,
    specs,
    qrels,
    run,
    { level, judgedOnly, complete, gains },
    onProgress,
  );
  const format = options.json ? formatJson : formatReport;
  const text = format(queries, specs, values, Boolean(options.q), recount(qrels, specs, complete));
  return { text, notes, table: tableOf(queries, specs, values) };
}

/** Every distinct grade of the qrels. */
function judgedGrades(qrels) {
  const grades = new Set();
  for (const entry of qrels.queries.values()) for (const grade of entry.values) grades.add(grade);
  return grades;
}

/**
 * Exponential gains overflow from grade 1024 on (2^grade - 1 is past float64): the CLI
 * refuses them for any judged grade of the qrels, evaluated query or not, before it
 * computes anything (ndcg.gains.gain_values), for NDCG and every graded measure of --gain.
 */
function refuseOverflowingGains(specs, qrels) {
  if (!specs.some((spec) => readsGain(spec) && spec.gain === "exponential")) return;
  let top = -Infinity;
  for (const grade of judgedGrades(qrels)) if (grade > top) top = grade;
  if (top < 1024) return;
  const shown = Number.isInteger(top) && Math.abs(top) < 1e16 ? String(top) : pyFloat(top);
  throw new TrecError(
    `gain='exponential' overflows for a grade of ${shown} in qrels['relevance'] ` +
      "(2**grade - 1 exceeds float64 from grade 1024 on); use gain='linear' or a mapping",
  );
}

/** One array of per-query values per spec, one query formed at a time. */
function evaluateColumns(queries, specs, qrels, run, ctx, onProgress) {
  const values = specs.map((spec) =>
    spec.form.printed === "float" ? new Float64Array(queries.length) : new Array(queries.length),
  );
  const step = Math.max(1, Math.floor(queries.length / 100));
  queries.forEach((id, r) => {
    const q = queryRows(id, qrels, run, ctx.judgedOnly);
    specs.forEach((spec, c) => {
      let value;
      if (spec.trec === "runid") value = run.runId;
      else if (spec.trec === "num_q") value = 1;
      else value = clearedValue(spec, columnValue(spec, q, ctx), q.standIn);
      values[c][r] = value;
    });
    if (onProgress && (r % step === 0 || r === queries.length - 1))
      onProgress(r + 1, queries.length);
  });
  return values;
}

/** The per-query table of the page: queries, columns and their values. */
function tableOf(queries, specs, values) {
  const columns = specs.map((spec) => ({
    name: spec.name,
    trec: spec.trec,
    metric: spec.metric,
    k: spec.k,
    printed: spec.form.printed,
    perQuery: printsPerQuery(spec.form),
  }));
  return { queries, columns, values: values.map((column) => Array.from(column)) };
}
