// The evaluation page: a reader's qrels and one or two runs in, trec_eval's report out (as
// `python -m ndcg` prints it), with a per-query table, a plot of the per-query values and,
// for two runs, the paired comparison of chapter 7. Everything happens in this tab: files
// are read by a worker started from a Blob, and nothing is sent anywhere.
//
// Built by tools/evaluate_page.py into one classic script that ends with
// `NdcgEvaluatePage.start({ worker, registry, examples, css })`.

import { h } from "../dom.js";
import { comparisonView } from "./comparison_view.js";
import { INPUTS, inputZones, pastedWords, swapHint } from "./inputs.js";
import { columnLabel, numericColumns, preferredColumn } from "./measures.js";
import { optionsView } from "./options_view.js";
import { histogram } from "./plots.js";
import { reportView } from "./report_view.js";
import { tableView } from "./table_view.js";
import { workerClient } from "./worker_client.js";

/**
 * The two examples: trec_eval's test files, one run, with its official measures (the report
 * its own test expects), and chapter 7's two systems with NDCG@10 beside the classics,
 * compared with seed 1 as the chapter compares them (so the page shows the chapter's figures).
 */
const EXAMPLES = [
  {
    key: "trec_eval",
    id: "try-example",
    text: "Try trec_eval's test files",
    measures: "",
    seed: "0",
  },
  {
    key: "chapter7",
    id: "try-chapter7",
    text: "Try chapter 7's two systems",
    measures: "ndcg_cut.10 map P.10 recip_rank",
    seed: "1",
  },
];

/**
 * The commands a report equals, as text nodes and spans: an option and its value stay on one
 * line (a line may otherwise break inside "-m", after its hyphen).
 */
function commands(lines) {
  const nodes = [];
  lines.forEach((parts, i) => {
    if (i > 0) nodes.push("; ");
    parts.forEach((part, j) => {
      if (j > 0) nodes.push(" ");
      nodes.push(part.startsWith("-") ? h("span", { class: "ev-nowrap", text: part }) : part);
    });
  });
  return nodes;
}

function setState(state) {
  document.body.dataset.evaluateState = state;
}

/** The distribution plot of one run, with a select for the measure (first NDCG by default). */
function distributionView(result) {
  const columns = numericColumns(result.table);
  if (columns.length === 0)
    return h("p", { text: "No measure of this report has a value per query to plot." });
  const select = h(
    "select",
    { id: "distribution-measure" },
    columns.map(({ column, index }) =>
      h("option", { value: String(index), text: columnLabel(column) }),
    ),
  );
  select.value = String(preferredColumn(columns).index);
  const figure = h("figure", { id: "distribution" });
  function draw() {
    const column = result.table.columns[Number(select.value)];
    figure.replaceChildren(
      histogram(result.table.values[Number(select.value)], columnLabel(column)),
      h("figcaption", {
        text: `How the ${result.table.queries.length} queries' ${columnLabel(column)} spread: each bar counts the queries whose value falls in its range.`,
      }),
    );
  }
  select.addEventListener("change", draw);
  draw();
  return h("div", { class: "ev-distribution" }, [
    h("div", { class: "ev-actions" }, [
      h("label", { for: "distribution-measure", text: "Measure" }),
      select,
    ]),
    figure,
  ]);
}

/** One run's table and plot, with a select between the runs when there are two. */
function perQueryView(results, names, registry) {
  const box = h("div");
  const show = (i) =>
    box.replaceChildren(
      tableView(results[i], registry),
      h("h3", { text: "Distribution of per-query values" }),
      distributionView(results[i]),
    );
  const parts = [h("h3", { id: "per-query-title", text: "Per query" })];
  if (results.length > 1) {
    const select = h(
      "select",
      { id: "table-run" },
      names.map((name, i) => h("option", { value: String(i), text: name })),
    );
    select.addEventListener("change", () => show(Number(select.value)));
    parts.push(
      h("div", { class: "ev-actions" }, [h("label", { for: "table-run", text: "Run" }), select]),
    );
  }
  show(0);
  return h("section", { class: "ev-per-query", "aria-labelledby": "per-query-title" }, [
    ...parts,
    box,
  ]);
}

// The page's parts and what it remembers between evaluations, as `page` below:
// - client: the worker; zones, options: the inputs; run, cancel, progress, status, results:
//   the controls and what they show; assets: what the script was started with;
// - firstSeed: the seed the next comparison starts with: the example's (1 for chapter 7's),
//   else the one the comparison on screen holds, so evaluating again with other options
//   keeps it;
// - shown: the results on screen while a new evaluation runs: kept, marked out of date, and
//   put back as they were when that evaluation is cancelled;
// - evaluations: which evaluation is the latest: one that an example's button replaced ends
//   silently.

function clearErrors(page) {
  for (const spec of INPUTS) page.zones[spec.key].showError("");
  page.options.showError("");
}

/** Show an error under its input or option field; returns the element to focus. */
function placeError(page, answer) {
  if (answer.where === "options" || answer.where === "page") {
    page.options.showError(answer.message, answer.field ?? "measures");
    return page.options.errorField();
  }
  page.zones[answer.where].showError(answer.message);
  return page.zones[answer.where].focusTarget();
}

