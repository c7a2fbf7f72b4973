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

import {
  fieldSpans,
  notText,
  parseFloatC,
  parseIntC,
  pyRepr,
  startOfText,
  TrecError,
  utf8Length,
  utf8Step,
} from "./scan.js";

// The rules of bytes, fields and numbers live in js/trec/scan.js; the modules that import
// them from here (js/evaluate_page/worker.js, tests/js/trec_cli.mjs) still can.
export { notText, parseFloatC, parseIntC, pyRepr, TrecError };

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
  const { spans, count } = fieldSpans(data, from, newline, 6);
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
