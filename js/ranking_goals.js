// The ranking widget's goals: each goal's words and verdict, kept in view by js/dock.js.
// The verdicts are goalStatus of js/arith.js; their sentences are js/words.js's.

import { depth, goalStatus, swapDistance } from "./arith.js";
import { h, setAttr, setText } from "./dom.js";
import { gradesFor, judgedByGain, unretrievedAt } from "./ranking_list.js";
import { stack } from "./ranking_readouts.js";
import {
  GAINED,
  countsNoSort,
  discountText,
  gainNote,
  goalText,
  ruleText,
  sameDiscount,
  statusSizers,
  statusText,
} from "./words.js";

const measuresDcg = (goal) =>
  [goal.metric, goal.same, goal.other].some((key) => GAINED.includes(key));

/** The goal's discount in words where the reader may pick another one, else null. */
function ownDiscount(view, goal) {
  return view.get.discounts().length && measuresDcg(goal)
    ? discountText(goal.discount ?? "log2")
    : null;
}

function goalDiscount(view, goal) {
  const own = ownDiscount(view, goal);
  return own === null ? "" : ` (Measured with the discount ${own}.)`;
}

function goalWords(view, goal) {
  return (
    goalText(goal) +
    gainNote(goal, view.get.gain()) +
    goalDiscount(view, goal) +
    ruleText(goal, view.get.family().threshold)
  );
}

const cutoffWords = (k) => (k === null ? "the whole list" : `k = ${k}`);

/**
 * A goal keeps its own cutoff and discount. Where the readouts beside it show another, its
 * verdict says which it measures ("NDCG@6 is 0.785" beside an NDCG@6 of 0.822 with 1/i):
 * `shown` is the widget's cutoff and discount, or null for the longest such words (sizing).
 */
function asideOf(view, goal, shown) {
  const own = goal.k ?? null;
  const parts = [];
  if (shown === null || own !== shown.k)
    parts.push(
      `measured at ${cutoffWords(own)}; the readouts show ${shown === null ? "the whole list" : cutoffWords(shown.k)}`,
    );
  const discount = ownDiscount(view, goal);
  if (
    discount !== null &&
    (shown === null || !sameDiscount(goal.discount ?? "log2", shown.discount))
  ) {
    const longest = view.get
      .discounts()
      .map(discountText)
      .reduce((a, b) => (b.length > a.length ? b : a), "");
    parts.push(
      `measured with the discount ${discount}; the readouts use ${shown === null ? longest : discountText(shown.discount)}`,
    );
  }
  return parts.length ? parts.join("; ") : null;
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
      const row = h(
        "li",
        { class: "ndcg-rw__goal", "data-testid": `goal-${i}`, "data-reached": "false" },
        [mark, h("span", { class: "ndcg-rw__goal-body" }, [words, status])],
      );
      return { row, mark, status, goal, words };
    });
    goalsBox = h(
      "div",
      { class: "ndcg-rw__goals", role: "group", "aria-labelledby": `${view.uid}-goals` },
      [
        h("div", {
          class: "ndcg-rw__title",
          id: `${view.uid}-goals`,
          text: goals.length > 1 ? "Goals" : "Goal",
        }),
        h(
          "ul",
          { class: "ndcg-rw__goal-list" },
          goalRows.map((g) => g.row),
        ),
      ],
    );
  }

  return { goalRows, goalsBox };
}

export function goalStatuses(view, order, grades, unjudged) {
  const distance = swapDistance(order, view.state.start);
  const startGrades = gradesFor(view, view.state.start);
  return view.ui.goalRows.map((row) => {
    const { goal } = row;
    const others = unretrievedAt(view, goal.k ?? null).map((item) => item.grade);
    const missing = judgedByGain(view, goal.gain, goal.k ?? null)
      .slice(0, depth(Infinity, goal.k))
      .filter((item) => !item.retrieved && item.grade > 0)
      .map((item) => item.label);
    const known = row.limit?.unjudged === unjudged ? row.limit.value : null;
    const status = goalStatus(goal, {
      now: grades,
      start: startGrades,
      unretrieved: others,
      unjudged,
      blocks: view.state.blocks,
      distance,
      missing,
      limit: known,
      family: view.get.family(),
    });
    row.limit = { unjudged, value: status.limit };
    status.aside = asideOf(view, goal, { k: view.get.k(), discount: view.get.discount() });
    // An order the Sort by grade button made (since the last Reset) does not count: the
    // goal asks the reader to work out the order, not to find the button.
    if (view.state.sortUsed && status.reached && countsNoSort(goal))
      return { ...status, reached: false, bySort: true };
    return status;
  });
}

export function drawGoals(view, statuses) {
  const ceiling = Math.max(
    ...view.ui.goalRows.map(({ goal }) =>
      Math.max(
        view.ui.ceiling[goal.metric],
        goal.same ? view.ui.ceiling[goal.same] : 0,
        goal.other ? view.ui.ceiling[goal.other] : 0,
      ),
    ),
    0,
  );
  statuses.forEach((status, i) => {
    const { row, mark, status: box, goal, words } = view.ui.goalRows[i];
    // The Gain setting is no part of the screen's structure: the goal's words follow it here.
    setText(words, goalWords(view, goal));
    setAttr(row, "data-reached", String(status.reached));
    setText(mark, status.reached ? "✓" : "○");
    box.show(
      statusText(goal, status, view.ui.tied),
      statusSizers(
        goal,
        {
          ...status,
          aside: asideOf(view, goal, null),
          start: ceiling,
          limit: status.limit === null ? null : ceiling,
          value: ceiling,
        },
        view.ui.tied,
      ),
    );
  });
  view.ui.dock?.show(
    statuses.map((status, i) => {
      const { goal } = view.ui.goalRows[i];
      return {
        reached: status.reached,
        goal: goalText(goal),
        text: statusText(goal, status, view.ui.tied),
      };
    }),
  );
}
