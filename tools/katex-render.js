// Typeset TeX with KaTeX for the book's build (tools/katex_math.py runs this with Node.js).
//
// Reads one JSON request per line on stdin, {"tex": "...", "display": true|false}, and
// answers each with one JSON line on stdout: {"html": "..."} with the HTML and MathML
// KaTeX makes (the MathML is what screen readers read), plus "warnings" when KaTeX found
// the TeX valid but not strictly LaTeX, or {"error": "..."} when it could not typeset it.
"use strict";

const readline = require("node:readline");
const katex = require("katex");

function render({ tex, display }) {
  const warnings = [];
  try {
    const html = katex.renderToString(tex, {
      displayMode: Boolean(display),
      output: "htmlAndMathml",
      throwOnError: true,
      // Report, never silently accept, TeX that LaTeX itself would not take.
      strict: (code, message) => {
        warnings.push(`${code}: ${message}`);
        return "ignore";
      },
      trust: false,
    });
    return warnings.length ? { html, warnings } : { html };
  } catch (error) {
    return { error: String(error.message || error) };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  process.stdout.write(`${JSON.stringify(render(JSON.parse(line)))}\n`);
});
