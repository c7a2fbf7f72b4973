"""The library (ndcg): the list and table measures, their checks, statistics, the package."""
