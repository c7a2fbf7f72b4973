// The ranking widget's screen filled in from the model: every figure comes from
// js/arith.js, every sentence from js/words.js; only what changed is written.

import { dcg, depth, extremeOrder, figures, positions, roundUp, scored } from "./arith.js";
import { drawChart, drawTable } from "./chart.js";
import { at, fixed, listText } from "./format.js";
import { drawGoals, goalStatuses } from "./ranking_goals.js";
import {
  drawIdeal,
  drawRows,
  gradesFor,
  judgedByGain,
  syncKOptions,
  unretrievedAt,
} from "./ranking_list.js";
import { announce, drawReadouts } from "./ranking_readouts.js";
import { nameOf, sameDiscount } from "./words.js";

/** Fill the screen in from the model: rows, readouts, the ideal, the chart, goals, announcements. */
export function draw(view) {
  const order = view.model.get("order");
  const k = view.get.k();
  const gain = view.get.gain();
  const unjudged = view.get.unjudged();
  const discount = view.get.discount();
  // New items and their new order can arrive as two changes; draw once both are in.
  if (
    order.length !== view.state.items.length ||
    !order.every((label) => view.state.gradeOf.has(label))
  )
    return;

  const grades = gradesFor(view, order);
  const others = unretrievedAt(view, k).map((item) => item.grade);
  const now = figures(grades, {
    ...view.get.family(),
    unretrieved: others,
    k,
    gain,
    unjudged,
    discount,
  });
  // The scored positions: with "condense" an unjudged item has none.
  const kept = order.filter((_label, i) => unjudged !== "condense" || grades[i] !== null);
  const rows = positions(scored(grades, unjudged), { gain, discount });
  rows.forEach((row, i) => {
    row.grade = view.state.gradeOf.get(kept[i]);
  });
  const cut = depth(rows.length, k);
  drawRows(view, order, grades, rows, kept, cut);

  const { before, changed, settings } = drawReadouts(view, order, now, [
    k,
    gain,
    unjudged,
    discount,
  ]);

  syncKOptions(view, k);
  view.ui.gainSelect.value = gain;
  const chosen = view.ui.discounts.findIndex((d) => sameDiscount(d, discount));
  if (chosen >= 0) view.ui.discountSelect.value = String(chosen);
  const ideal = drawIdeal(view, k, gain, discount);
  const idealAtN =
    ideal.rows.length && rows.length
      ? ideal.rows[Math.min(rows.length, ideal.rows.length) - 1].cumulative
      : 0;
  const last = rows.length ? rows[rows.length - 1] : { cumulative: 0, cumulativeCg: 0 };
  const judgedGrades = judgedByGain(view, gain, k).map((item) => item.grade);
  const scale = {
    grade: judgedGrades.length ? judgedGrades[0] : 0,
    gain: ideal.rows.length ? ideal.rows[0].gain : 0,
    // Above the largest running DCG any order reaches (and the ideal's, when it is drawn),
    // so the bars keep their scale as the items move; rounded up, so the axis does not give
    // away the best DCG a task asks for.
    cumulative: roundUp(
      Math.max(
        view.ui.chart.bands.some((b) => b.line) ? idealAtN : 0,
        bestCumulative(view, grades, gain, unjudged, discount),
      ),
    ),
    cumulativeCg: last.cumulativeCg,
    one: 1,
  };
  // Kept for a refit: a new width on screen redraws the chart alone (redrawChart).
  view.state.chartArgs = [rows, kept, ideal.rows, k, scale, discount];
  drawChart(view.ui.chart, ...view.state.chartArgs);
  const ofIdeal =
    view.ui.readouts.includes("idcg") || view.ui.readouts.includes("ndcg")
      ? ` against an ideal of ${fixed(now.idcg)}`
      : "";
  const headline =
    view.ui.readouts.includes("dcg") || view.ui.readouts.includes("idcg")
      ? `DCG${at(k)} ${fixed(now.dcg)}${ofIdeal}`
      : view.ui.readouts.includes("cg")
        ? `CG${at(k)} ${fixed(now.cg)}`
        : listText(view.ui.readouts.map((key) => `${nameOf(key, k)} ${fixed(now[key])}`));
  view.ui.chart.desc.textContent = `Bar chart over ${rows.length} positions of ${listText(view.ui.chart.bands.map((b) => b.title))}; ${headline}.`;
  if (view.ui.details.open) drawTable(view.ui.chart, view.ui.table, kept, rows, cut);

  const statuses = goalStatuses(view, order, grades, unjudged);
  drawGoals(view, statuses);
  if (view.state.pending !== null || changed)
    announce(view, view.state.pending ?? "The ranking changed.", before, now, settings, statuses);
  view.state.pending = null;
  view.state.reached = statuses.map((status) => status.reached);
  view.state.shown = { order: order.slice(), settings, figures: now, k };
}

/** Draw the chart again as last drawn, at the width it now has on screen. */
export function redrawChart(view) {
  if (view.state.chartArgs) drawChart(view.ui.chart, ...view.state.chartArgs);
}

function bestCumulative(view, grades, gain, unjudged, discount) {
  const key = JSON.stringify([gain, unjudged, discount]);
  if (view.state.best?.key !== key) {
    const ranked = scored(grades, unjudged);
    const best = extremeOrder(ranked, [[0, ranked.length]], 1, gain).map((i) => ranked[i]);
    view.state.best = { key, value: dcg(best, { gain, discount }) };
  }
  return view.state.best.value;
}
