// The ranking widget's screen filled in from the model: every figure comes from
// js/arith.js, every sentence from js/words.js; only what changed is written.

import { byGain, dcg, depth, extremeOrder, figures, goalStatus, near, positions, roundUp, scored, swapDistance } from "./arith.js";
import { drawChart, drawTable } from "./chart.js";
import { h, setAttr, setText } from "./dom.js";
import { at, fixed, gradeLabel, listText, numberText, signed } from "./format.js";
import { READOUTS, goalText, nameOf, sameDiscount, settingChangeSizers, settingChangeText, statusSizers, statusText } from "./words.js";

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function gradesFor(view, order) {
  return order.map((label) => view.state.gradeOf.get(label));
}

function drawIdeal(view, k, gain, discount) {
  const key = JSON.stringify([k, gain, discount]);
  if (view.state.ideal && view.state.ideal.key === key) return view.state.ideal;
  const sorted = judgedByGain(view, gain);
  const cut = depth(sorted.length, k);
  view.ui.idealList.replaceChildren(...sorted.map((item, i) => h("li", {
    class: `ndcg-rw__ideal-item${view.ui.showsIdeal && i === cut && cut < sorted.length ? " ndcg-rw__cut" : ""}${item.retrieved ? "" : " ndcg-rw__ideal-item--unretrieved"}`,
  }, [
    h("span", { class: "ndcg-rw__pos", text: String(i + 1) }),
    h("span", { class: "ndcg-rw__label", text: item.label }),
    h("span", { class: "ndcg-rw__grade", text: gradeLabel(item.grade) }),
    item.retrieved ? "" : h("span", { class: "ndcg-rw__tag", text: "not retrieved" }),
  ])));
  view.state.ideal = { key, rows: positions(sorted.map((item) => item.grade), { gain, discount }) };
  return view.state.ideal;
}

/** The judged items, retrieved or not, in idealGrades' order (a stable sort by gain). */
function judgedByGain(view, gain) {
  return byGain(view.state.items.filter((item) => item.grade !== null).map((item) => ({ ...item, retrieved: true }))
    .concat(view.state.unretrieved.map((item) => ({ ...item, retrieved: false }))), gain, (item) => item.grade);
}

function drawRows(view, order, grades, rows, kept, cut) {
  const { list } = view.ui;
  const showsDcg = view.ui.showsGain;
  let r = 0;
  for (let i = 0; i < order.length; i += 1) {
    const li = view.state.rows.get(order[i]);
    if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
    const row = kept[r] === order[i] ? rows[r++] : null;
    const counted = row !== null && row.position <= cut;
    setText(li.ndcg.pos, String(i + 1));
    setText(li.ndcg.grade, gradeLabel(grades[i]));
    setText(li.ndcg.contrib, row === null ? "dropped" : !counted ? "not counted" : showsDcg ? `+${fixed(row.discounted)}` : "");
    li.classList.toggle("ndcg-rw__cut", row !== null && row.position === cut + 1);
    li.classList.toggle("ndcg-rw__item--outside", !counted);
    li.classList.toggle("ndcg-rw__item--unjudged", grades[i] === null);
    li.classList.toggle("ndcg-rw__item--picked", view.state.picked === order[i]);
    const score = view.ui.hasScores ? `, ${view.ui.scoreName} ${numberText(view.ui.scores[order[i]])}` : "";
    const ties = li.dataset.tie === undefined ? "" : `, tied with ${view.ui.counts.get(view.ui.scores[order[i]]) - 1} other${view.ui.counts.get(view.ui.scores[order[i]]) > 2 ? "s" : ""}`;
    setAttr(li, "aria-label", `${order[i]}, ${gradeLabel(grades[i])}${score}${ties}, position ${i + 1} of ${order.length}${row === null ? ", dropped from the scoring" : ""}${view.state.picked === order[i] ? ", picked for a swap" : ""}`);
    const swap = li.ndcg.swap;
    setAttr(swap, "aria-pressed", String(view.state.picked === order[i]));
    setAttr(swap, "aria-label", view.state.picked === null ? `Pick ${order[i]} to swap` : view.state.picked === order[i] ? `Cancel the swap of ${order[i]}` : `Swap ${order[i]} with ${view.state.picked}`);
  }
}

