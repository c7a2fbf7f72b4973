// The page's worker: reads the inputs, evaluates each run and answers the page's questions
// about two runs, so that a 5,000,000-line run never blocks the page. The page cancels by
// terminating this worker and starting a fresh one; nothing here needs to listen for it.

import { newReader, TrecError } from "../trec/read.js";
import { checkOptions, evaluateTrec, useRegistry } from "../trec/evaluate.js";
import { compareCodePoints, readLevel } from "../trec/options.js";
import { pairedBootstrapCi, pairedRandomizationTest } from "../stats.js";
import { feed, sizeOf } from "./read_input.js";

/** Least time between two progress messages, so the page is not flooded with them. */
const PROGRESS_MS = 50;

/** Queries of the qrels listed by name under a report that leaves them out. */
const MISSING_SHOWN = 5;

/**
 * Report an error of the engine where the page shows it (`where`: which input; `field`:
 * for an option, which field: "measures", "l" or "gain").
 */
function failure(error, where, field = null) {
  if (error instanceof TrecError) {
    return {
      type: "error",
      where: where ?? "options",
      field,
      message: error.message,
      file: error.file ?? null,
      line: error.line ?? null,
    };
  }
  return {
    type: "error",
    where: where ?? "page",
    field,
    message: String(error?.message ?? error),
    file: null,
    line: null,
  };
}

/** Which field a usage error of checkOptions is about: --gain when linear gains mend it. */
function optionField(options) {
  try {
    checkOptions({ ...options, gain: "linear" });
  } catch {
    return "measures";
  }
  return "gain";
}

/**
 * The queries of the qrels that `run` has no line for, in the report's order: the command
 * line leaves them out of the mean without -c (trec_eval stops there), and says nothing.
 */
function missingQueries(qrels, run) {
  const missing = [];
  for (const id of qrels.queries.keys()) if (!run.queries.has(id)) missing.push(id);
  missing.sort(compareCodePoints);
  return { count: missing.length, first: missing.slice(0, MISSING_SHOWN) };
}

/**
 * Where an error of evaluateTrec belongs: with the file it names, with the options when
 * it is about -l (read after the files, as the command line reads it), else with the run.
 */
function placeOf(error, qrels, n, options) {
  if (error instanceof TrecError && error.file != null)
    return error.file === qrels.name ? "qrels" : `run-${n}`;
  try {
    readLevel(options.l ?? "1");
  } catch {
    return "options";
  }
  return error instanceof TrecError ? `run-${n}` : "page";
}

/** Read every input, then evaluate each run against the qrels. */
async function evaluate({ qrels, runs, options, registry }) {
  useRegistry(registry);
  // The command line rejects a bad option before it opens a file; so does the page.
  try {
    checkOptions(options);
  } catch (error) {
    return failure(error, "options", optionField(options));
  }
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
      // Reading is the first half of the bar, scoring the second.
      postMessage({
        type: "progress",
        done: before + bytes,
        total: 2 * total,
        where,
        phase: "reading",
      });
    };
    try {
      read[where] = await feed(input, newReader(kind, input.name), progress);
    } catch (error) {
      // A bad qrels stops everything; a bad run only its own report (the other still shows).
      // The browser's own errors (a truncated gzip file) do not name the file: say which.
      const named =
        error instanceof TrecError ? error : new Error(`${input.name}: ${error?.message ?? error}`);
      if (where === "qrels") return failure(named, where);
      read[where] = failure(named, where);
    }
    before += sizeOf(input);
  }
  const results = [];
  for (let i = 0; i < runs.length; i += 1) {
    const mine = read[`run-${i + 1}`];
    if (mine.type === "error") {
      results.push(mine);
      continue;
    }
    // Scoring is the second half of the bar, shared by the runs.
    const onProgress = (done, queries) => {
      const now = Date.now();
      if (now - last < PROGRESS_MS && done < queries) return;
      last = now;
      postMessage({
        type: "progress",
        done: total + ((i + done / queries) / runs.length) * total,
        total: 2 * total,
        where: `run-${i + 1}`,
        phase: "scoring",
      });
    };
    try {
      results.push({
        ...evaluateTrec({ qrels: read.qrels, run: mine, options, onProgress }),
        missing: missingQueries(read.qrels, mine),
      });
    } catch (error) {
      const where = placeOf(error, qrels, i + 1, options);
      // An error of the options or the qrels is every run's: stop there.
      if (where === "options" || where === "qrels" || where === "page")
        return failure(error, where, "l");
      results.push(failure(error, where));
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
