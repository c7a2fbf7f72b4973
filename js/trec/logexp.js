// Logarithms and exponentials rounded to the nearest double, as the C library and numpy give
// them: log2 for DCG's discounts (numpy's np.log2), ln and exp for trec_eval's geometric means
// (gm_map, gm_bpref: the exp of the mean of the logs, C's log and exp, Python's math.log and
// math.exp). V8's Math.log2 misses the nearest double for some arguments (log2(1375) is one
// ulp high, where numpy's is the nearest: numpy gives the nearest double for every whole
// number up to 7956, and misses it at 7957 and a few larger ones); Math.log and Math.exp
// differ from glibc's in the last bit for about 7% and 9% of arguments, enough to move a
// printed 4th decimal where a geometric mean falls on a tie (0.21875: the CLI prints 0.2187,
// Math.log and Math.exp gave 0.2188). Rounded to the nearest, these differ from glibc's for
// about 0.08% (log) and 0.02% (exp) of arguments, where glibc itself misses the nearest.
// One algorithm serves all three: 128-bit fixed point with BigInt (about 2^-120 off before
// the one rounding). It takes about 8 us a call in Node 20 (a double-double log2 took 3 us):
// ln and exp run once per query, and log2 of a rank runs once per table entry (rankLog2
// keeps the ranks' logs, so a per-rank call is a table read), so the speed of the
// computation itself never shows in a run's time.

/** Fixed-point bits of the computation. */
const FIX_BITS = 128n;
const FIX_ONE = 1n << FIX_BITS;

/** atanh(t) for a fixed-point t with |t| <= 1/3, by its series t + t^3/3 + t^5/5 + ... */
function fixedAtanh(t) {
  const t2 = (t * t) >> FIX_BITS;
  let power = t;
  let sum = 0n;
  // Division truncates toward 0, so a negative t's powers reach 0 too (a shift would not).
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = (power * t2) / FIX_ONE;
  }
  return sum;
}

/** ln 2 in fixed point: 2 atanh(1/3). */
const FIX_LN2 = 2n * fixedAtanh(FIX_ONE / 3n);

/** A finite double > 0 as [mantissa, exponent], x = mantissa * 2^exponent exactly. */
function splitDouble(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return biased === 0 ? [fraction, -1074] : [fraction | (1n << 52n), biased - 1075];
}

/** A fixed-point value (value / 2^FIX_BITS) to the nearest double. */
function fixedToDouble(value) {
  const negative = value < 0n;
  let size = negative ? -value : value;
  // Number() rounds a BigInt to the nearest double; the scaling by a power of two is exact.
  let shift = 0;
  const length = size.toString(2).length;
  if (length > 1000) {
    shift = length - 1000;
    size >>= BigInt(shift);
  }
  const out = Number(size) * 2 ** (shift - Number(FIX_BITS));
  return negative ? -out : out;
}

/**
 * ln(x) for a finite x > 0 as [e, lnm] in fixed point: ln x = e ln 2 + lnm, x = m 2^e with m
 * in [2/3, 4/3) and lnm = ln m = 2 atanh((m - 1) / (m + 1)).
 */
function fixedLogParts(x) {
  const [mantissa, exponent] = splitDouble(x);
  const bits = mantissa.toString(2).length;
  let e = exponent + bits - 1;
  let m = (mantissa << FIX_BITS) >> BigInt(bits - 1); // m in [1, 2), exact in fixed point
  if (3n * m >= 4n * FIX_ONE) {
    m >>= 1n;
    e += 1;
  }
  const t = ((m - FIX_ONE) << FIX_BITS) / (m + FIX_ONE);
  return [BigInt(e), 2n * fixedAtanh(t)];
}

/** ln(x) rounded to the nearest double, for a finite x > 0 (C's log); Math.log elsewhere. */
export function nearestLog(x) {
  if (!(x > 0) || x === Infinity) return Math.log(x);
  if (x === 1) return 0;
  const [e, lnm] = fixedLogParts(x);
  return fixedToDouble(e * FIX_LN2 + lnm);
}

/**
 * log2(x) rounded to the nearest double, for a finite x > 0 (numpy's np.log2 wherever it
 * rounds correctly); Math.log2 elsewhere. A power of two is exact (lnm is 0).
 */
export function nearestLog2(x) {
  if (!(x > 0) || x === Infinity) return Math.log2(x);
  const [e, lnm] = fixedLogParts(x);
  return fixedToDouble((e << FIX_BITS) + (lnm << FIX_BITS) / FIX_LN2);
}

/** The table of log2(i + 1) by rank i, grown as longer lists come. */
const RANK_LOG2S = { table: new Float64Array(0) };

/** log2(i + 1) for a 1-based rank i (DCG's discount), from the table. */
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

/** e^x rounded to the nearest double, for a finite x in the normal range (C's exp). */
export function nearestExp(x) {
  if (!Number.isFinite(x) || x > 709 || x < -708) return Math.exp(x);
  if (x === 0) return 1;
  const [mantissa, exponent] = splitDouble(Math.abs(x));
  let y = exponent >= -Number(FIX_BITS) ? (mantissa << FIX_BITS) >> BigInt(-exponent) : 0n;
  if (exponent >= 0) y = mantissa << (FIX_BITS + BigInt(exponent));
  if (x < 0) y = -y;
  // x = k ln 2 + r with |r| <= ln 2 / 2, then e^r by its Taylor series.
  const k =
    (y + FIX_LN2 / 2n) / FIX_LN2 -
    (y + FIX_LN2 / 2n < 0n && (y + FIX_LN2 / 2n) % FIX_LN2 !== 0n ? 1n : 0n);
  const r = y - k * FIX_LN2;
  let term = FIX_ONE;
  let sum = FIX_ONE;
  for (let n = 1n; term !== 0n; n += 1n) {
    term = (term * r) / (n << FIX_BITS);
    sum += term;
  }
  // e^x = sum 2^k: shift the fixed point rather than multiply, so one rounding remains.
  const scaled = k >= 0n ? sum << k : sum;
  const value = fixedToDouble(scaled);
  return k >= 0n ? value : value * 2 ** Number(k);
}