function showError(page, where, message, field = null) {
  const target = placeError(page, { where, message, field });
  const hint = where in page.zones ? swapHint(where, message) : "";
  page.status.textContent = `Not evaluated: ${message}${hint ? ` ${hint}` : ""}`;
  target?.focus();
}

function markStale(page, stale) {
  const { results } = page;
  for (const child of results.children) {
    if (child.id === "stale-note") continue;
    child.classList.toggle("ev-stale", stale);
    // Out of date, they take no input: a comparison asked of them would need the worker
    // that is busy with the new evaluation.
    child.inert = stale;
  }
  const note = document.getElementById("stale-note");
  if (stale && !note && results.children.length) {
    results.prepend(
      h("p", {
        id: "stale-note",
        class: "ev-help",
        text: "These results are from the last evaluation; the new one is on its way.",
      }),
    );
  }
  if (!stale) note?.remove();
}

/** Read the inputs and evaluate them in the worker; then show the answer. */
async function evaluate(page) {
  clearErrors(page);
  const { zones, status, progress } = page;
  const qrels = zones.qrels.value();
  const first = zones["run-1"].value();
  const second = zones["run-2"].value();
  if (qrels === null)
    return showError(page, "qrels", "no qrels: choose a qrels file or paste its lines");
  if (first === null)
    return showError(page, "run-1", "no run: choose a run file or paste its lines");
  const runs = second === null ? [first] : [first, second];
  const names = runs.map((input) => input.name);
  page.client.cancel();
  page.evaluations += 1;
  const ask = page.evaluations;
  const before = document.body.dataset.evaluateState;
  page.shown = before === "done" ? page.shown : null;
  if (page.shown) markStale(page, true);
  else page.results.replaceChildren();
  setState("running");
  page.run.disabled = true;
  page.cancel.disabled = false;
  progress.value = 0;
  const reading = `Reading ${qrels.name} and ${names.join(" and ")}...`;
  status.textContent = reading;
  const request = {
    type: "evaluate",
    qrels,
    runs,
    options: page.options.options(),
    registry: page.assets.registry,
  };
  const answer = await page.client.run(request, (message) => {
    progress.value = message.total ? message.done / message.total : 1;
    const which =
      message.where === "qrels" ? qrels.name : names[Number(message.where.slice(4)) - 1];
    status.textContent = message.phase === "scoring" ? `Scoring ${which}...` : reading;
  });
  if (ask !== page.evaluations) return;
  page.run.disabled = false;
  page.cancel.disabled = true;
  showAnswer(page, answer, qrels, runs);
}

function showCancelled(page) {
  page.progress.value = 0;
  if (page.shown) {
    markStale(page, false);
    setState("done");
    page.status.textContent = "Cancelled: the results shown are those of the last evaluation.";
  } else {
    setState("idle");
    page.status.textContent = "Cancelled: nothing was evaluated.";
  }
}

/** Show the worker's answer: the reports that came back, and the errors of those that did not. */
function showAnswer(page, answer, qrels, runs) {
  const { status, progress } = page;
  const names = runs.map((input) => input.name);
  if (answer.type === "cancelled") return showCancelled(page);
  progress.value = answer.type === "error" ? 0 : 1;
  if (answer.type === "error") {
    page.results.replaceChildren();
    page.shown = null;
    setState("error");
    return showError(page, answer.where, answer.message, answer.field);
  }
  const failed = answer.results.filter((result) => result.type === "error");
  const targets = failed.map((result) => placeError(page, result));
  if (failed.length === answer.results.length) {
    progress.value = 0;
    page.results.replaceChildren();
    page.shown = null;
    setState("error");
    const hint = failed[0].where in page.zones ? swapHint(failed[0].where, failed[0].message) : "";
    status.textContent = `Not evaluated: ${failed[0].message}${hint ? ` ${hint}` : ""}`;
    targets[0]?.focus();
    return;
  }
  const good = [];
  const goodNames = [];
  answer.results.forEach((result, i) => {
    if (result.type === "error") return;
    good.push({ result, n: i + 1 });
    goodNames.push(names[i]);
  });
  render(page, good, goodNames, page.options.options().c);
  page.shown = good;
  setState("done");
  const done = commands(good.map(({ n }) => page.options.parts(qrels.name, names[n - 1])));
  // Pasted text is read under a file name: say to save it so, for the command line.
  const save = pastedWords([
    { key: "qrels", input: qrels },
    ...good.map(({ n }) => ({ key: `run-${n}`, input: runs[n - 1] })),
  ]);
  if (failed.length) {
    status.replaceChildren(
      `${names[failed[0].where === "run-1" ? 0 : 1]} not evaluated: ${failed[0].message}. Done; the command line prints the same report: `,
      ...done,
      `.${save}`,
    );
    targets[0]?.focus();
  } else {
    status.replaceChildren(
      good.length > 1
        ? "Done; the command line with these options prints the same reports: "
        : "Done; the command line with these options prints the same report: ",
      ...done,
      `.${save}`,
    );
    document.getElementById("results-title")?.focus();
  }
}

