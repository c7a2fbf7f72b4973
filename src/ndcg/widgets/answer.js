// The view of ndcg.widgets.AnswerBox: an anywidget front-end module with no imports.
//
// The verdict is given here, from the model's state, because on the static website there
// is no kernel to ask. `verdict` follows the rules of ndcg.teaching.answers.verdict (which
// leaves the decision to ndcg.teaching.exercises.check) word for word;
// tests/browser/test_answer_boxes.py holds the two to the same verdicts.

// ---------------------------------------------------------------------------------------
// Verdicts (named exports, so a test page can import and check them)
// ---------------------------------------------------------------------------------------

/** A number as a reader types it: digits, one decimal point or comma, an exponent. */
export const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** The typed text as an answer ({value}), or why it is not one ({error}). */
export function parseAnswer(kind, text, choices) {
  const trimmed = String(text ?? "").trim();
  if (kind === "choice") {
    if (!trimmed) return { error: "Pick a letter first." };
    const letter = trimmed.toLowerCase().replace(/^[()]+|[()]+$/g, "");
    return choices.includes(letter) ? { value: letter } : { error: `Pick one of ${choices.join(", ")}.` };
  }
  if (!trimmed) return { error: "Type a number first." };
  const number = NUMBER.test(trimmed) ? Number(trimmed.replace(",", ".")) : NaN;
  return Number.isFinite(number) ? { value: number } : { error: "That is not a number: type one such as 0.5." };
}

/** Right or wrong, and what to say: never the expected answer, a hint when wrong. */
export function verdict(box, text) {
  const parsed = parseAnswer(box.kind, text, box.choices);
  if (parsed.error) return { correct: false, message: parsed.error };
  const matches = (expected) => (box.kind === "choice"
    ? parsed.value === expected
    : Math.abs(parsed.value - expected) <= box.tolerance);
  if (matches(box.expected)) return { correct: true, message: "Right." };
  for (const [value, hint] of box.traps) {
    if (matches(value)) return { correct: false, message: `Not yet. ${hint} Hint: ${box.hint}` };
  }
  return { correct: false, message: `Not yet. Hint: ${box.hint}` };
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
    kind, choices, expected: model.get("expected"), tolerance: model.get("tolerance"),
    hint: model.get("hint"), traps: model.get("traps") ?? [],
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
  const precision = kind === "number" ? `A number; ${decimals} decimal${decimals === 1 ? "" : "s"} are enough. ` : "";
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
  }

  function give() {
    const text = read();
    const { correct, message } = verdict(state(), text);
    result.replaceChildren(h("span", { class: "ndcg-ab__mark", "aria-hidden": "true", text: correct ? "✓ " : "✗ " }), message);
    result.dataset.correct = String(correct);
    // With a kernel, Python decides too (AnswerBox.result); without one this does nothing.
    model.set("answer", text);
    model.save_changes();
  }

  check.addEventListener("click", give);
  return () => root.remove();
}

export default { render };
