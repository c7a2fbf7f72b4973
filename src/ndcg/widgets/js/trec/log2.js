// A correctly rounded base-2 logarithm, and the log2(i + 1) of ranks that DCG divides by.
// V8's Math.log2 misses the nearest double for some arguments (log2(1375) is one ulp
// high), where numpy's log2 is nearer: this one is exact to about 2^-100 before its one
// rounding, so it gives the nearest double, numpy's value for every whole number up to
// 7956 (numpy's own log2 misses the nearest double at 7957 and a few larger ones).
// Double-double arithmetic (Dekker, Knuth): a value is a pair [hi, lo] with hi + lo exact.

/** Veltkamp's split of a double into two halves of 26 bits, whose products are exact. */
function ddSplit(a) {
  const t = 134217729 * a; // 2^27 + 1
  const hi = t - (t - a);
  return [hi, a - hi];
}

/** The exact product of two doubles as [p, e], p + e = a * b (Dekker's two-product). */
function ddTwoProduct(a, b) {
  const p = a * b;
  const [ah, al] = ddSplit(a);
  const [bh, bl] = ddSplit(b);
  return [p, ((ah * bh - p) + ah * bl + al * bh) + al * bl];
}

/** The exact sum of two doubles as [s, e] (Knuth's two-sum). */
function ddTwoSum(a, b) {
  const s = a + b;
  const v = s - a;
  return [s, (a - (s - v)) + (b - v)];
}

function ddAdd([ah, al], [bh, bl]) {
  const [s, e] = ddTwoSum(ah, bh);
  const [hi, lo] = ddTwoSum(s, e + al + bl);
  return [hi, lo];
}

function ddMul([ah, al], [bh, bl]) {
  const [p, e] = ddTwoProduct(ah, bh);
  const [hi, lo] = ddTwoSum(p, e + (ah * bl + al * bh));
  return [hi, lo];
}

function ddDiv([ah, al], [bh, bl]) {
  const q = ah / bh;
  // The remainder a - q * b, exactly enough to give the quotient's second half.
  const [p, e] = ddTwoProduct(q, bh);
  const r = (ah - p - e + al - q * bl) / bh;
  return ddTwoSum(q, r);
}

/** log2(e) = 1 / ln 2 as a double-double. */
const DD_LOG2_E = [1.4426950408889634, 2.0355273740931033e-17];
/** 1 / (2k + 1) for the terms of the atanh series, as double-doubles. */
const DD_ODD = Array.from({ length: 30 }, (_, k) => ddDiv([1, 0], [2 * k + 1, 0]));

/**
 * log2(x) rounded to the nearest double, for a finite x > 0 (numpy's np.log2 to the last
 * bit wherever it rounds correctly). x = 2^e m with m in [sqrt(1/2), sqrt(2)); then
 * ln m = 2 atanh(s), s = (m - 1) / (m + 1), summed in double-double.
 */
export function nearestLog2(x) {
  if (!(x > 0) || x === Infinity) return Math.log2(x);
  let e = 0;
  let m = x;
  if (m < 2 ** -1000) {
    m *= 2 ** 100;
    e -= 100;
  }
  // The exponent from Math.log2's estimate, corrected by the mantissa's range.
  let k = Math.floor(Math.log2(m));
  m = m * 2 ** -k; // exact: a power of two
  while (m >= 2) { m /= 2; k += 1; }
  while (m < 1) { m *= 2; k -= 1; }
  if (m > Math.SQRT2) { m /= 2; k += 1; }
  e += k;
  if (m === 1) return e;
  const s = ddDiv([m - 1, 0], ddTwoSum(m, 1));
  const s2 = ddMul(s, s);
  let sum = DD_ODD[DD_ODD.length - 1];
  for (let j = DD_ODD.length - 2; j >= 0; j -= 1) sum = ddAdd(DD_ODD[j], ddMul(sum, s2));
  const lnm = ddMul([2 * sum[0], 2 * sum[1]], s);
  const [hi, lo] = ddMul(lnm, DD_LOG2_E);
  const [t, err] = ddTwoSum(e, hi);
  return t + (err + lo);
}

const RANK_LOG2S = { table: new Float64Array(0) };

/** log2(i + 1) for a 1-based rank i, from a table grown as longer lists come. */
export function rankLog2(rank) {
  if (rank >= RANK_LOG2S.table.length) {
    const table = new Float64Array(Math.max(2 * RANK_LOG2S.table.length, rank + 1, 1024));
    table.set(RANK_LOG2S.table);
    for (let i = RANK_LOG2S.table.length; i < table.length; i += 1) table[i] = nearestLog2(i + 1);
    RANK_LOG2S.table = table;
  }
  return RANK_LOG2S.table[rank];
}

/** log2(x) to the nearest double, from the table of ranks for a whole number up to 2^16. */
export function log2Of(x) {
  return Number.isInteger(x) && x >= 1 && x <= 65536 ? rankLog2(x - 1) : nearestLog2(x);
}

/** Each prefix's sum of gains / log2(i + 1): entry i is the DCG at rank i + 1, np.cumsum's order. */
export function runningDcg(gains) {
  const out = new Float64Array(gains.length);
  let total = 0;
  for (let i = 0; i < gains.length; i += 1) {
    total += gains[i] / rankLog2(i + 1);
    out[i] = total;
  }
  return out;
}
