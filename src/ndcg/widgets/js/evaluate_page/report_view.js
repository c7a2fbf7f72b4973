// One run's trec_eval report: the text exactly as `python -m ndcg` prints it, with buttons
// to copy and download it, the CLI's notes, and each measure linked to its chapter.

import { h } from "../dom.js";
import { measureLink } from "./measures.js";

/** Offer `text` as a download named `name` (a Blob URL: nothing leaves the page). */
function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copy `text`, falling back to a selection where the clipboard API is not allowed (file://). */
async function copy(text, pre) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return document.execCommand("copy");
  }
}

/** The report of run `n` (1 or 2) named `runName`, from the engine's `{ text, notes, table }`. */
export function reportView(n, runName, result, registry) {
  const pre = h("pre", { id: `report-${n}`, class: "ev-report", tabindex: "0", "aria-label": `trec_eval report of ${runName}` });
  pre.textContent = result.text;
  const said = h("span", { class: "ev-said", role: "status" });
  const copyButton = h("button", { type: "button", class: "ev-button", id: `copy-report-${n}`, text: "Copy report" });
  const saveButton = h("button", { type: "button", class: "ev-button", id: `download-report-${n}`, text: "Download report" });
  copyButton.addEventListener("click", async () => {
    said.textContent = (await copy(result.text, pre)) ? "Copied." : "Select the report and copy it.";
  });
  saveButton.addEventListener("click", () => download(result.text, `${runName.replace(/[^\w.-]+/g, "_")}.eval.txt`));
  const seen = new Set();
  const links = [];
  for (const column of result.table.columns) {
    if (seen.has(column.name)) continue;
    seen.add(column.name);
    if (column.name === "runid" || column.name === "num_q") continue;
    links.push(h("li", {}, [measureLink(registry, column, h)]));
  }
  const notes = result.notes.map((note) => h("li", { text: note }));
  return h("section", { class: "ev-report-box", "aria-labelledby": `report-${n}-title` }, [
    h("h3", { id: `report-${n}-title`, text: `Report: ${runName}` }),
    h("div", { class: "ev-actions" }, [copyButton, saveButton, said]),
    pre,
    ...(notes.length ? [h("p", { text: "Notes (as the command line prints them):" }), h("ul", { class: "ev-notes" }, notes)] : []),
    h("p", { class: "ev-legend", text: "Where each measure is taught:" }),
    h("ul", { class: "ev-links" }, links),
  ]);
}
