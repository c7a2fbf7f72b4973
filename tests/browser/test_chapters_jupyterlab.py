"""Every chapter runs in JupyterLab 4 with the book's kernel, as a learner runs it.

One JupyterLab server, started as ``make lab`` starts it (``tools/lab.py``), on the learner's
copies of the chapters that the build wrote (``_build/learner/lab``, copied as ``make lab``
copies them); one notebook at a time: open it, wait for the kernel, Run All Cells from the Run
menu, save, and read the saved notebook: every code cell ran and none has an error or
anything on stderr (the book's build allows neither). In chapter 3 the ranking widget is also
used with the keyboard: moving D3 down one place turns the DCG readout from 6.861 to 6.653,
reaches the task's first goal and not its second, the screen-reader announcement says so, and
the kernel's ``widget.order`` follows; moving it back says the goal is no longer met. In
chapter 4 the prose reads as the website's: its first paragraph shows DCG's figure, 6.861, and
no MyST brace; a note renders as a quotation, an exercise as a heading, a solution closed.

After Run All, in every chapter, no answer is in view until the learner opens it: every
solution and every "Check your answer" is a closed ``<details>`` block, nothing inside one is
visible, no output says "Right", and a cell the website shows without its output printed
nothing; opening a solution shows it. In chapter 3, switching the widget to exponential gain
makes the goals say they measure with linear gain, and "Skip to the widget" is a link to it.
A chapter JupyterLab ran and saved keeps its cells, so ``make lab`` still counts it as the
book's; chapter 3, reopened without its kernel, shows its widget from the saved state.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import lab as lab_command  # tools/lab.py: what `make lab` runs
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

# The notebook on screen (a page can hold others, hidden, restored from a workspace).
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WIDGET_CHAPTER = "03_discounted_cumulative_gain.ipynb"
PROSE_CHAPTER = "04_ideal_dcg_and_ndcg.ipynb"
SETTINGS = {
    # No news or update checks: the server must not reach out, nor open a dialog.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Every cell in the page, not only those scrolled to, so every prompt can be read.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
# Run All is finished when every code cell of the notebook's model has its execution count (or
# a cell failed, which cancels the cells after it). The model, not the page: a folded cell
# draws no prompt, so the last prompt on the page can be done while a folded cell still runs.
FINISHED = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const model = panel && panel.content && panel.content.model;
  if (!model) return false;
  let code = 0, ran = 0, failed = false;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type !== 'code') continue;
    code += 1;
    if (cell.executionCount !== null && cell.executionCount !== undefined) ran += 1;
    for (let j = 0; j < cell.outputs.length; j++) {
      const output = cell.outputs.get(j).toJSON();
      if (output.output_type === 'error' || output.name === 'stderr') failed = true;
    }
  }
  return code > 0 && (ran === code || failed);
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _api(url: str, method: str = "GET") -> object:
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 - loopback
        body = response.read()
    return json.loads(body) if body else None


@pytest.fixture(scope="module")
def lab(site: Path, tmp_path_factory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("chapters")
    # What `make lab` opens: the build's learner copies (the site fixture: the book is built).
    copied, kept, newer = lab_command.refresh(site.parent / "learner" / "lab", root)
    assert sorted(copied) == [path.name for path in CHAPTERS] and not kept and not newer
    settings = root.parent / f"{root.name}-settings"
    for name, values in SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    port = _free_port()
    argv, env = lab_command.command(
        root, "--no-browser", f"--port={port}", "--ip=127.0.0.1", "--IdentityProvider.token=",
        "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True", "--allow-root",
        "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
    )  # fmt: skip
    env = {
        **env,
        "PYTHONPATH": str(ROOT / "src"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(settings.parent / f"{root.name}-workspaces"),
    }
    server = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                _api(f"{url}/api/status")
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start within 120 s")
        yield url, root
    finally:
        server.terminate()
        server.wait(timeout=60)


def _shut_down_kernels(url: str) -> None:
    for session in _api(f"{url}/api/sessions"):  # type: ignore[union-attr]
        _api(f"{url}/api/sessions/{session['id']}", method="DELETE")


def _problems(notebook: dict) -> list[str]:
    problems = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        if cell.get("execution_count") is None:
            problems.append(f"cell {index} did not run")
        for output in cell.get("outputs", []):
            if output["output_type"] == "error":
                problems.append(f"cell {index}: {output['ename']}: {output['evalue']}")
            elif output["output_type"] == "stream" and output["name"] == "stderr":
                problems.append(f"cell {index} wrote to stderr: {''.join(output['text'])[:300]}")
    return problems


def _reads_like_the_book(page) -> None:
    """Chapter 4's prose as JupyterLab renders it: figures, no raw MyST, notes, folds."""
    rendered = page.locator(f"{NOTEBOOK} .jp-MarkdownCell .jp-RenderedMarkdown")
    first = rendered.first.locator("blockquote p").nth(1)
    text = first.inner_text()
    assert "6.861" in text and "{" not in text and "`" not in text, text
    whole = " ".join(rendered.all_inner_texts())
    assert "{glue" not in whole and "{term}" not in whole and "```{" not in whole
    # An admonition is a quotation with its title; an exercise a numbered heading.
    assert page.locator(f"{NOTEBOOK} .jp-RenderedMarkdown blockquote strong").count() >= 2
    heading = page.locator(f"{NOTEBOOK} .jp-RenderedMarkdown h3", has_text="Exercise 4.1")
    expect(heading).to_have_count(1)
    # A solution is closed: its summary shows, its code does not.
    solution = page.locator(
        f"{NOTEBOOK} .jp-RenderedMarkdown details summary", has_text="Solution to exercise 4.1"
    )
    expect(solution).to_have_count(1)
    hidden = page.locator(f"{NOTEBOOK} .jp-CodeCell .jp-InputPlaceholder")
    assert hidden.count() >= 1, hidden.count()


