// What the ranking widget can read out, and every sentence it shows or speaks about its
// goals. READOUTS is the one table of readouts: a new measure adds an entry here and its
// figure to `figures` in js/arith.js (a test holds it equal to the Python registry).

import { discountParts, near } from "./arith.js";
import { at, closeToThreshold, fixed, listText, numberText, sideOf } from "./format.js";

export const READOUTS = {
  cg: { name: "CG", words: "cumulative gain" },
  dcg: { name: "DCG", words: "discounted cumulative gain" },
  idcg: { name: "IDCG", words: "ideal DCG", fixedByOrder: true },
  ndcg: { name: "NDCG", words: "normalized DCG", noCutoff: true },
  precision: { name: "P", words: "precision: the share of relevant items in the top k" },
  recall: {
    name: "R",
    words: "recall: the share of every relevant judged item found in the top k",
  },
  ap: { name: "AP", words: "average precision" },
  rr: { name: "RR", words: "reciprocal rank of the first relevant item" },
  err: { name: "ERR", words: "expected reciprocal rank" },
  rbp: { name: "RBP", words: "rank-biased precision" },
  binary_ndcg: {
    name: "binary NDCG",
    words: "NDCG with each grade at or above the relevance threshold counted 1 and the others 0",
    noCutoff: true,
  },
};
/** The readouts that depend on the gain (they come with a gain selector and the DCG chart). */
export const GAINED = ["dcg", "idcg", "ndcg"];

/** A discount in words, for the selector and the goals: "1/log2(i+1)", "0.8^(i−1)", ... */
export function discountText(discount) {
  const [kind, param] = discountParts(discount);
  if (kind === "log2") return "1/log2(i+1)";
  if (kind === "reciprocal") return "1/i";
  if (kind === "geometric") return `${numberText(param)}^(i−1)`;
  return `1/log${numberText(param)}(i) from rank ${numberText(param)}`;
}
export const sameDiscount = (a, b) => JSON.stringify(a ?? "log2") === JSON.stringify(b ?? "log2");

// Every figure names its cutoff, k = 6 as NDCG@6; every NDCG names the whole list too, as
// "NDCG (no cutoff)", since an NDCG without a cutoff reads as a figure at some unsaid k.
export const nameOf = (key, k) =>
  `${READOUTS[key].name}${READOUTS[key].noCutoff && (k === null || k === undefined) ? " (no cutoff)" : at(k)}`;

export function goalText(goal) {
  if (goal.text) return goal.text;
  const m = nameOf(goal.metric, goal.k);
  const oneSwap = goal.swaps === 1;
  switch (goal.kind) {
    case "at_least":
      return `Reach ${m} ≥ ${numberText(goal.value)}${oneSwap ? " with a single swap from the starting order" : ""}.`;
    case "below":
      return `Get ${m} below ${numberText(goal.value)}${oneSwap ? " with a single swap from the starting order" : ""}.`;
    case "best":
      return oneSwap
        ? `Find the single swap that raises ${m} the most.`
        : `Find an order with the largest ${m}.`;
    case "worst":
      return oneSwap
        ? `Find the single swap that lowers ${m} the most.`
        : `Find an order with the smallest ${m}.`;
    case "rises_while_falls":
      return `Make ${m} rise while ${nameOf(goal.other, goal.other_k === undefined ? goal.k : goal.other_k)} falls.`;
    default:
      return `Make ${m} fall while ${nameOf(goal.same, goal.k)} stays the same.`;
  }
}

/**
 * The gain a goal measures with, said when the widget's Gain setting is another one: the goal
 * keeps the gain it was set with, and its words must not read as the readout's figure
 * ("DCG is 6.861" beside a DCG readout of 13.848 with exponential gain).
 */
export function gainNote(goal, gain) {
  const gained = [goal.metric, goal.same, goal.other].some((key) => GAINED.includes(key));
  if (!gained || !goal.gain || goal.gain === gain) return "";
  return ` (Measured with ${goal.gain} gain, as the goal was set; the readouts use ${gain} gain.)`;
}

/** Why the best NDCG falls short of 1, when it does. */
export function shortfall(goal, status, tied) {
  if (status.missing.length) {
    // Worded for chapter 1's reader, who has not met the ideal ranking yet.
    const were = status.missing.length > 1 ? "were" : "was";
    return `, not 1: the best possible list also holds ${listText(status.missing)}, which ${were} never retrieved`;
  }
  if (goal.metric === "ndcg" && tied && status.limit < 1 && !near(status.limit, 1)) {
    return ", not 1: items move only within their tie groups";
  }
  return "";
}

/** Goals a reader must reach by their own moves: the Sort by grade button would finish them in one click. */
export function countsNoSort(goal) {
  return (goal.kind === "best" || goal.kind === "at_least") && goal.swaps !== 1;
}

export function statusText(goal, status, tied) {
  const text = verdictText(goal, status, tied);
  return status.aside ? `${text} (This goal is ${status.aside}.)` : text;
}

