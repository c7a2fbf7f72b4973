// The rule a goal may add (goals.py: relevant_first): every relevant item, a grade at or
// above the widget's threshold, above every other. It mirrors _goals.relevant_first and
// _goals._candidates; ndcg.widgets._assets puts this file in front of ranking.js.

/** Whether every relevant grade comes before every other (an unjudged item is not relevant). */
function relevantFirst(grades, threshold) {
  let seenOther = false;
  for (const grade of grades) {
    const isRelevant = grade !== null && grade >= threshold;
    if (isRelevant && seenOther) return false;
    seenOther = seenOther || !isRelevant;
  }
  return true;
}

/**
 * The worst order that keeps the rule, as positions of `grades`: inside each block, the
 * relevant items worst first, then the others worst first (the best order keeps the rule
 * by itself). `worst` is extremeOrder(grades, blocks, -1, gain).
 */
function worstRelevantFirst(grades, worst, blocks, threshold) {
  const out = [];
  for (const [start, end] of blocks) {
    const block = worst.filter((i) => i >= start && i < end);
    const isRelevant = (i) => grades[i] !== null && grades[i] >= threshold;
    out.push(...block.filter(isRelevant), ...block.filter((i) => !isRelevant(i)));
  }
  return out;
}

/** The labels of the items that break the rule: not relevant, above a relevant one. */
function ruleBreakers(order, grades, threshold) {
  let lastRelevant = -1;
  grades.forEach((grade, i) => { if (grade !== null && grade >= threshold) lastRelevant = i; });
  return order.filter((_, i) => i < lastRelevant && !(grades[i] !== null && grades[i] >= threshold));
}
