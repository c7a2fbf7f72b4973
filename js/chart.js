// The ranking widget's chart: one inline SVG, one band per series (an overlay shares its
// band), sharing the position axis, and the same figures as a table for screen readers.

import { depth } from "./arith.js";
import { h, s, setAttr, setText } from "./dom.js";
import { fixed, gradeLabel, gradeText, numberText } from "./format.js";

const BANDS = [
  {
    key: "grade",
    title: "grade",
    height: 80,
    value: (r) => r.grade,
    scale: "grade",
    css: "gain",
    fades: true,
  },
  {
    key: "gain",
    title: "gain",
    height: 96,
    value: (r) => r.gain,
    scale: "gain",
    css: "gain",
    overlay: "discounted_gain",
  },
  {
    key: "discounted_gain",
    title: "discounted gain",
    height: 96,
    value: (r) => r.discounted,
    scale: "gain",
    css: "discounted",
    fades: true,
  },
  {
    key: "discount",
    title: "discount",
    height: 44,
    value: (r) => r.weight,
    scale: "one",
    css: "weight",
  },
  {
    key: "cumulative_cg",
    title: "cumulative CG",
    height: 96,
    value: (r) => r.cumulativeCg,
    scale: "cumulativeCg",
    css: "cum",
    fades: true,
  },
  {
    key: "cumulative_dcg",
    title: "cumulative DCG",
    height: 96,
    value: (r) => r.cumulative,
    scale: "cumulative",
    css: "cum",
    line: "ideal_cumulative_dcg",
    fades: true,
  },
];
const LEGEND = {
  grade: ["gain", "grade"],
  gain: ["gain", "gain"],
  discounted_gain: ["discounted", "discounted gain"],
  discount: ["weight", "discount"],
  cumulative_cg: ["cum", "cumulative CG"],
  cumulative_dcg: ["cum", "cumulative DCG"],
  ideal_cumulative_dcg: ["ideal", "ideal cumulative DCG"],
};
const CHART = { width: 640, left: 100, right: 10, top: 20, gap: 14, axis: 18 };

function chartBands(series) {
  return BANDS.filter(
    (band) =>
      series.includes(band.key) && !(band.key === "discounted_gain" && series.includes("gain")),
  ).map((band) => ({
    ...band,
    overlay: band.overlay && series.includes(band.overlay) ? band.overlay : null,
    line: band.line && series.includes(band.line) ? band.line : null,
  }));
}

export function createChart(uid, series) {
  const bands = chartBands(series);
  let y = CHART.top;
  for (const band of bands) {
    band.top = y;
    y += band.height + CHART.gap;
  }
  const height = y - CHART.gap + CHART.axis;
  const svg = s("svg", {
    class: "ndcg-rw__svg",
    viewBox: `0 0 ${CHART.width} ${height}`,
    role: "img",
    "aria-labelledby": `${uid}-chart-desc`,
  });
  const baselines = [];
  const desc = s("title", { id: `${uid}-chart-desc` });
  svg.append(desc);
  for (const band of bands) {
    const label = s("text", { x: 4, y: band.top + 12, class: "ndcg-rw__axis-label" });
    label.textContent = band.title;
    band.tick = s("text", {
      x: CHART.left - 4,
      y: band.top + 26,
      class: "ndcg-rw__tick",
      "text-anchor": "end",
    });
    const baseline = s("line", {
      x1: CHART.left,
      x2: CHART.width - CHART.right,
      y1: band.top + band.height,
      y2: band.top + band.height,
      class: "ndcg-rw__baseline",
    });
    baselines.push(baseline);
    svg.append(label, band.tick, baseline);
  }
  const bars = s("g");
  const kLine = s("line", { class: "ndcg-rw__kline", y1: CHART.top - 18, y2: y - CHART.gap + 2 });
  const kText = s("text", { class: "ndcg-rw__tick", y: CHART.top - 8, "text-anchor": "start" });
  const ideal = s("polyline", { class: "ndcg-rw__ideal-line" });
  const axis = s("g");
  svg.append(bars, ideal, kLine, kText, axis);
  const axisY = y - CHART.gap + 13;
  return {
    svg,
    desc,
    bands,
    bars,
    ideal,
    kLine,
    kText,
    axis,
    axisY,
    columns: [],
    axisFor: -1,
    width: CHART.width,
    height,
    baselines,
  };
}

