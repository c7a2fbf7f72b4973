// Helpers of every widget's view (answer.js, ranking.js, swap.js). A widget's module is
// loaded from its own source text, with no imports, so ndcg.widgets._assets.front_end puts
// this file in front of each widget's own: the names here are declared once per module.
//
// Text from the model only ever goes through textContent or setAttribute, so a label such
// as <img src=x onerror=alert(1)> is shown as those characters.

/** An HTML element with attributes (`text` sets its text, `class` its classes) and children. */
function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

// Write only what changed: after a move most rows and cells keep their figures, and
// skipping identical writes keeps style and layout work proportional to the change.
function setText(node, text) {
  if (node.ndcgText !== text) {
    node.textContent = text;
    node.ndcgText = text;
  }
}

/** A phone or tablet: larger targets, and a hint about fingers instead of keys. */
function isTouch() {
  return Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches) || (navigator.maxTouchPoints ?? 0) > 0;
}

/** Run `update` now and on every change of the named traits; return the view's clean-up. */
function follow(model, names, update, root) {
  const events = names.map((name) => `change:${name}`);
  for (const name of events) model.on(name, update);
  update();
  return () => {
    for (const name of events) model.off(name, update);
    root.remove();
  };
}

/** The fewest swaps that turn the order `start` into `order` (items minus cycles). */
function swapDistance(order, start) {
  const where = new Map(start.map((label, i) => [label, i]));
  const target = order.map((label) => where.get(label));
  const seen = new Array(target.length).fill(false);
  let cycles = 0;
  for (let i = 0; i < target.length; i += 1) {
    if (seen[i]) continue;
    cycles += 1;
    for (let j = i; !seen[j]; j = target[j]) seen[j] = true;
  }
  return target.length - cycles;
}
