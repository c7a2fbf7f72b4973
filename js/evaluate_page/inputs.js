// The three inputs (qrels, run 1, run 2): each a drop zone with a button that picks a file,
// and a text area to paste into. Picking or dropping a file empties the text area, and typing
// or pasting removes the file, so what the zone shows is what is read; the page hands the
// worker the File itself, which it streams (nothing is read on this thread).

import { h } from "../dom.js";

/**
 * The inputs: their keys (as in the ids), headings, what they hold, and the file name pasted
 * text is read under (one word, so that the command line the page prints can name it).
 */
export const INPUTS = [
  {
    key: "qrels",
    file: "qrels-file",
    text: "qrels-text",
    error: "error-qrels",
    title: "Qrels (judgments)",
    what: "qrels",
    pasted: "pasted_qrels.txt",
    hint: "query_id iter doc_id grade",
  },
  {
    key: "run-1",
    file: "run-file-1",
    text: "run-text-1",
    error: "error-run-1",
    title: "Run",
    what: "run",
    pasted: "pasted_run1.txt",
    hint: "query_id Q0 doc_id rank score run_id",
  },
  {
    key: "run-2",
    file: "run-file-2",
    text: "run-text-2",
    error: "error-run-2",
    title: "Second run (optional, to compare)",
    what: "second run",
    pasted: "pasted_run2.txt",
    hint: "query_id Q0 doc_id rank score run_id",
  },
];

/** A qrels line has 4 fields and a run line 6: the count the command line found, by kind. */
const SWAPPED = {
  qrels: [/: a qrels line needs 4 fields \(.*\), found (6|7|8|9)$/, "a run"],
  run: [/: a run line needs 6 fields \(.*\), found 4$/, "a qrels file"],
};

/**
 * What the page adds to the command line's message when a file looks like the other kind
 * (a qrels file given as the run, or a run as the qrels): "" when it does not.
 */
export function swapHint(key, message) {
  const [pattern, other] = SWAPPED[key === "qrels" ? "qrels" : "run"];
  if (!pattern.test(message)) return "";
  const shape =
    other === "a run" ? "query_id Q0 doc_id rank score run_id" : "query_id iter doc_id grade";
  return `This looks like ${other} (${shape}): are the qrels and the run swapped?`;
}

/**
 * The words that say which pasted texts to save as which files for the command line the
 * page prints (`inputs`: the {name, text} values read, with their INPUTS key): "" if none.
 */
export function pastedWords(inputs) {
  const saved = inputs.filter(({ input }) => input.text !== undefined);
  if (saved.length === 0) return "";
  const each = saved.map(
    ({ key, input }) =>
      `the pasted ${INPUTS.find((spec) => spec.key === key).what} as ${input.name}`,
  );
  const list =
    each.length > 1 ? `${each.slice(0, -1).join(", ")} and ${each[each.length - 1]}` : each[0];
  return ` To run it, save ${list}.`;
}

const KB = 1024;
const MB = 1048576;

/** Bytes in words, for the name of a picked file. */
function size(bytes) {
  if (bytes < KB) return `${bytes} bytes`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** One input's zone; returns `{ node, value(), set(file), clear(), showError(text) }`. */
function zone(spec, onChange) {
  let file = null;
  const picker = h("input", {
    type: "file",
    id: spec.file,
    class: "ev-file",
    "aria-label": `${spec.title}: file`,
  });
  const choose = h("button", { type: "button", class: "ev-button", text: "Choose a file" });
  const picked = h("span", { class: "ev-picked", "aria-live": "polite" });
  const remove = h("button", {
    type: "button",
    class: "ev-button ev-quiet",
    text: "Remove file",
    hidden: "",
  });
  const area = h("textarea", {
    id: spec.text,
    rows: "4",
    spellcheck: "false",
    autocomplete: "off",
    placeholder: spec.hint,
  });
  const error = h("p", { id: spec.error, class: "ev-error", hidden: "" });
  const hint = h("p", { id: `${spec.error}-hint`, class: "ev-help", hidden: "" });
  const said = h("p", { class: "ev-help", role: "status" });
  const drop = h("div", { class: "ev-drop" }, [
    h("p", { class: "ev-drop-words", text: "Drop a file here (plain or gzip), or " }),
    choose,
    picked,
    remove,
    picker,
  ]);
  const node = h("section", { class: "ev-input", "aria-labelledby": `${spec.key}-title` }, [
    h("h3", { id: `${spec.key}-title`, text: spec.title }),
    drop,
    h("label", { for: spec.text, text: "or paste it here:" }),
    area,
    said,
    error,
    hint,
  ]);

  function set(next) {
    file = next;
    const cleared = file !== null && area.value !== "";
    if (file) area.value = "";
    picked.textContent = file ? `${file.name} (${size(file.size)})` : "";
    said.textContent = cleared ? "The pasted text was cleared: the file is read." : "";
    remove.hidden = file === null;
    showError("");
    onChange();
  }
  /** Show the command line's message (and the page's hint on it, if any); "" clears them. */
  function showError(text) {
    error.textContent = text;
    error.hidden = text === "";
    hint.textContent = text ? swapHint(spec.key, text) : "";
    hint.hidden = hint.textContent === "";
    area.toggleAttribute("aria-invalid", text !== "");
    if (text)
      area.setAttribute(
        "aria-describedby",
        hint.hidden ? spec.error : `${spec.error} ${spec.error}-hint`,
      );
    else area.removeAttribute("aria-describedby");
  }

  choose.addEventListener("click", () => picker.click());
  picker.addEventListener("change", () => set(picker.files[0] ?? null));
  remove.addEventListener("click", () => {
    picker.value = "";
    set(null);
  });
  area.addEventListener("input", () => {
    if (file && area.value !== "") {
      picker.value = "";
      set(null);
      picked.textContent = "";
      said.textContent = "The file was removed: the pasted text is read.";
    } else showError("");
  });
  for (const name of ["dragenter", "dragover"]) {
    drop.addEventListener(name, (event) => {
      event.preventDefault();
      drop.classList.add("ev-over");
    });
  }
  drop.addEventListener("dragleave", () => drop.classList.remove("ev-over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("ev-over");
    const dropped = event.dataTransfer?.files?.[0];
    if (dropped) set(dropped);
  });

  return {
    node,
    set,
    showError,
    clearText() {
      area.value = "";
    },
    /** Where the keyboard goes to mend this input after an error. */
    focusTarget() {
      return file ? choose : area;
    },
    /** What the worker reads: the file, else the pasted text, else null. */
    value() {
      if (file) return { file, name: file.name };
      if (area.value !== "") return { text: area.value, name: spec.pasted };
      return null;
    },
  };
}

/** Every input's zone, in a grid; `zones[key]` for each key of INPUTS. */
export function inputZones(onChange) {
  const zones = {};
  for (const spec of INPUTS) zones[spec.key] = zone(spec, onChange);
  const node = h(
    "div",
    { class: "ev-inputs" },
    INPUTS.map((spec) => zones[spec.key].node),
  );
  return { node, zones };
}
