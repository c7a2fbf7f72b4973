// The reader's progress, kept in this browser's localStorage and sent nowhere: the exercises
// answered right (by their keys) and, for each practice skill, the reader's series, the next
// problem's number, the streak, the best streak and the counts. Pages opened from disk share
// one store per browser, the site's pages another; where storage is refused (a private
// window, a sandboxed frame) nothing is kept and the views say so.

const STORE_KEY = "ranking-measured-progress-v1";

/** An empty record of progress. */
const emptyProgress = () => ({ exercises: {}, practice: {} });

/** Whether this browser lets the page keep anything. */
export function storageWorks() {
  try {
    const probe = `${STORE_KEY}-probe`;
    globalThis.localStorage.setItem(probe, "1");
    globalThis.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** The progress kept so far; a record this version cannot read counts as none. */
export function loadProgress() {
  try {
    const text = globalThis.localStorage.getItem(STORE_KEY);
    const saved = text ? JSON.parse(text) : null;
    if (saved && typeof saved.exercises === "object" && typeof saved.practice === "object")
      return saved;
  } catch {
    // Refused or unreadable: start afresh, and keep nothing if writing fails too.
  }
  return emptyProgress();
}

function saveProgress(progress) {
  try {
    globalThis.localStorage.setItem(STORE_KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** Change the progress with `edit(progress)` and keep it; returns what edit returns. */
export function updateProgress(edit) {
  const progress = loadProgress();
  const out = edit(progress);
  saveProgress(progress);
  return out;
}

/** Mark exercise `key` as answered right. */
export function recordExercise(key) {
  updateProgress((p) => {
    p.exercises[key] = true;
  });
}

/** A fresh series for a reader who starts practising: any whole number below 2**32. */
export function freshSeries() {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
}

/** The skill's record, created with a fresh series if there is none. */
export function skillRecord(progress, key) {
  if (!progress.practice[key]) {
    progress.practice[key] = {
      series: freshSeries(),
      n: 0,
      streak: 0,
      best: 0,
      right: 0,
      tried: 0,
    };
  }
  return progress.practice[key];
}

/** Forget everything kept. */
export function clearProgress() {
  try {
    globalThis.localStorage.removeItem(STORE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Three right in a row: the skill is mastered. */
export const MASTERY = 3;