/**
 * Warn when the runs' means are over different queries (a run lacks queries the other
 * has): their `all` lines then do not compare.
 */
function querySetsNote(good, names) {
  if (good.length < 2) return [];
  const [a, b] = good.map(({ result }) => new Set(result.table.queries));
  const onlyA = [...a].filter((id) => !b.has(id)).length;
  const onlyB = [...b].filter((id) => !a.has(id)).length;
  if (onlyA === 0 && onlyB === 0) return [];
  return [
    h("p", {
      id: "query-sets-differ",
      class: "ev-missing",
      text:
        `The two reports average over different queries: ${names[0]} over ${a.size} and ${names[1]} over ${b.size} ` +
        `(${onlyA} only in ${names[0]}'s mean, ${onlyB} only in ${names[1]}'s), so their all lines do not compare. ` +
        "The comparison below uses the queries both have; tick -c to count every query of the qrels in both.",
    }),
  ];
}

function render(page, good, names, complete) {
  const { assets, client } = page;
  const answers = good.map(({ result }) => result);
  const parts = good.map(({ result, n }, i) =>
    reportView(n, names[i], result, assets.registry, complete, i === 0),
  );
  parts.push(perQueryView(answers, names, assets.registry));
  if (answers.length === 2) {
    const compare = (a, b, seed) => {
      if (client.busy) client.cancel();
      page.cancel.disabled = false;
      return client.run({ type: "compare", a, b, seed }).finally(() => {
        page.cancel.disabled = true;
      });
    };
    const view = comparisonView(answers[0], answers[1], names, compare, page.firstSeed);
    if (view !== null) parts.push(view);
  }
  // The official set has no NDCG: say so, rather than leave a reader to look for it.
  const noNdcg = answers[0].table.columns.some((column) => /ndcg/i.test(column.name))
    ? []
    : [
        h("p", {
          id: "no-ndcg",
          class: "ev-help",
          text: "No NDCG was asked for: these measures (such as trec_eval's official set) have none. Add ndcg_cut.10 to -m for NDCG at cutoff 10.",
        }),
      ];
  page.results.replaceChildren(
    h("h2", { id: "results-title", tabindex: "-1", text: "Results" }),
    ...noNdcg,
    ...querySetsNote(good, names),
    ...parts,
  );
}

/** Build the page inside `root` and wire it to a worker running `assets.worker`. */
function build(root, assets) {
  const { node: inputsNode, zones } = inputZones(() => {});
  const page = {
    assets,
    zones,
    client: workerClient(assets.worker),
    options: optionsView(),
    run: h("button", {
      type: "button",
      id: "evaluate",
      class: "ev-button ev-primary",
      text: "Evaluate",
    }),
    cancel: h("button", {
      type: "button",
      id: "cancel",
      class: "ev-button",
      text: "Cancel",
      disabled: "",
    }),
    progress: h("progress", {
      id: "progress",
      max: "1",
      value: "0",
      "aria-label": "progress of the evaluation",
    }),
    status: h("p", {
      id: "status",
      role: "status",
      "aria-live": "polite",
      text: "Choose or paste a qrels file and a run, then press Evaluate.",
    }),
    results: h("div", { id: "results" }),
    firstSeed: "0",
    shown: null,
    evaluations: 0,
  };
  const tries = EXAMPLES.map((example) =>
    h("button", { type: "button", id: example.id, class: "ev-button", text: example.text }),
  );
  EXAMPLES.forEach((example, i) => {
    tries[i].addEventListener("click", () => {
      const files = assets.examples[example.key];
      const fill = (key, file) => {
        zones[key].clearText();
        zones[key].set(file ? new File([file.text], file.name) : null);
      };
      fill("qrels", files.qrels);
      fill("run-1", files.run1);
      fill("run-2", files.run2);
      page.options.setMeasures(example.measures);
      page.firstSeed = example.seed;
      evaluate(page);
    });
  });
  page.run.addEventListener("click", () => {
    const seed = document.getElementById("comparison-seed");
    if (seed) page.firstSeed = seed.value;
    evaluate(page);
  });
  page.cancel.addEventListener("click", () => page.client.cancel());

  root.replaceChildren(
    h("div", { class: "ev-actions" }, tries),
    h("p", {
      class: "ev-help",
      text:
        "Two examples: trec_eval's own test files (a qrels file and one run), or chapter 7's collection with system A as the first run " +
        "and system B as the second, compared with seed 1 as the chapter does: the comparison shows the chapter's figures.",
    }),
    inputsNode,
    page.options.node,
    h("div", { class: "ev-actions ev-go" }, [page.run, page.cancel, page.progress]),
    page.status,
    page.results,
  );
  setState("idle");
}

/**
 * Start the page once its placeholder (`#evaluate-app`) exists. The page's styles come with
 * the script (`assets.css`): the site links one joined stylesheet per page.
 */
export function start(assets) {
  const go = () => {
    const root = document.getElementById("evaluate-app");
    if (!root) return;
    document.head.append(h("style", { id: "evaluate-css", text: assets.css }));
    build(root, assets);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go);
  else go();
}
