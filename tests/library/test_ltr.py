"""Learning to rank: swap matrix, pairwise gradients, optimisers, training, data, LightGBM."""

from __future__ import annotations

import math

import numpy as np
import pytest
from _golden import D_DCG, D_DCG_SWAPPED

import ndcg
from ndcg import ltr

GAINS = ("linear", "exponential")


# --- the swap matrix ------------------------------------------------------------------


def brute_force(relevance: list[float], k: int | None, gain: str) -> np.ndarray:
    """Swap every pair and score the new list with the library."""
    n = len(relevance)
    before = ndcg.ndcg(relevance, k=k, gain=gain)
    out = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            swapped = list(relevance)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            out[i, j] = ndcg.ndcg(swapped, k=k, gain=gain) - before
    return out


@pytest.mark.parametrize("gain", GAINS)
def test_swap_matrix_equals_brute_force_rescoring(gain: str) -> None:
    rng = np.random.default_rng(11)
    worst = 0.0
    for case in range(90):
        n = int(rng.integers(1, 20))
        relevance = rng.integers(0, 5, n).astype(float).tolist()
        if case % 3 == 0:
            relevance = rng.uniform(0, 4, n).round(2).tolist()  # real-valued grades
        k = None if case % 4 == 0 else int(rng.integers(1, n + 4))
        got = ltr.swap_matrix(relevance, k=k, gain=gain)
        want = brute_force(relevance, k, gain)
        worst = max(worst, float(np.max(np.abs(got - want))))
    assert worst <= 1e-12


def test_swap_matrix_is_symmetric_with_zero_diagonal_and_known_values() -> None:
    m = ltr.swap_matrix([3, 2, 3, 0, 1, 2], k=6, gain="linear")
    assert np.array_equal(m, m.T)
    assert np.all(np.diag(m) == 0.0)
    # Swapping D3 and D4 of chapter 3's list: DCG 6.861126688593502 -> 6.653156362813681.
    assert math.isclose(
        m[2, 3],
        (D_DCG_SWAPPED - D_DCG) / ndcg.idcg([3, 2, 3, 0, 1, 2], k=6, gain="linear"),
        rel_tol=1e-12,
    )


def test_swaps_beyond_the_cutoff_change_nothing() -> None:
    m = ltr.swap_matrix([0, 1, 2, 3, 4, 0, 4], k=3)
    assert np.all(m[3:, 3:] == 0.0)
    assert m[0, 4] > 0  # bringing grade 4 into the top 3 helps


def test_swap_matrix_of_a_list_without_gain_is_all_zero() -> None:
    assert np.array_equal(ltr.swap_matrix([0, 0, 0]), np.zeros((3, 3)))


def test_swap_matrix_errors_name_the_argument() -> None:
    with pytest.raises(ValueError, match="relevance must be finite: found nan at index 1"):
        ltr.swap_matrix([1.0, float("nan")])
    with pytest.raises(ValueError, match="k must be a positive integer or None, got 0"):
        ltr.swap_matrix([1, 0], k=0)
    with pytest.raises(ValueError, match="relevance holds the negative grade -1"):
        ltr.swap_matrix([1, -1])


def test_swap_weights_are_the_swap_matrix_in_item_order() -> None:
    rng = np.random.default_rng(3)
    grades = rng.integers(0, 5, (4, 12)).astype(float)
    scores = rng.normal(size=(4, 12))
    weights = ltr.swap_weights(grades, scores, k=5)
    for q in range(4):
        order = np.argsort(-scores[q], kind="stable")
        by_position = np.abs(ltr.swap_matrix(grades[q, order], k=5))
        back = np.empty_like(by_position)
        back[np.ix_(order, order)] = by_position
        assert np.array_equal(weights[q], back)


# --- pairwise losses and their gradients ------------------------------------------------


def numeric_gradient(f, x: np.ndarray, h: float = 1e-6) -> np.ndarray:
    out = np.zeros_like(x)
    for index in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[index] += h
        down[index] -= h
        out[index] = (f(up) - f(down)) / (2 * h)
    return out


def lists(seed: int = 5, m: int = 3, n: int = 10, d: int = 6):
    rng = np.random.default_rng(seed)
    grades = rng.integers(0, 5, (m, n)).astype(float)
    features = rng.normal(size=(m, n, d))
    return grades, features


