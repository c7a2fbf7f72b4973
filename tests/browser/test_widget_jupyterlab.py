"""RankingWidget and AnswerBox in JupyterLab, with a kernel: a goal reached in the browser is
reached in Python too, keys pressed in the widget stay in the widget, and an answer typed in a
box is judged by the notebook's check."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ._widgetpage import sort_by_hand

pytestmark = pytest.mark.browser

SRC = Path(__file__).resolve().parents[2] / "src"
CELLS = [
    "from ndcg.teaching import answers, examples\n"
    "from ndcg.widgets import RankingWidget, goals\n"
    "w = RankingWidget(examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6,\n"
    "                  goal=goals.at_least('ndcg', 0.8))\n"
    "w",
    "s = w.goal_status[0]\nprint('PY', w.order, s['reached'], f\"{s['limit']:.3f}\")",
    "box = answers.box('ch03-dcg-swap')\nbox",
    "print('BOX', box.answer, box.result.correct, box.result.message)",
]
# No news or update checks: the server must not reach out, nor open a dialog over the notebook.
SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    }
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("lab")
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "cells": [
            {
                "id": f"c{i}",
                "cell_type": "code",
                "source": src,
                "metadata": {},
                "outputs": [],
                "execution_count": None,
            }
            for i, src in enumerate(CELLS)
        ],
    }
    (root / "goals.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    settings = root / "settings"
    for name, values in SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(SRC),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(root / "workspaces"),
    }
    jupyter = Path(sys.executable).with_name("jupyter")
    server = subprocess.Popen(
        [str(jupyter), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         f"--ServerApp.root_dir={root}", "--IdentityProvider.token=", "--ServerApp.password=",
         "--ServerApp.disable_check_xsrf=True", "--allow-root",
         "--LabApp.extension_manager=readonly"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=1)  # noqa: S310 - loopback
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start within 60 s")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def run_cell(page, index: int) -> None:
    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def output_text(page, index: int, prefix: str) -> str:
    output = page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea-output")
    output.filter(has_text=prefix).wait_for(timeout=60_000)
    return output.inner_text().strip()


def test_goals_and_answers_in_jupyterlab(browser, lab: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{lab}/lab/tree/goals.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        # Run nothing before the kernel is connected: the status bar names it and says Idle.
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
        run_cell(page, 0)
        widget = page.locator(".ndcg-rw")
        widget.wait_for(timeout=60_000)
        assert widget.get_by_test_id("goal-0").get_attribute("data-reached") == "false"
        # Keys inside the widget move the item; they do not move the notebook's cursor.
        widget.get_by_test_id("item-D4").focus()
        page.keyboard.press("Alt+ArrowUp")
        page.keyboard.press("ArrowDown")
        focused = page.evaluate("() => document.activeElement.getAttribute('data-testid')")
        assert focused == "item-D3"
        sort_by_hand(widget)
        assert widget.get_by_test_id("goal-0").get_attribute("data-reached") == "true"
        status = widget.get_by_test_id("goal-status-0").locator(".ndcg-rw__stack-shown")
        assert "The best any order reaches is 0.817" in status.inner_text()
        run_cell(page, 1)
        assert output_text(page, 1, "PY") == "PY ['D1', 'D3', 'D2', 'D6', 'D5', 'D4'] True 0.817"
        run_cell(page, 2)
        answer_box = page.locator(".ndcg-ab")
        answer_box.wait_for(timeout=60_000)
        field = answer_box.get_by_label("Your answer")
        field.fill("6.6532")
        field.press("Enter")
        assert (
            answer_box.get_by_test_id("verdict").inner_text()
            == "✓ Right; to 4 decimals it is 6.6532."
        )
        run_cell(page, 3)
        assert output_text(page, 3, "BOX") == "BOX 6.6532 True Right; to 4 decimals it is 6.6532."
    finally:
        context.close()
