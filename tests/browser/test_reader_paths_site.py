"""The built site as a student meets it by keyboard and on a 390 px phone: skip links to
every widget, long inline code, two-panel figures, the back-to-top button over a ranking,
the folded cells that work out a task's answer, and the glossary's terms of chapters 13-14."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ._widgetpage import PHONE

pytestmark = pytest.mark.browser

CHAPTERS = "notebooks/{}.html"
WIDGET = ".ndcg-rw, .ndcg-sw"
# The pages whose widget is a task's: a RankingWidget or a SwapWidget (not an answer box).
TASK_WIDGET = re.compile(r"ndcg\.widgets\.(RankingWidget|SwapWidget)|RankingWidget\(|SwapWidget\(")
# Matplotlib's 10-point tick labels at the figures' 110 dpi, in px of the PNG.
TICK_PX = 10 * 110 / 72


def task_pages(root: Path) -> list[str]:
    """Chapters whose notebook builds a ranking or swap widget for a task."""
    return sorted(
        path.stem
        for path in (root / "notebooks").glob("*.ipynb")
        if TASK_WIDGET.search(path.read_text(encoding="utf-8"))
    )


def test_the_task_pages_include_chapters_13_and_14(root: Path) -> None:
    pages = task_pages(root)
    assert {"13_optimising_ndcg", "14_ndcg_at_scale"} <= set(pages), pages


@pytest.mark.parametrize("name", task_pages(Path(__file__).resolve().parents[2]))
def test_every_widget_page_skips_to_its_widget(page, site_url: str, name: str) -> None:
    page.goto(f"{site_url}/{CHAPTERS.format(name)}")
    page.wait_for_selector(WIDGET, timeout=30_000)
    links = page.locator("article a:has-text('Skip to the widget')")
    assert links.count() >= 1, name
    links.first.focus()
    page.keyboard.press("Enter")
    # The widget's own code may stand between the anchor and the widget (chapters 13 and
    # 14 show it): a scrollable code block is one Tab stop, its copy button another.
    for _ in range(3):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => Boolean(document.activeElement.closest('{WIDGET}'))"):
            break
    else:
        raise AssertionError(f"{name}: three Tabs after the skip link are still outside the widget")
    # The header's own skip link, the first thing Tab reaches after the theme's.
    assert page.locator("#ndcg-skip-task a").count() == 1, name


def test_the_labs_skip_text_is_a_link_to_its_section(page, site_url: str) -> None:
    page.goto(f"{site_url}/{CHAPTERS.format('13_training_lab')}")
    link = page.locator("article a:has-text('What this means for evaluation')").first
    target = link.get_attribute("href").split("#")[1]
    heading = page.locator(f"[id='{target}'] + h2")
    assert heading.text_content().startswith("What this means for evaluation")


@pytest.fixture()
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def test_long_inline_code_stays_in_the_column_on_a_phone(phone, site_url: str) -> None:
    phone.goto(f"{site_url}/{CHAPTERS.format('08_pitfalls')}")
    names = phone.locator("article p code.literal:has-text('test_')")
    assert names.count() >= 5
    outside = phone.locator("article").evaluate(
        """(article) => { const edge = article.getBoundingClientRect().right;
             return [...article.querySelectorAll('p code.literal')]
               .filter((c) => c.getBoundingClientRect().right > edge + 1)
               .map((c) => c.textContent); }"""
    )
    assert outside == []


@pytest.mark.parametrize(
    "name", ["03_discounted_cumulative_gain", "12_what_ndcg_cannot_tell", "13_optimising_ndcg",
             "14_ndcg_at_scale"]
)  # fmt: skip
def test_two_panel_figures_keep_10_px_labels_on_a_phone(phone, site_url: str, name: str) -> None:
    phone.goto(f"{site_url}/{CHAPTERS.format(name)}")
    figures = phone.locator("div.cell.tag_panels div.cell_output img")
    assert figures.count() == 1, name
    figure = figures.first
    figure.scroll_into_view_if_needed()
    phone.wait_for_function(
        "(img) => img.complete && img.naturalWidth", arg=figure.element_handle()
    )
    scale, scrolls = figure.evaluate(
        """(img) => { const box = img.closest('div.cell_output');
             return [img.getBoundingClientRect().height / img.naturalHeight,
                     box.scrollWidth > box.clientWidth + 1
                       && getComputedStyle(box).overflowX === 'auto']; }"""
    )
    assert scale * TICK_PX >= 10, (name, scale)
    assert scrolls, f"{name}: the second panel is out of reach"


def test_back_to_top_stays_off_a_ranking_on_screen(phone, site_url: str) -> None:
    phone.goto(f"{site_url}/{CHAPTERS.format('04_ideal_dcg_and_ndcg')}")
    rows = phone.locator(".ndcg-rw .ndcg-rw__list > li")
    rows.first.wait_for(timeout=30_000)
    rows.nth(2).scroll_into_view_if_needed()
    phone.mouse.wheel(0, -60)  # scrolling up is what shows the theme's button
    phone.wait_for_timeout(400)
    assert phone.evaluate("() => document.documentElement.dataset.ndcgList !== undefined")
    button = phone.locator("#pst-back-to-top")
    assert button.count() == 0 or not button.is_visible()


@pytest.mark.parametrize(
    ("name", "cell"),
    [("02_cumulative_gain", "ch02-12"), ("03_discounted_cumulative_gain", "ch03-14"),
     ("04_ideal_dcg_and_ndcg", "ch04-15"), ("06_edge_cases", "ch06-task-check"),
     ("07_many_queries", "ch07-task-check")],
)  # fmt: skip
def test_the_cell_below_a_check_is_folded_with_its_output(
    page, site_url: str, root: Path, name: str, cell: str
) -> None:
    """The code that works out a task's answer sits folded, and shows what it prints."""
    notebook = (root / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8")
    assert f'"id": "{cell}"' in notebook
    page.goto(f"{site_url}/{CHAPTERS.format(name)}")
    folded = page.locator("div.cell.tag_hide-cell")
    assert folded.count() == 1, name
    output = folded.locator("div.cell_output")
    assert output.text_content().strip(), f"{name}: the folded cell prints nothing"
    assert not folded.locator("div.cell_input").is_visible()
    assert not output.is_visible()
    folded.locator("summary").first.click()
    assert output.is_visible()


GLOSSARY = ["derivative", "logistic function", "preferred to", "surrogate loss", "JVM",
            "window function", "query plan", "YARN"]  # fmt: skip


def test_the_glossary_defines_the_terms_chapters_13_and_14_use(site: Path) -> None:
    glossary = (site / "book" / "glossary.html").read_text(encoding="utf-8")
    linked = "".join(
        (site / CHAPTERS.format(name)).read_text(encoding="utf-8")
        for name in ("13_optimising_ndcg", "14_ndcg_at_scale")
    )
    for term in GLOSSARY:
        anchor = "term-" + term.replace(" ", "-")
        assert f'id="{anchor}"' in glossary, term
        assert f"glossary.html#{anchor}" in linked, term