/**
 * Fit the chart's drawing to `pixels` of screen width, up to its full width: one unit of
 * the drawing is then at least one CSS pixel, so its 11 px labels stay 11 px on a phone
 * instead of shrinking with the picture (to 6 px at 390 px). True when the width changed.
 */
export function fitChart(chart, pixels) {
  const width = Math.round(Math.min(CHART.width, Math.max(pixels, CHART.left + 160)));
  if (!(width > 0) || width === chart.width) return false;
  chart.width = width;
  chart.svg.setAttribute("viewBox", `0 0 ${width} ${chart.height}`);
  for (const line of chart.baselines) line.setAttribute("x2", width - CHART.right);
  chart.axisFor = -1; // the position labels move with the bars
  return true;
}

/** The weight of one position as a formula: 1/log2(4), 1/3, 0.8^2, ... */
function weightFormula(discount, position) {
  const [kind, param] = Array.isArray(discount) ? discount : [discount, null];
  if (kind === "reciprocal") return `1/${position}`;
  if (kind === "geometric") return `${numberText(param)}^${position - 1}`;
  if (kind === "log") return `1/max(1, log${numberText(param)}(${position}))`;
  return `1/log2(${position + 1})`;
}

function tipText(row, label, bands, outside, discount = "log2") {
  const parts = [`Position ${row.position}: ${label}, ${gradeLabel(row.grade)}`];
  const has = (key) => bands.some((b) => b.key === key || b.overlay === key);
  if (has("gain")) parts.push(`gain ${row.gain}`);
  if (has("discount"))
    parts.push(`discount ${weightFormula(discount, row.position)} = ${row.weight}`);
  if (has("discounted_gain")) parts.push(`discounted gain ${row.discounted}`);
  if (has("cumulative_cg")) parts.push(`cumulative CG ${row.cumulativeCg}`);
  if (has("cumulative_dcg")) parts.push(`cumulative DCG ${row.cumulative}`);
  return parts.join(", ") + (outside ? " (beyond k, not counted)" : "");
}

export function drawChart(chart, rows, labels, idealRows, k, scale, discount = "log2") {
  const n = rows.length;
  const plot = chart.width - CHART.left - CHART.right;
  const band = plot / Math.max(n, 1);
  const bar = Math.max(band * 0.72, 0.5);
  const x = (i) => CHART.left + i * band + (band - bar) / 2;
  const bottom = chart.bands.length
    ? chart.bands[chart.bands.length - 1]
    : { top: CHART.top, height: 0 };

  // Columns are created once per item count and then only moved, which keeps a move cheap.
  while (chart.columns.length < n) {
    const column = {
      hit: s("rect", { class: "ndcg-rw__hit" }),
      tip: s("title"),
      bars: [],
      overlays: [],
    };
    column.hit.append(column.tip);
    for (const b of chart.bands) {
      const main = s("rect", { class: `ndcg-rw__bar--${b.css}` });
      const over = b.overlay ? s("rect", { class: "ndcg-rw__bar--discounted" }) : null;
      column.bars.push(main);
      column.overlays.push(over);
      chart.bars.append(main);
      if (over) chart.bars.append(over);
    }
    chart.bars.append(column.hit);
    chart.columns.push(column);
  }
  while (chart.columns.length > n) {
    const column = chart.columns.pop();
    for (const part of [column.hit, ...column.bars, ...column.overlays]) part?.remove();
  }

  const cut = depth(n, k);
  const heightOf = (value, band) =>
    scale[band.scale] > 0 ? (value / scale[band.scale]) * band.height : 0;
  for (let i = 0; i < n; i += 1) {
    const row = rows[i];
    const column = chart.columns[i];
    const left = x(i);
    const outside = i >= cut;
    chart.bands.forEach((b, j) => {
      const hMain = heightOf(b.value(row) ?? 0, b);
      setRect(column.bars[j], left, b.top + b.height - hMain, bar, hMain);
      column.bars[j].classList.toggle("ndcg-rw__bar--outside", outside && Boolean(b.fades));
      if (column.overlays[j]) {
        const hOver = heightOf(row.discounted, b);
        setRect(column.overlays[j], left + bar * 0.2, b.top + b.height - hOver, bar * 0.6, hOver);
        column.overlays[j].classList.toggle("ndcg-rw__bar--outside", outside);
      }
    });
    setRect(
      column.hit,
      CHART.left + i * band,
      CHART.top,
      band,
      bottom.top + bottom.height - CHART.top,
    );
    setText(column.tip, tipText(row, labels[i], chart.bands, outside, discount));
  }

  const lineBand = chart.bands.find((b) => b.line);
  const points = [];
  if (lineBand) {
    for (let i = 0; i < Math.min(n, idealRows.length); i += 1) {
      const cy = lineBand.top + lineBand.height - heightOf(idealRows[i].cumulative, lineBand);
      points.push(`${(x(i) + bar / 2).toFixed(2)},${cy.toFixed(2)}`);
    }
  }
  chart.ideal.setAttribute("points", points.join(" "));

  const kx = CHART.left + cut * band;
  chart.kLine.setAttribute("x1", kx);
  chart.kLine.setAttribute("x2", kx);
  chart.kLine.style.display = cut < n ? "" : "none";
  chart.kText.setAttribute("x", Math.min(kx + 3, chart.width - 40));
  chart.kText.textContent = cut < n ? `k = ${cut}` : "";
  for (const b of chart.bands)
    b.tick.textContent =
      b.scale === "one"
        ? "1"
        : b.scale === "cumulativeCg"
          ? fixed(scale[b.scale])
          : gradeText(scale[b.scale]);

  if (chart.axisFor !== n) {
    chart.axisFor = n;
    chart.axis.replaceChildren();
    const every = Math.max(1, Math.ceil(n / 20));
    for (let i = 0; i < n; i += 1) {
      if (i % every !== 0 && i !== n - 1) continue;
      const t = s("text", {
        x: x(i) + bar / 2,
        y: chart.axisY,
        class: "ndcg-rw__tick",
        "text-anchor": "middle",
      });
      t.textContent = String(i + 1);
      chart.axis.append(t);
    }
  }
}

