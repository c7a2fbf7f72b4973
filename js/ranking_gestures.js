// The ranking widget's list and its gestures: buttons, keys (the list is one Tab stop;
// arrows go through rows and their buttons), pointer drags, and the controls. Every
// gesture ends in view.commit or view.act, which set the model; the redraw follows.

import { discountText } from "./words.js";

function shuffled(list) {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function rove(view, target) {
  if (!target?.matches?.(".ndcg-rw__item, .ndcg-rw__item button")) return;
  if (view.state.roving && view.state.roving !== target) view.state.roving.tabIndex = -1;
  target.tabIndex = 0;
  view.state.roving = target;
}

export function focus(view, target) {
  rove(view, target);
  target?.focus();
}

function withinBlocks(view, order, reorder) {
  const out = order.slice();
  for (const [lo, hi] of view.state.blocks)
    out.splice(lo, hi - lo, ...reorder(order.slice(lo, hi)));
  return out;
}

function blockHolds(view, label, position) {
  const [lo, hi] = view.state.blockOf.get(label);
  return position >= lo && position < hi;
}

/** Move the item at `from` to `to`; `refocus` (the row or one of its buttons) keeps focus. */
function move(view, from, to, refocus) {
  const order = view.model.get("order").slice();
  const label = order[from];
  if (to < 0 || to >= order.length) {
    view.say(`${label} is already ${from === 0 ? "first" : "last"}.`);
    return;
  }
  if (!blockHolds(view, label, to)) {
    view.say(
      `${label} is at the edge of its tie group: it moves only among the items with its ${view.ui.scoreName}.`,
    );
    return;
  }
  if (to === from) return;
  order.splice(from, 1);
  order.splice(to, 0, label);
  view.commit(order, `${label} moved from position ${from + 1} to ${to + 1}.`);
  if (refocus) focus(view, refocus);
}

function swap(view, a, b) {
  const order = view.model.get("order").slice();
  const i = order.indexOf(a);
  const j = order.indexOf(b);
  if (!blockHolds(view, a, j)) {
    view.say(
      `${a} and ${b} are in different tie groups: items move only among the items with their ${view.ui.scoreName}. Pick another item.`,
    );
    view.state.picked = a;
    return;
  }
  [order[i], order[j]] = [order[j], order[i]];
  view.commit(order, `${a} and ${b} swapped: ${b} is now at position ${i + 1}, ${a} at ${j + 1}.`);
}

function pick(view, label) {
  const previous = view.state.picked;
  if (previous === null) {
    view.state.picked = label;
    view.say(
      `${label} picked for a swap. Pick the item to swap it with${view.touch ? "" : ", or press Escape"}.`,
    );
  } else if (previous === label) {
    view.state.picked = null;
    view.say("Swap cancelled.");
  } else {
    view.state.picked = null;
    swap(view, previous, label);
  }
  view.update(); // redraws the picked state; announces nothing more
}

const positionOf = (view, li) => view.model.get("order").indexOf(li.ndcgLabel);

function onClick(view, event) {
  const li = event.target.closest(".ndcg-rw__item");
  if (!li) return;
  const swapButton = event.target.closest(".ndcg-rw__swap");
  if (swapButton) {
    pick(view, li.ndcgLabel);
    // A swap moves this row, and a moved element loses the focus: give it back, so the
    // next arrow key goes through the list rather than scrolling the page.
    focus(view, swapButton);
    return;
  }
  const mover = event.target.closest(".ndcg-rw__move");
  if (!mover) return;
  const from = positionOf(view, li);
  move(view, from, from + Number(mover.dataset.move), mover);
}

function onKey(view, event) {
  const li = event.target.closest(".ndcg-rw__item");
  if (!li) return;
  const onRow = event.target === li;
  const from = positionOf(view, li);
  const cells = [li, li.ndcg.up, li.ndcg.down, li.ndcg.swap];
  const here = cells.indexOf(event.target);
  const rowAt = (i) => view.ui.list.children[i];
  let handled = true;
  switch (event.key) {
    case "ArrowUp":
    case "ArrowDown": {
      const step = event.key === "ArrowUp" ? -1 : 1;
      if (event.altKey) move(view, from, from + step, event.target);
      else if (rowAt(from + step)) focus(view, rowAt(from + step));
      break;
    }
    case "ArrowRight":
    case "ArrowLeft":
      if (cells[here + (event.key === "ArrowRight" ? 1 : -1)])
        focus(view, cells[here + (event.key === "ArrowRight" ? 1 : -1)]);
      break;
    case "Home":
    case "End":
      focus(view, rowAt(event.key === "Home" ? 0 : view.ui.list.children.length - 1));
      break;
    case " ":
    case "Enter":
      if (onRow) {
        pick(view, li.ndcgLabel);
        focus(view, li); // a swap moved the row, which took the focus with it
      } else handled = false; // the focused button's own click
      break;
    case "Escape":
      if (view.state.picked !== null) pick(view, view.state.picked);
      else handled = false;
      break;
    default:
      handled = false;
  }
  if (handled) event.preventDefault();
}

// Pointer drag (mouse, pen and touch). The row follows the pointer and the others slide
// aside; the order is committed once, on release. Within ties, the row stays in its group.
function onPointerDown(view, event) {
  const li = event.target.closest(".ndcg-rw__item");
  if (!li || event.target.closest("button") || event.button !== 0) return;
  // Touch drags start on the handle only, so a finger elsewhere still scrolls the page.
  if (event.pointerType === "touch" && !event.target.closest(".ndcg-rw__handle")) return;
  const rows = Array.from(view.ui.list.children);
  const rects = rows.map((row) => row.getBoundingClientRect());
  const from = rows.indexOf(li);
  const [lo, hi] = view.state.blockOf.get(li.ndcgLabel);
  view.state.drag = {
    li,
    rows,
    from,
    to: from,
    lo,
    hi: hi - 1,
    startY: event.clientY,
    active: false,
    mids: rects.map((r) => (r.top + r.bottom) / 2),
    step:
      rows.length > 1
        ? Math.abs(rects[Math.min(1, rows.length - 1)].top - rects[0].top)
        : rects[0].height,
    pointer: event.pointerId,
  };
  li.setPointerCapture?.(event.pointerId);
}

function onPointerMove(view, event) {
  const drag = view.state.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  const dy = event.clientY - drag.startY;
  if (!drag.active && Math.abs(dy) < 4) return;
  if (!drag.active) {
    drag.active = true;
    drag.li.classList.add("ndcg-rw__item--dragging");
    view.root.classList.add("ndcg-rw--dragging");
  }
  event.preventDefault();
  const centre = drag.mids[drag.from] + dy;
  let to = 0;
  drag.mids.forEach((mid, i) => {
    if (i !== drag.from && mid < centre) to += 1;
  });
  to = Math.min(Math.max(to, drag.lo), drag.hi);
  // The row follows the pointer, but not out of its tie group.
  const limit = (i) => drag.mids[i] - drag.mids[drag.from];
  drag.li.style.transform = `translateY(${Math.min(Math.max(dy, limit(drag.lo) - drag.step / 2), limit(drag.hi) + drag.step / 2)}px)`;
  drag.to = to;
  drag.rows.forEach((row, i) => {
    if (row === drag.li) return;
    let shift = 0;
    if (drag.from < to && i > drag.from && i <= to) shift = -drag.step;
    if (to < drag.from && i >= to && i < drag.from) shift = drag.step;
    row.style.transform = shift ? `translateY(${shift}px)` : "";
  });
}

function endDrag(view, event, commitMove) {
  const drag = view.state.drag;
  if (!drag || (event && event.pointerId !== drag.pointer)) return;
  view.state.drag = null;
  // No transitions while the rows jump from their shifted places to their new slots.
  view.root.classList.add("ndcg-rw--settling");
  drag.rows.forEach((row) => {
    row.style.transform = "";
  });
  drag.li.classList.remove("ndcg-rw__item--dragging");
  view.root.classList.remove("ndcg-rw--dragging");
  if (drag.active && commitMove) {
    if (drag.to !== drag.from) move(view, drag.from, drag.to, drag.li);
    else view.commit(view.model.get("order"), `${drag.li.ndcgLabel} dropped where it was.`);
  }
  void view.ui.list.offsetHeight;
  view.root.classList.remove("ndcg-rw--settling");
}

/** Attach the gestures to the screen js/ranking_build.js built (view.ui). */
export function listen(view) {
  const { list, kSelect, gainSelect, discountSelect, discounts, buttons, details, within } =
    view.ui;
  const { model, state } = view;
  list.addEventListener("click", (event) => onClick(view, event));
  list.addEventListener("keydown", (event) => onKey(view, event));
  list.addEventListener("focusin", (event) => rove(view, event.target));
  list.addEventListener("pointerdown", (event) => onPointerDown(view, event));
  list.addEventListener("pointermove", (event) => onPointerMove(view, event));
  list.addEventListener("pointerup", (event) => endDrag(view, event, true));
  list.addEventListener("pointercancel", (event) => endDrag(view, event, false));
  list.addEventListener("lostpointercapture", (event) => endDrag(view, event, false));
  kSelect.addEventListener("change", () => {
    const k = kSelect.value === "" ? null : Number(kSelect.value);
    view.act(`Cutoff set to ${k === null ? "all positions" : k}.`, () => model.set("k", k));
  });
  gainSelect.addEventListener("change", () =>
    view.act(`Gain set to ${gainSelect.value}.`, () => model.set("gain", gainSelect.value)),
  );
  discountSelect.addEventListener("change", () => {
    const chosen = discounts[Number(discountSelect.value)];
    view.act(`Discount set to ${discountText(chosen)}.`, () => model.set("discount", chosen));
  });
  buttons.reset.addEventListener("click", () => {
    state.sortUsed = false;
    view.commit(state.start.slice(), "Order reset.");
    view.update(); // an order already at the start still drops the sort's mark from the goals
  });
  buttons.sort.addEventListener("click", () => {
    state.sortUsed = true;
    view.commit(
      withinBlocks(view, model.get("order"), (part) =>
        part
          .map((label, i) => [label, i])
          .sort(
            (a, b) =>
              (state.gradeOf.get(b[0]) ?? -1) - (state.gradeOf.get(a[0]) ?? -1) || a[1] - b[1],
          )
          .map(([label]) => label),
      ),
      `Items sorted by grade${within}.`,
    );
    view.update(); // a list already sorted changes nothing, but its goals now say so
  });
  buttons.reverse.addEventListener("click", () =>
    view.commit(
      withinBlocks(view, model.get("order"), (part) => part.slice().reverse()),
      `Order reversed${within}.`,
    ),
  );
  buttons.shuffle.addEventListener("click", () =>
    view.commit(withinBlocks(view, model.get("order"), shuffled), `Order shuffled${within}.`),
  );
  details.addEventListener("toggle", () => {
    if (details.open) view.update();
  });
}
