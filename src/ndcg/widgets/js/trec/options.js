// The command line's options, read as `python -m ndcg` reads them (ndcg.cli: main,
// parse_measures, _columns, parse_gain_map): the -m specs become one spec per printed
// column, in trec_eval's order, with the CLI's usage errors and notes word for word.
// The measures come from the registry's JSON (ndcg.widgets._registry.registry_json), the
// one list the Python reads too.

import { PERSISTENCE } from "./rbp.js";
import { TrecError, parseFloatC, parseIntC, pyRepr } from "./read.js";

/** The registry's measures by trec_eval name, in trec_eval's order, and its sets. */
export function trecMeasures(registry) {
  const byTrec = new Map();
  for (const record of registry.records) for (const form of record.trec) byTrec.set(form.name, { record, form });
  const measures = new Map();
  for (const name of registry.ALL_TREC) if (byTrec.has(name)) measures.set(name, byTrec.get(name));
  const missing = registry.ALL_TREC.filter((name) => !measures.has(name));
  return { measures, missing, sets: { all_trec: registry.ALL_TREC, official: registry.OFFICIAL } };
}

/** Whether trec_eval prints a line per query for a measure of this form (TrecName.per_query). */
export const printsPerQuery = (form) => !["gmean", "count", "name"].includes(form.aggregate);

/** Python's str(float): the shortest repr, with ".0" on integers and its exponent style. */
export function pyFloat(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [digits, exp] = Math.abs(x).toExponential().split("e");
  const e = Number(exp);
  const sign = x < 0 ? "-" : "";
  const mantissa = digits.replace(".", "");
  if (e < -4 || e >= 16) {
    const m = mantissa.length > 1 ? `${mantissa[0]}.${mantissa.slice(1)}` : mantissa;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${mantissa}`;
  const whole = mantissa.slice(0, e + 1).padEnd(e + 1, "0");
  const fraction = mantissa.slice(e + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}

const INTEGER_TEXT = /^[+-]?[0-9]+$/;
const CUTOFF_TEXT = /^\+?([0-9]+)(\.[0-9]*)?$/;

/** trec_eval's per-level gains ("1=3,2=9,4=4.5") as the CLI reads them: an object level -> gain. */
export function parseGainMap(text) {
  const gains = {};
  for (const item of text.split(",")) {
    const at = item.indexOf("=");
    const level = at < 0 ? item : item.slice(0, at);
    const value = at < 0 ? "" : item.slice(at + 1);
    if (at < 0 || !INTEGER_TEXT.test(level)) {
      throw new TrecError(`gain map ${pyRepr(text)}: each item must be level=gain with an integer level, got ${pyRepr(item)}`);
    }
    const grade = BigInt(level).toString();
    if (grade.startsWith("-")) {
      throw new TrecError(
        `gain map ${pyRepr(text)}: level ${grade} is negative; negative grades give no ` +
          "gain (in trec_eval, levels -1 and -2 reach unjudged documents)",
      );
    }
    if (Object.hasOwn(gains, grade)) {
      throw new TrecError(
        `gain map ${pyRepr(text)} gives level ${grade} twice; give each level once ` +
          "(trec_eval would not say, and would use the smaller gain for the run " +
          "but the first for the ideal)",
      );
    }
    gains[grade] = parseFloatC(value, `gain map ${pyRepr(text)}`, `the gain of level ${grade}`);
    if (gains[grade] < 0) {
      throw new TrecError(
        `gain map ${pyRepr(text)}: the gain of level ${grade} is negative (${value}); ` +
          "gains here are >= 0, where trec_eval adds a negative gain to the DCG and " +
          "leaves it out of the ideal",
      );
    }
  }
  return gains;
}

/** --gain: "linear", "exponential" or a gain map. */
export function parseGainOption(text) {
  return text === "linear" || text === "exponential" ? text : parseGainMap(text);
}

function usageList(measures) {
  const shapes = {
    none: (n) => n,
    cutoffs: (n) => `${n}.K1,K2,...`,
    levels: (n) => `${n}.X1,X2,...`,
    gains: (n) => `${n} and ${n}.GAINS`,
    numbers: (n) => `${n}.A,B,...`,
    number: (n) => `${n}.N`,
  };
  return [...measures].map(([name, { form }]) => shapes[form.params](name)).join(", ");
}

/** Python's sorted() of strings: by code point. */
function sortedTexts(list) {
  return [...list].sort(compareCodePoints);
}

/** Compare two strings by code point (Python's and C's byte order), not by UTF-16 unit. */
export function compareCodePoints(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // A surrogate (U+D800..DFFF) stands for a code point above U+FFFF: above U+E000..FFFF.
      const fx = x >= 0xe000 ? x - 0x800 : x >= 0xd800 ? x + 0x2000 : x;
      const fy = y >= 0xe000 ? y - 0x800 : y >= 0xd800 ? y + 0x2000 : y;
      return fx < fy ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/**
 * The -m values as measures, as the CLI reads them: `{ specs, notes }`, one spec per
 * printed column, `{ name, k, gain, metric, trec, param, column, record, form }`.
 */
export function parseMeasures(values, gain, registry) {
  const { measures, missing, sets } = trecMeasures(registry);
  const params = new Map();
  const notes = [];
  for (const spec of values) {
    const dot = spec.indexOf(".");
    const head = dot < 0 ? spec : spec.slice(0, dot);
    const given = dot < 0 ? "" : spec.slice(dot + 1);
    if (Object.hasOwn(sets, head) && dot < 0) {
      const left = sets[head].filter((name) => missing.includes(name));
      if (left.length) notes.push(`-m ${head}: not computed here yet, left out: ${left.join(", ")}`);
      for (const name of sets[head]) if (measures.has(name) && !params.has(name)) params.set(name, null);
      continue;
    }
    if (!measures.has(head)) {
      const yet = missing.includes(head) ? ` (${head} is trec_eval's, not computed here yet)` : "";
      throw new TrecError(`-m ${pyRepr(spec)}${yet}: the measures are ${usageList(measures)}, or the sets all_trec and official`);
    }
    if (dot >= 0 && !given) throw new TrecError(`-m ${pyRepr(spec)}: nothing after the '.'; give parameters or no '.'`);
    if (dot >= 0 && measures.get(head).form.params === "none") {
      const why = head.startsWith("rbp") ? ` (its persistence is trec_eval's ${PERSISTENCE})` : "";
      throw new TrecError(`-m ${pyRepr(spec)}: ${head} takes no parameters here${why}`);
    }
    const first = params.get(head) ?? null;
    if (first !== null && dot >= 0) {
      const a = sortedTexts(given.split(","));
      const b = sortedTexts(first.split(","));
      if (a.length !== b.length || a.some((x, i) => x !== b[i])) {
        throw new TrecError(
          `-m ${head} is given two parameter lists, ${pyRepr(first)} and ${pyRepr(given)}; give ` +
            "one (trec_eval would silently use the first)",
        );
      }
    }
    params.set(head, first !== null ? first : dot >= 0 ? given : null);
  }
  const specs = [];
  for (const [head, entry] of measures) if (params.has(head)) specs.push(...columnsOf(head, params.get(head), gain, entry, notes));
  return { specs, notes };
}

