// The paired comparison chapter 7 teaches, for two runs: per query, run 2's value minus run
// 1's on a chosen measure; their mean, a two-sided randomization test's p-value and a 95%
// bootstrap interval (the worker computes them, as ndcg.stats does given the same seed),
// and a plot of the differences.

import { h } from "../dom.js";
import { fixedPoint } from "../decimals.js";

/** A count as prose writes it: 10,000. */
const count = (n) => n.toLocaleString("en-US");
import { columnLabel, numericColumns, preferredColumn } from "./measures.js";
import { differencePlot } from "./plots.js";

/** The numeric columns both runs have, by name. */
function shared(first, second) {
  const names = new Set(numericColumns(second.table).map(({ column }) => column.name));
  return numericColumns(first.table).filter(({ column }) => names.has(column.name));
}

/** The two runs' values of column `name` on the queries both evaluated, in run 1's order. */
export function pairedValues(first, second, name) {
  const column1 = first.table.columns.findIndex((c) => c.name === name);
  const column2 = second.table.columns.findIndex((c) => c.name === name);
  const at2 = new Map(second.table.queries.map((id, i) => [id, i]));
  const queries = [];
  const a = [];
  const b = [];
  first.table.queries.forEach((id, i) => {
    if (!at2.has(id)) return;
    queries.push(id);
    b.push(first.table.values[column1][i]);
    a.push(second.table.values[column2][at2.get(id)]);
  });
  return {
    queries,
    a,
    b,
    only1: first.table.queries.length - queries.length,
    only2: second.table.queries.length - queries.length,
  };
}

/** A statistic's cell: its value to 4 decimals, the full-precision number in data-value. */
function stat(name, label, value) {
  return h("div", { class: "ev-stat" }, [
    h("dt", { text: label }),
    h("dd", { "data-stat": name, "data-value": String(value), text: fixedPoint(value, 4) }),
  ]);
}

/**
 * The comparison section; `compare(a, b, seed)` asks the worker and resolves with its answer;
 * `firstSeed` is the seed it starts with (text). Returns null when the runs share no numeric
 * measure.
 */
export function comparisonView(first, second, names, compare, firstSeed = "0") {
  const options = shared(first, second);
  if (options.length === 0) return null;
  const select = h(
    "select",
    { id: "comparison-measure" },
    options.map(({ column }) => h("option", { value: column.name, text: columnLabel(column) })),
  );
  const preferred = preferredColumn(options);
  select.value = preferred.column.name;
  const seed = h("input", {
    id: "comparison-seed",
    type: "text",
    inputmode: "numeric",
    value: firstSeed,
    size: "6",
    "aria-describedby": "comparison-seed-help",
  });
  const again = h("button", { type: "button", class: "ev-button", id: "compare", text: "Compare" });
  const out = h("div", { class: "ev-compare-out", "aria-live": "polite" });
  const error = h("p", { id: "error-comparison", class: "ev-error", hidden: "" });
  let asked = 0;

  async function update() {
    asked += 1;
    const ask = asked;
    const name = select.value;
    const label = select.selectedOptions[0].textContent;
    const text = seed.value.trim();
    error.hidden = true;
    if (!/^\d+$/.test(text)) {
      error.textContent = `seed must be a whole number >= 0, got ${JSON.stringify(text)}; type one such as 0`;
      error.hidden = false;
      out.replaceChildren();
      return;
    }
    const paired = pairedValues(first, second, name);
    out.replaceChildren(h("p", { text: "Computing..." }));
    const answer = await compare(paired.a, paired.b, Number(text));
    if (ask !== asked) return;
    if (answer.type !== "compared") {
      out.replaceChildren();
      error.textContent = answer.message ?? "the comparison was cancelled";
      error.hidden = false;
      return;
    }
    const { test, interval } = answer;
    const left = paired.only1 + paired.only2;
    const percent = Math.round(interval.confidence * 100);
    const differences = paired.a.map((x, i) => x - paired.b[i]);
    const won = differences.filter((d) => d > 0).length;
    const lost = differences.filter((d) => d < 0).length;
    const tied = differences.length - won - lost;
    // With random flips the p-value counts the observed mean as one draw: (hits + 1) / (n + 1),
    // so 1 / (n + 1) is the least it can be, not a measurement of how small p is.
    const floor = !test.exact && test.pValue === 1 / (test.nResamples + 1);
    const draws = test.exact
      ? `all ${count(test.nResamples)} sign flips (exact)`
      : `${count(test.nResamples)} random sign flips`;
    out.replaceChildren(
      h("p", { class: "ev-direction" }, [
        h("strong", { text: `${names[1]} minus ${names[0]}` }),
        `, ${label}`,
      ]),
      h("p", {
        text:
          `Each query's ${label} in ${names[1]} minus its ${label} in ${names[0]}, on the ${paired.queries.length} queries both runs were scored on` +
          (left
            ? ` (${paired.only1} only in ${names[0]} and ${paired.only2} only in ${names[1]} are left out)`
            : "") +
          `: a positive mean difference says ${names[1]} scores higher on average.`,
      }),
      h("dl", { class: "ev-stats" }, [
        stat("mean", "Mean difference", test.meanDifference),
        stat("p", "p-value, two-sided", test.pValue),
        stat("low", `${percent}% interval, low`, interval.low),
        stat("high", `${percent}% interval, high`, interval.high),
      ]),
      h("p", {
        id: "comparison-tally",
        text: `${names[1]} is better on ${won} ${won === 1 ? "query" : "queries"}, worse on ${lost} and tied on ${tied}.`,
      }),
      ...(floor
        ? [
            h("p", {
              id: "comparison-floor",
              class: "ev-help",
              text: `${fixedPoint(test.pValue, 4)} is the smallest p-value ${count(test.nResamples)} random sign flips can show (1 in ${count(test.nResamples + 1)}): no flip gave a mean as far from zero, and the true p-value may be smaller still.`,
            }),
          ]
        : []),
      h("p", {
        class: "ev-help",
        text: `The p-value comes from a paired randomization test over ${draws}; the interval from a paired bootstrap of ${count(interval.nResamples)} resamples of the queries.`,
      }),
      h("figure", { id: "comparison-plot" }, [
        differencePlot(differences, label, names),
        h("figcaption", {
          text: `Each query's ${label} in ${names[1]} minus ${names[0]}, sorted: bars above the line are queries ${names[1]} does better on, below it those ${names[0]} does better on.`,
        }),
      ]),
    );
  }

  select.addEventListener("change", update);
  again.addEventListener("click", update);
  seed.addEventListener("keydown", (event) => {
    if (event.key === "Enter") update();
  });
  update();
  return h(
    "section",
    { id: "comparison", class: "ev-comparison", "aria-labelledby": "comparison-title" },
    [
      h("h3", { id: "comparison-title", text: "Comparing the two runs" }),
      h("div", { class: "ev-actions" }, [
        h("label", { for: "comparison-measure", text: "Measure" }),
        select,
        h("label", { for: "comparison-seed", text: "Random seed" }),
        seed,
        again,
      ]),
      h("p", {
        id: "comparison-seed-help",
        class: "ev-help",
        text: "It fixes the random draws of the test and the interval: the same seed gives the same p-value and interval here as the seed argument of ndcg.stats.",
      }),
      error,
      out,
    ],
  );
}
