// The ranking widget's readouts: each measure's name (with its cutoff) and figure, the change
// the last action made, and the sentence a screen reader hears after each action.

import { GAINS, extremeOrder, figures, near } from "./arith.js";
import { h, setText } from "./dom.js";
import { fixed, signed } from "./format.js";
import { READOUTS, nameOf, settingChangeSizers, settingChangeText, statusText } from "./words.js";
import { unretrievedAt } from "./ranking_list.js";

const READOUT_KEYS = Object.keys(READOUTS);
const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A text whose box never resizes as the text changes: the shown text and hidden copies of
 * the longest texts it can take share one grid cell, so the box is as large as the largest.
 */
export function stack(attrs) {
  const shown = h("span", { class: "ndcg-rw__stack-shown" });
  const sizers = h("span", { class: "ndcg-rw__stack-sizers", "aria-hidden": "true" });
  const box = h("span", { ...attrs, class: `ndcg-rw__stack ${attrs.class ?? ""}` }, [
    shown,
    sizers,
  ]);
  // `sizing`: texts, or { text, rare } for a text only a wide screen keeps room for.
  box.show = (text, sizing) => {
    setText(shown, text);
    const key = JSON.stringify(sizing);
    if (sizers.ndcgKey !== key) {
      sizers.ndcgKey = key;
      sizers.replaceChildren(
        ...sizing.map((t) =>
          typeof t === "string"
            ? h("span", { text: t })
            : h("span", { text: t.text, class: t.rare ? "ndcg-rw__sizer--rare" : "" }),
        ),
      );
    }
  };
  return box;
}

/** The readouts box: a name and a value per readout, and the change the last action made. */
export function buildReadouts(_view, readouts) {
  const readout = {};
  const readoutsBox = h("div", { class: "ndcg-widget__readouts ndcg-rw__readouts" });
  for (const key of readouts) {
    const name = h("span", { class: "ndcg-rw__name" });
    const value = h("span", { "data-testid": key, class: "ndcg-rw__value" });
    readout[key] = { name, value };
    readoutsBox.append(
      h("div", { class: `ndcg-rw__readout ndcg-rw__readout--${key}`, title: READOUTS[key].words }, [
        name,
        value,
      ]),
    );
  }
  const change = stack({ class: "ndcg-rw__value ndcg-rw__delta", "data-testid": "delta" });
  readoutsBox.append(
    h("div", { class: "ndcg-rw__readout ndcg-rw__readout--delta" }, [
      h("span", { class: "ndcg-rw__name", text: "Last change" }),
      change,
    ]),
  );

  return { readout, readoutsBox, change };
}

/** Upper bounds of every readout (whole list, either gain): they size the change box. */
export function ceilings(view) {
  const grades = view.state.items.map((item) => item.grade);
  const best = extremeOrder(grades, [[0, grades.length]], 1).map((i) => grades[i]);
  // The deepest padding the cutoff selector offers (js/ranking_list.js syncKOptions).
  const deepest = Math.max(
    view.state.items.length + view.state.unretrieved.length,
    10,
    view.get.k() ?? 0,
  );
  const others = unretrievedAt(view, deepest).map((item) => item.grade);
  const out = {};
  const choices = view.get.discounts().length ? view.get.discounts() : [view.get.discount()];
  for (const gain of GAINS) {
    for (const discount of choices) {
      const m = figures(best, {
        ...view.get.family(),
        unretrieved: others,
        k: null,
        gain,
        unjudged: "zero",
        discount,
      });
      for (const key of READOUT_KEYS)
        out[key] = Math.max(
          out[key] ?? 0,
          m[key],
          key === "cg" || key === "dcg" || key === "idcg" ? 0 : 1,
        );
    }
  }
  return out;
}

/** The figures' changes, each named with its cutoff. */
function changeText(view, before, after, moved, k) {
  const name = (key) => nameOf(key, k);
  const parts = view.ui.readouts.map((key) => {
    const d = after[key] - before[key];
    return near(after[key], before[key]) ? `${name(key)} unchanged` : `${name(key)} ${signed(d)}`;
  });
  if (!moved && view.ui.readouts.every((key) => near(after[key], before[key]))) return "no change";
  return parts.join(", ");
}

export function changeSizers(view) {
  // The widest cutoff a list offers (its length plus the unjudged, at least 10) in every name.
  const top = Math.max(view.state.items.length + view.state.unretrieved.length, 10);
  const widest = (k) =>
    view.ui.readouts
      .map((key) => {
        const name = nameOf(key, k);
        const a = `${name} unchanged`;
        const b = `${name} ${signed(-view.ui.ceiling[key])}`;
        return a.length > b.length ? a : b;
      })
      .join(", ");
  return ["none yet", "no change", widest(top), widest(null), ...settingChangeSizers()];
}

/** The readouts now and the change since the last draw; return what it was drawn against. */
export function drawReadouts(view, order, now, [k, gain, unjudged, discount]) {
  // Three decimals on screen, every digit in the title.
  for (const name of view.ui.readouts) {
    setText(view.ui.readout[name].name, nameOf(name, k));
    setText(view.ui.readout[name].value, fixed(now[name]));
    view.ui.readout[name].value.title = String(now[name]);
  }
  const settings = JSON.stringify([k, gain, unjudged, discount]);
  const before = view.state.shown;
  const moved = before !== null && !sameList(order, before.order);
  const changed = before !== null && (moved || settings !== before.settings);
  if (moved)
    view.ui.change.show(changeText(view, before.figures, now, moved, k), changeSizers(view));
  else if (changed)
    view.ui.change.show(settingChangeText(before.settings, settings), changeSizers(view));
  else if (before === null) view.ui.change.show("none yet", changeSizers(view));
  return { before, changed, settings };
}

/** Say what an action did: its words, each readout's change, and goals reached or lost. */
export function announce(view, what, before, now, settings, statuses) {
  const k = view.get.k();
  const sentences = [];
  for (const key of view.ui.readouts) {
    const name = nameOf(key, k);
    if (before === null) continue;
    const same = near(now[key], before.figures[key]);
    if (same && READOUTS[key].fixedByOrder && settings === before.settings) continue;
    const d = now[key] - before.figures[key];
    sentences.push(
      same
        ? `${name} is still ${fixed(now[key])}`
        : `${name} is now ${fixed(now[key])}, ${d > 0 ? "up" : "down"} ${signed(d).slice(1)}`,
    );
  }
  const parts = [what];
  if (sentences.length) parts.push(`${sentences.join("; ")}.`);
  statuses.forEach((status, i) => {
    const { goal } = view.ui.goalRows[i];
    const which = view.ui.goalRows.length > 1 ? ` ${i + 1}` : "";
    if (status.bySort) parts.push(`Goal${which}: ${statusText(goal, status, view.ui.tied)}`);
    else if (status.reached && !view.state.reached[i])
      parts.push(`Goal${which} reached. ${statusText(goal, status, view.ui.tied)}`);
    else if (!status.reached && view.state.reached[i]) parts.push(`Goal${which} no longer met.`);
  });
  view.say(parts.join(" "));
}
