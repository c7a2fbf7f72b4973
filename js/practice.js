// The views of ndcg.widgets.PracticeBox and ProgressView (js/practice/progress_view.js,
// for a model with chapters), one module for both. A practice box: endless problems for one skill, checked in the page.
// Each problem is drawn in the browser (js/practice/draw.js, held to ndcg.teaching.practice by
// tests/book/test_practice.py) and judged by the book's answer rule (verdict in js/arith.js). The
// streak, the reader's series and the next problem's number are kept in this browser
// (js/practice/store.js). Text from the model only goes through textContent or setAttribute.

import { verdict } from "./answers.js";
import { h, isTouch, uniqueId } from "./dom.js";
import { practiceProblem } from "./practice/draw.js";
import { renderProgress } from "./practice/progress_view.js";
import {
  MASTERY,
  loadProgress,
  skillRecord,
  storageWorks,
  updateProgress,
} from "./practice/store.js";

let boxes = 0;

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** The box's elements: the problem, the answer field, the verdict, the solution, the streak. */
function buildBox(uid, skill) {
  const question = h("p", {
    class: "ndcg-pb__question",
    id: `${uid}-question`,
    "data-testid": "question",
  });
  const given = h("dl", { class: "ndcg-pb__given", id: `${uid}-given`, "data-testid": "given" });
  const input = h("input", {
    id: `${uid}-input`,
    type: "text",
    inputmode: "decimal",
    autocomplete: "off",
    spellcheck: "false",
    class: "ndcg-pb__input",
    "data-testid": "answer",
    "aria-describedby": `${uid}-question ${uid}-given ${uid}-note`,
  });
  const check = h("button", {
    type: "button",
    class: "ndcg-pb__check",
    "data-testid": "check",
    text: "Check",
  });
  const note = h("p", { class: "ndcg-pb__note", id: `${uid}-note`, "data-testid": "note" });
  const result = h("p", {
    class: "ndcg-pb__verdict",
    role: "status",
    "aria-live": "polite",
    "data-testid": "verdict",
  });
  const fresh = h("button", { type: "button", "data-testid": "new", text: "New problem" });
  const show = h("button", {
    type: "button",
    "data-testid": "show",
    "aria-expanded": "false",
    "aria-controls": `${uid}-steps`,
    text: "Show the worked solution",
  });
  const steps = h("ol", {
    class: "ndcg-pb__steps",
    id: `${uid}-steps`,
    "data-testid": "steps",
    hidden: "",
  });
  const streak = h("p", { class: "ndcg-pb__streak", "data-testid": "streak" });
  const where = h("p", { class: "ndcg-pb__where", "data-testid": "where" });
  const root = h(
    "div",
    {
      class: `ndcg-widget ndcg-pb${isTouch() ? " ndcg-pb--touch" : ""}`,
      role: "group",
      "aria-label": `Practice: ${skill.title}`,
      "data-skill": skill.key,
      // Keys typed into the box are the reader's, not JupyterLab's notebook shortcuts.
      "data-lm-suppress-shortcuts": "true",
    },
    [
      h("p", { class: "ndcg-pb__title", text: `Practice: ${skill.title}` }),
      question,
      given,
      h("div", { class: "ndcg-pb__row" }, [
        h("span", { class: "ndcg-pb__field" }, [
          h("label", { for: `${uid}-input`, text: "Your answer" }),
          input,
        ]),
        check,
      ]),
      note,
      result,
      h("div", { class: "ndcg-pb__row" }, [fresh, show]),
      steps,
      streak,
      where,
    ],
  );
  return { question, given, input, check, note, result, fresh, show, steps, streak, where, root };
}

/** Count an answer judged ``correct`` into the skill's record ``r``; return what to add to the verdict. */
function tally(r, correct, skill) {
  const first = !r.solved && !r.tainted;
  if (first) r.tried += 1;
  if (!correct) {
    r.streak = 0;
    r.tainted = true;
    return "";
  }
  if (r.solved) return "";
  r.solved = true;
  if (!first) return " The streak starts again with the next problem.";
  r.right += 1;
  r.streak += 1;
  r.best = Math.max(r.best, r.streak);
  return r.streak === MASTERY ? ` ${MASTERY} right in a row: ${skill.title} mastered.` : "";
}

