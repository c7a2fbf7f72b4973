// The command line's options, read as `python -m ndcg` reads them (ndcg.trec.cli.main, and
// ndcg.trec.options' parse_measures, _columns, parse_gain_map): the -m specs become one
// spec per printed column, in trec_eval's order, with the CLI's usage errors and notes
// word for word.
// The measures come from the registry's JSON (ndcg.widgets._registry.registry_json), the
// one list the Python reads too.

import { fixedPoint } from "../decimals.js";
import { nearestNames } from "./nearest.js";
import { PERSISTENCE } from "./rbp.js";
import { TrecError, parseFloatC, parseIntC, pyRepr } from "./scan.js";

/** The registry's measures by trec_eval name, in trec_eval's order, and its sets. */
export function trecMeasures(registry) {
  const byTrec = new Map();
  for (const record of registry.records)
    for (const form of record.trec) byTrec.set(form.name, { record, form });
  const measures = new Map();
  for (const name of registry.ALL_TREC) if (byTrec.has(name)) measures.set(name, byTrec.get(name));
  const missing = registry.ALL_TREC.filter((name) => !measures.has(name));
  return { measures, missing, sets: { all_trec: registry.ALL_TREC, official: registry.OFFICIAL } };
}

/** Whether trec_eval prints a line per query for a measure of this form (TrecName.per_query). */
export const printsPerQuery = (form) => !["gmean", "count", "name"].includes(form.aggregate);

