// `python -m ndcg --json`: the report with full precision, written as Python's json.dumps
// writes it (indent=2, ensure_ascii, floats as Python's repr, allow_nan=False), so the
// text is the CLI's byte for byte (ndcg.trec.report.format_json).

import { TrecError } from "./scan.js";
import { printsPerQuery, pyFloat } from "./options.js";
import { summary } from "./report.js";

const JSON_ESCAPES = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

/** A string as json.dumps writes it: every code unit outside printable ASCII as \uXXXX. */
function jsonString(text) {
  let out = '"';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    const code = text.charCodeAt(i);
    if (JSON_ESCAPES[ch]) out += JSON_ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** One value as format_json types it: text, an integer, a float or null (trec_eval's 0/0). */
function jsonValue(value, form) {
  if (form.printed === "string" || form.printed === "quoted") return jsonString(String(value));
  if (form.printed === "integer") return String(Math.trunc(value));
  if (Number.isNaN(value)) return "null";
  if (!Number.isFinite(value))
    throw new TrecError("Out of range float values are not JSON compliant");
  return pyFloat(value);
}

function jsonObject(entries, indent) {
  if (!entries.length) return "{}";
  const inner = " ".repeat(indent + 2);
  const body = entries.map(([key, text]) => `${inner}${jsonString(key)}: ${text}`).join(",\n");
  return `{\n${body}\n${" ".repeat(indent)}}`;
}

/** The --json report: `{"all": {...}}`, with -q `"queries"` too, each measure's values. */
export function formatJson(queries, specs, values, perQuery, recounted) {
  const formOf = new Map(specs.map((spec) => [spec.name, spec.form]));
  const totals = [...summary(specs, values, recounted)].map(([name, value]) => [
    name,
    jsonValue(value, formOf.get(name)),
  ]);
  const top = [["all", jsonObject(totals, 2)]];
  if (perQuery) {
    const shown = specs.map((spec, c) => [spec, c]).filter(([spec]) => printsPerQuery(spec.form));
    const rows = queries.map((query, r) => [
      query,
      jsonObject(
        shown.map(([spec, c]) => [spec.name, jsonValue(values[c][r], spec.form)]),
        4,
      ),
    ]);
    top.push(["queries", jsonObject(rows, 2)]);
  }
  return `${jsonObject(top, 0)}\n`;
}
