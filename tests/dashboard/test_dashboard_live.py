"""A running `frontiersmith synthesize` shows live progress on the runs page (the page polls the run's
progress in the store), and the page shows the finished run's funnel when it is done; a run that failed
(its model endpoint unreachable) is shown failed, with why and how to resume, never as live; the compare page
sets the two runs' funnels and costs side by side; every header names the store's whole path."""

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
            while not store.pipeline_runs.list() and time.monotonic() < deadline:
                time.sleep(0.1)
            (run,) = store.pipeline_runs.list()
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

            dead = subprocess.run(
                [frontiersmith(), "synthesize", "--provider", "openai", "--model", "m", "--base-url"]
                + ["http://127.0.0.1:9/v1", "-K", "1", "--store", str(store_path)],
                env=cli_env(tmp_path),
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert dead.returncode == 1 and "cannot be reached" in dead.stderr
            failed = next(r for r in store.pipeline_runs.list() if r.id != run.id)
            tab.reload()
            section = tab.locator(f'section.run[data-status="failed"][id="{failed.id}"]')
            assert "cannot be reached" in section.locator("p.stopped").inner_text()
            assert (
                "run the same command again" in section.inner_text()
                and section.locator("p.live").count() == 0
            )
            assert tab.locator("header .store").inner_text() == str(store_path)
            screenshot(tab, "runs-failed")

            tab.click("text=Compare two runs")
            tab.wait_for_url("**/ui/compare")
            for key, compared in (("a", run.id), ("b", failed.id)):  # the latest two, oldest first
                for _name, n, _lost, stage in stage_table(store, compared).funnel():
                    assert tab.locator(f'[data-{key}="{stage.value}"]').inner_text() == str(n)
            cost = tab.locator("table.compare-cost").inner_text()
            assert "sandbox CPU-seconds" in cost and "failed" in cost and "finished" in cost
            assert "provider" in tab.locator("table.compare-args").inner_text()  # offline against openai
            assert tab.locator("svg.paired rect.bar").count() >= 2 * len(stage_table(store, run.id).funnel())
            assert tab.locator("header .store").inner_text() == str(store_path)
            screenshot(tab, "compare")
        finally:
            if synth.poll() is None:
                synth.kill()
                synth.wait()
            store.close()