/** Python's str(float): the shortest repr, with ".0" on integers and its exponent style. */
export function pyFloat(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [digits, exp] = Math.abs(x).toExponential().split("e");
  const e = Number(exp);
  const sign = x < 0 ? "-" : "";
  const mantissa = digits.replace(".", "");
  if (e < -4 || e >= 16) {
    const m = mantissa.length > 1 ? `${mantissa[0]}.${mantissa.slice(1)}` : mantissa;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${mantissa}`;
  const whole = mantissa.slice(0, e + 1).padEnd(e + 1, "0");
  const fraction = mantissa.slice(e + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}

const INTEGER_TEXT = /^[+-]?[0-9]+$/;
const CUTOFF_TEXT = /^\+?([0-9]+)(\.[0-9]*)?$/;
/** Blanks inside one -m value: ASCII's, as ndcg.trec.options._BLANK reads them. */
const BLANK = /[ \t\n\r\f\v]+/;

/** trec_eval's per-level gains ("1=3,2=9,4=4.5") as the CLI reads them: an object level -> gain. */
export function parseGainMap(text) {
  const gains = {};
  for (const item of text.split(",")) {
    const at = item.indexOf("=");
    const level = at < 0 ? item : item.slice(0, at);
    const value = at < 0 ? "" : item.slice(at + 1);
    if (at < 0 || !INTEGER_TEXT.test(level)) {
      throw new TrecError(
        `gain map ${pyRepr(text)}: each item must be level=gain with an integer level, got ${pyRepr(item)}`,
      );
    }
    const grade = String(parseIntC(level, `gain map ${pyRepr(text)}`, "level"));
    if (grade.startsWith("-")) {
      throw new TrecError(
        `gain map ${pyRepr(text)}: level ${grade} is negative; negative grades give no ` +
          "gain (in trec_eval, levels -1 and -2 reach unjudged documents)",
      );
    }
    if (Object.hasOwn(gains, grade)) {
      throw new TrecError(
        `gain map ${pyRepr(text)} gives level ${grade} twice; give each level once ` +
          "(trec_eval would not say, and would use the smaller gain for the run " +
          "but the first for the ideal)",
      );
    }
    gains[grade] = parseFloatC(value, `gain map ${pyRepr(text)}`, `the gain of level ${grade}`);
    if (gains[grade] < 0) {
      throw new TrecError(
        `gain map ${pyRepr(text)}: the gain of level ${grade} is negative (${value}); ` +
          "gains here are >= 0, where trec_eval adds a negative gain to the DCG and " +
          "leaves it out of the ideal",
      );
    }
  }
  return gains;
}

/** --gain: "linear", "exponential" or a gain map. */
export function parseGainOption(text) {
  return text === "linear" || text === "exponential" ? text : parseGainMap(text);
}

/** Python's sorted() of strings: by code point. */
function sortedTexts(list) {
  return [...list].sort(compareCodePoints);
}

/** Compare two strings by code point (Python's and C's byte order), not by UTF-16 unit. */
export function compareCodePoints(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // A surrogate (U+D800..DFFF) stands for a code point above U+FFFF: above U+E000..FFFF.
      const fx = x >= 0xe000 ? x - 0x800 : x >= 0xd800 ? x + 0x2000 : x;
      const fy = y >= 0xe000 ? y - 0x800 : y >= 0xd800 ? y + 0x2000 : y;
      return fx < fy ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** How the page and the README point to every measure's name (ndcg.trec.options.WHERE_LISTED). */
const WHERE_LISTED = "-m all_trec prints every measure; the README's table lists them";

/** Python's str.partition: `[head, separator, tail]`. */
function partition(text, separator) {
  const at = text.indexOf(separator);
  return at < 0
    ? [text, "", ""]
    : [text.slice(0, at), separator, text.slice(at + separator.length)];
}

/** The library's names of measures, with trec_eval's for each (none for ERR): ndcg.trec.options.LIBRARY. */
function libraryNames(registry, measures) {
  const named = registry.records.filter(
    (r) => !measures.has(r.name) && (r.evaluate || r.trec.length),
  );
  return new Map(named.map((r) => [r.name, r.trec.map((form) => form.name)]));
}

/** That `head` names no measure, and what was probably meant (ndcg.trec.options._unknown). */
function unknown(spec, head, measures, missing, names, registry) {
  const [name, at, k] = partition(spec, "@");
  if (at && k) {
    // ndcg@10, P@5: the papers' way of writing a cutoff
    const cut = measures.has(`${name}_cut`) ? `${name}_cut` : name;
    if (measures.has(cut) && measures.get(cut).form.params === "cutoffs")
      return `a cutoff is written after a '.': ${cut}.${k}`;
  }
  let nearest = nearestNames(head, names);
  let said = `no measure is called ${pyRepr(head)}`;
  const library = libraryNames(registry, measures);
  if (missing.includes(head)) {
    said = `${head} is trec_eval's, not computed here yet`;
    nearest = nearest.filter((n) => n !== head);
  } else if (library.has(head.toLowerCase())) {
    // err, precision: the library's names, not trec_eval's
    const trec = library.get(head.toLowerCase());
    said = trec.length
      ? `${head} is the library's name for trec_eval's ${trec.join(", ")}`
      : `${head} is the library's (ndcg.evaluate), not trec_eval's, whose measures this report prints`;
  }
  if (nearest.length) said += `; the nearest names are ${nearest.join(", ")}`;
  return `${said} (${WHERE_LISTED})`;
}

/**
 * `spec` as meant when a comma in it is stray (an empty item, or a measure's name after a
 * comma: measures separated by commas, not spaces), else null: ndcg.trec.nearest.without_stray_commas.
 */
export function withoutStrayCommas(spec, names) {
  if (!spec.includes(",")) return null;
  const meant = [];
  let stray = false;
  spec.split(",").forEach((item, n) => {
    const [head, dot, first] = partition(item, ".");
    if (n === 0 || names.includes(head)) {
      stray = stray || n > 0;
      meant.push([head, dot ? [first] : []]);
    } else meant[meant.length - 1][1].push(item);
  });
  const kept = [];
  for (const [head, items] of meant) {
    const given = items.filter((item) => item);
    stray = stray || given.length < items.length || !head;
    if (head) kept.push(head + (given.length ? `.${given.join(",")}` : ""));
  }
  return stray && kept.length ? kept.join(" ") : null;
}

/**
 * The -m values as measures, as the CLI reads them: `{ specs, notes }`, one spec per
 * printed column, `{ name, k, gain, metric, trec, param, column, record, form }`.
 * `labels` names each value in the messages as typed (default `-m 'VALUE'`).
 */
