// The rules of a TREC file's bytes, fields and numbers (ndcg.trec.scan): fields cut at C's
// whitespace, numbers read whole as C reads them, the UTF-8 and NUL checks, files that are
// not text recognised, and Python's repr() for the values the messages show. No DOM, no state:
// js/trec/read.js reads files with them, js/trec/options.js checks options with them.

/** An input or usage error: `message` is what the CLI prints after "ndcg: ". */
export class TrecError extends Error {
  constructor(message, file = null, line = null) {
    super(message);
    this.name = "TrecError";
    this.file = file;
    this.line = line;
  }
}

// ==== Python's way of showing values in messages

/** Python's repr() of a str: the quotes it picks and the escapes it writes. */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (!isPrintable(code)) out += escapeWide(code);
    else out += ch;
  }
  return out + quote;
}

function escapeWide(code) {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/** Python's str.isprintable for one code point (Unicode classes Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs but space). */
function isPrintable(code) {
  if (code === 0x20) return true;
  if (code >= 0x80 && code <= 0xa0) return false;
  if (code === 0xad) return false;
  return !/^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u.test(String.fromCodePoint(code));
}

// ==== Numbers as C reads whole tokens (ndcg.trec.scan.parse_float, parse_int)

const C_INT = /^[+-]?[0-9]+$/;
const C_FLOAT =
  /^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?|[nN][aA][nN])$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** One integer as C reads it, refused beyond int64 (the CLI's message); returns a Number. */
export function parseIntC(text, where, name) {
  if (!C_INT.test(text))
    throw new TrecError(`${where}: ${name} must be an integer, got ${pyRepr(text)}`);
  if (text.length < 16) return Number(text);
  const big = BigInt(text);
  if (big < INT64_MIN || big > INT64_MAX) {
    const saturated = big > INT64_MAX ? INT64_MAX : INT64_MIN;
    throw new TrecError(
      `${where}: ${name} ${text} is outside the 64-bit integer range [-2**63, 2**63 - 1] ` +
        `(trec_eval would silently read it as ${saturated})`,
    );
  }
  return Number(big);
}

/** One number as C's strtod reads a whole token (hexadecimal too), finite only. */
export function parseFloatC(text, where, name) {
  if (!C_FLOAT.test(text))
    throw new TrecError(`${where}: ${name} must be a number, got ${pyRepr(text)}`);
  const value = /0[xX]/.test(text) ? hexFloat(text) : /[nN]/.test(text) ? NaN : Number(text);
  if (!Number.isFinite(value))
    throw new TrecError(`${where}: ${name} must be finite, got ${pyRepr(text)}`);
  return value;
}

/** Python's float.fromhex for the forms C_FLOAT lets through, rounded once to nearest. */
function hexFloat(text) {
  const match = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)(?:[pP]([+-]?[0-9]+))?$/.exec(text);
  const [, sign, whole, fraction, power] = match;
  const digits = (whole + fraction).replace(/^0+/, "");
  let exponent = BigInt(power ?? 0) - 4n * BigInt(fraction.length);
  if (!digits) return sign === "-" ? -0 : 0;
  let mantissa = BigInt(`0x${digits}`);
  // Keep 64 significant bits plus a sticky bit, so one rounding to double is exact.
  const bits = mantissa.toString(2).length;
  if (bits > 64) {
    const drop = BigInt(bits - 64);
    const sticky = mantissa & ((1n << drop) - 1n) ? 1n : 0n;
    mantissa = (mantissa >> drop) | sticky;
    exponent += drop;
  }
  if (exponent > 2000n) return sign === "-" ? -Infinity : Infinity;
  if (exponent < -2200n) return sign === "-" ? -0 : 0;
  const value = scaleByPowerOfTwo(mantissa, Number(exponent));
  return sign === "-" ? -value : value;
}

