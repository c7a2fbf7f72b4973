// The view of ndcg.widgets.AnswerBox. The verdict is given in the browser, because on the
// static website there is no kernel to ask: `verdict` in js/answers.js is the rule of
// ndcg.teaching.exercises (`read` and `judge`) line for line; tests/data/answer_cases.json
// holds the two to the same verdicts (tests/book/test_answers.py in Python,
// tests/browser/test_arith_parity.py here). Text from the model only goes through
// textContent or setAttribute.

import { decimalsText, verdict } from "./answers.js";
import { h, isTouch, uniqueId } from "./dom.js";
import { recordExercise } from "./practice/store.js";

let boxes = 0;

function render({ model, el }) {
  boxes += 1;
  const uid = uniqueId("ndcg-ab", boxes);
  const touch = isTouch();
  const kind = model.get("kind");
  const choices = model.get("choices") ?? [];
  const state = () => ({
    kind,
    choices,
    expected: model.get("expected"),
    decimals: model.get("decimals"),
    exact: model.get("exact") ?? "",
    rounding: model.get("rounding") ?? 0,
    hint: model.get("hint"),
    traps: model.get("traps") ?? [],
  });

  const check = h("button", {
    type: "button",
    class: "ndcg-ab__check",
    "data-testid": "check",
    text: "Check",
  });
  const result = h("p", {
    class: "ndcg-ab__verdict",
    role: "status",
    "aria-live": "polite",
    "data-testid": "verdict",
  });
  const decimals = model.get("decimals");
  let field;
  let read;
  if (kind === "choice") {
    const name = `${uid}-choice`;
    const options = choices.map((letter) =>
      h("label", { class: "ndcg-ab__choice" }, [
        h("input", { type: "radio", name, value: letter, "data-testid": `choice-${letter}` }),
        ` ${letter}`,
      ]),
    );
    field = h("fieldset", { class: "ndcg-ab__choices" }, [
      h("legend", { text: "Your answer" }),
      ...options,
    ]);
    read = () => field.querySelector("input:checked")?.value ?? "";
    field.addEventListener("change", () => clear());
  } else {
    const input = h("input", {
      id: `${uid}-input`,
      type: "text",
      inputmode: "decimal",
      autocomplete: "off",
      spellcheck: "false",
      class: "ndcg-ab__input",
      "data-testid": "answer",
      "aria-describedby": `${uid}-note`,
    });
    field = h("span", { class: "ndcg-ab__field" }, [
      h("label", { for: `${uid}-input`, text: "Your answer" }),
      input,
    ]);
    read = () => input.value;
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        give();
      }
    });
    input.addEventListener("input", () => clear());
  }
  // What a right answer takes; the examples are no exercise's answer. A phone's decimal
  // keyboard (inputmode="decimal") may have no "/" or "%": the decimal form always works.
  const precision =
    kind !== "number"
      ? ""
      : decimals === 0
        ? "A whole number. "
        : `A number to ${decimalsText(decimals)} or more, such as 0.125, 1/8 or 12.5% ` +
          '(on a keyboard without "/" or "%", type the decimal). ';
  // A student notebook has no worked solution to point at.
  const where =
    (model.get("solution_below") ?? true) ? "; the worked solution is in the fold below." : ".";
  const note = h("p", {
    class: "ndcg-ab__note",
    id: `${uid}-note`,
    text: `${precision}Checked in your browser${where}`,
  });
  const root = h(
    "div",
    {
      class: `ndcg-widget ndcg-ab${touch ? " ndcg-ab--touch" : ""}`,
      role: "group",
      "aria-label": `Answer box: ${model.get("task")}`,
      "data-key": model.get("key"),
      // Keys typed into the box are the reader's, not JupyterLab's notebook shortcuts.
      "data-lm-suppress-shortcuts": "true",
    },
    [h("div", { class: "ndcg-ab__row" }, [field, check]), note, result],
  );
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
    result.replaceChildren(
      h("span", { class: "ndcg-ab__mark", "aria-hidden": "true", text: mark }),
      message,
    );
    result.dataset.correct = String(correct);
    result.dataset.outcome = outcome;
    // The progress page (book/progress) lists the exercises answered right in this browser.
    if (correct) recordExercise(model.get("key"));
    // With a kernel, Python decides too (AnswerBox.result); without one this does nothing.
    model.set("answer", text);
    model.save_changes();
  }

  check.addEventListener("click", give);
  return () => root.remove();
}

export default { render };