function verdictText(goal, status, tied) {
  const m = nameOf(goal.metric, goal.k);
  const v = fixed(status.value);
  const which =
    goal.swaps === 1
      ? "any single swap"
      : goal.relevant_first
        ? "any order that keeps the rule"
        : "any order";
  if (status.broken)
    return `Not yet: the order breaks the rule, an item that is not relevant sits above a relevant one (${m} is ${v}).`;
  if (status.bySort)
    return `Not counted: ${m} is ${v}, but the Sort by grade button made this order. Press Reset and reach it with your own moves: which item must come first, and why?`;
  if (goal.kind === "falls_while_same") {
    const s = nameOf(goal.same, goal.k);
    if (status.reached)
      return `Reached: ${m} fell from ${fixed(status.start)} to ${v} while ${s} stayed ${fixed(status.sameValue)}.`;
    return `Not yet: ${m} is ${v} (it started at ${fixed(status.start)}); ${s} is ${fixed(status.sameValue)} (it started at ${fixed(status.sameStart)}).`;
  }
  if (goal.kind === "rises_while_falls") {
    const o = nameOf(goal.other, goal.other_k === undefined ? goal.k : goal.other_k);
    if (status.reached)
      return `Reached: ${m} rose from ${fixed(status.start)} to ${v} while ${o} fell from ${fixed(status.sameStart)} to ${fixed(status.sameValue)}.`;
    return `Not yet: ${m} is ${v} (it started at ${fixed(status.start)}); ${o} is ${fixed(status.sameValue)} (it started at ${fixed(status.sameStart)}).`;
  }
  const limit = fixed(status.limit);
  // A threshold's verdict prints the digits that show which side of it the figure is on.
  const side = goal.kind === "at_least" || goal.kind === "below";
  const sided = side ? thresholdFigure(status.value, goal.value, numberText(goal.value)) : v;
  const swapsNote =
    goal.swaps === 1 && status.distance > 1
      ? ` The order is ${status.distance} swaps from the start: press Reset and make one swap.`
      : "";
  if (status.reached) {
    switch (goal.kind) {
      case "at_least":
        return `Reached: ${m} is ${sideOf(status.value, goal.value).text}, at least ${numberText(goal.value)}. The best ${which} reaches is ${limit}${shortfall(goal, status, tied)}.`;
      case "below":
        return `Reached: ${m} is ${sideOf(status.value, goal.value).text}, below ${numberText(goal.value)}. The lowest ${which} reaches is ${limit}.`;
      case "best":
        return `Reached: ${v} is the largest ${m} ${which} reaches${shortfall(goal, status, tied)}.`;
      default:
        return `Reached: ${v} is the smallest ${m} ${which} reaches.`;
    }
  }
  if (status.outOfReach && near(status.value, status.limit)) {
    const bound = goal.kind === "at_least" ? "best" : "lowest";
    return `Out of reach: ${sideOf(status.limit, goal.value).text} is the ${bound} ${m} ${which} reaches${shortfall(goal, status, tied)}.`;
  }
  return `Not yet: ${m} is ${sided}.${swapsNote}`;
}

/**
 * Every text a goal's status can show, with the widest figures: they size its box. The
 * first, "Not yet" as the reader first meets it, sizes it everywhere, so moves do not shift
 * the page; the rest (reached, a note on another cutoff, out of reach, a sort, a broken
 * rule) are marked `rare`: a phone's narrow box leaves their room out (ranking.css) rather
 * than hold lines of blank space for a message it may never show, and grows when one shows.
 */
export function statusSizers(goal, status, tied) {
  const plain = { ...status, aside: null };
  const common = [
    statusText(
      goal,
      { ...plain, reached: false, distance: 0, outOfReach: false, broken: false, bySort: false },
      tied,
    ),
  ];
  return common.concat(
    allSizers(goal, status, tied)
      .filter((text) => !common.includes(text))
      .map((text) => ({ text, rare: true })),
  );
}

function allSizers(goal, status, tied) {
  const widest = [
    status.value,
    status.start,
    status.limit ?? 0,
    status.sameValue ?? 0,
    status.sameStart ?? 0,
  ].reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  const wide = {
    ...status,
    value: widest,
    start: widest,
    sameValue: widest,
    sameStart: widest,
    limit: status.limit === null ? null : widest,
  };
  const texts = [];
  for (const reached of [false, true]) {
    for (const distance of [0, 99]) {
      texts.push(
        statusText(goal, { ...wide, reached, distance, outOfReach: false, broken: false }, tied),
      );
    }
  }
  if (status.limit !== null)
    texts.push(
      statusText(goal, { ...wide, reached: false, outOfReach: true, broken: false }, tied),
    );
  if (goal.kind === "at_least" || goal.kind === "below") {
    texts.push(
      statusText(
        goal,
        {
          ...wide,
          value: closeToThreshold(goal.value),
          reached: false,
          distance: 99,
          outOfReach: false,
          broken: false,
        },
        tied,
      ),
    );
  }
  if (goal.relevant_first) texts.push(statusText(goal, { ...wide, broken: true }, tied));
  if (countsNoSort(goal)) texts.push(statusText(goal, { ...wide, bySort: true }, tied));
  return texts;
}

/** The figure of a threshold goal as its verdict prints it, "0.79998, just under 0.8" where it is close. */
export function thresholdFigure(value, target, words) {
  const { text, close } = sideOf(value, target);
  if (!close) return text;
  return `${text}, just ${value < target ? "under" : value > target ? "over" : "at"} ${words}`;
}

// "Last change" reports moves. A change of a setting moves no item: it says which setting.
const SETTING_WORDS = ["the cutoff", "the gain", "the unjudged rule", "the discount"];

/** What changed between two settings keys, JSON of [k, gain, unjudged, discount]. */
export function settingChangeText(before, after) {
  const a = JSON.parse(before);
  const b = JSON.parse(after);
  const changed = SETTING_WORDS.filter((_, i) => JSON.stringify(a[i]) !== JSON.stringify(b[i]));
  return `no move: ${listText(changed)} changed`;
}

/** Every text settingChangeText can return, to size the readout. */
export function settingChangeSizers() {
  return SETTING_WORDS.map((words) => `no move: ${words} changed`).concat(
    `no move: ${listText(SETTING_WORDS)} changed`,
  );
}

/** A goal's rule in words, after its own (empty when it has none). */
export function ruleText(goal, threshold) {
  if (!goal.relevant_first) return "";
  return ` Rule: every item graded ${numberText(threshold)} or more stays above every other.`;
}