function scaleByPowerOfTwo(mantissa, exponent) {
  // Exact while the result is a normal double: the mantissa is rounded once by Number().
  if (exponent >= -1074 + 64) return Number(mantissa) * 2 ** exponent;
  const shift = BigInt(-1074 - exponent);
  const kept = mantissa >> shift;
  const rest = mantissa - (kept << shift);
  const half = 1n << (shift - 1n);
  const up = rest > half || (rest === half && (kept & 1n) === 1n);
  return Number(kept + (up ? 1n : 0n)) * 2 ** -1074;
}

// ==== Byte checks (ndcg.trec.scan._check_bytes, _not_text)

const COMPRESSED = Object.freeze([
  [[0x1f, 0x8b], "gzip", "gunzip it"],
  [null, "bzip2", "bunzip2 it"],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], "xz", "unxz it"],
  [[0x28, 0xb5, 0x2f, 0xfd], "zstd", "unzstd it"],
  [[0x50, 0x4b, 0x03, 0x04], "zip", "unzip it"],
]);

function startsWithBytes(head, magic) {
  return magic.every((b, i) => head[i] === b);
}

/** Why a file starting with these bytes is not TREC text, if that is recognised; else null. */
export function notText(head) {
  for (const [magic, name, undo] of COMPRESSED) {
    const hit = magic
      ? startsWithBytes(head, magic)
      : head.length >= 10 && /^BZh[1-9]1AY&SY/.test(String.fromCharCode(...head.subarray(0, 10)));
    if (hit) return `a ${name}-compressed file, not text: ${undo} first`;
  }
  const advice = "TREC files are read as UTF-8: convert it (iconv -f UTF-16 -t UTF-8)";
  for (const mark of [
    [0xff, 0xfe],
    [0xfe, 0xff],
  ]) {
    if (startsWithBytes(head, mark)) {
      const shown = mark.map((b) => b.toString(16).toUpperCase()).join(" ");
      return `UTF-16 text (a byte-order mark ${shown}); ${advice}`;
    }
  }
  if (head.length >= 8) {
    let evenZero = 0;
    let oddZero = 0;
    for (let i = 0; i < head.length; i += 1)
      if (head[i] === 0) {
        if (i % 2) oddZero += 1;
        else evenZero += 1;
      }
    const odd = Math.floor(head.length / 2);
    const even = head.length - odd;
    if ((oddZero === odd) !== (evenZero === even))
      return `UTF-16 text (a NUL byte beside every character); ${advice}`;
  }
  return null;
}

/** Length of the UTF-8 sequence at i, or the reason CPython gives for refusing it. */
export function utf8Step(bytes, i, end) {
  const b = bytes[i];
  let need;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) lo = 0xa0;
    if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) lo = 0x90;
    if (b === 0xf4) hi = 0x8f;
  } else return "invalid start byte";
  for (let j = 1; j <= need; j += 1) {
    if (i + j >= end) return "unexpected end of data";
    const c = bytes[i + j];
    if (c < (j === 1 ? lo : 0x80) || c > (j === 1 ? hi : 0xbf)) return "invalid continuation byte";
  }
  return need + 1;
}
// ==== Fields and lines

export function isSpaceCode(c) {
  return c === 32 || (c >= 9 && c <= 13 && c !== 10);
}

/**
 * The fields of data[from:newline] as [start, end) pairs of its first `limit` fields (found
 * without splitting the whole line), and how many fields it has in all.
 */
export function fieldSpans(data, from, newline, limit) {
  const spans = [];
  let i = from;
  let count = 0;
  while (i < newline) {
    while (i < newline && isSpaceCode(data.charCodeAt(i))) i += 1;
    if (i >= newline) break;
    const start = i;
    while (i < newline && !isSpaceCode(data.charCodeAt(i))) i += 1;
    if (count < limit) spans.push(start, i);
    count += 1;
  }
  return { spans, count };
}

/** Bytes the UTF-8 encoding of data[from:to] takes. */
export function utf8Length(data, from, to) {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const c = data.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/** Where the text starts: after a UTF-8 byte-order mark, if any. */
export function startOfText(head) {
  return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
}
