// Every per-query value of trec_eval's report, as ndcg.trec.cli.compute puts it in its table
// (before trec_eval clears the measures of a query the run lacks: the engine does that).
// A printed column is a spec (the fields of ndcg.trec.cli.Measure, with its record and trec
// form as JSON); the measures ndcg.evaluate computes (record.evaluate) go to library.js,
// trec_eval's own to the row kernel the record names, dispatched as ndcg.trec.cli._run_kernel
// does: the kernel's own parameters under form.keyword, a field of a kernel that counts
// several things (form.field), a column of one that computes every parameter at once.
// What a kernel computes for a query is kept in q.cache, so the columns of one measure,
// and the tally every count reads, are computed once per query.

import {
  numNonrelJudgedRet,
  rPrecision,
  rPrecisionMult,
  relativePrecision,
  relstringOf,
  setAp,
  setFMeasure,
  setRelativePrecision,
  successAt,
  trecTally,
  trecUtility,
  unjudgedShare,
  UTILITY_COEFFICIENTS,
} from "./counts.js";
import { elevenPointAverage, iprecAtRecall, trecBinG, trecBpref, trecInfAP } from "./curves.js";
import { trecG, trecNdcgRel, trecRndcg } from "./gains.js";
import {
  apAt,
  binaryProfile,
  ndcgAt,
  ndcgProfile,
  precisionAt,
  recallAt,
  rrAt,
} from "./library.js";
import { trecRbp, trecRbpResid } from "./rbp.js";

/** What `make` computes for the query, computed once and kept in q.cache under `key`. */
function queryMemo(q, key, make) {
  if (!q.cache.has(key)) q.cache.set(key, make());
  return q.cache.get(key);
}

/** The part of a spec's key in q.cache that names its parameters, formed once per spec. */
const SPEC_KEYS = new WeakMap();

function specKey(spec, make) {
  if (!SPEC_KEYS.has(spec)) SPEC_KEYS.set(spec, make());
  return SPEC_KEYS.get(spec);
}

/** The tally of a query at -l, computed once (ndcg.measures.DERIVED's t). */
function tallyOf(q, ctx) {
  return queryMemo(q, `tally ${ctx.level}`, () =>
    trecTally(q.ranked, q.nRanked, q.judged, ctx.level),
  );
}

/** The interpolated precisions at `levels`, computed once per list of levels (DERIVED's iprec). */
function iprecOf(q, ctx, levels) {
  return queryMemo(q, `iprec ${ctx.level} ${levels.join(",")}`, () =>
    iprecAtRecall(q.ranked, tallyOf(q, ctx), levels, ctx.level),
  );
}

/**
 * The row kernels of ndcg.measures, by the last part of their import path: each takes the
 * query, the context and its parameters (null: the Python kernel's default) and returns
 * a number, a string, an array (one per column) or the tally (one field per name).
 */
const TREC_KERNELS = {
  tally: (q, ctx) => tallyOf(q, ctx),
  num_nonrel_judged_ret_rows: (q, ctx) => numNonrelJudgedRet(tallyOf(q, ctx)),
  rprec_rows: (q, ctx) => rPrecision(q.ranked, tallyOf(q, ctx), ctx.level),
  rprec_mult_rows: (q, ctx, multiples) =>
    rPrecisionMult(q.ranked, tallyOf(q, ctx), multiples, ctx.level),
  success_rows: (q, ctx, cutoffs) => successAt(q.ranked, q.nRanked, cutoffs, ctx.level),
  relative_p_rows: (q, ctx, cutoffs) =>
    relativePrecision(q.ranked, tallyOf(q, ctx), cutoffs, ctx.level),
  set_relative_p_rows: (q, ctx) => setRelativePrecision(tallyOf(q, ctx)),
  set_map_rows: (q, ctx) => setAp(tallyOf(q, ctx)),
  set_f_rows: (q, ctx, beta) => setFMeasure(tallyOf(q, ctx), beta ?? 1),
  utility_rows: (q, ctx, coefficients) =>
    trecUtility(tallyOf(q, ctx), coefficients ?? UTILITY_COEFFICIENTS),
  unj_rows: (q, _ctx, cutoffs) => unjudgedShare(q.ranked, q.nRanked, cutoffs),
  relstring_rows: (q, _ctx, length) => relstringOf(q.ranked, q.nRanked, length ?? 10),
  bpref_rows: (q, ctx) => trecBpref(q.ranked, tallyOf(q, ctx), ctx.level),
  infap_rows: (q, ctx) => trecInfAP(q.ranked, tallyOf(q, ctx), ctx.level),
  iprec_at_recall_rows: (q, ctx, levels) => iprecOf(q, ctx, levels),
  eleven_point_rows: (q, ctx, levels) => elevenPointAverage(iprecOf(q, ctx, levels)),
  bin_g_rows: (q, ctx) => trecBinG(q.ranked, tallyOf(q, ctx), ctx.level),
  // A measure's own gains (-m G.1=3), else --gain's (ctx.gains, as ndcg.trec.cli.compute passes them).
  g_rows: (q, ctx, map) => trecG(q.ranked, q.nRanked, q.judged, map ?? ctx.gains),
  ndcg_rel_rows: (q, ctx, map) => trecNdcgRel(q.ranked, q.nRanked, q.judged, map ?? ctx.gains),
  rndcg_rows: (q, ctx, map) =>
    trecRndcg(q.ranked, q.nRanked, q.judged, tallyOf(q, ctx), map ?? ctx.gains),
  rbp_rows: (q, ctx, map) => trecRbp(q.ranked, q.nRanked, q.judged, map ?? ctx.gains),
  rbp_resid_rows: (q) => trecRbpResid(q.ranked, q.nRanked),
};

