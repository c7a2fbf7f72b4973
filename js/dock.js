// The goals' verdicts kept in view (the ranking widget). A list of ten films is 1,600 px tall on a phone: a reader moving its
// bottom items cannot see the goals above it. While the goals box is out of the window and
// the list is in it, a copy of each verdict is fixed to the bottom of the window, as wide
// as the widget. Sticky positioning cannot do this: the book's article and output boxes
// scroll sideways, which confines a sticky element to them.

import { h } from "./dom.js";

/** The part of the window the page's own sticky header covers (the book's is 4rem). */
const DOCK_MARGIN = "-64px 0px 0px 0px";

/** A dock for `root`, shown while `goalsBox` is out of view and `list` in view. */
export function createDock(root, goalsBox, list, uid) {
  const items = h("ul", { class: "ndcg-rw__dock-list" });
  // The goals themselves are announced as they change; the copy is for the eyes only.
  const dock = h(
    "div",
    { class: "ndcg-rw__dock", "data-testid": "dock", "aria-hidden": "true", hidden: "" },
    [items],
  );
  root.append(dock);
  const seen = new Map([
    [goalsBox, true],
    [list, false],
  ]);
  const html = document.documentElement;

  function place() {
    const show = !seen.get(goalsBox) && seen.get(list);
    dock.hidden = !show;
    // The book's back-to-top button would sit on the dock (book/_static/site.css).
    if (show) html.dataset.ndcgDock = uid;
    else if (html.dataset.ndcgDock === uid) {
      delete html.dataset.ndcgDock;
      html.style.scrollPaddingBottom = "";
    }
    if (!show) return;
    const box = root.getBoundingClientRect();
    dock.style.left = `${Math.max(0, box.left)}px`;
    dock.style.width = `${Math.min(box.width, globalThis.innerWidth)}px`;
    // A row the keyboard focuses, or one scrolled to, stops above the dock, not under it.
    html.style.scrollPaddingBottom = `${dock.offsetHeight + 8}px`;
  }

  const observer = globalThis.IntersectionObserver
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) seen.set(entry.target, entry.isIntersecting);
          place();
        },
        { rootMargin: DOCK_MARGIN },
      )
    : null;
  observer?.observe(goalsBox);
  observer?.observe(list);
  globalThis.addEventListener?.("resize", place);

  return {
    /** Show each goal, its mark and its verdict: [{ reached, goal, text }]. */
    show(verdicts) {
      items.replaceChildren(
        ...verdicts.map(({ reached, goal, text }) =>
          h("li", { class: "ndcg-rw__dock-goal", "data-reached": String(reached) }, [
            h("span", { class: "ndcg-rw__goal-mark", text: reached ? "✓" : "○" }),
            h("span", {}, [h("strong", { text: goal }), ` ${text}`]),
          ]),
        ),
      );
    },
    stop() {
      observer?.disconnect();
      globalThis.removeEventListener?.("resize", place);
      if (html.dataset.ndcgDock === uid) {
        delete html.dataset.ndcgDock;
        html.style.scrollPaddingBottom = "";
      }
      dock.remove();
    },
  };
}

/**
 * Mark the page while `list` is on screen, so the book hides its back-to-top button, which
 * floats over the top of the window, on the first row's ▲ (book/_static/site.css). Returns
 * the function that stops watching.
 */
export function watchList(list, uid) {
  const html = document.documentElement;
  const clear = () => {
    if (html.dataset.ndcgList === uid) delete html.dataset.ndcgList;
  };
  if (!globalThis.IntersectionObserver) return clear;
  const observer = new IntersectionObserver(
    (entries) => {
      const shown = entries[entries.length - 1].isIntersecting;
      if (shown) html.dataset.ndcgList = uid;
      else clear();
    },
    { rootMargin: DOCK_MARGIN },
  );
  observer.observe(list);
  return () => {
    observer.disconnect();
    clear();
  };
}