export function parseMeasures(values, gain, registry, labels = null) {
  const { measures, missing, sets } = trecMeasures(registry);
  const names = [...measures.keys(), ...Object.keys(sets)];
  const params = new Map();
  const givenBy = new Map(); // the label of the value that gave a measure's parameters
  const notes = [];
  values.forEach((spec, n) => {
    const label = labels === null ? `-m ${pyRepr(spec)}` : labels[n];
    const [head, dot, given] = partition(spec, ".");
    if (BLANK.test(spec)) {
      // -m 'ndcg_cut.10 map': the page's field typed on the command line
      const parts = spec
        .split(BLANK)
        .filter((part) => part)
        .map((part) => withoutStrayCommas(part, names) ?? part);
      const each = parts.flatMap((part) => part.split(" "));
      throw new TrecError(`${label}: give each measure its own -m: -m ${each.join(" -m ")}`);
    }
    const meant = withoutStrayCommas(spec, names);
    if (meant !== null) {
      throw new TrecError(
        `${label}: a stray comma; write ${meant} (separate measures with spaces, not ` +
          "commas; on the command line, give each its own -m)",
      );
    }
    if (Object.hasOwn(sets, head) && dot)
      throw new TrecError(
        `${label}: ${head} is a set of measures and takes no parameters; write ${head}`,
      );
    if (Object.hasOwn(sets, head)) {
      const left = sets[head].filter((name) => missing.includes(name));
      if (left.length)
        notes.push(`-m ${head}: not computed here yet, left out: ${left.join(", ")}`);
      for (const name of sets[head])
        if (measures.has(name) && !params.has(name)) params.set(name, null);
      return;
    }
    if (!measures.has(head))
      throw new TrecError(`${label}: ${unknown(spec, head, measures, missing, names, registry)}`);
    if (dot && !given)
      throw new TrecError(`${label}: nothing after the '.'; give parameters or write ${head}`);
    if (dot && measures.get(head).form.params === "none") {
      const why = head.startsWith("rbp") ? ` (its persistence is trec_eval's ${PERSISTENCE})` : "";
      const cut = `${head}_cut`;
      const or = measures.has(cut) ? `, or ${cut}.${given} for a cutoff` : "";
      throw new TrecError(`${label}: ${head} takes no parameters here${why}; write ${head}${or}`);
    }
    const first = params.get(head) ?? null;
    if (first !== null && dot) {
      const a = sortedTexts(given.split(","));
      const b = sortedTexts(first.split(","));
      if (a.length !== b.length || a.some((x, i) => x !== b[i])) {
        const merged = [...new Set([...first.split(","), ...given.split(",")])].join(",");
        const one = ["cutoffs", "levels"].includes(measures.get(head).form.params)
          ? `, e.g. ${head}.${merged}`
          : "";
        throw new TrecError(
          `${label}: ${head} has its parameters from ${givenBy.get(head)} already; give one ` +
            `list${one} (trec_eval would silently use the first)`,
        );
      }
    }
    if (first === null && dot) givenBy.set(head, label);
    params.set(head, first !== null ? first : dot ? given : null);
  });
  const specs = [];
  for (const [head, entry] of measures) {
    if (params.has(head))
      specs.push(
        ...columnsOf(
          head,
          params.get(head),
          gain,
          entry,
          notes,
          givenBy.get(head) ?? `-m ${head}`,
          measures,
        ),
      );
  }
  return { specs, notes };
}

