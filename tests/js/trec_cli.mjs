// `python -m ndcg`'s command line, run on the browser's trec_eval (js/trec)
// in Node: the same argv, the files read with Node's fs a chunk at a time and fed to the
// readers as bytes, the report on stdout and "ndcg: ..." on stderr, exit code 2 on an error.
// tests/js/test_trec_js.py compares it with ndcg.cli.main. The registry of measures is the
// JSON file named by NDCG_REGISTRY (ndcg.widgets._registry.registry_json); NDCG_TREC_JS
// names the folder of the modules (default: the source tree).
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const folder =
  process.env.NDCG_TREC_JS ?? join(here, "..", "..", "src", "ndcg", "widgets", "js", "trec");
const { newReader, pyRepr } = await import(pathToFileURL(join(folder, "read.js")).href);
const { checkOptions, evaluateTrec } = await import(
  pathToFileURL(join(folder, "evaluate.js")).href
);
const registry = JSON.parse(readFileSync(process.env.NDCG_REGISTRY, "utf8"));
const CHUNK = Number(process.env.NDCG_CHUNK ?? 1 << 20);

/** argparse's reading of the CLI's options (flags may be joined: -qc; values joined: -l2). */
function parseArgv(argv) {
  const options = {
    q: false,
    c: false,
    J: false,
    l: "1",
    m: [],
    k: [],
    gain: "linear",
    json: false,
  };
  const positional = [];
  const valued = { "-l": "l", "-m": "m", "-k": "k", "--gain": "gain" };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const take = (key, value) => {
      if (Array.isArray(options[key])) options[key].push(value);
      else options[key] = value;
    };
    if (arg === "--json") options.json = true;
    else if (arg.startsWith("--gain=")) take("gain", arg.slice(7));
    else if (arg in valued) {
      i += 1;
      take(valued[arg], argv[i]);
    } else if (arg.length > 1 && arg[0] === "-" && arg[1] !== "-" && !/^-[0-9]/.test(arg)) {
      for (let j = 1; j < arg.length; j += 1) {
        const flag = arg[j];
        if ("qcJ".includes(flag)) options[flag] = true;
        else if ("lmk".includes(flag)) {
          if (j + 1 >= arg.length) i += 1;
          take(flag, j + 1 < arg.length ? arg.slice(j + 1) : argv[i]);
          break;
        } else throw new Error(`unknown option ${arg}`);
      }
    } else positional.push(arg);
  }
  return { options, positional };
}

/** A regular file that starts with gzip's bytes 1f 8b, which the page and the CLI unpack. */
function isGzip(path) {
  if (path === "-" || !statSync(path, { throwIfNoEntry: false })?.isFile()) return false;
  const head = readFileSync(path).subarray(0, 2);
  return head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

function readFile(kind, path) {
  const name = path === "-" ? "<stdin>" : path;
  const reader = newReader(kind, name);
  if (isGzip(path)) {
    const text = gunzipSync(readFileSync(path));
    for (let at = 0; at < text.length; at += CHUNK) reader.push(text.slice(at, at + CHUNK));
    return reader.end();
  }
  const fd = path === "-" ? 0 : openSync(path, "r");
  const buffer = new Uint8Array(CHUNK);
  const text = process.env.NDCG_TEXT ? new TextDecoder() : null;
  for (;;) {
    let got = 0;
    try {
      got = readSync(fd, buffer, 0, CHUNK, null);
    } catch (error) {
      if (error.code === "EAGAIN") continue;
      if (error.code === "EOF") break;
      throw error;
    }
    if (!got) break;
    // NDCG_TEXT: push decoded text, as the page pushes a pasted file, not the file's bytes.
    reader.push(
      text ? text.decode(buffer.subarray(0, got), { stream: true }) : buffer.slice(0, got),
    );
  }
  if (text) reader.push(text.decode());
  if (fd !== 0) closeSync(fd);
  return reader.end();
}

const STRERROR = {
  ENOENT: "No such file or directory",
  EISDIR: "Is a directory",
  EACCES: "Permission denied",
};

let lastError = null;

function main(argv) {
  lastError = null;
  const { options, positional } = parseArgv(argv);
  const [qrelsPath, runPath] = positional;
  try {
    checkOptions(options, registry);
    const qrels = readFile("qrels", qrelsPath);
    const run = readFile("run", runPath);
    const { text, notes } = evaluateTrec({ qrels, run, options, registry });
    for (const note of notes) process.stderr.write(`ndcg: note: ${note}\n`);
    process.stdout.write(text);
    return 0;
  } catch (error) {
    if (error.code && error.path !== undefined) {
      process.stderr.write(
        `ndcg: cannot read ${pyRepr(error.path)}: ${STRERROR[error.code] ?? error.code}\n`,
      );
      return 2;
    }
    if (error.name !== "TrecError") throw error;
    lastError = { file: error.file, line: error.line };
    process.stderr.write(`ndcg: ${error.message}\n`);
    return 2;
  }
}

/** Run the CLI on one argv, capturing what it writes: `{ code, stdout, stderr }`. */
function captured(argv) {
  const out = [];
  const err = [];
  const write = [process.stdout.write, process.stderr.write];
  process.stdout.write = (text) => out.push(text);
  process.stderr.write = (text) => err.push(text);
  let code;
  try {
    code = main(argv);
  } finally {
    [process.stdout.write, process.stderr.write] = write;
  }
  return { code, stdout: out.join(""), stderr: err.join(""), error: lastError };
}

// --batch FILE: a JSON list of argvs, answered with a JSON list of captured runs (one Node
// start for a whole test module).
const args = process.argv.slice(2);
if (args[0] === "--batch") {
  const argvs = JSON.parse(readFileSync(args[1], "utf8"));
  process.stdout.write(JSON.stringify(argvs.map(captured)));
} else process.exitCode = main(args);
