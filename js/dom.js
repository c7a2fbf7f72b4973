// DOM helpers of every widget's view. Text from the model only ever goes through
// textContent or setAttribute, so a label such as <img src=x onerror=alert(1)> is shown as
// those characters.

/** An HTML element with attributes (`text` sets its text, `class` its classes) and children. */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function s(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

// Write only what changed: after a move most rows and cells keep their figures, and
// skipping identical writes keeps style and layout work proportional to the change.
export function setText(node, text) {
  if (node.ndcgText !== text) {
    node.textContent = text;
    node.ndcgText = text;
  }
}

export function setAttr(node, name, value) {
  const key = `ndcg:${name}`;
  if (node[key] !== value) {
    node.setAttribute(name, value);
    node[key] = value;
  }
}

/** A phone or tablet: larger targets, and a hint about fingers instead of keys. */
export function isTouch() {
  return (
    Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches) ||
    (navigator.maxTouchPoints ?? 0) > 0
  );
}

/** Run `update` now and on every change of the named traits; return the view's clean-up. */
export function follow(model, names, update, root) {
  const events = names.map((name) => `change:${name}`);
  for (const name of events) model.on(name, update);
  update();
  return () => {
    for (const name of events) model.off(name, update);
    root.remove();
  };
}

/** A view's unique id, for the ids its labels point to. */
export function uniqueId(prefix, count) {
  return `${prefix}-${count}-${Math.random().toString(36).slice(2, 8)}`;
}
