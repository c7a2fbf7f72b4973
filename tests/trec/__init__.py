"""The command line (python -m ndcg) and the TREC readers: options, reports, real files."""
