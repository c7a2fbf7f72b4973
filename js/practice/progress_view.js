// The view of ndcg.widgets.ProgressView (shipped in practice.js's module): what this browser has kept of the reader's work
// (js/practice/store.js), chapter by chapter: the exercises answered right and each practice
// skill's streak, and a button that forgets it all. The chapters, their exercises and skills
// come from the model (ndcg.teaching.practice.progress_view); nothing is sent anywhere.

import { h, uniqueId } from "../dom.js";
import { MASTERY, clearProgress, loadProgress, storageWorks } from "./store.js";

let views = 0;

function skillText(title, record) {
  if (!record || record.tried === 0) return `${title}: not tried yet`;
  const state = record.best >= MASTERY ? "mastered" : `best streak ${record.best} of ${MASTERY}`;
  return `${title}: ${state}; ${record.right} right at the first try, of ${record.tried}`;
}

/** Draw the progress table into `el`; returns the view's clean-up. */
export function renderProgress({ model, el }) {
  views += 1;
  const uid = uniqueId("ndcg-pv", views);
  const chapters = model.get("chapters");
  const table = h("table", { class: "ndcg-pv__table", "data-testid": "progress" });
  const summary = h("p", { class: "ndcg-pv__summary", "data-testid": "summary" });
  const status = h("p", {
    class: "ndcg-pv__status",
    role: "status",
    "aria-live": "polite",
    "data-testid": "status",
  });
  const clear = h("button", {
    type: "button",
    "data-testid": "clear",
    "aria-describedby": `${uid}-why`,
    text: "Clear my progress",
  });
  const why = h("p", {
    class: "ndcg-pv__note",
    id: `${uid}-why`,
    text: "Clearing forgets every exercise and streak kept in this browser, for every chapter; it cannot be undone.",
  });
  const root = h(
    "div",
    { class: "ndcg-widget ndcg-pv", role: "region", "aria-label": "Your progress" },
    [summary, table, h("div", { class: "ndcg-pv__row" }, [clear]), why, status],
  );
  el.append(root);

  function draw() {
    const kept = loadProgress();
    let done = 0;
    let total = 0;
    let mastered = 0;
    const head = h("tr", {}, [
      h("th", { scope: "col", text: "Chapter" }),
      h("th", { scope: "col", text: "Exercises right" }),
      h("th", { scope: "col", text: "Practice" }),
    ]);
    const rows = chapters.map((ch) => {
      const right = ch.exercises.filter((key) => kept.exercises[key]).length;
      done += right;
      total += ch.exercises.length;
      const skills = ch.skills.map((s) => {
        const record = kept.practice[s.key];
        if (record && record.best >= MASTERY) mastered += 1;
        return h("li", { "data-skill": s.key, text: skillText(s.title, record) });
      });
      return h("tr", { "data-chapter": String(ch.number) }, [
        h("th", { scope: "row" }, [h("a", { href: ch.href, text: `${ch.number}. ${ch.title}` })]),
        // Whole words: on a phone the rows are blocks, without the column heads.
        h("td", { text: `${right} of ${ch.exercises.length} exercises right` }),
        h("td", {}, skills.length ? [h("ul", {}, skills)] : ["no practice box"]),
      ]);
    });
    table.replaceChildren(
      h("caption", { text: "Exercises and practice, chapter by chapter" }),
      h("thead", {}, [head]),
      h("tbody", {}, rows),
    );
    const skillCount = chapters.reduce((n, ch) => n + ch.skills.length, 0);
    summary.textContent = storageWorks()
      ? `Exercises right: ${done} of ${total}. Practice skills mastered: ${mastered} of ${skillCount}. Kept in this browser only; nothing is sent anywhere.`
      : "This browser keeps nothing for this page (its storage is turned off), so there is no progress to show.";
  }

  clear.addEventListener("click", () => {
    clearProgress();
    draw();
    status.textContent = "Your progress is cleared.";
  });
  draw();
  return () => root.remove();
}
