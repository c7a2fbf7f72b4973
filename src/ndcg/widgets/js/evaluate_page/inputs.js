// The three inputs (qrels, run 1, run 2): each a drop zone with a button that picks a file,
// and a text area to paste into. Picking or dropping a file empties the text area, and typing
// or pasting removes the file, so what the zone shows is what is read; the page hands the
// worker the File itself, which it streams (nothing is read on this thread).

import { h } from "../dom.js";

/** The inputs: their keys (as in the ids), headings and names for pasted text. */
export const INPUTS = [
  { key: "qrels", file: "qrels-file", text: "qrels-text", error: "error-qrels", title: "Qrels (judgments)", pasted: "pasted qrels", hint: "query_id iter doc_id grade" },
  { key: "run-1", file: "run-file-1", text: "run-text-1", error: "error-run-1", title: "Run", pasted: "pasted run 1", hint: "query_id Q0 doc_id rank score run_id" },
  { key: "run-2", file: "run-file-2", text: "run-text-2", error: "error-run-2", title: "Second run (optional, to compare)", pasted: "pasted run 2", hint: "query_id Q0 doc_id rank score run_id" },
];

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
  const picker = h("input", { type: "file", id: spec.file, class: "ev-file", "aria-label": `${spec.title}: file` });
  const choose = h("button", { type: "button", class: "ev-button", text: "Choose a file" });
  const picked = h("span", { class: "ev-picked", "aria-live": "polite" });
  const remove = h("button", { type: "button", class: "ev-button ev-quiet", text: "Remove file", hidden: "" });
  const area = h("textarea", { id: spec.text, rows: "4", spellcheck: "false", autocomplete: "off", placeholder: spec.hint });
  const error = h("p", { id: spec.error, class: "ev-error", hidden: "" });
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
  function showError(text) {
    error.textContent = text;
    error.hidden = text === "";
    area.toggleAttribute("aria-invalid", text !== "");
    if (text) area.setAttribute("aria-describedby", spec.error);
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
  const node = h("div", { class: "ev-inputs" }, INPUTS.map((spec) => zones[spec.key].node));
  return { node, zones };
}