# What the learner sees of the answers after Run All: every count but the first must be 0.
IN_VIEW = """() => {
  const notebook = document.querySelector('NOTEBOOK');
  // checkVisibility: false inside a closed <details> (content-visibility), display or opacity.
  const seen = (e) => e.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true,
    visibilityProperty: true }) && e.getClientRects().length > 0;
  const details = [...notebook.querySelectorAll('.jp-RenderedMarkdown details')];
  const inside = details.flatMap((d) => [...d.children].filter((c) => c.tagName !== 'SUMMARY'));
  const outputs = [...notebook.querySelectorAll('.jp-OutputArea-output')].filter(seen);
  return {
    closed: details.filter((d) => !d.open).length,
    open: details.filter((d) => d.open).length,
    solution_text_in_view: inside.filter(seen).length,
    verdicts_in_view: outputs.filter((o) => /\\bRight[:;.]/.test(o.innerText)).length,
    solution_code_cells: [...notebook.querySelectorAll('.jp-CodeCell .jp-InputArea')]
      .filter((c) => /Solution to exercise/.test(c.innerText)).length,
  };
}""".replace("NOTEBOOK", NOTEBOOK)
# Answers' places, per chapter, that the report quotes.
SEEN: dict[str, dict[str, int]] = {}


def _answers_stay_closed(page, chapter: str, saved: dict) -> None:
    """After Run All: no solution, answer or verdict in view; opening one shows it."""
    counts = page.evaluate(IN_VIEW)
    SEEN[chapter] = counts
    print(f"{chapter}: after Run All {counts}")
    assert counts["closed"] >= 3 and counts["open"] == 0, counts
    assert counts["solution_text_in_view"] == 0 and counts["verdicts_in_view"] == 0, counts
    assert counts["solution_code_cells"] == 0, counts
    # The cells the website shows without their output printed nothing here either.
    captured = [c for c in saved["cells"] if c["cell_type"] == "code"
                and "".join(c["source"]).startswith("%%capture")]  # fmt: skip
    assert all(not c["outputs"] for c in captured), [c["outputs"] for c in captured]
    # Nor did a cell the book never shows, folded with its output (Run All unfolds it).
    folded = [c for c in saved["cells"] if c["cell_type"] == "code"
              and c["metadata"].get("jupyter", {}).get("outputs_hidden")]  # fmt: skip
    assert all(not c["outputs"] for c in folded), [c["outputs"] for c in folded if c["outputs"]]
    # The learner opens the first solution: now it shows.
    summary = page.locator(f"{NOTEBOOK} .jp-RenderedMarkdown details summary",
                           has_text="Solution to exercise").first  # fmt: skip
    summary.click()
    details = summary.locator("xpath=..")
    expect(details).to_have_attribute("open", "")
    assert details.locator("p, pre").first.is_visible()


