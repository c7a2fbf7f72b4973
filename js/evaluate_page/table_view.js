// The per-query table: one row per query, one column per printed measure, sorted by the
// buttons in its headers, filtered by query id, shown a page of rows at a time so that
// 5,000 queries cost no more than 50 to draw.

import { h } from "../dom.js";
import { compareCodePoints } from "../trec/options.js";
import { printedValue } from "../trec/report.js";
import { numericColumns, recordOf } from "./measures.js";

/** Rows drawn at once. */
const PAGE = 50;

/** Compare query ids as the report orders them: as text, code point by code point (strcmp). */
const byId = compareCodePoints;

/** A per-query value as a cell shows it: as the report prints it (ties to even, -nan). */
export function cellText(value, column) {
  return printedValue(value, column).trim();
}

/** The table of `result` (one run); `registry` links each measure to its chapter. */
export function tableView(result, registry) {
  const { table } = result;
  const columns = numericColumns(table);
  const textColumns = table.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column, index }) => column.perQuery && !columns.some((c) => c.index === index));
  const shown = [...columns, ...textColumns];
  const order = table.queries.map((_, i) => i);
  let sort = { by: -1, up: true };
  let filter = "";
  let page = 0;
  let rows = order;

  const search = h("input", {
    type: "search",
    id: "per-query-filter",
    "aria-describedby": "per-query-count",
  });
  const count = h("span", { id: "per-query-count", role: "status" });
  const previous = h("button", { type: "button", class: "ev-button", text: "Previous rows" });
  const next = h("button", { type: "button", class: "ev-button", text: "Next rows" });
  const body = h("tbody");
  const headButtons = [];
  const headCells = [];
  const idButton = h("button", { type: "button", class: "ev-sort", text: "query" });
  const idCell = h("th", { scope: "col", "aria-sort": "none" }, [idButton]);
  idButton.addEventListener("click", () => sortBy(-1));
  shown.forEach(({ column }, at) => {
    // The header is the sort button (one stop per column); the measure's chapter is linked
    // in the report's list of where each measure is taught.
    const record = recordOf(registry, column);
    const button = h("button", {
      type: "button",
      class: "ev-sort",
      "aria-label": `sort by ${column.name}`,
      text: column.name,
    });
    if (record) button.title = `${record.label}: sort by it`;
    button.addEventListener("click", () => sortBy(at));
    headButtons.push(button);
    headCells.push(h("th", { scope: "col", "aria-sort": "none" }, [button]));
  });
  const tableNode = h("table", { id: "per-query", class: "ev-table" }, [
    h("caption", {
      text: "Each query's values: a header sorts by its column, the worst first; again, the best first",
    }),
    h("thead", {}, [h("tr", {}, [idCell, ...headCells])]),
    body,
  ]);

  function sortBy(at) {
    sort = sort.by === at ? { by: at, up: !sort.up } : { by: at, up: true };
    page = 0;
    update();
  }

  function update() {
    const needle = filter.trim();
    rows = order.filter((i) => needle === "" || table.queries[i].includes(needle));
    const sign = sort.up ? 1 : -1;
    if (sort.by === -1) rows.sort((a, b) => sign * byId(table.queries[a], table.queries[b]));
    else {
      const values = table.values[shown[sort.by].index];
      // NaN (trec_eval's -nan) sorts last either way, so it never hides the extremes.
      rows.sort((a, b) => {
        const x = values[a];
        const y = values[b];
        const nx = Number.isNaN(x);
        const ny = Number.isNaN(y);
        if (nx || ny) return nx - ny;
        return sign * (x < y ? -1 : x > y ? 1 : 0) || byId(table.queries[a], table.queries[b]);
      });
    }
    const pages = Math.max(1, Math.ceil(rows.length / PAGE));
    page = Math.min(page, pages - 1);
    const slice = rows.slice(page * PAGE, page * PAGE + PAGE);
    body.replaceChildren(
      ...slice.map((i) =>
        h("tr", {}, [
          h("th", { scope: "row", text: table.queries[i] }),
          ...shown.map(({ column, index }) =>
            h("td", { text: cellText(table.values[index][i], column) }),
          ),
        ]),
      ),
    );
    idCell.setAttribute(
      "aria-sort",
      sort.by === -1 ? (sort.up ? "ascending" : "descending") : "none",
    );
    headCells.forEach((cell, at) => {
      cell.setAttribute(
        "aria-sort",
        sort.by === at ? (sort.up ? "ascending" : "descending") : "none",
      );
    });
    const first = rows.length ? page * PAGE + 1 : 0;
    count.textContent = `${rows.length} of ${order.length} queries; rows ${first}-${page * PAGE + slice.length} shown`;
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
  }

  search.addEventListener("input", () => {
    filter = search.value;
    page = 0;
    update();
  });
  previous.addEventListener("click", () => {
    page -= 1;
    update();
  });
  next.addEventListener("click", () => {
    page += 1;
    update();
  });
  update();
  const scroller = h(
    "div",
    { class: "ev-scroll", tabindex: "0", role: "region", "aria-label": "per-query table" },
    [tableNode],
  );
  // Say that the table scrolls sideways when it does (a narrow screen hides its right part).
  const cue = h("p", {
    class: "ev-help ev-scroll-cue",
    hidden: "",
    text: "The table is wider than the page: scroll it sideways for more measures (the query column stays).",
  });
  const wide = () => {
    cue.hidden = scroller.scrollWidth <= scroller.clientWidth + 1;
  };
  new ResizeObserver(wide).observe(scroller);
  return h("div", { class: "ev-table-box" }, [
    h("div", { class: "ev-actions" }, [
      h("label", { for: "per-query-filter", text: "Queries whose id contains" }),
      search,
      count,
    ]),
    cue,
    scroller,
    h("div", { class: "ev-actions" }, [previous, next]),
  ]);
}
