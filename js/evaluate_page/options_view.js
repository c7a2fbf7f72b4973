// The command line's options, as a form: measures by trec_eval name (`-m`), -q, -c, -J, -l
// and the gain mapping. Values go to the engine as typed, so a mistake gets the command
// line's own usage message, shown under the field it is about.

import { h } from "../dom.js";

/**
 * What -m holds until the reader changes it: NDCG at two cutoffs beside trec_eval's official
 * set, so the first report has the book's measure (the official set alone has no NDCG).
 */
export const DEFAULT_MEASURES = "official ndcg_cut.5,10";

/** A word as a POSIX shell reads it: as it is when plain, else in single quotes. */
export function shellWord(word) {
  return /^[A-Za-z0-9_.,:+@%/=-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function check(id, flag, words) {
  const box = h("input", { type: "checkbox", id });
  return {
    box,
    node: h("div", { class: "ev-check" }, [
      box,
      h("label", { for: id }, [h("code", { text: flag }), ` ${words}`]),
    ]),
  };
}

/** A text field; `help` (text or null) goes under it, named by its aria-describedby. */
function text(id, flag, words, value, help) {
  const attributes = { type: "text", id, value, spellcheck: "false", autocomplete: "off" };
  if (help) attributes["aria-describedby"] = `${id}-help`;
  const input = h("input", attributes);
  const slot = h("div", { class: "ev-error-slot" });
  const parts = [h("label", { for: id }, [h("code", { text: flag }), ` ${words}`]), input];
  if (help) parts.push(h("p", { id: `${id}-help`, class: "ev-help", text: help }));
  parts.push(slot);
  return {
    input,
    slot,
    help: help ? `${id}-help` : null,
    node: h("div", { class: "ev-field" }, parts),
  };
}

/** The options form; `options()` gives the engine's `{ q, c, J, l, m, k, gain }`. */
export function optionsView() {
  const measures = text(
    "opt-measures",
    "-m",
    "measures, separated by spaces",
    DEFAULT_MEASURES,
    "For example ndcg_cut.5,10 P.10 map recip_rank rbp; official is trec_eval's official set (it has no NDCG), " +
      "all_trec every measure. Left empty, the report has the official set alone.",
  );
  const q = check("opt-q", "-q", "also print every query");
  const c = check("opt-c", "-c", "score queries of the qrels missing from the run too");
  const J = check("opt-J", "-J", "score judged documents only");
  const l = text("opt-l", "-l", "lowest grade counted as relevant", "1", null);
  const gain = text(
    "opt-gain",
    "--gain",
    "gain: linear, exponential or per-level gains like 1=3,2=9",
    "linear",
    null,
  );
  const fields = { measures, l, gain };
  // One error element (#error-options: the message text only), moved under the field the
  // message is about.
  const error = h("p", { id: "error-options", class: "ev-error", hidden: "" });
  measures.slot.append(error);
  let shownOn = null;
  const node = h("fieldset", { class: "ev-options" }, [
    h("legend", { text: "Options, as python -m ndcg takes them" }),
    measures.node,
    h("div", { class: "ev-checks" }, [q.node, c.node, J.node]),
    l.node,
    gain.node,
  ]);
  return {
    node,
    options() {
      return {
        q: q.box.checked,
        c: c.box.checked,
        J: J.box.checked,
        l: l.input.value,
        m: measures.input.value.split(/\s+/).filter((spec) => spec !== ""),
        k: [],
        gain: gain.input.value,
      };
    },
    /** The command line's words for these options, each option with its value as one part. */
    parts(qrels, run) {
      const o = this.options();
      const parts = ["python -m ndcg", shellWord(qrels), shellWord(run)];
      for (const flag of ["q", "c", "J"]) if (o[flag]) parts.push(`-${flag}`);
      if (o.l !== "1") parts.push(`-l ${shellWord(o.l)}`);
      for (const m of o.m) parts.push(`-m ${shellWord(m)}`);
      if (o.gain !== "linear") parts.push(`--gain ${shellWord(o.gain)}`);
      return parts;
    },
    setMeasures(value) {
      measures.input.value = value;
    },
    /** Show `message` under `field` ("measures", "l" or "gain"); "" clears it. */
    showError(message, field = "measures") {
      if (shownOn) {
        shownOn.input.removeAttribute("aria-invalid");
        if (shownOn.help) shownOn.input.setAttribute("aria-describedby", shownOn.help);
        else shownOn.input.removeAttribute("aria-describedby");
        shownOn = null;
      }
      error.textContent = message;
      error.hidden = message === "";
      if (message === "") return;
      shownOn = fields[field] ?? measures;
      shownOn.slot.replaceChildren(error);
      shownOn.input.setAttribute("aria-invalid", "true");
      shownOn.input.setAttribute(
        "aria-describedby",
        [shownOn.help, "error-options"].filter(Boolean).join(" "),
      );
    },
    /** The field an error is shown under, to give it the focus. */
    errorField() {
      return shownOn?.input ?? null;
    },
  };
}
