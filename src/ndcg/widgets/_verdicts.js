// Words of RankingWidget that must never contradict the figures beside them (ranking.js
// uses them; ndcg.widgets._assets puts this file between _shared.js and ranking.js, so
// `fixed` and the rest of ranking.js are in the same module).

/** The most decimals a figure is printed with to show on which side of a threshold it is. */
const SIDE_DECIMALS = 9;

/**
 * `value` printed to show on which side of `target` it lies: three decimals, as every
 * readout, unless rounding to three lands on the target or crosses it (0.79998 would read
 * 0.800 against a goal of 0.8); then as many more as it takes, and `close` is true.
 */
function sideOf(value, target) {
  if (near(value, target)) return { text: fixed(value), close: false }; // equal, up to rounding
  for (let decimals = 3; decimals <= SIDE_DECIMALS; decimals += 1) {
    const text = decimals === 3 ? fixed(value) : value.toFixed(decimals);
    const shown = Number(text);
    if (Math.sign(shown - target) === Math.sign(value - target)) return { text, close: decimals > 3 };
  }
  return { text: value.toFixed(SIDE_DECIMALS), close: true };
}

/** The figure of a threshold goal as its verdict prints it, "0.79998, just under 0.8" where it is close. */
function thresholdFigure(value, target, words) {
  const { text, close } = sideOf(value, target);
  if (!close) return text;
  return `${text}, just ${value < target ? "under" : value > target ? "over" : "at"} ${words}`;
}

/** A figure just off a threshold, for sizing a verdict's box: it prints with every decimal. */
const closeToThreshold = (target) => target - 2 * 10 ** -SIDE_DECIMALS;

// "Last change" reports moves. A change of a setting moves no item: it says which setting.
const SETTING_WORDS = ["the cutoff", "the gain", "the unjudged rule", "the discount"];

/** What changed between two settings keys, JSON of [k, gain, unjudged, discount]. */
function settingChangeText(before, after) {
  const a = JSON.parse(before);
  const b = JSON.parse(after);
  const changed = SETTING_WORDS.filter((_, i) => JSON.stringify(a[i]) !== JSON.stringify(b[i]));
  return `no move: ${listText(changed)} changed`;
}

/** Every text settingChangeText can return, to size the readout. */
function settingChangeSizers() {
  return SETTING_WORDS.map((words) => `no move: ${words} changed`).concat(`no move: ${listText(SETTING_WORDS)} changed`);
}

/** A goal's rule in words, after its own (empty when it has none). */
function ruleText(goal, threshold) {
  if (!goal.relevant_first) return "";
  return ` Rule: every item graded ${numberText(threshold)} or more stays above every other.`;
}
