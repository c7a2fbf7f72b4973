// A report's text put into its <pre> in pieces, so that a report of 100,000 lines does not
// hold the tab: the first screen at once, the rest a few pieces a frame. Each piece is a
// block whose layout the browser skips while it is off screen (content-visibility), and
// the pieces together are the text, character for character (copy, find and the tests read
// it whole). `pre.dataset.rendered` is "partial" until the last piece is in, then "all".

import { h } from "../dom.js";

/** Lines of a piece; a report up to this long is put in at once. */
export const PIECE_LINES = 2000;
/** How long one frame may spend putting pieces in (ms), so that it stays under a frame. */
const FRAME_MS = 8;

/** The text cut after every `lines`-th newline: pieces whose concatenation is `text`. */
export function pieces(text, lines = PIECE_LINES) {
  const out = [];
  let start = 0;
  let at = -1;
  let count = 0;
  for (;;) {
    at = text.indexOf("\n", at + 1);
    if (at < 0) break;
    count += 1;
    if (count === lines) {
      out.push(text.slice(start, at + 1));
      start = at + 1;
      count = 0;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** The next frame, or a timeout where there is none (a hidden tab runs no frames). */
function nextFrame(step) {
  if (document.hidden || typeof requestAnimationFrame !== "function") setTimeout(step, 0);
  else requestAnimationFrame(step);
}

/** Put `text` into `pre`: at once when short, else piece by piece over the next frames. */
export function renderReport(pre, text) {
  const parts = pieces(text);
  if (parts.length <= 1) {
    pre.textContent = text;
    pre.dataset.rendered = "all";
    return;
  }
  const piece = (part) => {
    const lines = part.endsWith("\n") ? PIECE_LINES : part.split("\n").length;
    // Off screen, a piece keeps the height of its lines (1lh each) without being laid out.
    return h("span", {
      class: "ev-report-piece",
      style: `contain-intrinsic-block-size: auto calc(${lines} * 1lh)`,
      text: part,
    });
  };
  pre.replaceChildren(piece(parts[0]));
  pre.dataset.rendered = "partial";
  let next = 1;
  let seen = false; // whether the pre was in the page: once taken out, the rest is dropped
  const step = () => {
    if (pre.isConnected) seen = true;
    else if (seen) return;
    const until = performance.now() + FRAME_MS;
    const added = [];
    while (next < parts.length && (added.length === 0 || performance.now() < until)) {
      added.push(piece(parts[next]));
      next += 1;
    }
    pre.append(...added);
    if (next < parts.length) nextFrame(step);
    else pre.dataset.rendered = "all";
  };
  nextFrame(step);
}