/** The kernels that take per-level gains (a `gains` parameter in Python): --gain reaches them. */
const GAINED = new Set(["g_rows", "ndcg_rel_rows", "rndcg_rows", "rbp_rows"]);

/** Whether a spec's measure reads --gain: NDCG through ndcg.evaluate, or a graded row kernel. */
export const readsGain = (spec) =>
  spec.record.evaluate
    ? spec.metric === "ndcg"
    : spec.record.kernel !== null && GAINED.has(kernelName(spec.record));

/** Whether a spec's row kernel takes --gain as a gain map (ctx.gains). */
export const takesGainMap = (spec) => !spec.record.evaluate && readsGain(spec);

/** The binary reading of the query at -l (P, recall, map, recip_rank read it), computed once. */
const binaryOf = (q, ctx) =>
  queryMemo(q, `binary ${ctx.level} ${ctx.judgedOnly}`, () => binaryProfile(q, ctx));

/** The measures of ndcg.evaluate, by the record's name: the value at the spec's cutoff. */
const LIBRARY_MEASURES = {
  ndcg: (spec, q, ctx) => {
    const key = `${specKey(spec, () => `ndcg ${JSON.stringify(spec.gain)}`)} ${ctx.judgedOnly}`;
    return ndcgAt(
      queryMemo(q, key, () => ndcgProfile(q, ctx, spec.gain)),
      spec.k ?? null,
    );
  },
  precision: (spec, q, ctx) => precisionAt(binaryOf(q, ctx), spec.k ?? null),
  recall: (spec, q, ctx) => recallAt(binaryOf(q, ctx), spec.k ?? null),
  ap: (spec, q, ctx) => apAt(binaryOf(q, ctx), spec.k ?? null),
  rr: (spec, q, ctx) => rrAt(binaryOf(q, ctx), spec.k ?? null),
};

/** The kernel's name: the last part of the record's import path. */
const kernelName = (record) => record.kernel.slice(record.kernel.lastIndexOf(".") + 1);

/** What the kernel of a spec computes for the query (every column of its measure), memoised. */
function kernelResult(spec, q, ctx) {
  const name = kernelName(spec.record);
  const kernel = TREC_KERNELS[name];
  if (kernel === undefined)
    throw new Error(`no kernel for ${spec.record.kernel} (measure ${spec.trec})`);
  // The Python passes the parameters only under a keyword, and only when there are some.
  const param = spec.form.keyword !== null && spec.param !== null ? spec.param : null;
  const key = `${specKey(spec, () => `${name} ${JSON.stringify(param)}`)} ${ctx.level}`;
  return queryMemo(q, key, () => kernel(q, ctx, param));
}

/**
 * This query's value for one printed column, equal to the Python's to the last bit: a
 * number, or a string for relstring.
 */
export function columnValue(spec, q, ctx) {
  const record = spec.record;
  if (record.evaluate) {
    const measure = LIBRARY_MEASURES[record.name];
    if (measure === undefined)
      throw new Error(`${record.name} is not computed for the command line`);
    return measure(spec, q, ctx);
  }
  // runid and num_q are read off the inputs, not computed per query: the engine's.
  if (record.kernel === null) throw new Error(`${spec.trec} has no per-query kernel`);
  const result = kernelResult(spec, q, ctx);
  if (spec.form.field !== null && spec.form.field !== undefined) return result[spec.form.field];
  return Array.isArray(result) ? result[spec.column] : result;
}
