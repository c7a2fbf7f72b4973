"""The worked example of chapter 13, "Optimising NDCG": one query, eight documents.

A system has scored eight documents; sorted by score they come out in the order D1 to D8.
The grade-4 document, D7, sits at position 7, outside the top 5 that NDCG@5 counts. The
chapter slides D7's score upwards to show that NDCG is a step function of the scores, then
weighs every swap of two documents by how much NDCG@5 it would change.
"""

from __future__ import annotations

__all__ = ["ADAGRAD_GRADIENTS", "ADAGRAD_START", "GRADES", "K", "LABELS", "SCORES"]

#: The documents, in the order their scores rank them.
LABELS: tuple[str, ...] = ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8")
#: Their relevance grades, 0 to 4.
GRADES: tuple[int, ...] = (2, 0, 3, 0, 1, 0, 4, 0)
#: The system's scores, highest first.
SCORES: tuple[float, ...] = (2.1, 1.8, 1.5, 1.2, 0.9, 0.6, 0.3, 0.0)
#: The cutoff of the worked example.
K = 5

#: One weight's start and the gradients it meets in the AdaGrad exercise.
ADAGRAD_START = 0.5
ADAGRAD_GRADIENTS: tuple[float, ...] = (0.3, 0.0, 0.4)
