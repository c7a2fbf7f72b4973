// The answer boxes' rule, with no DOM: on the static site there is no kernel to ask, so the
// box reads and judges a typed answer here as ndcg.teaching.exercises does (read and judge,
// whose docstring states the rule), line for line. tests/data/answer_cases.json and
// tests/browser/test_arith_parity.py hold the two to the same verdicts.

/** Trimmed from both ends of a typed answer, and nothing else (not all that trim() takes). */
export const TRIM = " \t\n\v\f\r\u00a0";
/** The minus sign the widgets print (U+2212), read as "-". */
export const MINUS = "\u2212";
/** ASCII digits, one "." or "," before the decimals, an exponent, "%" after the number. */
export const NUMBER = /^[+-]?([0-9]*)(?:[.,]([0-9]*))?(?:[eE]([+-]?[0-9]{1,3}))?( *%)?$/;
/** A fraction a/b of two decimals written out ("2/3", "4.762/2.924"), the first one signed. */
export const FRACTION =
  /^([+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)) *\/ *([0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)$/;
export const NOT_A_NUMBER = "That is not a number: type one such as 0.25, 1/4 or 25%.";
/** What an answer within the error of rounded intermediates is told. */
export const ROUNDED =
  "Close: your method is right; the difference is what rounding along the way leaves. " +
  "Keep more decimals in each step and round only the answer.";

const TRIMMED = new RegExp(`^[${TRIM}]+|[${TRIM}]+$`, "g");

/** The typed text as an answer ({value}: a letter, or {number, decimals}), or why it is not one ({error}). */
export function parseAnswer(kind, text, choices) {
  let trimmed = String(text ?? "").replace(TRIMMED, "");
  if (kind === "choice") {
    if (!trimmed) return { error: "Pick a letter first." };
    const letter = trimmed.toLowerCase().replace(/^[()]+|[()]+$/g, "");
    return choices.includes(letter)
      ? { value: letter }
      : { error: `Pick one of ${choices.join(", ")}.` };
  }
  if (!trimmed) return { error: "Type a number first." };
  trimmed = trimmed.replaceAll(MINUS, "-");
  const fraction = FRACTION.exec(trimmed);
  if (fraction) {
    const [numerator, denominator] = [
      Number(fraction[1].replace(",", ".")),
      Number(fraction[2].replace(",", ".")),
    ];
    if (!(Number.isFinite(numerator) && Number.isFinite(denominator)))
      return { error: NOT_A_NUMBER };
    if (denominator === 0) return { error: "A fraction needs a denominator other than 0." };
    return { value: { number: numerator / denominator, decimals: null } };
  }
  const number = NUMBER.exec(trimmed);
  if (!number || !(number[1] || number[2])) return { error: NOT_A_NUMBER };
  let value = Number(trimmed.replace(/ *%$/, "").replace(",", "."));
  if (!Number.isFinite(value)) return { error: NOT_A_NUMBER };
  let decimals = (number[2] ?? "").length - Number(number[3] ?? "0");
  if (number[4]) {
    value /= 100;
    decimals += 2;
  }
  return { value: { number: value, decimals } };
}

/** "1 decimal", "3 decimals". */
export const decimalsText = (count) => `${count} decimal${count === 1 ? "" : "s"}`;

const giveMore = (given, needed) =>
  needed === 0
    ? "Close: write the whole number out."
    : given === needed - 1
      ? "Close: give one more decimal."
      : `Close: give ${decimalsText(needed)}.`;

/** Whether `typed` is `expected` cut after `places` decimals: its side of 0, nearer 0 by less than a unit. */
function cut(typed, expected, places) {
  const short = Math.abs(expected) - Math.abs(typed);
  const sameSide = typed === 0 || typed > 0 === expected > 0;
  return sameSide && short >= 0 && short < Number(`1e${-places}`);
}

/** Judge a parsed answer against the box's state: {correct, outcome, message}. */
export function judge(box, typed) {
  const answer = (correct, outcome, message) => ({ correct, outcome, message });
  if (box.kind === "choice") {
    return typed === box.expected
      ? answer(true, "right", "Right.")
      : answer(false, "wrong", `Not yet. Hint: ${box.hint}`);
  }
  const { expected, decimals } = box;
  const places = typed.decimals === null ? decimals : typed.decimals;
  const slack = 1e-9 * Math.max(1, Math.abs(expected));
  // 0.5 * 10**-at written as a decimal literal, read to the same double as in Python.
  const margin = (at) => Number(`5e${-at - 1}`) + slack;
  const agrees = (value, at) => Math.abs(typed.number - value) <= margin(at);
  if (agrees(expected, Math.max(places, decimals))) {
    return answer(true, "right", box.exact ? `Right; ${box.exact}.` : "Right.");
  }
  if (decimals === 0 && !Number.isInteger(typed.number)) {
    return answer(false, "whole", `Not yet: the answer is a whole number. Hint: ${box.hint}`);
  }
  for (const [value, hint] of box.traps) {
    if (Math.abs(typed.number - value) <= slack)
      return answer(false, "trap", `Not yet. ${hint} Hint: ${box.hint}`);
  }
  if (places < decimals && agrees(expected, places))
    return answer(false, "close", giveMore(places, decimals));
  const within =
    places >= decimals && Math.abs(typed.number - expected) <= (box.rounding ?? 0) + margin(places);
  if (places >= decimals && decimals >= 1 && cut(typed.number, expected, places)) {
    return answer(
      false,
      "close",
      `Close: the digits are right, but cut after ${decimalsText(places)}; round the last one instead.`,
    );
  }
  if (places > decimals && agrees(expected, decimals)) {
    return answer(
      false,
      "close",
      within
        ? ROUNDED
        : `Close: right to ${decimalsText(decimals)}, but not to the ${places} you gave; give ${decimals}, or keep more decimals along the way.`,
    );
  }
  // A known wrong answer rounded, else one cut as a reader copies a figure: its own hint.
  for (const matches of [
    (value) => agrees(value, places),
    (value) => places >= 1 && cut(typed.number, value, places),
  ]) {
    for (const [value, hint] of box.traps) {
      if (matches(value)) return answer(false, "trap", `Not yet. ${hint} Hint: ${box.hint}`);
    }
  }
  if (within) return answer(false, "close", ROUNDED);
  return answer(false, "wrong", `Not yet. Hint: ${box.hint}`);
}

/** Right or wrong, and what to say: never the expected answer before it is given. */
export function verdict(box, text) {
  const parsed = parseAnswer(box.kind, text, box.choices);
  if (parsed.error) return { correct: false, outcome: "unread", message: parsed.error };
  return judge(box, parsed.value);
}
