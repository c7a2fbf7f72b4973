"""The book's own teaching code, kept apart from the metric library.

Worked examples (:mod:`~ndcg.teaching.examples`), figures (:mod:`~ndcg.teaching.plots`,
:mod:`~ndcg.teaching.plots_practice`), answer checks (:mod:`~ndcg.teaching.exercises`), the
museum of broken-on-purpose implementations (:mod:`~ndcg.teaching.pitfalls`) and synthetic
collections (:mod:`~ndcg.teaching.synthetic`). These modules use the library's public names
only; the library never imports them, so ``import ndcg`` stays free of matplotlib and of
everything here. Import what a chapter needs::

    from ndcg.teaching import examples, plots
"""
