// Reading TREC qrels and run files as `python -m ndcg` reads them (ndcg.trec.read, ndcg.trec.scan),
// with no DOM, fed a chunk at a time so that a run of millions of lines is read in a Web
// Worker without holding its text twice. The rules are trec_eval 10.0's plus the CLI's:
// fields split at C's whitespace (space, \t, \v, \f, \r), a line whose first field starts
// with "#" is a comment, blank lines are skipped, a leading byte-order mark is skipped;
// numbers are read whole as C reads them; a NUL byte, bytes that are not UTF-8 and a
// repeated (query, document) pair are refused. Every message is the CLI's, word for word,
// and names the file and the line. The CLI reads 8 MiB blocks and checks a block's bytes,
// then its field counts, then its numbers before it looks at the next block: errors are
// held per block here and the first one of the highest rank is thrown, as the CLI would.

/** An input or usage error: `message` is what the CLI prints after "ndcg: ". */
export class TrecError extends Error {
  constructor(message, file = null, line = null) {
    super(message);
    this.name = "TrecError";
    this.file = file;
    this.line = line;
  }
}

/** The CLI's block size (ndcg.trec.scan.BLOCK_BYTES): errors rank within one block. */
const READ_BLOCK_BYTES = 1 << 23;
/** Bytes looked at to recognise a compressed or UTF-16 file (ndcg.trec.scan._SNIFF). */
const READ_SNIFF = 512;