function columnsOf(head, given, gain, { record, form }, notes) {
  const text = given === null ? form.defaults : given;
  const spec = (name, k, g, param, column = 0) => ({ name, k, gain: g, metric: record.name, trec: head, param, column, record, form });
  if (form.params === "gains") {
    if (given === null) return [spec(head, null, gain, null)];
    const levels = parseGainMap(given);
    return [spec(`${head}_${given}`, null, levels, levels)];
  }
  if (form.params === "cutoffs") {
    const cutoffs = parseCutoffs(text, notes);
    const values = cutoffs.map(Number);
    return cutoffs.map((k, j) => spec(`${head}_${k}`, form.cut ? Number(k) : null, gain, values, j));
  }
  if (form.params === "levels") {
    const levels = parseLevels(text);
    return levels.map((x, j) => spec(`${head}_${fixedPoint(x, 2)}`, null, gain, levels, j));
  }
  if (form.params === "numbers") return [spec(given === null ? head : `${head}_${given}`, null, gain, parseNumbers(text))];
  if (form.params === "number") {
    const values = parseNumbers(text);
    if (values.length !== 1) {
      throw new TrecError(values.length ? `too many values to unpack (expected 1)` : "not enough values to unpack (expected 1, got 0)");
    }
    return [spec(given === null ? head : `${head}_${given}`, null, gain, values[0])];
  }
  return [spec(head, null, gain, null)];
}

function parseNumbers(text) {
  return text.split(",").map((item) => parseFloatC(item, `parameters ${pyRepr(text)}`, `item ${pyRepr(item)}`));
}