/** The figures' changes, each named with its cutoff. */
function changeText(view, before, after, moved, k) {
  const name = (key) => nameOf(key, k);
  const parts = view.ui.readouts.map((key) => {
    const d = after[key] - before[key];
    return near(after[key], before[key]) ? `${name(key)} unchanged` : `${name(key)} ${signed(d)}`;
  });
  if (!moved && view.ui.readouts.every((key) => near(after[key], before[key]))) return "no change";
  return parts.join(", ");
}

export function changeSizers(view) {
  // The widest cutoff a list offers (its length plus the unjudged, at least 10) in every name.
  const top = Math.max(view.state.items.length + view.state.unretrieved.length, 10);
  const widest = (k) => view.ui.readouts.map((key) => {
    const name = nameOf(key, k);
    const a = `${name} unchanged`;
    const b = `${name} ${signed(-view.ui.ceiling[key])}`;
    return a.length > b.length ? a : b;
  }).join(", ");
  return ["none yet", "no change", widest(top), widest(null), ...settingChangeSizers()];
}

function goalStatuses(view, order, grades, unjudged) {
  const distance = swapDistance(order, view.state.start);
  const startGrades = gradesFor(view, view.state.start);
  const others = view.state.unretrieved.map((item) => item.grade);
  return view.ui.goalRows.map((row) => {
    const { goal } = row;
    const missing = judgedByGain(view, goal.gain).slice(0, depth(Infinity, goal.k))
      .filter((item) => !item.retrieved && item.grade > 0).map((item) => item.label);
    const known = row.limit?.unjudged === unjudged ? row.limit.value : null;
    const status = goalStatus(goal, { now: grades, start: startGrades, unretrieved: others, unjudged, blocks: view.state.blocks, distance, missing, limit: known, family: view.get.family() });
    row.limit = { unjudged, value: status.limit };
    return status;
  });
}

function drawGoals(view, statuses) {
  const ceiling = Math.max(...view.ui.goalRows.map(({ goal }) => Math.max(view.ui.ceiling[goal.metric], goal.same ? view.ui.ceiling[goal.same] : 0, goal.other ? view.ui.ceiling[goal.other] : 0)), 0);
  statuses.forEach((status, i) => {
    const { row, mark, status: box, goal } = view.ui.goalRows[i];
    setAttr(row, "data-reached", String(status.reached));
    setText(mark, status.reached ? "✓" : "○");
    box.show(statusText(goal, status, view.ui.tied), statusSizers(goal, { ...status, start: ceiling, limit: status.limit === null ? null : ceiling, value: ceiling }, view.ui.tied));
  });
  view.ui.dock?.show(statuses.map((status, i) => {
    const { goal } = view.ui.goalRows[i];
    return { reached: status.reached, goal: goalText(goal), text: statusText(goal, status, view.ui.tied) };
  }));
}