function render({ model, el }) {
  if (model.get("chapters")) return renderProgress({ model, el });
  boxes += 1;
  const uid = uniqueId("ndcg-pb", boxes);
  const skill = model.get("skill");
  const fixedSeries = model.get("series");
  const keeps = storageWorks();
  // Where storage is refused, the record lives as long as the page.
  let memory = null;
  const record = () => {
    if (!keeps) {
      memory ??= skillRecord(loadProgress(), skill.key);
      return memory;
    }
    return skillRecord(loadProgress(), skill.key);
  };
  const change = (edit) => {
    if (!keeps) return edit(record());
    return updateProgress((p) => edit(skillRecord(p, skill.key)));
  };
  if (fixedSeries >= 0 && record().series !== fixedSeries) {
    change((r) => Object.assign(r, { series: fixedSeries, n: 0, solved: false, tainted: false }));
  }

  const { question, given, input, check, note, result, fresh, show, steps, streak, where, root } =
    buildBox(uid, skill);
  el.append(root);

  let problem = null;

  function drawStreak() {
    const r = record();
    const mastered = r.best >= MASTERY;
    root.dataset.mastered = String(mastered);
    const now = `Streak: ${plural(r.streak, "right answer", "right answers")} in a row`;
    const aim = mastered
      ? `Mastered (best streak ${r.best}).`
      : `${MASTERY} in a row masters this skill.`;
    streak.textContent = `${now}. ${aim} ${plural(r.right, "problem", "problems")} right at the first try, of ${r.tried}.`;
    streak.dataset.streak = String(r.streak);
  }

  function drawProblem() {
    const r = record();
    problem = practiceProblem(skill, r.series, r.n);
    // Which problem is on screen, for a notebook (practice.problem) and for the tests.
    root.dataset.series = String(r.series);
    root.dataset.n = String(r.n);
    question.textContent = `${problem.question}?`;
    given.replaceChildren(
      ...problem.given.flatMap(([label, text]) => [h("dt", { text: label }), h("dd", { text })]),
    );
    steps.replaceChildren(...problem.steps.map((line) => h("li", { text: line })));
    const precision =
      problem.decimals === 0
        ? "A whole number."
        : `A number to ${problem.decimals} decimals or more, such as 0.125, 1/8 or 12.5%.`;
    note.textContent = `${precision} Checked in your browser. Seeing the worked solution before a right answer restarts the streak.`;
    where.textContent = `Problem ${r.n + 1} of series ${r.series}${keeps ? "; your progress stays in this browser" : "; this browser keeps no progress"}. In a notebook: practice.problem("${skill.key}", ${r.series}, ${r.n}).`;
    input.value = "";
    clear();
    // Back on a page whose problem was answered right: say so, rather than ask it again.
    if (r.solved)
      say("✓ ", "You answered this problem right. Press New problem for another.", true, "right");
    setSteps(false);
    drawStreak();
  }

  function setSteps(open) {
    steps.hidden = !open;
    show.setAttribute("aria-expanded", String(open));
    show.textContent = open ? "Hide the worked solution" : "Show the worked solution";
  }

  function clear() {
    result.textContent = "";
    delete result.dataset.correct;
    delete result.dataset.outcome;
  }

  function say(mark, message, correct, outcome) {
    result.replaceChildren(
      h("span", { class: "ndcg-pb__mark", "aria-hidden": "true", text: mark }),
      message,
    );
    result.dataset.correct = String(correct);
    result.dataset.outcome = outcome;
  }

  function give() {
    const box = {
      kind: "number",
      choices: [],
      expected: problem.answer,
      decimals: problem.decimals,
      exact: problem.exact,
      hint: problem.hint,
      traps: problem.traps,
    };
    const { correct, outcome, message } = verdict(box, input.value);
    if (outcome === "unread" || outcome === "close")
      return say(outcome === "close" ? "≈ " : "", message, false, outcome);
    let extra = "";
    change((r) => {
      extra = tally(r, correct, skill);
    });
    say(
      correct ? "✓ " : "✗ ",
      `${message}${extra}${correct ? " Press New problem for another." : ""}`,
      correct,
      outcome,
    );
    drawStreak();
  }

  check.addEventListener("click", give);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      give();
    }
  });
  input.addEventListener("input", clear);
  fresh.addEventListener("click", () => {
    change((r) => Object.assign(r, { n: r.n + 1, solved: false, tainted: false }));
    drawProblem();
    input.focus();
  });
  show.addEventListener("click", () => {
    const open = steps.hidden;
    if (open) {
      change((r) => {
        if (!r.solved) Object.assign(r, { tainted: true, streak: 0 });
      });
      drawStreak();
    }
    setSteps(open);
  });
  drawProblem();
  return () => root.remove();
}

export default { render };