const LAYOUTS = Object.freeze({
  qrels: {
    layout: "query_id iteration doc_id relevance",
    exact: 4,
    value: "relevance",
    verb: "judged",
    fields: [0, 2, 3],
  },
  run: {
    layout: "query_id Q0 doc_id rank score run_id",
    exact: null,
    value: "score",
    verb: "retrieved",
    fields: [0, 2, 4],
  },
});

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
function utf8Step(bytes, i, end) {
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

// ==== The reader

/**
 * A reader of one file, fed chunks: `push(chunk)` (a string, or a Uint8Array of the file's
 * bytes, which are then checked as the CLI checks them), then `end()`, which returns
 * `{ kind, name, queries: Map(id -> { id, docs, values }), count, runId }` where `values`
 * (a Float64Array) are the grades (qrels) or scores (run), in file order, `count` the
 * data lines and `runId` the run id of the run's last line (trec_eval's runid).
 * A chunk may end anywhere, even inside a line or a UTF-8 character.
 */
export function newReader(kind, name) {
  const spec = LAYOUTS[kind];
  if (!spec) throw new Error(`kind must be "qrels" or "run", got ${kind}`);
  const state = {
    kind,
    name,
    spec,
    partial: "",
    line: 0,
    bytes: 0,
    block: -1,
    firstBlock: -1,
    pending: { field: null, value: null },
    byteErrors: new Map(),
    head: null,
    decoder: null,
    scan: { offset: 0, line: 1, carry: null },
    started: false,
    queries: new Map(),
    last: null,
    count: 0,
    runId: "",
  };
  return {
    push(chunk) {
      readChunk(state, chunk, false);
    },
    end() {
      readChunk(state, "", true);
      return finishReading(state);
    },
  };
}

function readChunk(state, chunk, final) {
  let text = chunk;
  if (chunk instanceof Uint8Array) text = decodeBytes(state, chunk);
  else if (final && state.decoder) text = endBytes(state);
  else if (chunk.length) scanText(state, chunk);
  if (!state.started && (text.length || final)) {
    state.started = true;
    if (text.charCodeAt(0) === 0xfeff && !state.decoder) {
      text = text.slice(1);
      state.bytes = 3;
    }
  }
  let data = state.partial + text;
  let from = 0;
  for (;;) {
    const newline = data.indexOf("\n", from);
    if (newline < 0) break;
    readLine(state, data, from, newline);
    from = newline + 1;
  }
  state.partial = data.slice(from);
  if (final) {
    if (state.partial.length) readLine(state, `${state.partial}\n`, 0, state.partial.length);
    state.partial = "";
    flushBlock(state);
  }
  data = null;
}

/** Check raw bytes (NUL, UTF-8) as the CLI does, then decode them. */
function decodeBytes(state, bytes) {
  if (!state.decoder) {
    // ignoreBOM: the byte-order mark is skipped here, by the CLI's rule, with its 3 bytes counted.
    state.decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    state.head = new Uint8Array(0);
  }
  if (state.head.length < READ_SNIFF) {
    // The file's first bytes, kept to say what a file that is not text is (notText).
    const head = new Uint8Array(Math.min(READ_SNIFF, state.head.length + bytes.length));
    head.set(state.head);
    head.set(bytes.subarray(0, head.length - state.head.length), state.head.length);
    state.head = head;
  }
  const scan = state.scan;
  let input = bytes;
  if (scan.carry) {
    input = new Uint8Array(scan.carry.length + bytes.length);
    input.set(scan.carry);
    input.set(bytes, scan.carry.length);
    scan.offset -= scan.carry.length;
    scan.carry = null;
  }
  let start = 0;
  if (scan.offset === 0 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) start = 3;
  const end = input.length;
  for (let i = start; i < end; i += 1) {
    const b = input[i];
    if (b === 10) scan.line += 1;
    else if (b === 0) noteByteError(state, scan.offset + i, scan.line, "nul");
    else if (b >= 0x80) {
      const step = utf8Step(input, i, end);
      if (step === "unexpected end of data" && end - i < 4) {
        scan.carry = input.slice(i);
        scan.offset += i;
        if (start) state.bytes = 3;
        return state.decoder.decode(input.subarray(start, i), { stream: true });
      }
      if (typeof step === "string") noteByteError(state, scan.offset + i, scan.line, step);
      else i += step - 1;
    }
  }
  scan.offset += end;
  const text = state.decoder.decode(input.subarray(start), { stream: true });
  if (start) state.bytes = 3;
  return text;
}

/** The file's end: a sequence cut short there is followed by the newline the CLI adds. */
function endBytes(state) {
  const carry = state.scan.carry;
  if (!carry) return state.decoder.decode();
  noteByteError(state, state.scan.offset, state.scan.line, "invalid continuation byte");
  state.scan.carry = null;
  return state.decoder.decode(carry);
}

/** A pasted text cannot hold bad UTF-8, but it can hold a NUL. */
function scanText(state, text) {
  let at = text.indexOf("\0");
  if (at < 0) return;
  // Line numbers of NULs: counted from the lines already read and this chunk's newlines.
  let line = state.line + 1;
  let from = 0;
  const lead = state.partial.length;
  while (at >= 0) {
    for (let i = from; i < at; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    from = at;
    noteByteError(state, state.bytes + lead + at, line, "nul");
    at = text.indexOf("\0", at + 1);
  }
}

function noteByteError(state, offset, line, what) {
  const block = Math.floor(offset / READ_BLOCK_BYTES);
  const held = state.byteErrors.get(block) ?? { nul: null, utf8: null };
  if (what === "nul") held.nul ??= line;
  else held.utf8 ??= { line, reason: what };
  state.byteErrors.set(block, held);
}

function isSpaceCode(c) {
  return c === 32 || (c >= 9 && c <= 13 && c !== 10);
}

function readLine(state, data, from, newline) {
  state.line += 1;
  let width = newline - from + 1;
  for (let i = from; i < newline; i += 1) {
    if (data.charCodeAt(i) > 0x7f) {
      width = utf8Length(data, from, newline) + 1;
      break;
    }
  }
  const block = Math.floor((state.bytes + width - 1) / READ_BLOCK_BYTES);
  state.bytes += width;
  if (block !== state.block) {
    if (state.block >= 0) flushBlock(state);
    state.block = block;
  }
  if (state.line === 1) state.firstBlock = block;
  if (state.pending.field) return; // the block already failed: only its bytes can outrank that
  // Fields: the first few spans, found without splitting the whole line.
  const spans = [];
  let i = from;
  let count = 0;
  while (i < newline) {
    while (i < newline && isSpaceCode(data.charCodeAt(i))) i += 1;
    if (i >= newline) break;
    const start = i;
    while (i < newline && !isSpaceCode(data.charCodeAt(i))) i += 1;
    if (count < 6) spans.push(start, i);
    count += 1;
  }
  if (count === 0 || data.charCodeAt(spans[0]) === 35) return; // blank, or a comment
  const spec = state.spec;
  const needed = spec.exact ?? 6;
  if (spec.exact === null ? count < needed : count !== needed) {
    const where = `${state.name}:${state.line}`;
    state.pending.field = new TrecError(
      `${where}: a ${state.kind} line needs ${needed} fields (${spec.layout}), found ${count}`,
      state.name,
      state.line,
    );
    return;
  }
  const field = (f) => data.slice(spans[2 * f], spans[2 * f + 1]);
  const token = field(spec.fields[2]);
  let value = 0;
  if (!state.pending.value) {
    try {
      value = readValue(state, token);
    } catch (error) {
      error.file = state.name;
      error.line = state.line;
      state.pending.value = error;
    }
  }
  keepLine(state, field(0), field(2), value);
  if (state.kind === "run") state.runId = field(5);
}

function utf8Length(data, from, to) {
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

const PLAIN_DECIMAL = /^[+-]?[0-9]*\.?[0-9]*$/;

function readValue(state, token) {
  const where = `${state.name}:${state.line}`;
  if (state.kind === "qrels") return parseIntC(token, where, "relevance");
  // The common score: a plain decimal, which Number() rounds once, as strtod does.
  if (PLAIN_DECIMAL.test(token) && /[0-9]/.test(token)) return Number(token);
  return parseFloatC(token, where, "score");
}

function keepLine(state, query, doc, value) {
  let entry = state.last;
  if (!entry || entry.id !== query) {
    entry = state.queries.get(query);
    if (!entry) {
      entry = { id: query, docs: [], values: [], lines: [] };
      state.queries.set(query, entry);
    }
    state.last = entry;
  }
  entry.docs.push(doc);
  entry.values.push(value);
  entry.lines.push(state.line);
  state.count += 1;
}

/** Throw the block's first error of the highest rank: bytes, then field counts, then numbers. */
function flushBlock(state) {
  const block = state.block;
  for (const [at, held] of state.byteErrors) {
    if (at > block) continue;
    const first = state.firstBlock < 0 || at <= state.firstBlock;
    const line = held.nul ?? held.utf8.line;
    const message =
      held.nul !== null
        ? "a NUL byte; TREC files are text"
        : `not UTF-8 text (${held.utf8.reason})`;
    const kind = first && state.head ? notText(state.head.subarray(startOfText(state.head))) : null;
    if (kind) throw new TrecError(`${state.name}: ${kind}`, state.name, null);
    throw new TrecError(`${state.name}:${line}: ${message}`, state.name, line);
  }
  const error = state.pending.field ?? state.pending.value;
  if (error) throw error;
}

function startOfText(head) {
  return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
}

/** After the last block: refuse a repeated (query, document) pair, as the CLI does, at its first repeat. */
function finishReading(state) {
  const spec = state.spec;
  let worst = null;
  for (const entry of state.queries.values()) {
    const seen = new Map();
    for (let i = 0; i < entry.docs.length; i += 1) {
      const first = seen.get(entry.docs[i]);
      if (first === undefined) seen.set(entry.docs[i], i);
      else {
        if (!worst || entry.lines[i] < worst.line)
          worst = { entry, line: entry.lines[i], first: entry.lines[first], doc: entry.docs[i] };
        break;
      }
    }
  }
  if (worst) {
    throw new TrecError(
      `${state.name}:${worst.line}: document ${pyRepr(worst.doc)} ${spec.verb} twice for ` +
        `query ${pyRepr(worst.entry.id)} (first at line ${worst.first})`,
      state.name,
      worst.line,
    );
  }
  for (const entry of state.queries.values()) {
    // Line numbers served the messages only; the values become one typed array per query.
    entry.values = Float64Array.from(entry.values);
    entry.lines = null;
  }
  return {
    kind: state.kind,
    name: state.name,
    queries: state.queries,
    count: state.count,
    runId: state.runId,
  };
}
