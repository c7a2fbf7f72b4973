"""ndcg: cumulative gain, DCG and NDCG, exact and explained."""

__version__ = "0.1.0"
