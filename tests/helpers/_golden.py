"""Expected figures of the book's worked examples: the one place the tests take them from.

Each figure was computed in double precision and checked against the source that printed it
(or against a 40-digit computation where the two differ in the last place). A test that needs
one of these imports it from here, so a figure is never typed twice. Figures that belong to a
single test (a random collection, a one-off edge case) stay in that test.
"""

from __future__ import annotations

# --- The D1-D6 table (Wikipedia's "Discounted cumulative gain" article), linear gain ---
D_CG = 11.0
D_DCG = 6.861126688593502
#: The article's DCG with every term rounded to 3 places before summing.
D_DCG_ROUNDED_TERMS = 6.861000000000001
#: DCG after swapping D3 and D4 (3, 2, 0, 3, 1, 2).
D_DCG_SWAPPED = 6.653156362813681
#: The ideal of D1..D8 cut to depth 6 (3, 3, 3, 2, 2, 2).
D_IDEAL_AT_6 = (3, 3, 3, 2, 2, 2)
D_IDCG_AT_6 = 8.740262365546284
D_NDCG_AT_6 = 0.785002371969948
#: NDCG@6 with the ideal (wrongly) built from the six retrieved documents only.
D_NDCG_RETRIEVED_ONLY = 0.9608081943360617
#: IDCG of the retrieved documents alone (3, 3, 2, 2, 1, 0).
D_IDCG_RETRIEVED_ONLY = 7.1409951840957
#: trec_eval's uncut ``ndcg`` of the D1-D6 run with D7 and D8 judged (it prints 0.756164).
D_NDCG_UNCUT = 0.7561640298168337
#: DCG of the whole pool D1..D8 in its order, and with positions typed 1..7, 9 (one skipped).
D_POOL_DCG = 8.492056442164959
D_POOL_DCG_SKIPPED_POSITION = 8.463186679921463
#: NDCG@6 of (3, unjudged D9, 3, 0, 1, 2) against D1..D8: unjudged as 0, and condensed.
D_WITH_UNJUDGED_NDCG_ZERO = 0.6406291879203354
D_WITH_UNJUDGED_NDCG_CONDENSED = 0.697595927702539

# --- Five items of a Scala NDCG implementation (a blog post), exponential gain ---
FIVE_DCG = 36.595390756454925
FIVE_IDCG = 45.64282878502658
FIVE_NDCG = 0.8017774474236854
#: NDCG of each of the 120 orders of the five items: their sum (no distribution) and minimum.
FIVE_ALL_ORDERS_NDCG_SUM = 88.37077328454765
FIVE_ALL_ORDERS_NDCG_MIN = 0.5443434449057798

# --- Estimated vs true ratings (a recommender-system walk-through), exponential gain ---
RATINGS_IDCG_AT_10 = 89.3986129310978
RATINGS_IDCG_AT_5 = 78.3217628403342
RATINGS_DCG_STABLE_AT_10 = 85.98764063423907
RATINGS_DCG_STABLE_AT_5 = 75.11771171236516
RATINGS_NDCG_STABLE_AT_10 = 0.9618453554812123
RATINGS_NDCG_STABLE_AT_5 = 0.9590911770652969
RATINGS_NDCG_AVERAGE_AT_10 = 0.9707974922098048
#: The walk-through's source printed ...834; the exact value is 0.96798842345748350467...,
#: so double precision rounds to ...836. Tests compare with a relative tolerance of 1e-15.
RATINGS_NDCG_AVERAGE_AT_5 = 0.9679884234574834

# --- Fractional scores (a course notebook, in Russian), linear gain ---
FRACTIONAL_CG_AT_5 = 4.26
#: CG@6 as Python prints the sum (4.94 to two places).
FRACTIONAL_CG_AT_6 = 4.9399999999999995
FRACTIONAL_DCG_AT_5 = 2.6164401144680056
FRACTIONAL_SWAPPED_NDCG_AT_5 = 0.9962906539247512
#: Mean NDCG@5 of the three lists, ideal from each list's top 5 only (as the notebook printed).
FRACTIONAL_MEAN_NDCG_TOP5_IDEAL = 0.9995776631824039
#: The same mean with the ideal from each whole list.
FRACTIONAL_MEAN_NDCG_WHOLE_IDEAL = 0.9961322104432755
#: Exponential-gain DCG@5 of the ranked list (0.99, 0.94, ...); the "industry" DCG gives 0.98.
FRACTIONAL_EXP_DCG_AT_5 = 2.520491067899354

# --- The library's conventions (design notes), checked against trec_eval and ranx ---
#: [3, 2] against the judged pool {3, 2, 3} at k=10 (trec_eval prints 0.723233); the same
#: figure as [3, None, 2] with the unjudged position condensed away.
SHORT_LIST_NDCG = 0.7232329748419101
#: [3, None, 2] against the pool {3, 2, 3}, the unjudged position scored as 0 (trec_eval).
UNJUDGED_ZERO_NDCG = 0.6787956981029196
#: Grades [-1, 2, 0] scored [3, 2, 1]: a negative grade gives no gain (trec_eval and ranx
#: print 0.630930; exactly 1 / log2(3)).
NEGATIVE_GRADE_NDCG = 0.6309297535714575
