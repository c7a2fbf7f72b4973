// Each printed measure's record (from the library's registry, embedded by the build), so the
// page can name it in words and link it to the chapter that teaches it.

/** The record of a per-query table column (`column.metric` is the library's name). */
export function recordOf(registry, column) {
  return registry.records.find((record) => record.name === column.metric) ?? null;
}

/**
 * The address, from this page (book/), of where a record says its measure is taught: a
 * chapter and its section's anchor (`notebooks/11_the_family#the-binary-metrics` gives
 * `../notebooks/11_the_family.html#the-binary-metrics`), so the link opens the section,
 * not the chapter's top. A chapter without an anchor gives the chapter's address.
 */
export function chapterHref(chapter) {
  const hash = chapter.indexOf("#");
  return hash < 0
    ? `../${chapter}.html`
    : `../${chapter.slice(0, hash)}.html${chapter.slice(hash)}`;
}

/** A link to the chapter that teaches a column's measure, with the column's name as text. */
export function measureLink(registry, column, h) {
  const record = recordOf(registry, column);
  if (record === null || !record.chapter) return h("span", { text: column.name });
  return h("a", {
    href: chapterHref(record.chapter),
    title: `${record.label}: ${record.words}`,
    text: column.name,
  });
}

/**
 * Whether a column holds trec_eval's NDCG, uncut (`ndcg`) or at a cutoff (`ndcg_cut`): the
 * plots and the comparison show one first. (`ndcg_rel` and `Rndcg` cut at R, not at k.)
 */
export function isNdcg(column) {
  return column.trec === "ndcg" || column.trec === "ndcg_cut";
}

/** The columns with one number per query, which the table, plots and comparison use. */
export function numericColumns(table) {
  return table.columns
    .map((column, index) => ({ column, index }))
    .filter(
      ({ column, index }) =>
        column.perQuery && table.values[index].every((v) => typeof v === "number"),
    );
}

/**
 * A column's name as the page's selects and plots show it: trec_eval's name, and for an
 * NDCG without a cutoff (trec_eval's `ndcg`) the words that say so, since every NDCG the
 * book shows names its cutoff.
 */
export function columnLabel(column) {
  return isNdcg(column) && column.k == null
    ? `${column.name} (no cutoff: the whole run)`
    : column.name;
}

/**
 * The column the plots and the comparison show first: the first NDCG at a cutoff (such as
 * ndcg_cut_10), else the first NDCG, else map (trec_eval's official set has no NDCG, and its
 * first columns are counts such as num_ret, whose spread says nothing of quality), else the
 * first column. `columns` are numericColumns'.
 */
export function preferredColumn(columns) {
  return (
    columns.find(({ column }) => isNdcg(column) && column.k != null) ??
    columns.find(({ column }) => isNdcg(column)) ??
    columns.find(({ column }) => column.name === "map") ??
    columns[0]
  );
}
