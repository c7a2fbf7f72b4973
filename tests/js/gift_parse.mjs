// Read a GIFT file on stdin with gift-pegjs, the parser of the GIFT format used by GIFT
// editors and importers, and print what it read as JSON: {"questions": [...]}, or
// {"error": message, "line": n, "column": n} when it rejects the file.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

// gift-pegjs is a CommonJS package in the repository's node_modules (package.json).
const require = createRequire(new URL("../../package.json", import.meta.url));
const { parse } = require("gift-pegjs");

const text = readFileSync(0, "utf8");
let out;
try {
  out = { questions: parse(text) };
} catch (error) {
  const start = error.location ? error.location.start : { line: 0, column: 0 };
  out = { error: error.message, line: start.line, column: start.column };
}
process.stdout.write(JSON.stringify(out));