/** Fill the screen in from the model: rows, readouts, the ideal, the chart, goals, announcements. */
export function draw(view) {
  const order = view.model.get("order");
  const k = view.get.k();
  const gain = view.get.gain();
  const unjudged = view.get.unjudged();
  const discount = view.get.discount();
  // New items and their new order can arrive as two changes; draw once both are in.
  if (order.length !== view.state.items.length || !order.every((label) => view.state.gradeOf.has(label))) return;

  const grades = gradesFor(view, order);
  const others = view.state.unretrieved.map((item) => item.grade);
  const now = figures(grades, { ...view.get.family(), unretrieved: others, k, gain, unjudged, discount });
  // The scored positions: with "condense" an unjudged item has none.
  const kept = order.filter((label, i) => unjudged !== "condense" || grades[i] !== null);
  const rows = positions(scored(grades, unjudged), { gain, discount });
  rows.forEach((row, i) => { row.grade = view.state.gradeOf.get(kept[i]); });
  const cut = depth(rows.length, k);
  drawRows(view, order, grades, rows, kept, cut);

  // Readouts: three decimals on screen, every digit in the title.
  for (const name of view.ui.readouts) {
    setText(view.ui.readout[name].name, nameOf(name, k));
    setText(view.ui.readout[name].value, fixed(now[name]));
    view.ui.readout[name].value.title = String(now[name]);
  }
  const settings = JSON.stringify([k, gain, unjudged, discount]);
  const before = view.state.shown;
  const moved = before !== null && !sameList(order, before.order);
  const changed = before !== null && (moved || settings !== before.settings);
  if (moved) view.ui.change.show(changeText(view, before.figures, now, moved, k), changeSizers(view));
  else if (changed) view.ui.change.show(settingChangeText(before.settings, settings), changeSizers(view));
  else if (before === null) view.ui.change.show("none yet", changeSizers(view));

  syncKOptions(view, k);
  view.ui.gainSelect.value = gain;
  const chosen = view.ui.discounts.findIndex((d) => sameDiscount(d, discount));
  if (chosen >= 0) view.ui.discountSelect.value = String(chosen);
  const ideal = drawIdeal(view, k, gain, discount);
  const idealAtN = ideal.rows.length && rows.length ? ideal.rows[Math.min(rows.length, ideal.rows.length) - 1].cumulative : 0;
  const last = rows.length ? rows[rows.length - 1] : { cumulative: 0, cumulativeCg: 0 };
  const judgedGrades = judgedByGain(view, gain).map((item) => item.grade);
  const scale = {
    grade: judgedGrades.length ? judgedGrades[0] : 0,
    gain: ideal.rows.length ? ideal.rows[0].gain : 0,
    // Above the largest running DCG any order reaches (and the ideal's, when it is drawn),
    // so the bars keep their scale as the items move; rounded up, so the axis does not give
    // away the best DCG a task asks for.
    cumulative: roundUp(Math.max(view.ui.chart.bands.some((b) => b.line) ? idealAtN : 0, bestCumulative(view, grades, gain, unjudged, discount))),
    cumulativeCg: last.cumulativeCg,
    one: 1,
  };
  drawChart(view.ui.chart, rows, kept, ideal.rows, k, scale, discount);
  const ofIdeal = view.ui.readouts.includes("idcg") || view.ui.readouts.includes("ndcg") ? ` against an ideal of ${fixed(now.idcg)}` : "";
  const headline = view.ui.readouts.includes("dcg") || view.ui.readouts.includes("idcg") ? `DCG${at(k)} ${fixed(now.dcg)}${ofIdeal}`
    : view.ui.readouts.includes("cg") ? `CG${at(k)} ${fixed(now.cg)}` : listText(view.ui.readouts.map((key) => `${nameOf(key, k)} ${fixed(now[key])}`));
  view.ui.chart.desc.textContent = `Bar chart over ${rows.length} positions of ${listText(view.ui.chart.bands.map((b) => b.title))}; ${headline}.`;
  if (view.ui.details.open) drawTable(view.ui.chart, view.ui.table, kept, rows, cut);

  const statuses = goalStatuses(view, order, grades, unjudged);
  drawGoals(view, statuses);
  if (view.state.pending !== null || changed) announce(view, view.state.pending ?? "The ranking changed.", before, now, settings, statuses);
  view.state.pending = null;
  view.state.reached = statuses.map((status) => status.reached);
  view.state.shown = { order: order.slice(), settings, figures: now, k };
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

function syncKOptions(view, k) {
  // A few cutoffs past the end too, to show that k beyond the list counts what is there.
  const top = Math.max(view.state.items.length + view.state.unretrieved.length, 10, k ?? 0);
  if (view.ui.kSelect.options.length !== top + 1) {
    const options = [h("option", { value: "", text: "all" })];
    for (let i = 1; i <= top; i += 1) options.push(h("option", { value: String(i), text: String(i) }));
    view.ui.kSelect.replaceChildren(...options);
  }
  view.ui.kSelect.value = k === null ? "" : String(k);
}

function announce(view, what, before, now, settings, statuses) {
  const k = view.get.k();
  const sentences = [];
  for (const key of view.ui.readouts) {
    const name = nameOf(key, k);
    if (before === null) continue;
    const same = near(now[key], before.figures[key]);
    if (same && READOUTS[key].fixedByOrder && settings === before.settings) continue;
    const d = now[key] - before.figures[key];
    sentences.push(same ? `${name} is still ${fixed(now[key])}` : `${name} is now ${fixed(now[key])}, ${d > 0 ? "up" : "down"} ${signed(d).slice(1)}`);
  }
  const parts = [what];
  if (sentences.length) parts.push(`${sentences.join("; ")}.`);
  statuses.forEach((status, i) => {
    const { goal } = view.ui.goalRows[i];
    const which = view.ui.goalRows.length > 1 ? ` ${i + 1}` : "";
    if (status.reached && !view.state.reached[i]) parts.push(`Goal${which} reached. ${statusText(goal, status, view.ui.tied)}`);
    else if (!status.reached && view.state.reached[i]) parts.push(`Goal${which} no longer met.`);
  });
  view.say(parts.join(" "));
}