function columnsOf(head, given, gain, { record, form }, notes, label, measures) {
  const text = given === null ? form.defaults : given;
  const spec = (name, k, g, param, column = 0) => ({
    name,
    k,
    gain: g,
    metric: record.name,
    trec: head,
    param,
    column,
    record,
    form,
  });
  if (form.params === "gains") {
    if (given === null) return [spec(head, null, gain, null)];
    let levels;
    try {
      levels = parseGainMap(given);
    } catch (error) {
      if (!(error instanceof TrecError)) throw error;
      const cut = `${head}_cut`; // ndcg.10: NDCG at 10 was meant
      const hint =
        measures.has(cut) && /^[0-9,]+$/.test(given) ? `; for a cutoff, write ${cut}.${given}` : "";
      throw new TrecError(`${label}: ${error.message}${hint}`);
    }
    return [spec(`${head}_${given}`, null, levels, levels)];
  }
  if (form.params === "cutoffs") {
    const cutoffs = parseCutoffs(text, notes, head, label);
    const values = cutoffs.map(Number);
    return cutoffs.map((k, j) =>
      spec(`${head}_${k}`, form.cut ? Number(k) : null, gain, values, j),
    );
  }
  if (form.params === "levels") {
    const levels = parseLevels(text, label, head);
    return levels.map((x, j) => spec(`${head}_${fixedPoint(x, 2)}`, null, gain, levels, j));
  }
  if (form.params === "numbers") {
    const values = parseNumbers(text, label);
    if (form.count !== null && form.count !== undefined && values.length !== form.count) {
      throw new TrecError(
        `${label}: ${head} takes ${form.count} numbers, got ${values.length}; write ` +
          `${form.count} separated by commas, e.g. ${head}.${form.defaults} (its default)`,
      );
    }
    return [spec(given === null ? head : `${head}_${given}`, null, gain, values)];
  }
  if (form.params === "number") {
    const values = parseNumbers(text, label);
    if (values.length !== 1)
      throw new TrecError(
        `${label}: ${head} takes one number, got ${values.length}; write e.g. ${head}.${text.split(",")[0]}`,
      );
    if (form.minimum !== null && form.minimum !== undefined && values[0] < form.minimum) {
      throw new TrecError(
        `${label}: ${head} takes a number of ${form.minimum} or more, got ${text}; write e.g. ${head}.${form.defaults}`,
      );
    }
    if (form.whole && !Number.isInteger(values[0])) {
      const cut = Math.trunc(values[0]);
      throw new TrecError(
        `${label}: ${head} takes a whole number, got ${text}; write ${head}.${cut} (trec_eval would cut it to ${cut})`,
      );
    }
    return [spec(given === null ? head : `${head}_${given}`, null, gain, values[0])];
  }
  return [spec(head, null, gain, null)];
}

function parseNumbers(text, label) {
  return text.split(",").map((item) => parseFloatC(item, label, `the parameter ${pyRepr(item)}`));
}

/** How many characters of a level's %3.2f trec_eval keeps in the printed name. */
const LEVEL_WIDTH = 8;

/** Numbers read as cutoffs (0.2,0.4): sorted, each once, each short enough to name (ndcg.trec.options._levels). */
function parseLevels(text, label, head) {
  const levels = parseNumbers(text, label).sort((a, b) => a - b);
  for (const x of levels) {
    // %3.2f: fixedPoint below 1e21; above, a double is a whole number, exact as a BigInt.
    const shown = Math.abs(x) < 1e21 ? fixedPoint(x, 2) : `${BigInt(x)}.00`;
    if (shown.length > LEVEL_WIDTH) {
      throw new TrecError(
        `${label}: ${pyFloat(x)} is too long for the measure's name, where trec_eval keeps ` +
          `${LEVEL_WIDTH} characters of it (it would print ${head}_${shown.slice(0, LEVEL_WIDTH)}); ` +
          "give numbers from -9999.99 to 99999.99",
      );
    }
  }
  const repeated = levels.filter((x, i) => levels.indexOf(x) !== i).sort((a, b) => a - b);
  if (repeated.length)
    throw new TrecError(
      `${label}: ${pyFloat(repeated[0])} is given twice (trec_eval refuses it too); give each once`,
    );
  return levels;
}