function parseLevels(text) {
  const levels = parseNumbers(text).sort((a, b) => a - b);
  const repeated = levels.filter((x, i) => levels.indexOf(x) !== i).sort((a, b) => a - b);
  if (repeated.length) throw new TrecError(`${pyFloat(repeated[0])} is given twice in ${pyRepr(text)} (trec_eval refuses it too)`);
  return levels;
}

/** trec_eval's cutoffs: positive integers (a fraction cut off), sorted, each once; as decimal text. */
function parseCutoffs(text, notes) {
  const cutoffs = [];
  for (const item of text.split(",")) {
    const match = CUTOFF_TEXT.exec(item);
    if (!match || BigInt(match[1]) === 0n) throw new TrecError(`cutoff ${pyRepr(item)} in ${pyRepr(text)} must be a positive integer`);
    parseIntC(match[1], `cutoff ${pyRepr(item)} in ${pyRepr(text)}`, "the cutoff");
    const whole = BigInt(match[1]).toString();
    if (match[2] !== undefined) notes.push(`cutoff ${pyRepr(item)} read as ${whole}, as trec_eval reads it`);
    cutoffs.push(whole);
  }
  const big = cutoffs.map(BigInt);
  const ascending = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // BigInts: no a - b to a Number
  const repeated = big.filter((k, i) => big.indexOf(k) !== i).sort(ascending);
  if (repeated.length) throw new TrecError(`cutoff ${repeated[0]} is given twice in ${pyRepr(text)} (trec_eval refuses it too)`);
  return big.sort(ascending).map(String);
}

/**
 * A double printed with `digits` decimals as C's printf and Python's format print it: the
 * exact binary value rounded half to even (toFixed rounds an exact tie away from zero).
 */
export function fixedPoint(x, digits) {
  const negative = x < 0 || Object.is(x, -0);
  const size = Math.abs(x);
  let text = size.toFixed(digits);
  if (size < 1e21) {
    const scale = 10 ** digits;
    const scaled = size * scale;
    const low = Math.floor(scaled);
    // An exact tie is a value whose scaled form ends in exactly .5 with no rounding in the
    // multiplication: checked on 2 * scaled, an odd integer then and exact in binary.
    if (scaled - low === 0.5 && isExactTie(size, digits) && low % 2 === 0) text = withPoint(low, digits);
  }
  return (negative ? "-" : "") + text;
}

/** Whether |x| * 10**digits is exactly an integer plus one half (x = odd / (2 * 10**digits)). */
function isExactTie(size, digits) {
  // x * 10^d * 2 odd integer  <=>  x = odd * 2^-(d+1) * 5^-d; as a double, 5^-d is not
  // exact, so the value must be a multiple of 2^-(d+1) whose decimal expansion stops at d+1.
  const twice = size * 2 ** (digits + 1);
  if (!Number.isInteger(twice)) return false;
  const units = BigInt(twice); // size = units / 2^(d+1)
  const tenths = units * 5n ** BigInt(digits + 1); // size * 10^(d+1)
  return tenths % 10n === 5n;
}

function withPoint(n, digits) {
  const text = String(n).padStart(digits + 1, "0");
  return `${text.slice(0, text.length - digits)}.${text.slice(text.length - digits)}`;
}

/**
 * The whole option set the page passes (`{ q, c, J, l, m, k, gain }`, strings as typed on
 * the command line), checked in the CLI's order up to the reading of the files:
 * `{ gain, specs, notes }`; -l is read after the files, as the CLI reads it (readLevel).
 */
export function parseOptions(options, registry) {
  const gain = parseGainOption(options.gain ?? "linear");
  const values = [...(options.m ?? [])];
  const cuts = options.k ?? [];
  for (const value of cuts) {
    if (!value) throw new TrecError("-k '': give a cutoff or a list of them, e.g. -k 10 or -k 5,10");
  }
  if (cuts.length) values.push(`ndcg_cut.${cuts.join(",")}`);
  const { specs, notes } = parseMeasures(values.length ? values : ["official"], gain, registry);
  return { gain, specs, notes };
}

/** -l, as the CLI reads it after the files: an integer, 0 or more. */
export function readLevel(text) {
  const level = parseIntC(text, "-l", "the relevance level");
  if (level < 0) {
    throw new TrecError(
      `-l ${text}: the relevance level must be 0 or more; negative grades mark ` +
        "documents never judged, which are never relevant here (at a negative level " +
        "trec_eval counts retrieved documents without a judgment as relevant)",
    );
  }
  return level;
}