def _goal_follows_the_gain(page) -> None:
    """Chapter 3: exponential gain in the widget; the goals say they measure with linear."""
    widget = page.locator(f"{NOTEBOOK} .ndcg-rw")
    widget.get_by_test_id("gain").select_option("exponential")
    expect(widget.get_by_test_id("dcg")).to_have_text("13.848")
    goal = widget.get_by_test_id("goal-0").locator(".ndcg-rw__goal-text")
    expect(goal).to_contain_text("Measured with linear gain")
    widget.get_by_test_id("gain").select_option("linear")
    expect(goal).not_to_contain_text("Measured with")
    # Skip to the widget: a link, to the heading right above the widget (JupyterLab names a
    # heading by data-jupyter-id and follows a link to it itself).
    link = page.locator(f"{NOTEBOOK} .jp-RenderedMarkdown a", has_text="Skip to the widget")
    assert link.get_attribute("href") == "#The-widget"
    heading = page.locator(f"{NOTEBOOK} h4[data-jupyter-id='The-widget']")
    page.locator(f"{NOTEBOOK} .jp-Cell").first.scroll_into_view_if_needed()
    expect(heading).not_to_be_in_viewport()
    link.click()
    expect(heading).to_be_in_viewport()
    # Followed, not merely near: JupyterLab puts the heading at the top of the notebook.
    page.wait_for_timeout(500)
    top = page.locator(NOTEBOOK).bounding_box()["y"]
    assert heading.bounding_box()["y"] - top < 200, heading.bounding_box()
    # A term's link goes to the list at the end; the list's entry leads back to the section.
    back = page.locator(f"{NOTEBOOK} .jp-RenderedMarkdown li a", has_text="Try it: swap D3")
    back.first.scroll_into_view_if_needed()
    back.first.click()
    section = page.locator(f"{NOTEBOOK} h2[data-jupyter-id='Try-it:-swap-D3-and-D4']")
    expect(section).to_be_in_viewport()
    page.wait_for_timeout(500)
    assert section.bounding_box()["y"] - top < 200, section.bounding_box()


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}$")).click()


def _move_d3_with_the_keyboard(page) -> None:
    """Chapter 3's task: D3 one place down, by keyboard; readouts, goals, voice, kernel."""
    widget = page.locator(f"{NOTEBOOK} .ndcg-rw")
    assert widget.count() == 1
    dcg = widget.get_by_test_id("dcg")
    assert dcg.inner_text() == "6.861"
    goals = [widget.get_by_test_id(f"goal-{i}") for i in (0, 1)]
    assert [g.get_attribute("data-reached") for g in goals] == ["false", "false"]
    widget.get_by_test_id("item-D3").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect(dcg).to_have_text("6.653")
    expect(widget.get_by_test_id("cg")).to_have_text("11.000")
    # DCG fell while CG stayed: the first goal is reached; the second (the best DCG) is not.
    expect(goals[0]).to_have_attribute("data-reached", "true")
    expect(goals[1]).to_have_attribute("data-reached", "false")
    voice = widget.get_by_test_id("announcement")
    said = voice.inner_text()
    assert said.startswith("D3 moved from position 3 to 4."), said
    assert "DCG is now 6.653, down 0.208." in said, said
    assert "Goal 1 reached. Reached: DCG fell from 6.861 to 6.653 while CG stayed" in said, said
    assert "Goal 2" not in said, said
    status = widget.get_by_test_id("goal-status-1").locator(".ndcg-rw__stack-shown")
    assert status.inner_text().startswith("Not yet"), status.inner_text()
    # The kernel's side: a new cell at the end prints the widget's order.
    # (The chapter ends with a markdown cell: click its prompt area, which selects it.)
    page.locator(f"{NOTEBOOK} .jp-Cell").last.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type("print('ORDER', widget.order)")
    page.keyboard.press("Control+Enter")  # run in place (Shift+Enter would add a cell)
    output = page.locator(f"{NOTEBOOK} .jp-Cell").last.locator(".jp-OutputArea-output")
    output.filter(has_text="ORDER").wait_for(timeout=60_000)
    assert output.inner_text().strip() == "ORDER ['D1', 'D2', 'D4', 'D3', 'D5', 'D6']"
    # And back: the goal is announced as no longer met, and the readout is DCG's again.
    widget.get_by_test_id("item-D3").focus()
    page.keyboard.press("Alt+ArrowUp")
    expect(dcg).to_have_text("6.861")
    expect(goals[0]).to_have_attribute("data-reached", "false")
    assert "Goal 1 no longer met." in voice.inner_text(), voice.inner_text()


