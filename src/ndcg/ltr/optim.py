"""Optimisers: plain stochastic gradient descent and AdaGrad, each a class with ``step()``.

Taught in chapter 13, "Optimising NDCG".

SGD moves every parameter by the same multiple of its gradient. AdaGrad (Duchi, Hazan and
Singer 2011) gives every parameter its own rate: it keeps ``G``, the sum of the squares of
all the gradients that parameter has seen, and steps by

    w <- w - eta / sqrt(G + epsilon) * g,

so a weight whose feature is rarely non-zero, and so rarely gets a gradient, keeps a large
rate, while a weight pushed at every step slows down. The form follows a blog post on
AdaGrad as a Spark MLlib updater (epsilon inside the square root, an optional L2 term).

The L2 term ``l2 * w`` is added to the gradient before it is squared into ``G``. Applied
outside the sum instead, it would shrink a weight whose feature has never fired at the
rate ``eta / sqrt(epsilon)``, which is enormous; folded in, that weight's own decay is
what it accumulates, and its step stays bounded by ``eta``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ndcg._validate import positive_number

__all__ = ["SGD", "AdaGrad"]


def _check_pairs(params: Sequence[np.ndarray], grads: Sequence[np.ndarray]) -> None:
    if len(params) != len(grads):
        raise ValueError(
            f"grads must hold one array per parameter: got {len(grads)} for {len(params)}"
        )
    for i, (p, g) in enumerate(zip(params, grads, strict=True)):
        if np.shape(p) != np.shape(g):
            raise ValueError(
                f"grads[{i}] has shape {np.shape(g)} but params[{i}] has shape {np.shape(p)}"
            )


class SGD:
    """Stochastic gradient descent: ``w <- w - eta * (g + l2 * w)``.

    Parameters
    ----------
    learning_rate : float, default 0.1
        The step size ``eta``, the same for every parameter.
    l2 : float, default 0.0
        Weight of an L2 penalty ``l2 / 2 * ||w||^2``.

    Examples
    --------
    >>> w = [np.array([1.0, -2.0])]
    >>> SGD(learning_rate=0.5).step(w, [np.array([0.2, 0.0])])
    >>> w[0].tolist()
    [0.9, -2.0]

    """

    def __init__(self, learning_rate: float = 0.1, l2: float = 0.0) -> None:
        self.learning_rate = positive_number(learning_rate, "learning_rate")
        self.l2 = positive_number(l2, "l2", allow_zero=True)

    def step(self, params: Sequence[np.ndarray], grads: Sequence[np.ndarray]) -> None:
        """Update every array of ``params`` in place by one step against ``grads``."""
        _check_pairs(params, grads)
        for p, g in zip(params, grads, strict=True):
            p -= self.learning_rate * (g + self.l2 * p)


class AdaGrad:
    """AdaGrad: a learning rate per parameter, ``eta / sqrt(G + epsilon)``.

    Parameters
    ----------
    learning_rate : float, default 0.1
        The base step size ``eta``.
    epsilon : float, default 1e-8
        Added to ``G`` under the square root, so a parameter that has seen no gradient
        yet has a finite rate.
    l2 : float, default 0.0
        Weight of an L2 penalty ``l2 / 2 * ||w||^2``, added to the gradient before it is
        accumulated.

    Attributes
    ----------
    accumulated : list of numpy.ndarray or None
        ``G``: the running sum of squared gradients, one array per parameter; ``None``
        before the first step.

    Examples
    --------
    One step by hand: G = 0.2^2 = 0.04 for the first weight and 0 for the second, whose
    gradient is zero, so it does not move.

    >>> w = [np.array([1.0, -2.0])]
    >>> opt = AdaGrad(learning_rate=0.5, epsilon=1e-8)
    >>> opt.step(w, [np.array([0.2, 0.0])])
    >>> w[0].round(6).tolist(), opt.accumulated[0].tolist()
    ([0.5, -2.0], [0.04000000000000001, 0.0])

    """

    def __init__(self, learning_rate: float = 0.1, epsilon: float = 1e-8, l2: float = 0.0) -> None:
        self.learning_rate = positive_number(learning_rate, "learning_rate")
        self.epsilon = positive_number(epsilon, "epsilon")
        self.l2 = positive_number(l2, "l2", allow_zero=True)
        self.accumulated: list[np.ndarray] | None = None

    def step(self, params: Sequence[np.ndarray], grads: Sequence[np.ndarray]) -> None:
        """Update every array of ``params`` in place by one AdaGrad step against ``grads``."""
        _check_pairs(params, grads)
        if self.accumulated is None:
            self.accumulated = [np.zeros_like(p, dtype=np.float64) for p in params]
        for p, g, total in zip(params, grads, self.accumulated, strict=True):
            full = g + self.l2 * p
            total += full * full
            p -= self.learning_rate * full / np.sqrt(total + self.epsilon)

    def learning_rates(self) -> list[np.ndarray]:
        """Return each parameter's current rate ``eta / sqrt(G + epsilon)``.

        Raises
        ------
        RuntimeError
            Before the first step, when no gradient has been accumulated.

        """
        if self.accumulated is None:
            raise RuntimeError("learning_rates: no step taken yet, so nothing is accumulated")
        return [self.learning_rate / np.sqrt(total + self.epsilon) for total in self.accumulated]
