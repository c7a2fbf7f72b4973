// The command line's options, as a form: measures by trec_eval name (`-m`), -q, -c, -J, -l
// and the gain mapping. Values go to the engine as typed, so a mistake gets the command
// line's own usage message.

import { h } from "../dom.js";

function check(id, flag, words) {
  const box = h("input", { type: "checkbox", id });
  return { box, node: h("div", { class: "ev-check" }, [box, h("label", { for: id }, [h("code", { text: flag }), ` ${words}`])]) };
}

function text(id, flag, words, value, describe) {
  const input = h("input", { type: "text", id, value, spellcheck: "false", autocomplete: "off", "aria-describedby": describe });
  return { input, node: h("div", { class: "ev-field" }, [h("label", { for: id }, [h("code", { text: flag }), ` ${words}`]), input]) };
}

/** The options form; `options()` gives the engine's `{ q, c, J, l, m, k, gain }`. */
export function optionsView() {
  const measures = text("opt-measures", "-m", "measures, separated by spaces (empty: trec_eval's official set)", "", "opt-measures-help");
  const q = check("opt-q", "-q", "also print every query");
  const c = check("opt-c", "-c", "score queries of the qrels missing from the run too");
  const J = check("opt-J", "-J", "score judged documents only");
  const l = text("opt-l", "-l", "lowest grade counted as relevant", "1");
  const gain = text("opt-gain", "--gain", "gain: linear, exponential or per-level gains like 1=3,2=9", "linear");
  const error = h("p", { id: "error-options", class: "ev-error", hidden: "" });
  const node = h("fieldset", { class: "ev-options" }, [
    h("legend", { text: "Options, as python -m ndcg takes them" }),
    measures.node,
    h("p", { id: "opt-measures-help", class: "ev-help", text: "For example ndcg_cut.5,10 P.10 map recip_rank err rbp, or all_trec for every measure." }),
    h("div", { class: "ev-checks" }, [q.node, c.node, J.node]),
    l.node,
    gain.node,
    error,
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
    /** The command line these options stand for, for the status line. */
    /** The command line's words for these options, each option with its value as one part. */
    parts(qrels, run) {
      const o = this.options();
      const parts = ["python -m ndcg", qrels, run];
      for (const flag of ["q", "c", "J"]) if (o[flag]) parts.push(`-${flag}`);
      if (o.l !== "1") parts.push(`-l ${o.l}`);
      for (const m of o.m) parts.push(`-m ${m}`);
      if (o.gain !== "linear") parts.push(`--gain ${o.gain}`);
      return parts;
    },
    setMeasures(value) {
      measures.input.value = value;
    },
    showError(message) {
      error.textContent = message;
      error.hidden = message === "";
    },
  };
}
