// The ranking widget's lists: the ranking's rows (position, grade, what each adds) and every
// judged item in the ideal order; js/ranking_gestures.js moves the rows.

import { byGain, depth, positions } from "./arith.js";
import { h, setAttr, setText } from "./dom.js";
import { fixed, gradeLabel, numberText } from "./format.js";

export function buildRow(view, item) {
  const { label } = item;
  const moveButton = (step, text, words) =>
    h("button", {
      type: "button",
      class: "ndcg-rw__move",
      tabindex: "-1",
      "data-move": String(step),
      "aria-label": `Move ${label} ${words}`,
      text,
    });
  const parts = {
    handle: h("span", { class: "ndcg-rw__handle", "aria-hidden": "true", text: "⠿" }),
    pos: h("span", { class: "ndcg-rw__pos" }),
    label: h("span", { class: "ndcg-rw__label", text: label }),
    score: view.ui.hasScores
      ? h("span", {
          class: "ndcg-rw__score",
          text: `${view.ui.scoreName} ${numberText(view.ui.scores[label])}`,
        })
      : "",
    grade: h("span", { class: "ndcg-rw__grade" }),
    contrib: h("span", { class: "ndcg-rw__dg" }),
    up: moveButton(-1, "▲", "up"),
    down: moveButton(1, "▼", "down"),
    swap: h("button", {
      type: "button",
      class: "ndcg-rw__swap",
      tabindex: "-1",
      "aria-pressed": "false",
      "data-testid": `swap-${label}`,
      text: "⇄",
    }),
  };
  const li = h(
    "li",
    {
      class: "ndcg-rw__item",
      tabindex: "-1",
      "data-testid": `item-${label}`,
      "aria-keyshortcuts": "Alt+ArrowUp Alt+ArrowDown Space",
    },
    [
      parts.handle,
      parts.pos,
      parts.label,
      parts.score,
      parts.grade,
      parts.contrib,
      h("span", { class: "ndcg-rw__actions" }, [parts.up, parts.down, parts.swap]),
    ].filter(Boolean),
  );
  if (view.ui.hasScores && view.ui.groupOf.has(view.ui.scores[label])) {
    const group = view.ui.groupOf.get(view.ui.scores[label]);
    li.dataset.tie = String(group);
    li.classList.add("ndcg-rw__item--tie", `ndcg-rw__item--tie${group % 2}`);
  }
  li.ndcgLabel = label;
  li.ndcg = parts;
  return li;
}

export function gradesFor(view, order) {
  return order.map((label) => view.state.gradeOf.get(label));
}

/**
 * The judged items that were not retrieved, as the ideal at cutoff `k` holds them: the
 * model's, and with `pad` the imagined items of that grade that fill the ideal up to k
 * (RankingWidget._imagined on the Python side).
 */
export function unretrievedAt(view, k) {
  const pad = view.get.pad();
  const given = view.state.unretrieved;
  if (pad === null || k === null || k === undefined) return given;
  const judged = view.state.items.filter((item) => item.grade !== null).length + given.length;
  const imagined = [];
  for (let i = 1; i <= k - judged; i += 1) imagined.push({ label: `imagined ${i}`, grade: pad });
  return given.concat(imagined);
}

/** The judged items, retrieved or not, in idealGrades' order (a stable sort by gain), at cutoff `k`. */
export function judgedByGain(view, gain, k) {
  return byGain(
    view.state.items
      .filter((item) => item.grade !== null)
      .map((item) => ({ ...item, retrieved: true }))
      .concat(unretrievedAt(view, k).map((item) => ({ ...item, retrieved: false }))),
    gain,
    (item) => item.grade,
  );
}

export function drawIdeal(view, k, gain, discount) {
  const key = JSON.stringify([k, gain, discount]);
  if (view.state.ideal && view.state.ideal.key === key) return view.state.ideal;
  const sorted = judgedByGain(view, gain, k);
  const cut = depth(sorted.length, k);
  view.ui.idealList.replaceChildren(
    ...sorted.map((item, i) =>
      h(
        "li",
        {
          class: `ndcg-rw__ideal-item${view.ui.showsIdeal && i === cut && cut < sorted.length ? " ndcg-rw__cut" : ""}${item.retrieved ? "" : " ndcg-rw__ideal-item--unretrieved"}`,
        },
        [
          h("span", { class: "ndcg-rw__pos", text: String(i + 1) }),
          h("span", { class: "ndcg-rw__label", text: item.label }),
          h("span", { class: "ndcg-rw__grade", text: gradeLabel(item.grade) }),
          item.retrieved ? "" : h("span", { class: "ndcg-rw__tag", text: "not retrieved" }),
        ],
      ),
    ),
  );
  view.state.ideal = {
    key,
    rows: positions(
      sorted.map((item) => item.grade),
      { gain, discount },
    ),
  };
  return view.state.ideal;
}

export function drawRows(view, order, grades, rows, kept, cut) {
  const { list } = view.ui;
  const showsDcg = view.ui.showsGain;
  let r = 0;
  for (let i = 0; i < order.length; i += 1) {
    const li = view.state.rows.get(order[i]);
    if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
    const row = kept[r] === order[i] ? rows[r++] : null;
    const counted = row !== null && row.position <= cut;
    setText(li.ndcg.pos, String(i + 1));
    setText(li.ndcg.grade, gradeLabel(grades[i]));
    setText(
      li.ndcg.contrib,
      row === null
        ? "dropped"
        : !counted
          ? "not counted"
          : showsDcg
            ? `+${fixed(row.discounted)}`
            : "",
    );
    li.classList.toggle("ndcg-rw__cut", row !== null && row.position === cut + 1);
    li.classList.toggle("ndcg-rw__item--outside", !counted);
    li.classList.toggle("ndcg-rw__item--unjudged", grades[i] === null);
    li.classList.toggle("ndcg-rw__item--picked", view.state.picked === order[i]);
    const score = view.ui.hasScores
      ? `, ${view.ui.scoreName} ${numberText(view.ui.scores[order[i]])}`
      : "";
    const ties =
      li.dataset.tie === undefined
        ? ""
        : `, tied with ${view.ui.counts.get(view.ui.scores[order[i]]) - 1} other${view.ui.counts.get(view.ui.scores[order[i]]) > 2 ? "s" : ""}`;
    setAttr(
      li,
      "aria-label",
      `${order[i]}, ${gradeLabel(grades[i])}${score}${ties}, position ${i + 1} of ${order.length}${row === null ? ", dropped from the scoring" : ""}${view.state.picked === order[i] ? ", picked for a swap" : ""}`,
    );
    const swap = li.ndcg.swap;
    setAttr(swap, "aria-pressed", String(view.state.picked === order[i]));
    setAttr(
      swap,
      "aria-label",
      view.state.picked === null
        ? `Pick ${order[i]} to swap`
        : view.state.picked === order[i]
          ? `Cancel the swap of ${order[i]}`
          : `Swap ${order[i]} with ${view.state.picked}`,
    );
  }
}

export function syncKOptions(view, k) {
  // A few cutoffs past the end too, to show that k beyond the list counts what is there.
  const top = Math.max(view.state.items.length + view.state.unretrieved.length, 10, k ?? 0);
  if (view.ui.kSelect.options.length !== top + 1) {
    const options = [h("option", { value: "", text: "all" })];
    for (let i = 1; i <= top; i += 1)
      options.push(h("option", { value: String(i), text: String(i) }));
    view.ui.kSelect.replaceChildren(...options);
  }
  view.ui.kSelect.value = k === null ? "" : String(k);
}
