// The names nearest to a mistyped one, as Python's difflib.get_close_matches finds them
// (ndcg.trec.nearest.nearest_names): the same ratio, the same order, so that the page's message
// names the same measures as the command line's.

/**
 * difflib's SequenceMatcher(None, a, b).ratio(): twice the matched characters over both
 * lengths, the matches found as difflib finds them (the longest block first, the earliest
 * on ties, then the same on each side of it). Strings as arrays of code points, as Python
 * counts them; no junk (difflib's heuristic starts at 200 characters).
 */
export function ratio(a, b) {
  const where = new Map();
  b.forEach((ch, j) => {
    if (!where.has(ch)) where.set(ch, []);
    where.get(ch).push(j);
  });
  let matched = 0;
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop();
    const [i, j, k] = longestMatch(a, where, alo, ahi, blo, bhi);
    if (k) {
      matched += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  const length = a.length + b.length;
  return length ? (2.0 * matched) / length : 1.0;
}

/** difflib's find_longest_match without junk: `[i, j, size]`, the earliest of the longest. */
function longestMatch(a, where, alo, ahi, blo, bhi) {
  let [besti, bestj, bestsize] = [alo, blo, 0];
  let lengths = new Map();
  for (let i = alo; i < ahi; i += 1) {
    const next = new Map();
    for (const j of where.get(a[i]) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) [besti, bestj, bestsize] = [i - k + 1, j - k + 1, k];
    }
    lengths = next;
  }
  return [besti, bestj, bestsize];
}

/**
 * difflib.get_close_matches(word, possibilities, n, cutoff): the possibilities whose ratio
 * to `word` is at least `cutoff`, best first, ties by the larger text (Python's nlargest
 * of (score, text) pairs).
 */
export function closeMatches(word, possibilities, n = 3, cutoff = 0.6) {
  const b = Array.from(word);
  const scored = [];
  for (const x of possibilities) {
    const score = ratio(Array.from(x), b);
    if (score >= cutoff) scored.push([score, x]);
  }
  // The names are ASCII: JavaScript's < orders them as Python does.
  scored.sort(([s, x], [t, y]) => (s !== t ? t - s : x < y ? 1 : x > y ? -1 : 0));
  return scored.slice(0, n).map(([, x]) => x);
}

/** The (up to three) names nearest to `head`, compared without case: ndcg.trec.nearest.nearest_names. */
export function nearestNames(head, names) {
  const lowered = new Map(names.map((name) => [name.toLowerCase(), name]));
  return closeMatches(head.toLowerCase(), [...lowered.keys()]).map((n) => lowered.get(n));
}
