"""A running `frontiersmith synthesize` shows live progress on the runs page (the page polls the run's
progress in the store), and the page shows the finished run's funnel when it is done."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from dashboard_helpers import TOKEN, cli_env, dashboard_process, frontiersmith, screenshot

from frontiersmith.store import open_store
from frontiersmith.tools.synthesis.stages import stage_table


def test_a_running_synthesis_shows_live_progress_then_its_funnel(browser, tmp_path: Path) -> None:
    store_path = tmp_path / "store.db"
    with dashboard_process(store_path, tmp_path, FRONTIERSMITH_HTTP_TOKEN=TOKEN) as (url, _proc):
        synth = subprocess.Popen(
            [
                frontiersmith(),
                "synthesize",
                "-K",
                "2",
                "-n",
                "2",
                "--n-div",
                "1",
                "--n-final",
                "1",
                "--seeds",
                "seed_two_sat",
                "--store",
                str(store_path),
                "--json",
            ],
            env=cli_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        store = open_store(store_path)
        try:
            deadline = time.monotonic() + 60
            while not store.list_pipeline_runs() and time.monotonic() < deadline:
                time.sleep(0.1)
            (run,) = store.list_pipeline_runs()
            tab = browser.new_context().new_page()
            tab.goto(f"{url}/ui/?token={TOKEN}")
            # the run takes half a minute, so the page meets it running and polls it
            tab.locator("p.live").wait_for(timeout=10_000)
            # a locator, not wait_for_function: the page's CSP (script-src 'self') refuses the string eval
            # that wait_for_function falls back to once its first check is false
            tab.locator("p.live", has_text="live: running").wait_for(timeout=30_000)
            screenshot(tab, "runs-live")
            out, err = synth.communicate(timeout=300)
            assert synth.returncode == 0, err[-2000:]
            # the page reloads itself once the run is over, and then shows what the store holds
            tab.locator('section.run h2:has-text("finished")').wait_for(timeout=15_000)
            assert tab.locator("p.live").count() == 0
            for _name, n, _lost, stage in stage_table(store, run.id).funnel():
                assert tab.locator(f'[data-stage="{run.id}:{stage.value}"]').inner_text() == str(n)
        finally:
            if synth.poll() is None:
                synth.kill()
                synth.wait()
            store.close()
