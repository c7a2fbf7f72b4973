// Figures as text, the same in every widget: three decimals rounded as Python rounds them,
// one way to print a change, grades and parameters without trailing zeros.

import { near } from "./arith.js";
import { fixedPoint } from "./decimals.js";

/**
 * Three decimals, rounded as Python's format(x, ".3f") rounds them, so that a figure on
 * screen reads as the same figure glued into the prose: toFixed rounds an exact tie
 * (0.0625) up, Python to the even digit (0.062). A zero reads 0.000 whatever its sign.
 */
export function fixed(x) {
  return fixedPoint(x === 0 ? 0 : x, 3);
}

/** A change: +0.208, −0.208, ±0.000 for none, "+<0.001" for a real change too small to show. */
export function signed(x) {
  if (x === 0) return "±0.000";
  const sign = x > 0 ? "+" : "−";
  if (Math.abs(x) < 0.0005) return `${sign}<0.001`;
  return sign + fixed(Math.abs(x));
}

export const gradeText = (g) =>
  g === null ? "unjudged" : Number.isInteger(g) ? String(g) : String(Number(g.toFixed(3)));
export const gradeLabel = (g) => (g === null ? "unjudged" : `grade ${gradeText(g)}`);
export const numberText = (x) => String(Number(x.toFixed(6)));
export const at = (k) => (k === null || k === undefined ? "" : `@${k}`);

export function listText(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The most decimals a figure is printed with to show on which side of a threshold it is. */
const SIDE_DECIMALS = 9;

/**
 * `value` printed to show on which side of `target` it lies: three decimals, as every
 * readout, unless rounding to three lands on the target or crosses it (0.79998 would read
 * 0.800 against a goal of 0.8); then as many more as it takes, and `close` is true.
 */
export function sideOf(value, target) {
  if (near(value, target)) return { text: fixed(value), close: false }; // equal, up to rounding
  for (let decimals = 3; decimals <= SIDE_DECIMALS; decimals += 1) {
    const text = decimals === 3 ? fixed(value) : value.toFixed(decimals);
    const shown = Number(text);
    if (Math.sign(shown - target) === Math.sign(value - target))
      return { text, close: decimals > 3 };
  }
  return { text: value.toFixed(SIDE_DECIMALS), close: true };
}

/** A figure just off a threshold, for sizing a verdict's box: it prints with every decimal. */
export const closeToThreshold = (target) => target - Number(`2e-${SIDE_DECIMALS}`);
