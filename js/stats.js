// Paired significance tests for two runs' per-query scores, with no DOM: ndcg.stats'
// paired_randomization_test and paired_bootstrap_ci as the browser runs them, so the
// evaluation page's comparison shows the library's figures for the same seed. Rule for rule
// and draw for draw: the same checks and messages, the exact enumeration of all 2^n sign
// arrangements for few queries, the power-of-two scaling (_unit) that keeps every mean finite,
// the same tolerance, numpy's generator (random.js) consumed in the same order (ndcg.stats
// draws in chunks, but numpy's stream runs on across calls, so one stream here is the same),
// numpy's pairwise summation for `mean`, and np.quantile's linear method with its _lerp.
// tests/js/test_stats_js.py holds every figure to ndcg.stats.

import { defaultRng, next32, boundedLemire32 } from "./random.js";

export const ALTERNATIVES = Object.freeze(["two-sided", "greater", "less"]);
const SCORES_HINT = "decide how to score that query (e.g. ndcg's `empty` argument) before testing";

// ==== Python's way of writing values in messages

/** repr() of a Python float: shortest round-trip digits, exponent outside [1e-4, 1e16). */
export function pyFloatRepr(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential().split("e");
  const e = Number(exp);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  if (e >= -4 && e < 16) {
    if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
    const whole = digits.padEnd(e + 1, "0");
    const frac = digits.slice(e + 1);
    return `${sign}${whole.slice(0, e + 1)}.${frac || "0"}`;
  }
  const frac = digits.length > 1 ? `.${digits.slice(1)}` : "";
  return `${sign}${digits[0]}${frac}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
}

/** _validate.show: 3 for 3.0, full precision otherwise. */
const show = (x) => (Number.isInteger(x) && Math.abs(x) < 1e16 ? String(x) : pyFloatRepr(x));

/** _validate.literal of a value from JavaScript, as Python would write its counterpart. */
function literal(value) {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return `'${value}'`;
  if (typeof value === "number")
    return Number.isInteger(value) ? String(value) : pyFloatRepr(value);
  return String(value);
}

/** Python's type(value).__name__ for a value from JavaScript. */
function typeName(value) {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return typeof value;
}

// ==== Argument checks (ndcg._validate), messages as the Python's

function positiveInt(value, name) {
  const fix = `pass an int, e.g. ${name}=10`;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(
      `${name} must be a positive integer, got ${typeName(value)} ${literal(value)}; ${fix}`,
    );
  }
  if (value < 1) throw new Error(`${name} must be a positive integer, got ${value}; ${fix}`);
  return value;
}

function seedOf(value, name) {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint" && value >= 0n) return value;
  const fix = `e.g. ${name}=0`;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(
      `${name} must be a non-negative int or None, got ${typeName(value)} ${literal(value)}; ${fix}`,
    );
  }
  if (value < 0)
    throw new Error(`${name} must be a non-negative int or None, got ${value}; ${fix}`);
  return value;
}

function alternativeOf(value, name) {
  if (ALTERNATIVES.includes(value)) return value;
  const message = `${name} must be one of ${ALTERNATIVES.map((a) => `'${a}'`).join(", ")}; got ${literal(value)}`;
  throw typeof value === "string" ? new Error(message) : new TypeError(message);
}

function fraction(value, name) {
  if (typeof value !== "number") {
    throw new TypeError(`${name} must be a number, got ${typeName(value)} ${literal(value)}`);
  }
  if (!(value > 0 && value < 1)) {
    throw new Error(
      `${name} must lie strictly between 0 and 1, got ${pyFloatRepr(value)}; e.g. ${name}=0.95`,
    );
  }
  return value;
}

/** _validate.numbers_array(1): a non-empty list of finite numbers, as a Float64Array. */
function scores(value, name) {
  if (value === null || value === undefined || typeof value === "string") {
    throw new TypeError(`${name} must be a sequence of numbers, got ${literal(value)}`);
  }
  if (typeof value === "number") {
    const one = literal(value);
    throw new TypeError(
      `${name} must be a sequence of numbers, got the single number ${one}; pass a list, e.g. [${one}]`,
    );
  }
  const items = Array.from(value);
  if (items.some((x) => typeof x === "boolean")) {
    throw new TypeError(
      `${name} must hold numbers, not booleans; write the grades or scores as numbers ` +
        `(e.g. 1 for relevant, 0 for not), or convert with np.asarray(${name}, dtype=int)`,
    );
  }
  if (items.length === 0) throw new Error(`${name} is empty: there is nothing to score`);
  items.forEach((x, i) => {
    if (typeof x !== "number") {
      throw new TypeError(
        `${name} must hold numbers; found ${typeName(x)} ${literal(x)} at index ${i}`,
      );
    }
  });
  const i = items.findIndex((x) => !Number.isFinite(x));
  if (i >= 0)
    throw new Error(
      `${name} must be finite: found ${pyFloatRepr(items[i])} at index ${i}; ${SCORES_HINT}`,
    );
  return Float64Array.from(items);
}

/**
 * ndcg.stats.paired_differences for two lists in the same query order: a - b, after
 * checking both hold finite numbers, pair up, count at least 2 queries and do not overflow.
 */
export function pairedDifferences(a, b) {
  const first = scores(a, "a");
  const second = scores(b, "b");
  if (first.length !== second.length) {
    throw new Error(
      `a and b must pair up query by query: a has ${first.length} scores, b has ${second.length}`,
    );
  }
  if (first.length < 2)
    throw new Error(`a and b need at least 2 queries to test, got ${first.length}`);
  const out = new Float64Array(first.length);
  for (let i = 0; i < out.length; i += 1) {
    out[i] = first[i] - second[i];
    if (!Number.isFinite(out[i])) {
      throw new Error(
        `a - b overflows float64 at query ${i}: a scores ${show(first[i])}, b scores ${show(second[i])}; ` +
          "rescale both systems' scores alike, e.g. halve both (a difference of halves never overflows)",
      );
    }
  }
  return out;
}

// ==== numpy's arithmetic

/** np.ldexp(x, e) = x * 2^e, rounded once; two exact steps where 2^e itself overflows. */
export function ldexp(x, e) {
  return e > 1023 ? x * 2 ** 1023 * 2 ** (e - 1023) : x * 2 ** e;
}

/** np.frexp(x)[1]: the exponent e with |x| = m * 2^e, 0.5 <= m < 1 (x finite, nonzero). */
export function frexpExponent(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const biased = (view.getUint16(0) >>> 4) & 0x7ff;
  if (biased === 0) return frexpExponent(x * 2 ** 64) - 64; // subnormal
  return biased - 1022;
}

/**
 * numpy's pairwise sum of values[start, start + n) (pairwise_sum in loops_utils.h.src): eight
 * running sums over blocks of at most 128, halves (cut at a multiple of 8) above that.
 */
export function pairwiseSum(values, start, n) {
  if (n < 8) {
    let res = -0.0; // numpy starts at -0 so that a sum of -0s stays -0
    for (let i = start; i < start + n; i += 1) res += values[i];
    return res;
  }
  if (n <= 128) {
    let r0 = values[start],
      r1 = values[start + 1],
      r2 = values[start + 2],
      r3 = values[start + 3];
    let r4 = values[start + 4],
      r5 = values[start + 5],
      r6 = values[start + 6],
      r7 = values[start + 7];
    const whole = n - (n % 8);
    let i = 8;
    for (; i < whole; i += 8) {
      const j = start + i;
      r0 += values[j];
      r1 += values[j + 1];
      r2 += values[j + 2];
      r3 += values[j + 3];
      r4 += values[j + 4];
      r5 += values[j + 5];
      r6 += values[j + 6];
      r7 += values[j + 7];
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i += 1) res += values[start + i];
    return res;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwiseSum(values, start, half) + pairwiseSum(values, start + half, n - half);
}

/** ndarray.mean() of a 1-D float64 array: its pairwise sum over its length. */
export const mean = (values) => pairwiseSum(values, 0, values.length) / values.length;

/**
 * np.quantile(sorted, q) by the default (linear) method, of ascending values: the virtual
 * index (n - 1) q, then numpy's _lerp, which interpolates from the nearer end.
 */
export function quantileSorted(sorted, q) {
  const n = sorted.length;
  const virtual = (n - 1) * q;
  if (virtual >= n - 1) return sorted[n - 1];
  const previous = Math.floor(virtual);
  const gamma = virtual - previous;
  const a = sorted[previous];
  const b = sorted[previous + 1];
  const diff = b - a;
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}

/** ndcg.stats._unit: the differences scaled by 2^exponent so the largest is about 1. */
function unitScale(differences) {
  let top = 0;
  for (const d of differences) top = Math.max(top, Math.abs(d));
  const exponent = top === 0 ? 0 : -frexpExponent(top);
  return { unit: differences.map((d) => ldexp(d, exponent)), exponent, top };
}

// ==== The tests

/**
 * ndcg.stats.paired_randomization_test: how often flipping the signs of the per-query
 * differences gives a mean at least as extreme as the observed one. Every arrangement is
 * counted once when the 2^n of them are no more than nResamples (an exact p-value);
 * otherwise nResamples drawn ones, the observed counted as one more.
 * Returns { meanDifference, pValue, nQueries, nResamples, alternative, exact }.
 */
export function pairedRandomizationTest(
  a,
  b,
  { nResamples = 10000, alternative = "two-sided", seed = 0 } = {},
) {
  positiveInt(nResamples, "n_resamples");
  alternativeOf(alternative, "alternative");
  seedOf(seed, "seed");
  const differences = pairedDifferences(a, b);
  const { unit, exponent, top } = unitScale(differences);
  const n = differences.length;
  const observed = mean(unit);
  // As the Python: 1e-12 of the largest difference (at least 1e-12), in the scaled units.
  const tolerance = ldexp(1e-12 * Math.max(1.0, top), exponent);
  const exact = n < 63 && 2 ** n <= nResamples;
  const arrangements = exact ? 2 ** n : nResamples;
  // A resample is a hit when its mean is at least as extreme as the observed one.
  let isHit;
  if (alternative === "two-sided") {
    const bar = Math.abs(observed) - tolerance;
    isHit = (m) => Math.abs(m) >= bar;
  } else if (alternative === "greater") {
    const bar = observed - tolerance;
    isHit = (m) => m >= bar;
  } else {
    const bar = observed + tolerance;
    isHit = (m) => m <= bar;
  }
  let hits = 0;
  if (exact) {
    // Arrangement r flips the differences whose bit is set in r: every arrangement once.
    for (let r = 0; r < arrangements; r += 1) {
      let sum = 0;
      for (let j = 0; j < n; j += 1) sum += Math.floor(r / 2 ** j) % 2 ? -unit[j] : unit[j];
      if (isHit(sum / n)) hits += 1;
    }
  } else {
    const gen = defaultRng(seed);
    for (let r = 0; r < arrangements; r += 1) {
      let sum = 0;
      // choice([-1.0, 1.0]) is integers(0, 2): Lemire's method on a 32-bit draw u with range 2
      // is u's top bit and never rejects (its threshold is 0), so the sign is read off u.
      for (let j = 0; j < n; j += 1) sum += next32(gen) >>> 31 ? unit[j] : -unit[j];
      if (isHit(sum / n)) hits += 1;
    }
  }
  return {
    meanDifference: ldexp(observed, -exponent),
    pValue: exact ? hits / arrangements : (hits + 1) / (nResamples + 1),
    nQueries: n,
    nResamples: arrangements,
    alternative,
    exact,
  };
}

/**
 * ndcg.stats.paired_bootstrap_ci: the percentile interval of the mean difference over
 * nResamples resamples of the queries with replacement (pairs kept together).
 * Returns { meanDifference, low, high, confidence, nQueries, nResamples }.
 */
export function pairedBootstrapCi(a, b, { confidence = 0.95, nResamples = 10000, seed = 0 } = {}) {
  fraction(confidence, "confidence");
  positiveInt(nResamples, "n_resamples");
  seedOf(seed, "seed");
  const differences = pairedDifferences(a, b);
  const { unit, exponent } = unitScale(differences);
  const n = differences.length;
  const gen = defaultRng(seed);
  const row = new Float64Array(n);
  const means = new Float64Array(nResamples);
  for (let r = 0; r < nResamples; r += 1) {
    // unit[rng.integers(0, n, size=(rows, n))].mean(axis=1), one row at a time
    for (let j = 0; j < n; j += 1) row[j] = unit[boundedLemire32(gen, n - 1)];
    means[r] = pairwiseSum(row, 0, n) / n;
  }
  means.sort();
  const tail = (1.0 - confidence) / 2.0;
  return {
    meanDifference: ldexp(mean(unit), -exponent),
    low: ldexp(quantileSorted(means, tail), -exponent),
    high: ldexp(quantileSorted(means, 1.0 - tail), -exponent),
    confidence,
    nQueries: n,
    nResamples,
  };
}
