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
// A page that shows any other kind of widget is handed, whole, to the Jupyter widget
// manager (require.js and @jupyter-widgets/html-manager, served beside this file), loaded
// only then. The file is a classic script, not a module: browsers refuse module scripts
// on pages opened from disk (file://), and the site must work from there too.
(function () {
  "use strict";

  const STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  const VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  const REF = "IPY_MODEL_";
  // This file's folder: the fallback manager's files sit beside it, at any page depth.
  const here = (document.currentScript && document.currentScript.src) || "";
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
      const bytes = encoding === "hex"
        ? Uint8Array.from(data.match(/../g) || [], (pair) => parseInt(pair, 16))
        : Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      let holder = state;
      for (const key of path.slice(0, -1)) holder = holder[key];
      holder[path[path.length - 1]] = new DataView(bytes.buffer);
    }
    return state;
  }

  // One saved widget model, with anywidget's model interface, over its saved ``state``.
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
  const modules = new Map(); // module source or URL -> Promise of the widget definition
  function loadWidget(esm) {
    if (!modules.has(esm)) {
      modules.set(esm, (async () => {
        let url = esm;
        if (!isHref(esm)) url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
        try {
          const mod = await import(url);
          if (mod.default === undefined) return { render: mod.render };
          return typeof mod.default === "function" ? await mod.default() : mod.default;
        } finally {
          if (url !== esm) URL.revokeObjectURL(url);
        }
      })());
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

  async function mountView(viewTag, model, states, initialized) {
    const widget = await loadWidget(model.get("_esm"));
    addCss(model.get("_css"), model.get("_anywidget_id") || model.model_id);
    const signal = new AbortController().signal;
    const experimental = { invoke: noKernel };
    if (!initialized.has(model)) {
      const init = widget.initialize && widget.initialize({ model, signal, experimental });
      initialized.set(model, Promise.resolve(init));
    }
    await initialized.get(model);
    const area = document.createElement("div");
    area.className = "widget-subarea";
    const el = document.createElement("div");
    el.classList.add(...(model.get("_dom_classes") || []));
    applyLayout(el, model.get("layout"), states);
    area.appendChild(el);
    viewTag.before(area);
    if (widget.render) await widget.render({ model, el, signal, experimental });
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

  async function main() {
    const entries = {};
    for (const tag of document.querySelectorAll(STATE)) {
      Object.assign(entries, JSON.parse(tag.textContent).state);
    }
    const views = [];
    for (const tag of document.querySelectorAll(VIEW)) {
      const id = JSON.parse(tag.textContent).model_id;
      if (entries[id]) views.push([tag, id]);
      else console.error(`Widget ${id} has no saved state on this page; it cannot be shown.`);
    }
    if (!views.every(([, id]) => isAnywidget(entries[id]))) return loadFullManager();
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
    const initialized = new Map();
    const mounts = views.map(([tag, id]) => mountView(tag, models.get(id), states, initialized));
    await Promise.all(mounts);
    document.documentElement.dataset.widgets = "ready";
  }

  main().catch((error) => console.error("Widgets could not be shown:", error));
})();
