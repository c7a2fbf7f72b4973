// The page's side of the worker: start it from a Blob of its bundled text (a page opened
// from a file:// address may not start a worker from a file), send it work, and cancel by
// terminating it: a worker busy parsing a large run cannot read a "stop" message, and
// terminating frees its memory at once.

/** A worker client: `run(message, onProgress) -> Promise<answer>`, `cancel()`. */
export function workerClient(source) {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  let worker = null;
  let pending = null;

  function fresh() {
    worker = new Worker(url);
    worker.addEventListener("message", (event) => {
      const message = event.data;
      if (message.type === "progress") pending?.progress(message);
      else if (pending) {
        const { resolve } = pending;
        pending = null;
        resolve(message);
      }
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (pending) {
        const { resolve } = pending;
        pending = null;
        resolve({
          type: "error",
          where: "page",
          message: event.message || "the page's worker stopped",
          file: null,
          line: null,
        });
      }
    });
  }

  return {
    /** Send `message`; the promise gets the worker's answer, or `{type: "cancelled"}`. */
    run(message, progress = () => {}) {
      if (worker === null) fresh();
      if (pending) throw new Error("the worker is busy");
      return new Promise((resolve) => {
        pending = { resolve, progress };
        worker.postMessage(message);
      });
    },
    /** Stop whatever the worker does; the next run starts a fresh one. */
    cancel() {
      worker?.terminate();
      worker = null;
      if (pending) {
        const { resolve } = pending;
        pending = null;
        resolve({ type: "cancelled" });
      }
    },
    get busy() {
      return pending !== null;
    },
  };
}
