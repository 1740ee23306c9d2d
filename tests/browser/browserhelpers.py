"""One way to open a page in the test browser and collect what went wrong on it."""

from __future__ import annotations

from typing import Any


def open_page(
    browser: Any,
    url: str,
    width: int = 1280,
    height: int = 900,
    color_scheme: str = "light",
    init_script: str = "",
) -> tuple[Any, Any, list[str]]:
    """(context, page, problems): console errors, page errors and failed requests.

    A request the browser itself cancels because the page navigates away (a
    favicon still loading when a link is clicked: net::ERR_ABORTED) is no problem.
    """
    context = browser.new_context(
        viewport={"width": width, "height": height}, color_scheme=color_scheme
    )
    if init_script:  # run before the page's own scripts (e.g. storage made to fail)
        context.add_init_script(init_script)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))

    def failed(request: Any) -> None:
        if request.failure != "net::ERR_ABORTED":
            problems.append(f"failed: {request.url} ({request.failure})")

    page.on("requestfailed", failed)
    page.goto(url, wait_until="load")
    return context, page, problems