@pytest.mark.parametrize("objective", ["ranknet", "lambdarank"])
def test_lambdas_are_the_gradient_of_the_loss_in_the_scores(objective: str) -> None:
    grades, _ = lists()
    scores = np.random.default_rng(8).normal(size=grades.shape)
    loss = getattr(ltr, objective)
    analytic = loss(grades, scores).gradient
    numeric = numeric_gradient(lambda s: loss(grades, s).loss, scores)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)
    assert np.abs(analytic).max() > 1e-3  # not a vacuous comparison of zeros


@pytest.mark.parametrize("objective", ["ranknet", "lambdarank"])
def test_gradient_check_linear_scorer(objective: str) -> None:
    grades, features = lists()
    model = ltr.LinearScorer(features.shape[2])
    model.params[0][:] = np.random.default_rng(1).normal(size=features.shape[2])
    loss = getattr(ltr, objective)

    def f(w: np.ndarray) -> float:
        return loss(grades, features @ w).loss

    analytic = model.gradient(features, loss(grades, model.score(features)).gradient)[0]
    np.testing.assert_allclose(analytic, numeric_gradient(f, model.params[0]), rtol=1e-6)


def test_gradient_check_mlp() -> None:
    grades, features = lists()
    model = ltr.MLPScorer(features.shape[2], hidden=5, seed=2, init_scale=1.0)
    analytic = model.gradient(features, ltr.lambdarank(grades, model.score(features)).gradient)
    for p, grad in zip(model.params, analytic, strict=True):

        def f(value: np.ndarray, p: np.ndarray = p) -> float:
            saved = p.copy()
            p[...] = value
            out = ltr.lambdarank(grades, model.score(features)).loss
            p[...] = saved
            return out

        np.testing.assert_allclose(grad, numeric_gradient(f, p.copy()), rtol=1e-5, atol=1e-10)
        assert np.abs(grad).max() > 1e-4


def test_lambdarank_weights_ranknet_pairs_by_delta_ndcg() -> None:
    grades, scores = [0.0, 3.0, 1.0], [2.0, 1.0, 0.0]
    lam = ltr.lambdarank(grades, scores, k=None)
    rank = ltr.ranknet(grades, scores)
    weights = ltr.swap_weights(grades, scores, k=None)[0]
    # Item 1 (grade 3) beats item 0 (score gap 1 - 2) and item 2 (gap 1 - 0); RankNet pulls
    # it by -1 / (1 + e^gap) for each pair, LambdaRank by the same times |ΔNDCG| of the pair.
    pull_0, pull_2 = -1 / (1 + math.exp(-1.0)), -1 / (1 + math.exp(1.0))
    assert math.isclose(rank.gradient[1], pull_0 + pull_2, rel_tol=1e-12)
    want = weights[1, 0] * pull_0 + weights[1, 2] * pull_2
    assert math.isclose(lam.gradient[1], want, rel_tol=1e-12)
    assert lam.gradient[1] < 0 < lam.gradient[0]  # the best item is pushed up


def test_pairwise_errors_name_the_argument() -> None:
    with pytest.raises(ValueError, match=r"y_true and y_score must have the same shape"):
        ltr.ranknet([1, 0], [1.0, 0.0, 2.0])
    with pytest.raises(ValueError, match="sigma must be a finite number > 0, got 0.0"):
        ltr.lambdarank([1, 0], [1.0, 0.0], sigma=0)
    with pytest.raises(ValueError, match="y_score must hold finite numbers"):
        ltr.ranknet([1, 0], [1.0, float("inf")])


# --- optimisers -------------------------------------------------------------------------


def test_adagrad_matches_a_hand_worked_step() -> None:
    w = [np.array([0.5, -1.0, 2.0])]
    opt = ltr.AdaGrad(learning_rate=0.1, epsilon=1e-8)
    opt.step(w, [np.array([0.3, 0.0, -0.4])])
    # G = (0.09, 0, 0.16); w_i <- w_i - 0.1 g_i / sqrt(G_i + 1e-8); a zero gradient moves nothing.
    want = [
        0.5 - 0.1 * 0.3 / math.sqrt(0.09 + 1e-8),
        -1.0,
        2.0 + 0.1 * 0.4 / math.sqrt(0.16 + 1e-8),
    ]
    assert w[0].tolist() == pytest.approx(want, rel=1e-15)
    assert w[0].tolist() == pytest.approx([0.4, -1.0, 2.1], abs=1e-7)  # the step is ~eta*sign(g)
    opt.step(w, [np.array([0.4, 0.2, 0.0])])
    # G = (0.09 + 0.16, 0.04, 0.16): the first weight's rate has fallen to 0.1 / 0.5.
    want = [
        want[0] - 0.1 * 0.4 / math.sqrt(0.25 + 1e-8),
        -1.0 - 0.1 * 0.2 / math.sqrt(0.04 + 1e-8),
        want[2],
    ]
    assert w[0].tolist() == pytest.approx(want, rel=1e-15)
    assert opt.accumulated[0].tolist() == pytest.approx([0.25, 0.04, 0.16], rel=1e-15)
    rates = opt.learning_rates()[0]
    assert rates.tolist() == pytest.approx([0.2, 0.5, 0.25], rel=1e-6)


