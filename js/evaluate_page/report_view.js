// One run's trec_eval report: the text exactly as `python -m ndcg` prints it, with buttons
// to copy and download it, the CLI's notes, and each measure linked to its chapter.

import { h } from "../dom.js";
import { measureLink } from "./measures.js";
import { renderReport } from "./report_text.js";

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

/**
 * The page's words on the qrels' queries that the run has no line for (`missing`: `{ count,
 * first }`, the worker's): without -c the command line leaves them out of the mean and says
 * nothing (trec_eval stops instead), so the page says it; with -c they are counted.
 */
export function missingWords(missing, runName, complete) {
  if (!missing || missing.count === 0) return null;
  const some = missing.first.join(", ") + (missing.count > missing.first.length ? ", ..." : "");
  const queries =
    missing.count === 1 ? "1 query of the qrels has" : `${missing.count} queries of the qrels have`;
  return complete
    ? `${queries} no results in ${runName} (${some}); -c counts ${missing.count === 1 ? "it" : "them"} in this mean, most measures as 0.`
    : `${queries} no results in ${runName} and ${missing.count === 1 ? "is" : "are"} not in this mean (${some}). Tick -c to count ${missing.count === 1 ? "it" : "them"} as 0.`;
}

/**
 * The report of run `n` (1 or 2) named `runName`, from the engine's `{ text, notes, table }`
 * and the worker's `missing`; `complete` is whether -c was ticked; `taught`: whether to list
 * where each measure is taught (once for two runs: they have the same measures).
 */
export function reportView(n, runName, result, registry, complete = false, taught = true) {
  const pre = h("pre", {
    id: `report-${n}`,
    class: "ev-report",
    tabindex: "0",
    "aria-label": `trec_eval report of ${runName}`,
  });
  renderReport(pre, result.text);
  const said = h("span", { class: "ev-said", role: "status" });
  const copyButton = h("button", {
    type: "button",
    class: "ev-button",
    id: `copy-report-${n}`,
    text: "Copy report",
  });
  const saveButton = h("button", {
    type: "button",
    class: "ev-button",
    id: `download-report-${n}`,
    text: "Download report",
  });
  copyButton.addEventListener("click", async () => {
    said.textContent = (await copy(result.text, pre))
      ? "Copied."
      : "Select the report and copy it.";
  });
  saveButton.addEventListener("click", () =>
    download(result.text, `${runName.replace(/[^\w.-]+/g, "_")}.eval.txt`),
  );
  const seen = new Set();
  const links = [];
  for (const column of result.table.columns) {
    if (seen.has(column.name)) continue;
    seen.add(column.name);
    if (column.name === "runid" || column.name === "num_q") continue;
    links.push(h("li", {}, [measureLink(registry, column, h)]));
  }
  const notes = result.notes.map((note) => h("li", { text: note }));
  const missing = missingWords(result.missing, runName, complete);
  return h("section", { class: "ev-report-box", "aria-labelledby": `report-${n}-title` }, [
    h("h3", { id: `report-${n}-title`, text: `Report: ${runName}` }),
    h("div", { class: "ev-actions" }, [copyButton, saveButton, said]),
    pre,
    ...(missing ? [h("p", { id: `missing-${n}`, class: "ev-missing", text: missing })] : []),
    ...(notes.length
      ? [
          h("p", { text: "Notes (as the command line prints them):" }),
          h("ul", { class: "ev-notes" }, notes),
        ]
      : []),
    // Folded: with all_trec the list has ~100 links, which a keyboard would otherwise cross.
    ...(taught
      ? [
          h("details", { class: "ev-taught" }, [
            h("summary", { text: `Where each measure is taught (${links.length})` }),
            h("ul", { class: "ev-links" }, links),
          ]),
        ]
      : []),
  ]);
}
