// Live widgets on a static page, from the widget state the build saved into it.
//
// The page carries the state of every widget model as JSON
// (<script type="application/vnd.jupyter.widget-state+json">) and marks where each view
// goes (<script type="application/vnd.jupyter.widget-view+json">, holding a model id).
// For anywidget models this script mounts each view straight from the ES module in the
// model's `_esm` (its source text, or a URL) and adds the model's `_css`, handing the module
// the model interface anywidget defines: get, set, on, off, save_changes, send. There is no
// kernel, so save_changes and send have nobody to talk to and do nothing; set still fires
// "change:<name>" and "change", so every view of a model follows it.
//
// The script belongs in the page's head, after the state and without `defer`: it reads the
// state and starts importing the modules while the rest of the page is still arriving, and
// mounts each view as soon as its placeholder has been parsed, so a widget is drawn with the
// first frames of the page rather than after the page's other scripts. It is a classic
// script, not a module: browsers refuse module scripts on pages opened from disk (file://),
// and the site must work from there too.
//
// A page whose state holds any other kind of widget (anything but anywidget models and the
// layouts they use) is handed, whole, to the Jupyter widget manager (require.js and
// @jupyter-widgets/html-manager, served beside this file), loaded only then.
(() => {
  const STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  const VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  const REF = "IPY_MODEL_";
  // This file's folder: the fallback manager's files sit beside it, at any page depth.
  const here = document.currentScript?.src || "";
  const base = here.replace(/[^/]*$/, "");

  const isHref = (text) => /^https?:\/\//.test(text);

  // Whether a new value differs from the old one, as far as a reader could tell: plain data
  // is compared by content (so setting an equal list fires nothing), binary data always
  // counts as changed.
  function changed(before, after) {
    if (before === after) return false;
    if (typeof before !== "object" || typeof after !== "object" || !before || !after) return true;
    if (ArrayBuffer.isView(before) || ArrayBuffer.isView(after)) return true;
    return JSON.stringify(before) !== JSON.stringify(after);
  }

  // Saved binary traits arrive base64-encoded beside the state; put each back at its path.
  function restoreBuffers(state, buffers) {
    for (const { path, data, encoding } of buffers || []) {
      const bytes =
        encoding === "hex"
          ? Uint8Array.from(data.match(/../g) || [], (pair) => parseInt(pair, 16))
          : Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      let holder = state;
      for (const key of path.slice(0, -1)) holder = holder[key];
      holder[path[path.length - 1]] = new DataView(bytes.buffer);
    }
    return state;
  }

  // One saved widget model, with anywidget's model interface, over its saved `state`.
  function createModel(id, state, manager) {
    const handlers = new Map(); // event name -> [{callback, context}]
    const model = {
      model_id: id,
      widget_manager: manager,
      get: (name) => state[name],
      set(name, value) {
        const changes = typeof name === "object" ? name : { [name]: value };
        const fired = [];
        for (const [key, next] of Object.entries(changes)) {
          if (!changed(state[key], next)) continue;
          state[key] = next;
          fired.push(key);
        }
        for (const key of fired) emit(`change:${key}`, model, state[key]);
        if (fired.length) emit("change", model);
      },
      save_changes() {},
      send() {},
      on(events, callback, context) {
        for (const event of events.split(/\s+/)) {
          if (!handlers.has(event)) handlers.set(event, []);
          handlers.get(event).push({ callback, context });
        }
      },
      off(events, callback, context) {
        const names = events ? events.split(/\s+/) : [...handlers.keys()];
        for (const event of names) {
          const kept = (handlers.get(event) || []).filter(
            (h) => (callback && h.callback !== callback) || (context && h.context !== context),
          );
          handlers.set(event, kept);
        }
      },
    };
    function emit(event, ...args) {
      for (const { callback, context } of handlers.get(event) || []) {
        callback.apply(context || model, args);
      }
    }
    return model;
  }

  // anywidget's module contract: a default export (an object, or a function returning one)
  // with optional initialize({model}) and render({model, el}); older modules export render.
  // A module given as source text is imported from a data: URL, not a blob: URL: Chromium
  // decodes a data: URL in the page's own process, while a blob: URL is read back from the
  // browser's blob store, an answer queued behind the page's first layout; with a blob: URL
  // the views were drawn one frame later (bench/site.py times the difference).
  // Only what the URL parser would change is escaped: tabs and line breaks (it drops them),
  // "%" (read as an escape) and "#" (the start of a fragment). The parser escapes the rest
  // itself and the browser undoes it; escaping the whole text made a widget's URL about half
  // as long again (68 KB for the ranking widget's 46 KB), all of it read on the main thread.
  const dataUrl = (text) =>
    `data:text/javascript;charset=utf-8,${text.replace(/[\t\n\r%#]/g, encodeURIComponent)}`;
  const modules = new Map(); // module source or URL -> Promise of the widget definition
  function loadWidget(esm) {
    if (!modules.has(esm)) {
      modules.set(
        esm,
        (async () => {
          const mod = await import(isHref(esm) ? esm : dataUrl(esm));
          if (mod.default === undefined && mod.render === undefined) {
            throw new Error("a widget module must export a default object (or render)");
          }
          if (mod.default === undefined) return { render: mod.render };
          return typeof mod.default === "function" ? await mod.default() : mod.default;
        })(),
      );
    }
    return modules.get(esm);
  }

  function addCss(css, id) {
    if (!css || document.querySelector(`[data-anywidget-css="${CSS.escape(id)}"]`)) return;
    const tag = isHref(css)
      ? Object.assign(document.createElement("link"), { rel: "stylesheet", href: css })
      : Object.assign(document.createElement("style"), { textContent: css });
    tag.dataset.anywidgetCss = id;
    document.head.appendChild(tag);
  }

  // The model's layout (a LayoutModel: width, margin, grid_area, ...) as inline style, as
  // Jupyter's views apply it; unset properties are null.
  function applyLayout(el, layout, states) {
    const state = layout && states.get(layout.model_id);
    for (const [key, value] of Object.entries(state || {})) {
      if (value !== null && !key.startsWith("_")) {
        el.style.setProperty(key.replace(/_/g, "-"), value);
      }
    }
  }

  const noKernel = () => Promise.reject(new Error("this page has no kernel to answer"));
  const signal = new AbortController().signal; // views are never taken down on a static page
  const experimental = { invoke: noKernel };

  // Import a model's module, add its CSS, and run its initialize() (once per model, as
  // anywidget does, whether or not the page shows a view of it).
  async function bindModel(model) {
    const widget = await loadWidget(model.get("_esm"));
    addCss(model.get("_css"), model.get("_anywidget_id") || model.model_id);
    if (widget.initialize) await widget.initialize({ model, signal, experimental });
    return widget;
  }

  // Draw one view into a "widget-subarea" placed just before its placeholder, as Jupyter's
  // widget manager does; returns what render() returns (it may be a promise).
  function mountView(viewTag, model, widget, states) {
    const area = document.createElement("div");
    area.className = "widget-subarea";
    const el = document.createElement("div");
    el.classList.add(...(model.get("_dom_classes") || []));
    applyLayout(el, model.get("layout"), states);
    area.appendChild(el);
    viewTag.before(area);
    return widget.render?.({ model, el, signal, experimental });
  }

  function loadScript(src, attributes = {}) {
    return new Promise((resolve, reject) => {
      const tag = Object.assign(document.createElement("script"), { src });
      for (const [name, value] of Object.entries(attributes)) tag.setAttribute(name, value);
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.appendChild(tag);
    });
  }

  // The full Jupyter widget manager renders every widget on the page once it has loaded.
  async function loadFullManager() {
    await loadScript(`${base}require.js`);
    window.require.config({
      paths: {
        anywidget: `${base}anywidget/index`,
        // embed-amd.js derives its public path (its fonts) from this module's URL.
        "@jupyter-widgets/html-manager/dist": `${base}html-manager`,
      },
    });
    await loadScript(`${base}html-manager/embed-amd.js`, {
      "data-jupyter-widgets-cdn": `${base}html-manager/`,
    });
  }

  const isAnywidget = (entry) => entry.model_module === "anywidget" && "_esm" in entry.state;
  const isLayout = (entry) =>
    entry.model_module === "@jupyter-widgets/base" &&
    /^(Layout|Style)Model$/.test(entry.model_name);

  function readState() {
    const entries = {};
    for (const tag of document.querySelectorAll(STATE)) {
      Object.assign(entries, JSON.parse(tag.textContent).state);
    }
    return entries;
  }

  const report = (error) => console.error("Widgets could not be shown:", error);

  // Everything that can be done before the views' placeholders exist: the models, and the
  // first model's module and initialize(). Resolves to null when the page needs the full
  // manager, or else to { mountViews, bindAll }: the function that mounts the placeholders
  // parsed so far, and the one that binds every model (anywidget initializes each model
  // once, whether or not the page shows a view of it).
  async function prepare(entries) {
    const light = Object.values(entries).every((e) => isAnywidget(e) || isLayout(e));
    if (!light) return null;
    const states = new Map();
    const models = new Map();
    const manager = { get_model: (id) => Promise.resolve(models.get(id)) };
    for (const [id, entry] of Object.entries(entries)) {
      states.set(id, restoreBuffers({ ...entry.state }, entry.buffers));
      models.set(id, createModel(id, states.get(id), manager));
    }
    // Traits that hold other widgets ("IPY_MODEL_<id>") get the model itself, as in Jupyter.
    const resolve = (v) =>
      typeof v === "string" && v.startsWith(REF) ? models.get(v.slice(REF.length)) || v : v;
    for (const state of states.values()) {
      for (const [key, value] of Object.entries(state)) {
        state[key] = Array.isArray(value) ? value.map(resolve) : resolve(value);
      }
    }
    // Each model's module is imported when first asked for: the first model's now (the first
    // view's: the site lists models in the order of their views, tools/widget_state_order.py),
    // any other's when a view of it is met or once the page is parsed. A page's other widgets
    // are further down, and their modules, compiled before the first frame, held back the
    // frame that shows the first.
    const anywidgets = Object.keys(entries).filter((id) => isAnywidget(entries[id]));
    const widgets = new Map(); // model id -> Promise of its widget definition
    const widgetOf = (id) => {
      if (!widgets.has(id)) widgets.set(id, bindModel(models.get(id)));
      return widgets.get(id);
    };
    if (anywidgets.length) await widgetOf(anywidgets[0]);
    const bindAll = () => Promise.all(anywidgets.map(widgetOf));

    // While the page is still parsing, the last placeholder's text may be cut short: it is
    // left for the next call. Each call returns the views it mounted, settled (true: drawn).
    const handled = new WeakSet();
    const known = new Set(anywidgets);
    function mountViews({ parsed }) {
      const mounted = [];
      for (const tag of document.querySelectorAll(VIEW)) {
        if (handled.has(tag)) continue;
        let id;
        try {
          id = JSON.parse(tag.textContent).model_id;
        } catch {
          if (!parsed) continue;
          id = tag.textContent.trim().slice(0, 80);
        }
        handled.add(tag);
        if (!known.has(id)) {
          console.error(`Widget ${id} has no saved state on this page; it cannot be shown.`);
          mounted.push(false);
          continue;
        }
        const view = async () => mountView(tag, models.get(id), await widgetOf(id), states);
        mounted.push(
          view().then(
            () => true,
            (error) => {
              report(error);
              return false;
            },
          ),
        );
      }
      return mounted;
    }
    return { mountViews, bindAll };
  }

  // The state normally comes before this script, so the modules load while the page parses
  // and each view is mounted as soon as its placeholder has arrived.
  const early = readState();
  const prepared = Object.keys(early).length ? prepare(early) : null;
  const views = []; // one promise per placeholder met, true once its view is drawn
  let mountViews = null; // set when the models are ready
  const mountParsed = () => mountViews && views.push(...mountViews({ parsed: false }));
  const observer = new MutationObserver(mountParsed);
  if (prepared) {
    observer.observe(document, { childList: true, subtree: true });
    const ready = (mount) => {
      mountViews = mount?.mountViews ?? null; // null: the full manager's page
      mountParsed();
    };
    prepared.then(ready, () => {}); // a failure is reported once the page is parsed
  }
  // Parsed ("interactive"): every placeholder is there; deferred scripts have not run yet.
  async function finish() {
    observer.disconnect();
    const mount = await (prepared || prepare(readState()));
    if (!mount) return loadFullManager();
    views.push(...mount.mountViews({ parsed: true }));
    const bound = mount.bindAll().then(
      () => true,
      (error) => {
        report(error);
        return false;
      },
    );
    const drawn = await Promise.all([...views, bound]);
    document.documentElement.dataset.widgets = drawn.every(Boolean) ? "ready" : "failed";
  }
  const start = () => finish().catch(report);
  if (document.readyState === "loading") {
    document.addEventListener("readystatechange", start, { once: true });
  } else {
    start();
  }
})();
