// The view of ndcg.widgets.AnswerBox: an anywidget front-end module with no imports.
//
// The verdict is given here, from the model's state, because on the static website there
// is no kernel to ask. `parseAnswer` and `judge` are the rule of ndcg.teaching.exercises
// (`read` and `judge`, whose docstring states it) line for line, with no DOM;
// tests/data/answer_cases.json holds the two to the same verdicts (tests/test_answers.py in
// Python, tests/browser/test_answer_boxes.py here).

// ---------------------------------------------------------------------------------------
// The rule (named exports, so a test page can import and check them)
// ---------------------------------------------------------------------------------------

/** Trimmed from both ends of a typed answer, and nothing else (not all that trim() takes). */
export const TRIM = " \t\n\v\f\r\u00a0";
/** ASCII digits, one "." or "," before the decimals, an exponent, "%" after the number. */
export const NUMBER = /^[+-]?([0-9]*)(?:[.,]([0-9]*))?(?:[eE]([+-]?[0-9]{1,3}))?( *%)?$/;
/** A fraction a/b of whole numbers. */
export const FRACTION = /^([+-]?[0-9]+) *\/ *([0-9]+)$/;
export const NOT_A_NUMBER = "That is not a number: type one such as 0.25, 1/4 or 25%.";

function trim(text) {
  let start = 0;
  let end = text.length;
  while (start < end && TRIM.includes(text[start])) start += 1;
  while (end > start && TRIM.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** The typed text as an answer ({value}: a letter, or {number, decimals}), or why it is not one ({error}). */
export function parseAnswer(kind, text, choices) {
  const trimmed = trim(String(text ?? ""));
  if (kind === "choice") {
    if (!trimmed) return { error: "Pick a letter first." };
    const letter = trimmed.toLowerCase().replace(/^[()]+|[()]+$/g, "");
    return choices.includes(letter) ? { value: letter } : { error: `Pick one of ${choices.join(", ")}.` };
  }
  if (!trimmed) return { error: "Type a number first." };
  const fraction = FRACTION.exec(trimmed);
  if (fraction) {
    const [numerator, denominator] = [Number(fraction[1]), Number(fraction[2])];
    if (!(Number.isFinite(numerator) && Number.isFinite(denominator))) return { error: NOT_A_NUMBER };
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

const plural = (count) => `${count} decimal${count === 1 ? "" : "s"}`;

function giveMore(given, needed) {
  if (needed === 0) return "Close: write the whole number out.";
  if (given === needed - 1) return "Close: give one more decimal.";
  return `Close: give ${plural(needed)}.`;
}

/** Judge a parsed answer against the box's state: {correct, outcome, message}. */
export function judge(box, typed) {
  const answer = (correct, outcome, message) => ({ correct, outcome, message });
  if (box.kind === "choice") {
    return typed === box.expected ? answer(true, "right", "Right.") : answer(false, "wrong", `Not yet. Hint: ${box.hint}`);
  }
  const { expected, decimals } = box;
  const places = typed.decimals === null ? decimals : typed.decimals;
  const slack = 1e-9 * Math.max(1, Math.abs(expected));
  // 0.5 * 10**-at written as a decimal literal, read to the same double as in Python.
  const agrees = (value, at) => Math.abs(typed.number - value) <= Number(`5e${-at - 1}`) + slack;
  if (agrees(expected, places) && (places >= decimals || Math.abs(typed.number - expected) <= slack)) {
    return answer(true, "right", box.exact ? `Right; exact value ${box.exact}.` : "Right.");
  }
  if (decimals === 0 && !Number.isInteger(typed.number)) {
    return answer(false, "whole", `Not yet: the answer is a whole number. Hint: ${box.hint}`);
  }
  for (const [value, hint] of box.traps) {
    if (Math.abs(typed.number - value) <= slack) return answer(false, "trap", `Not yet. ${hint} Hint: ${box.hint}`);
  }
  if (places < decimals && agrees(expected, places)) return answer(false, "close", giveMore(places, decimals));
  if (places > decimals && agrees(expected, decimals)) {
    return answer(false, "close", `Close: right to ${plural(decimals)}, but not to the ${places} you gave; round rather than cut, or give ${decimals}.`);
  }
  for (const [value, hint] of box.traps) {
    if (agrees(value, places)) return answer(false, "trap", `Not yet. ${hint} Hint: ${box.hint}`);
  }
  return answer(false, "wrong", `Not yet. Hint: ${box.hint}`);
}

/** Right or wrong, and what to say: never the expected answer before it is given. */
export function verdict(box, text) {
  const parsed = parseAnswer(box.kind, text, box.choices);
  if (parsed.error) return { correct: false, outcome: "unread", message: parsed.error };
  return judge(box, parsed.value);
}

// ---------------------------------------------------------------------------------------
// The view. Text from the model only goes through textContent or setAttribute (`h` and
// `isTouch` are in _shared.js, which ndcg.widgets._assets puts in front of this file).
// ---------------------------------------------------------------------------------------

let boxes = 0;

function render({ model, el }) {
  boxes += 1;
  const uid = `ndcg-ab-${boxes}-${Math.random().toString(36).slice(2, 8)}`;
  const touch = isTouch();
  const kind = model.get("kind");
  const choices = model.get("choices") ?? [];
  const state = () => ({
    kind, choices, expected: model.get("expected"), decimals: model.get("decimals"),
    exact: model.get("exact") ?? "", hint: model.get("hint"), traps: model.get("traps") ?? [],
  });

  const check = h("button", { type: "button", class: "ndcg-ab__check", "data-testid": "check", text: "Check" });
  const result = h("p", { class: "ndcg-ab__verdict", role: "status", "aria-live": "polite", "data-testid": "verdict" });
  const decimals = model.get("decimals");
  let field;
  let read;
  if (kind === "choice") {
    const name = `${uid}-choice`;
    const options = choices.map((letter) => h("label", { class: "ndcg-ab__choice" }, [
      h("input", { type: "radio", name, value: letter, "data-testid": `choice-${letter}` }), ` ${letter}`,
    ]));
    field = h("fieldset", { class: "ndcg-ab__choices" }, [h("legend", { text: "Your answer" }), ...options]);
    read = () => field.querySelector("input:checked")?.value ?? "";
    field.addEventListener("change", () => clear());
  } else {
    const input = h("input", {
      id: `${uid}-input`, type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false",
      class: "ndcg-ab__input", "data-testid": "answer", "aria-describedby": `${uid}-note`,
    });
    field = h("span", { class: "ndcg-ab__field" }, [h("label", { for: `${uid}-input`, text: "Your answer" }), input]);
    read = () => input.value;
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        give();
      }
    });
    input.addEventListener("input", () => clear());
  }
  // What a right answer takes; the examples are no exercise's answer.
  const precision = kind !== "number" ? ""
    : decimals === 0 ? "A whole number. "
      : `A number to ${plural(decimals)} or more, such as 0.125, 1/8 or 12.5%. `;
  const note = h("p", { class: "ndcg-ab__note", id: `${uid}-note`, text: `${precision}Checked in your browser; the worked solution is in the fold below.` });
  const root = h("div", {
    class: `ndcg-widget ndcg-ab${touch ? " ndcg-ab--touch" : ""}`, role: "group", "aria-label": `Answer box: ${model.get("task")}`,
    "data-key": model.get("key"),
    // Keys typed into the box are the reader's, not JupyterLab's notebook shortcuts.
    "data-lm-suppress-shortcuts": "true",
  }, [h("div", { class: "ndcg-ab__row" }, [field, check]), note, result]);
  el.append(root);

  function clear() {
    result.textContent = "";
    delete result.dataset.correct;
    delete result.dataset.outcome;
  }

  function give() {
    const text = read();
    const { correct, outcome, message } = verdict(state(), text);
    // A near miss is not marked wrong: the method was right, a decimal is missing.
    const mark = correct ? "✓ " : outcome === "close" ? "≈ " : "✗ ";
    result.replaceChildren(h("span", { class: "ndcg-ab__mark", "aria-hidden": "true", text: mark }), message);
    result.dataset.correct = String(correct);
    result.dataset.outcome = outcome;
    // With a kernel, Python decides too (AnswerBox.result); without one this does nothing.
    model.set("answer", text);
    model.save_changes();
  }

  check.addEventListener("click", give);
  return () => root.remove();
}

export default { render };
