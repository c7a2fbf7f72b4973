"""ndcg.spark: evaluation and the TREC readers on Spark, held to the library."""
