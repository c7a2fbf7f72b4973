"""Learning to rank: from measuring NDCG to optimising it.

Taught in chapter 13, "Optimising NDCG".

The pieces, one module each: the swap matrix of a ranked list (:mod:`~ndcg.ltr.swap`),
RankNet's loss and LambdaRank's lambdas (:mod:`~ndcg.ltr.pairwise`), a linear and a
small multilayer scorer in numpy (:mod:`~ndcg.ltr.models`), SGD and AdaGrad
(:mod:`~ndcg.ltr.optim`), a seeded training loop with early stopping
(:mod:`~ndcg.ltr.train`), a synthetic collection split by query (:mod:`~ndcg.ltr.data`)
and LightGBM's LambdaMART as the reference (:mod:`~ndcg.ltr.reference`, which needs the
``ndcg[ltr]`` extra). ``import ndcg`` never loads this package, and this package measures
NDCG only through the library's public functions.
"""

from .data import LTRData, Split, make_ltr_collection, split_by_query
from .models import LinearScorer, MLPScorer, Scorer
from .optim import SGD, AdaGrad
from .pairwise import PairLoss, lambdarank, ranknet, swap_weights
from .reference import LambdaMART, lightgbm_lambdamart, lightgbm_ndcg_settings
from .swap import swap_matrix
from .train import OBJECTIVES, TrainResult, Tuned, fit, mean_ndcg, tune_learning_rate

__all__ = [
    "OBJECTIVES",
    "SGD",
    "AdaGrad",
    "LambdaMART",
    "LTRData",
    "LinearScorer",
    "MLPScorer",
    "PairLoss",
    "Scorer",
    "Split",
    "TrainResult",
    "Tuned",
    "fit",
    "lambdarank",
    "lightgbm_lambdamart",
    "lightgbm_ndcg_settings",
    "make_ltr_collection",
    "mean_ndcg",
    "ranknet",
    "split_by_query",
    "swap_matrix",
    "swap_weights",
    "tune_learning_rate",
]