def test_there_are_chapters() -> None:
    assert len(CHAPTERS) >= 13
    assert WIDGET_CHAPTER in {path.name for path in CHAPTERS}


@pytest.mark.parametrize("chapter", [path.name for path in CHAPTERS])
def test_chapter_runs_in_jupyterlab(
    browser, site: Path, lab: tuple[str, Path], chapter: str
) -> None:
    url, root = lab
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        # ?reset: a fresh workspace, not the previous chapter's tabs restored.
        page.goto(f"{url}/lab/tree/{chapter}?reset")
        page.locator(f"{NOTEBOOK} .jp-Cell").first.wait_for(timeout=120_000)
        # Run nothing before the kernel is connected: the status bar names it and says Idle.
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=120_000)
        _menu(page, "Run", "Run All Cells")
        page.wait_for_function(FINISHED, timeout=600_000, polling=500)
        if chapter == WIDGET_CHAPTER:
            _move_d3_with_the_keyboard(page)
            _goal_follows_the_gain(page)
        if chapter == PROSE_CHAPTER:
            _reads_like_the_book(page)
        _menu(page, "File", "Save Notebook")
        page.locator(".lm-TabBar-tab.jp-mod-current:not(.jp-mod-dirty)").wait_for(timeout=60_000)
        saved = json.loads((root / chapter).read_text(encoding="utf-8"))
        problems = _problems(saved)
        assert not problems, f"{chapter} in JupyterLab:\n" + "\n".join(problems)
        _answers_stay_closed(page, chapter, saved)
        # Opened, run and saved by JupyterLab: the file is rewritten, its cells are not, so
        # make lab still counts it as the book's (it follows the next build); chapter 3, where
        # the test typed a cell of its own, counts as the learner's.
        built = site.parent / "learner" / "lab" / chapter
        assert (root / chapter).read_bytes() != built.read_bytes()
        same = lab_command._digest(root / chapter) == lab_command._digest(built)
        assert same is (chapter != WIDGET_CHAPTER)
    finally:
        context.close()
        _shut_down_kernels(url)


def test_a_saved_chapter_reopened_without_its_kernel_shows_its_widgets(
    browser, lab: tuple[str, Path]
) -> None:
    """The lab saves widget state (tools/lab.py): no "Error displaying widget: model not found"."""
    url, root = lab
    saved = json.loads((root / WIDGET_CHAPTER).read_text(encoding="utf-8"))
    if saved["cells"][0].get("execution_count") is None and not any(
        c.get("outputs") for c in saved["cells"] if c["cell_type"] == "code"
    ):
        pytest.skip("chapter 3 was not run and saved in this session")
    assert "application/vnd.jupyter.widget-state+json" in saved["metadata"].get("widgets", {})
    _shut_down_kernels(url)
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{url}/lab/tree/{WIDGET_CHAPTER}?reset")
        widget = page.locator(f"{NOTEBOOK} .ndcg-rw")
        widget.wait_for(timeout=120_000)
        expect(widget.get_by_test_id("dcg")).to_have_text("6.861")
        page.wait_for_timeout(3000)
        errors = page.locator(f"{NOTEBOOK} .jp-OutputArea-output", has_text="Error displaying")
        assert errors.count() == 0, errors.all_inner_texts()
    finally:
        context.close()
        _shut_down_kernels(url)