def test_adagrad_l2_is_accumulated_so_an_idle_weight_decays_by_at_most_eta() -> None:
    w = [np.array([1.0])]
    opt = ltr.AdaGrad(learning_rate=0.1, epsilon=1e-8, l2=0.5)
    opt.step(w, [np.array([0.0])])
    # The feature never fired: the gradient is the L2 term 0.5 * 1.0 alone, G = 0.25.
    assert w[0][0] == pytest.approx(1.0 - 0.1 * 0.5 / math.sqrt(0.25 + 1e-8), rel=1e-15)


def test_sgd_step() -> None:
    w = [np.array([1.0, -2.0]), np.array([[0.5]])]
    ltr.SGD(learning_rate=0.5, l2=0.1).step(w, [np.array([0.2, 0.0]), np.array([[1.0]])])
    assert w[0].tolist() == pytest.approx([1.0 - 0.5 * (0.2 + 0.1), -2.0 - 0.5 * (0.0 - 0.2)])
    assert w[1][0, 0] == pytest.approx(0.5 - 0.5 * (1.0 + 0.05))


def test_optimiser_errors_name_the_argument() -> None:
    with pytest.raises(ValueError, match="learning_rate must be a finite number > 0, got -1.0"):
        ltr.SGD(learning_rate=-1)
    with pytest.raises(
        ValueError, match=r"grads\[0\] has shape \(3,\) but params\[0\] has shape \(2,\)"
    ):
        ltr.AdaGrad().step([np.zeros(2)], [np.zeros(3)])
    with pytest.raises(RuntimeError, match="no step taken yet"):
        ltr.AdaGrad().learning_rates()


# --- data and training ------------------------------------------------------------------


@pytest.fixture(scope="module")
def split() -> ltr.Split:
    data = ltr.make_ltr_collection(n_queries=60, n_documents=20, n_sparse=40, density=0.03, seed=4)
    return ltr.split_by_query(data, seed=4)


def test_collection_is_seeded_graded_and_split_by_query(split: ltr.Split) -> None:
    again = ltr.make_ltr_collection(n_queries=60, n_documents=20, n_sparse=40, density=0.03, seed=4)
    parts = (split.train, split.valid, split.test)
    ids = np.concatenate([p.query_ids for p in parts])
    assert sorted(ids.tolist()) == list(range(60))  # every query in exactly one part
    assert [p.n_queries for p in parts] == [36, 12, 12]
    for part in parts:
        assert np.array_equal(part.features, again.features[part.query_ids])
        assert np.array_equal(part.grades, again.grades[part.query_ids])
    assert set(np.unique(again.grades).tolist()) == {0.0, 1.0, 2.0, 3.0, 4.0}
    sparse = again.features[..., again.sparse]
    assert set(np.unique(sparse).tolist()) == {0.0, 1.0}
    assert 0.01 < sparse.mean() < 0.05


def test_split_refuses_bad_fractions(split: ltr.Split) -> None:
    with pytest.raises(ValueError, match="fractions must be three positive shares summing to 1"):
        ltr.split_by_query(split.train, fractions=(0.5, 0.5, 0.5))


def run(split: ltr.Split, seed: int, objective: str = "lambdarank") -> tuple:
    model = ltr.MLPScorer(split.train.features.shape[2], hidden=4, seed=seed)
    result = ltr.fit(
        model, ltr.AdaGrad(0.1), split.train, split.valid, objective=objective, epochs=4, seed=seed
    )
    return result, model


def test_training_is_reproducible_to_the_last_digit(split: ltr.Split) -> None:
    first, model1 = run(split, seed=7)
    second, model2 = run(split, seed=7)
    assert first.history.equals(second.history)
    for a, b in zip(model1.params, model2.params, strict=True):
        assert np.array_equal(a, b)
    other, _ = run(split, seed=8)
    assert not other.history.equals(first.history)


