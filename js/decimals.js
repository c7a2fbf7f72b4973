// Numbers printed with a fixed count of decimals as C's printf and Python's format print them,
// with no DOM: the one rule for the widgets' three decimals (format.js) and trec_eval's
// four in the evaluation page's report (trec/report.js), so that a figure on screen reads as
// the same figure printed by the library and the command line.

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
    if (scaled - low === 0.5 && isExactTie(size, digits) && low % 2 === 0)
      text = withPoint(low, digits);
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