function setRect(rect, x, y, width, height) {
  setAttr(rect, "x", x.toFixed(2));
  setAttr(rect, "y", y.toFixed(2));
  setAttr(rect, "width", width.toFixed(2));
  setAttr(rect, "height", Math.max(height, 0).toFixed(2));
}

/** The figures per position as a table: the chart's series, three decimals. */
export function drawTable(chart, table, order, rows, cut) {
  const has = (key) => chart.bands.some((b) => b.key === key || b.overlay === key);
  const columns = [
    ["position", (row) => String(row.position)],
    ["item", (_row, i) => order[i]],
    ["grade", (row) => gradeText(row.grade)],
    ...(has("gain") ? [["gain", (row) => fixed(row.gain)]] : []),
    ...(has("discount") ? [["discount", (row) => fixed(row.weight)]] : []),
    ...(has("discounted_gain") ? [["discounted gain", (row) => fixed(row.discounted)]] : []),
    ...(has("cumulative_cg") ? [["cumulative CG", (row) => fixed(row.cumulativeCg)]] : []),
    ...(has("cumulative_dcg") ? [["cumulative DCG", (row) => fixed(row.cumulative)]] : []),
  ];
  const head = h(
    "tr",
    {},
    columns.map(([title]) => h("th", { scope: "col", text: title })),
  );
  table.replaceChildren(
    h("thead", {}, [head]),
    h(
      "tbody",
      {},
      rows.map((row, i) =>
        h(
          "tr",
          { class: i >= cut ? "ndcg-rw__item--outside" : "" },
          columns.map(([, cell]) => h("td", { text: cell(row, i) })),
        ),
      ),
    ),
  );
}

/** The chart's panel: title, legend, the chart, and its figures as a table in a fold. */
export function createChartPanel(uid, series) {
  const chart = createChart(uid, series);
  const table = h("table", { class: "ndcg-rw__table" });
  const details = h("details", { class: "ndcg-rw__details" }, [
    h("summary", { text: "Figures per position" }),
    table,
  ]);
  const legend = chart.bands
    .flatMap((b) => [b.key, b.overlay, b.line].filter(Boolean))
    .map((key) =>
      h("span", { class: `ndcg-rw__key ndcg-rw__key--${LEGEND[key][0]}`, text: LEGEND[key][1] }),
    );
  const panel = h(
    "div",
    {
      role: "group",
      class: "ndcg-rw__panel ndcg-rw__panel--chart",
      "aria-labelledby": `${uid}-chart`,
    },
    [
      h("div", { class: "ndcg-rw__title", id: `${uid}-chart`, text: "Per position" }),
      h("p", { class: "ndcg-rw__legend" }, legend),
      chart.svg,
      details,
    ],
  );
  return { chart, table, details, panel };
}