def test_fit_keeps_the_best_validation_epoch(split: ltr.Split) -> None:
    result, model = run(split, seed=1, objective="ranknet")
    history = result.history
    assert history["epoch"].tolist()[0] == 0 and len(history) >= 2
    assert result.best_epoch == int(history["valid_ndcg"].idxmax())
    valid = ltr.mean_ndcg(split.valid, model.score(split.valid.features))
    assert valid == result.best_valid
    assert result.best_valid > history["valid_ndcg"].iloc[0]  # training helped


def test_fit_stops_early_when_validation_stalls(split: ltr.Split) -> None:
    # A learning rate this small cannot move validation NDCG in two epochs.
    model = ltr.LinearScorer(split.train.features.shape[2])
    model.params[0][0] = 1.0
    result = ltr.fit(model, ltr.SGD(1e-12), split.train, split.valid, epochs=50, patience=2, seed=0)
    assert result.stopped_early
    assert result.history["epoch"].tolist() == [0, 1, 2]
    assert result.best_epoch == 0


def test_fit_errors_name_the_argument(split: ltr.Split) -> None:
    model = ltr.LinearScorer(split.train.features.shape[2])
    with pytest.raises(
        ValueError, match="objective must be one of 'lambdarank', 'ranknet'; got 'listnet'"
    ):
        ltr.fit(model, ltr.SGD(), split.train, split.valid, objective="listnet")
    with pytest.raises(ValueError, match="features must end in an axis of 3 features"):
        ltr.LinearScorer(3).score(split.train.features)


def test_mean_ndcg_is_the_library_mean(split: ltr.Split) -> None:
    scores = split.test.features[..., 0]
    per_query = ndcg.evaluate(split.test.grades, scores, k=10, gain="exponential", ties="average")
    assert ltr.mean_ndcg(split.test, scores) == pytest.approx(
        per_query["ndcg@10"].mean(), rel=1e-15
    )


# --- LightGBM -------------------------------------------------------------------------


def test_this_library_reproduces_lightgbms_own_ndcg_at_10(split: ltr.Split) -> None:
    pytest.importorskip("lightgbm")
    from ndcg.ltr.reference import lightgbm_lambdamart, lightgbm_ndcg_settings

    for trees in (60, 2):
        model = lightgbm_lambdamart(split, n_estimators=trees, min_child_samples=5, seed=0)
        settings = lightgbm_ndcg_settings()
        ours = np.mean(
            ndcg.ndcg_from_scores(split.test.grades, model.test_scores, k=10, **settings)
        )
        assert ours == pytest.approx(model.reported_test_ndcg, rel=1e-12, abs=0.0)
    # With two trees many scores tie: LightGBM keeps tied documents in input order
    # (ties="stable"); averaging over ties would give another figure.
    tied = sum(len(np.unique(row)) < len(row) for row in model.test_scores)
    assert tied == len(model.test_scores)
    averaged = np.mean(
        ndcg.ndcg_from_scores(
            split.test.grades,
            model.test_scores,
            k=10,
            gain="exponential",
            ties="average",
            empty=1.0,
        )
    )
    assert abs(averaged - model.reported_test_ndcg) > 1e-4


def test_tune_learning_rate_keeps_the_best_validation_run(split: ltr.Split) -> None:
    d = split.train.features.shape[2]
    tuned = ltr.tune_learning_rate(
        lambda: ltr.LinearScorer(d), ltr.AdaGrad, (1e-9, 0.3), split.train, split.valid, epochs=3
    )
    assert tuned.tried["learning_rate"].tolist() == [1e-9, 0.3]
    assert tuned.learning_rate == 0.3
    assert tuned.result.best_valid == tuned.tried["best valid NDCG@10"].max()
    assert tuned.optimiser.learning_rate == 0.3 and tuned.optimiser.accumulated is not None
    with pytest.raises(ValueError, match="rates is empty"):
        ltr.tune_learning_rate(lambda: ltr.LinearScorer(d), ltr.SGD, (), split.train, split.valid)


def test_progress_bar_counts_the_epochs(split: ltr.Split, capsys, monkeypatch) -> None:
    pytest.importorskip("tqdm")
    model = ltr.LinearScorer(split.train.features.shape[2])
    ltr.fit(model, ltr.SGD(0.1), split.train, split.valid, epochs=2, patience=None, progress=True)
    assert "epochs: 100%" in capsys.readouterr().err
    monkeypatch.setitem(__import__("sys").modules, "tqdm.auto", None)
    with pytest.raises(ImportError, match=r"progress=True needs tqdm: pip install 'ndcg\[ltr\]'"):
        ltr.fit(model, ltr.SGD(0.1), split.train, split.valid, epochs=1, progress=True)
