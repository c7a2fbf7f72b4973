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
#: trec_eval's uncut ``ndcg`` of the D1-D6 run with D7 and D8 judged.
D_NDCG_UNCUT = 0.7561640298168337

# --- Five items of a Scala NDCG implementation (a blog post), exponential gain ---
FIVE_DCG = 36.595390756454925
FIVE_IDCG = 45.64282878502658
FIVE_NDCG = 0.8017774474236854

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
FRACTIONAL_DCG_AT_5 = 2.6164401144680056
FRACTIONAL_SWAPPED_NDCG_AT_5 = 0.9962906539247512
#: Mean NDCG@5 of the three lists, ideal from each list's top 5 only (as the notebook printed).
FRACTIONAL_MEAN_NDCG_TOP5_IDEAL = 0.9995776631824039
#: The same mean with the ideal from each whole list.
FRACTIONAL_MEAN_NDCG_WHOLE_IDEAL = 0.9961322104432755
#: Exponential-gain DCG@5 of the ranked list (0.99, 0.94, ...); the "industry" DCG gives 0.98.
FRACTIONAL_EXP_DCG_AT_5 = 2.520491067899354