/** trec_eval's cutoffs: positive integers (a fraction cut off), sorted, each once; as decimal text. */
function parseCutoffs(text, notes, head, label) {
  const cutoffs = [];
  for (const item of text.split(",")) {
    const match = CUTOFF_TEXT.exec(item);
    if (!match || !/[1-9]/.test(match[1])) {
      throw new TrecError(
        `${label}: the cutoff ${pyRepr(item)} is not a whole number of 1 or more; write ` +
          `whole numbers separated by commas, e.g. ${head}.5,10`,
      );
    }
    parseIntC(match[1], label, "the cutoff");
    const whole = BigInt(match[1]).toString();
    if (match[2] !== undefined)
      notes.push(`${label}: cutoff ${pyRepr(item)} read as ${whole}, as trec_eval reads it`);
    cutoffs.push(whole);
  }
  const big = cutoffs.map(BigInt);
  const ascending = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // BigInts: no a - b to a Number
  const repeated = big.filter((k, i) => big.indexOf(k) !== i).sort(ascending);
  if (repeated.length) {
    const once = [...new Set(cutoffs)].map(BigInt).sort(ascending).join(",");
    throw new TrecError(
      `${label}: cutoff ${repeated[0]} is given twice (trec_eval refuses it too); give each once: ${head}.${once}`,
    );
  }
  return big.sort(ascending).map(String);
}

/**
 * The whole option set the page passes (`{ q, c, J, l, m, k, gain }`, strings as typed on
 * the command line), checked in the CLI's order up to the reading of the files:
 * `{ gain, specs, notes }`; -l is read after the files, as the CLI reads it (readLevel).
 */
export function parseOptions(options, registry) {
  const gain = parseGainOption(options.gain ?? "linear");
  const values = [...(options.m ?? [])];
  const cuts = options.k ?? [];
  for (const value of cuts) {
    if (!value)
      throw new TrecError("-k '': give a cutoff or a list of them, e.g. -k 10 or -k 5,10");
    if (BLANK.test(value)) {
      const cutoffs = value
        .split(BLANK)
        .filter((part) => part)
        .join(",");
      throw new TrecError(`-k ${pyRepr(value)}: separate cutoffs with commas: -k ${cutoffs}`);
    }
    const items = value.split(",");
    const kept = items.filter((item) => item);
    if (kept.length < items.length) {
      // -k 5, : an empty cutoff
      const write = kept.length ? `write -k ${kept.join(",")}` : "give a cutoff, e.g. -k 10";
      throw new TrecError(`-k ${pyRepr(value)}: a stray comma; ${write}`);
    }
  }
  const labels = values.map((spec) => `-m ${pyRepr(spec)}`);
  if (cuts.length) {
    values.push(`ndcg_cut.${cuts.join(",")}`);
    labels.push(cuts.map((value) => `-k ${pyRepr(value)}`).join(" "));
  }
  const { specs, notes } = parseMeasures(
    values.length ? values : ["official"],
    gain,
    registry,
    values.length ? labels : null,
  );
  checkGains(specs, options.gain ?? "linear");
  return { gain, specs, notes };
}

/**
 * Refuse --gain beside a measure given its own gains (-m ndcg.1=3): --gain applies to every
 * graded measure, and one of the two would be dropped (ndcg.trec.options.check_gains).
 */
function checkGains(specs, gainText) {
  if (gainText === "linear") return;
  for (const s of specs) {
    if (s.form.params !== "gains" || s.param === null) continue;
    const spec = `${s.trec}.${s.name.slice(s.trec.length + 1)}`;
    throw new TrecError(
      `--gain ${gainText} and -m ${spec}: two sets of gains for ${s.trec}; give them ` +
        `once: --gain ${gainText} alone (it applies to every graded measure), or ` +
        `-m ${spec} without --gain`,
    );
  }
}

/** -l, as the CLI reads it after the files: an integer, 0 or more. */
export function readLevel(text) {
  const level = parseIntC(text, "-l", "the relevance level");
  if (level < 0) {
    throw new TrecError(
      `-l ${text}: the relevance level must be 0 or more; negative grades mark ` +
        "documents never judged, which are never relevant here (at a negative level " +
        "trec_eval counts retrieved documents without a judgment as relevant)",
    );
  }
  return level;
}
