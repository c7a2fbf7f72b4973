// The ranking widget's goals: each goal's words and verdict, kept in view by js/dock.js.
// The verdicts are goalStatus of js/arith.js; their sentences are js/words.js's.

import { depth, goalStatus, swapDistance } from "./arith.js";
import { h, setAttr, setText } from "./dom.js";
import { gradesFor, judgedByGain } from "./ranking_list.js";
import { stack } from "./ranking_readouts.js";
import { GAINED, countsNoSort, discountText, gainNote, goalText, ruleText, statusSizers, statusText } from "./words.js";

function goalDiscount(view, goal) {
  const measuresDcg = [goal.metric, goal.same, goal.other].some((key) => GAINED.includes(key));
  return view.get.discounts().length && measuresDcg ? ` (Measured with the discount ${discountText(goal.discount ?? "log2")}.)` : "";
}

function goalWords(view, goal) {
  return goalText(goal) + gainNote(goal, view.get.gain()) + goalDiscount(view, goal) + ruleText(goal, view.get.family().threshold);
}

/** The goals box: each goal's words, its mark and a verdict box sized for its longest verdict. */
export function buildGoals(view, goals) {
  let goalRows = [];
  let goalsBox = "";
  if (goals.length) {
    goalRows = goals.map((goal, i) => {
      const status = stack({ class: "ndcg-rw__goal-status", "data-testid": `goal-status-${i}` });
      const mark = h("span", { class: "ndcg-rw__goal-mark", "aria-hidden": "true" });
      const words = h("span", { class: "ndcg-rw__goal-text", text: goalWords(view, goal) });
      const row = h("li", { class: "ndcg-rw__goal", "data-testid": `goal-${i}`, "data-reached": "false" }, [
        mark, h("span", { class: "ndcg-rw__goal-body" }, [words, status]),
      ]);
      return { row, mark, status, goal, words };
    });
    goalsBox = h("div", { class: "ndcg-rw__goals", role: "group", "aria-labelledby": `${view.uid}-goals` }, [
      h("div", { class: "ndcg-rw__title", id: `${view.uid}-goals`, text: goals.length > 1 ? "Goals" : "Goal" }),
      h("ul", { class: "ndcg-rw__goal-list" }, goalRows.map((g) => g.row)),
    ]);
  }

  return { goalRows, goalsBox };
}

export function goalStatuses(view, order, grades, unjudged) {
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
    // An order the Sort by grade button made (since the last Reset) does not count: the
    // goal asks the reader to work out the order, not to find the button.
    if (view.state.sortUsed && status.reached && countsNoSort(goal)) return { ...status, reached: false, bySort: true };
    return status;
  });
}

export function drawGoals(view, statuses) {
  const ceiling = Math.max(...view.ui.goalRows.map(({ goal }) => Math.max(view.ui.ceiling[goal.metric], goal.same ? view.ui.ceiling[goal.same] : 0, goal.other ? view.ui.ceiling[goal.other] : 0)), 0);
  statuses.forEach((status, i) => {
    const { row, mark, status: box, goal, words } = view.ui.goalRows[i];
    // The Gain setting is no part of the screen's structure: the goal's words follow it here.
    setText(words, goalWords(view, goal));
    setAttr(row, "data-reached", String(status.reached));
    setText(mark, status.reached ? "✓" : "○");
    box.show(statusText(goal, status, view.ui.tied), statusSizers(goal, { ...status, start: ceiling, limit: status.limit === null ? null : ceiling, value: ceiling }, view.ui.tied));
  });
  view.ui.dock?.show(statuses.map((status, i) => {
    const { goal } = view.ui.goalRows[i];
    return { reached: status.reached, goal: goalText(goal), text: statusText(goal, status, view.ui.tied) };
  }));
}
