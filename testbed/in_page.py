"""Waiting in a page that Playwright drives, for the browser tests and the page benchmark."""

WAIT = 60_000  # ms


def waited(page, condition: str, arg=None, timeout: int = WAIT):
    """The first true value of CONDITION, a script's function of ARG (it may answer a
    promise), tried in the page every 50 ms; fails after `timeout` ms. Not Playwright's
    `wait_for_function`, which runs its script through eval, as the pages'
    Content-Security-Policy forbids (server/settings.py)."""
    found = page.evaluate(f"""async arg => {{
        const condition = {condition}, until = Date.now() + {timeout};
        for (;;) {{
            const value = await condition(arg);
            if (value || Date.now() > until) return value;
            await new Promise(resolve => setTimeout(resolve, 50));
        }}
    }}""", arg)
    assert found, condition
    return found
