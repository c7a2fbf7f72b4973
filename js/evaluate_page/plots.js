// The page's two plots, as inline SVG that scales to the column's width: the distribution
// of one measure's per-query values, and the per-query differences of two runs. Colours
// come from the stylesheet (classes), so both follow the light and dark themes.

import { s } from "../dom.js";
import { fixedPoint } from "../decimals.js";

const WIDTH = 360;
const HEIGHT = 210;
const LEFT = 58;
// Below the plot: the tick labels, then the axis' name with room for its descenders
// ("ndcg_cut_10", "queries").
const BOTTOM = 40;
const TOP = 10;
/** The baselines of the tick labels and of the x axis' name. */
const TICKS_Y = HEIGHT - BOTTOM + 14;
const NAME_Y = HEIGHT - BOTTOM + 30;
const BINS = 20;

/** Four decimals, as the report prints them (an exact tie to even). */
const f4 = (x) => fixedPoint(x, 4);

function axisText(x, y, text, anchor = "middle") {
  const node = s("text", { x, y, "text-anchor": anchor, class: "ev-axis-text" });
  node.textContent = text;
  return node;
}

/** An <svg> with a title and description (its accessible name) and the given children. */
function svg(title, description, children) {
  const node = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "ev-plot" });
  const t = s("title");
  t.textContent = title;
  const d = s("desc");
  d.textContent = description;
  node.append(t, d, ...children);
  return node;
}

/**
 * A histogram of `values` (NaN left out and counted in the description) for the measure
 * named `name`: 20 bins over [0, 1] when every value lies there, else over [min, max].
 */
export function histogram(values, name) {
  const finite = values.filter((v) => Number.isFinite(v));
  // A loop, not Math.min(...values): spreading 100,000 arguments overflows the stack.
  let low = 0;
  let high = 1;
  for (const v of finite) {
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const counts = new Array(BINS).fill(0);
  for (const v of finite)
    counts[Math.min(BINS - 1, Math.floor(((v - low) / (high - low)) * BINS))] += 1;
  const most = Math.max(1, ...counts);
  const plotW = WIDTH - LEFT - 10;
  const plotH = HEIGHT - TOP - BOTTOM;
  const bars = counts.map((count, i) => {
    const x = LEFT + (i * plotW) / BINS;
    const height = (count / most) * plotH;
    const bar = s("rect", {
      x: x + 0.5,
      y: TOP + plotH - height,
      width: plotW / BINS - 1,
      height,
      class: "ev-bar",
    });
    const tip = s("title");
    tip.textContent = `${count} queries with ${name} from ${f4(low + (i * (high - low)) / BINS)} to ${f4(low + ((i + 1) * (high - low)) / BINS)}`;
    bar.append(tip);
    return bar;
  });
  const mean = finite.reduce((a, b) => a + b, 0) / (finite.length || 1);
  const left = finite.length ? `${finite.length} queries` : "no values";
  const dropped = values.length - finite.length;
  return svg(
    `Distribution of per-query ${name}`,
    `Histogram of ${left}${dropped ? ` (${dropped} without a value, -nan, not drawn)` : ""}, from ${f4(low)} to ${f4(high)}; the tallest bar holds ${most} queries; the mean of the values drawn is ${f4(mean)}.`,
    [
      s("line", { x1: LEFT, y1: TOP + plotH, x2: WIDTH - 10, y2: TOP + plotH, class: "ev-axis" }),
      s("line", { x1: LEFT, y1: TOP, x2: LEFT, y2: TOP + plotH, class: "ev-axis" }),
      axisText(LEFT, TICKS_Y, f4(low)),
      axisText(WIDTH - 10, TICKS_Y, f4(high), "end"),
      axisText((LEFT + WIDTH) / 2, NAME_Y, name),
      axisText(LEFT - 4, TOP + 8, String(most), "end"),
      axisText(LEFT - 4, TOP + plotH, "0", "end"),
      ...bars,
    ],
  );
}

/**
 * Each query's difference (the second run's value minus the first's), sorted, as bars around
 * zero; `names` are the two runs' names, first then second.
 */
export function differencePlot(differences, name, names = ["run 1", "run 2"]) {
  const sorted = [...differences].sort((a, b) => a - b);
  const reach = Math.max(1e-12, Math.abs(sorted[0] ?? 0), Math.abs(sorted[sorted.length - 1] ?? 0));
  const plotW = WIDTH - LEFT - 10;
  const plotH = HEIGHT - TOP - BOTTOM;
  const zero = TOP + plotH / 2;
  const width = plotW / Math.max(1, sorted.length);
  const bars = sorted.map((d, i) => {
    const height = (Math.abs(d) / reach) * (plotH / 2);
    return s("rect", {
      x: LEFT + i * width,
      y: d >= 0 ? zero - height : zero,
      width: Math.max(width, 0.5),
      height,
      class: d >= 0 ? "ev-bar ev-up" : "ev-bar ev-down",
    });
  });
  const better = sorted.filter((d) => d > 0).length;
  const worse = sorted.filter((d) => d < 0).length;
  return svg(
    `Per-query difference in ${name}, ${names[1]} minus ${names[0]}`,
    `${sorted.length} queries sorted by their difference: ${better} higher in ${names[1]}, ${worse} lower, ${sorted.length - better - worse} equal; the differences reach ${f4(reach)} either way.`,
    [
      s("line", { x1: LEFT, y1: zero, x2: WIDTH - 10, y2: zero, class: "ev-axis" }),
      s("line", { x1: LEFT, y1: TOP, x2: LEFT, y2: TOP + plotH, class: "ev-axis" }),
      axisText(LEFT - 4, TOP + 8, `+${f4(reach)}`, "end"),
      axisText(LEFT - 4, TOP + plotH, `-${f4(reach)}`, "end"),
      axisText(LEFT - 4, zero + 4, "0", "end"),
      axisText((LEFT + WIDTH) / 2, NAME_Y, "queries, sorted by difference"),
      ...bars,
    ],
  );
}
