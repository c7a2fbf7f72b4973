// The page's worker: reads the inputs, evaluates each run and answers the page's questions
// about two runs, so that a 5,000,000-line run never blocks the page. The page cancels by
// terminating this worker and starting a fresh one; nothing here needs to listen for it.

import { newReader, TrecError } from "../trec/read.js";
import { evaluateTrec } from "../trec/evaluate.js";
import { pairedBootstrapCi, pairedRandomizationTest } from "../stats.js";
import { feed, sizeOf } from "./read_input.js";

/** Least time between two progress messages, so the page is not flooded with them. */
const PROGRESS_MS = 50;

/** Report an error of the engine where the page shows it (`where`: which input). */
function failure(error, where) {
  if (error instanceof TrecError) {
    return { type: "error", where: where ?? "options", message: error.message, file: error.file ?? null, line: error.line ?? null };
  }
  return { type: "error", where: where ?? "page", message: String(error?.message ?? error), file: null, line: null };
}

/** Read every input, then evaluate each run against the qrels. */
async function evaluate({ qrels, runs, options }) {
  const inputs = [["qrels", "qrels", qrels], ...runs.map((run, i) => [`run-${i + 1}`, "run", run])];
  const total = inputs.reduce((sum, [, , input]) => sum + sizeOf(input), 0);
  let before = 0;
  let last = 0;
  const read = {};
  for (const [where, kind, input] of inputs) {
    const progress = (bytes) => {
      const now = Date.now();
      if (now - last < PROGRESS_MS) return;
      last = now;
      postMessage({ type: "progress", done: before + bytes, total, where });
    };
    try {
      read[where] = await feed(input, newReader(kind, input.name), progress);
    } catch (error) {
      return failure(error, where);
    }
    before += sizeOf(input);
  }
  postMessage({ type: "progress", done: total, total, where: "evaluate" });
  const results = [];
  for (let i = 0; i < runs.length; i += 1) {
    try {
      results.push(evaluateTrec({ qrels: read.qrels, run: read[`run-${i + 1}`], options }));
    } catch (error) {
      // Errors of the options are the same for every run; others name their file.
      const where = error instanceof TrecError && error.file != null ? (error.file === qrels.name ? "qrels" : `run-${i + 1}`) : "options";
      return failure(error, where);
    }
  }
  return { type: "done", results };
}

/** The paired comparison chapter 7 teaches, on two lists of per-query values. */
function compare({ a, b, seed }) {
  try {
    const test = pairedRandomizationTest(a, b, { seed });
    const interval = pairedBootstrapCi(a, b, { seed });
    return { type: "compared", test, interval };
  } catch (error) {
    return { type: "compare-error", message: String(error?.message ?? error) };
  }
}

addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === "evaluate") postMessage(await evaluate(message));
  else if (message.type === "compare") postMessage({ ...compare(message), id: message.id });
});
