"""The gate every run of a sandbox passes (sandbox/admission.py), on its own: room in /box is never given twice,
comes back only once the runner has answered a later request (a ping hurries one along), a run too big for
the whole of /box grows it or is refused, a run that must be alone has nothing beside it, and interactions
(two slots each) never hold half of what they need. The sandboxes' own tests (tests/judge/test_full_disk.py)
show it holding against real runs; these show its rules one by one, with the runner's answers played by hand."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from frontiersmith.errors import SandboxError
from frontiersmith.sandbox.admission import Admission

pytestmark = pytest.mark.anyio
MIB = 1 << 20


class Runner:
    """The runner's side as the gate sees it: request ids, and pings it answers at once."""

    def __init__(self, grows: bool = False) -> None:
        self.ids = itertools.count(1)
        self.pings = 0
        self.grows = grows
        self.gate = Admission(4, 100 * MIB, marker=lambda: next(self.ids), ping=self.ping, grow=self.grow)

    async def ping(self) -> None:
        self.pings += 1
        self.gate.settled(next(self.ids))  # answered: everything ended before it is cleared

    async def grow(self, size: int) -> bool:
        if self.grows:
            self.gate.box = size
        return self.grows


async def test_room_is_never_given_twice_and_comes_back_once_the_runner_answers_later() -> None:
    runner = Runner()
    gate = runner.gate
    async with gate.enter(60 * MIB):
        assert gate.free == 40 * MIB
        second = asyncio.create_task(_hold(gate, 60 * MIB))
        await asyncio.sleep(0.01)
        assert not second.done()  # 60 MiB more would be 120 of 100: it waits
    assert gate.free == 40 * MIB or second.done()  # ended, but not freed until the runner answers later
    await asyncio.wait_for(second, 1)  # the waiting run asked for a ping, whose answer freed the room
    assert runner.pings >= 1


async def test_a_run_too_big_for_the_whole_box_grows_it_or_is_refused() -> None:
    with pytest.raises(SandboxError, match="open a sandbox for these limits"):
        async with Runner().gate.enter(200 * MIB):
            pass
    grown = Runner(grows=True)
    async with grown.gate.enter(200 * MIB):
        assert grown.gate.box >= 200 * MIB


async def test_a_run_that_must_be_alone_has_nothing_beside_it() -> None:
    gate = Runner().gate
    log: list[str] = []

    async def run(name: str, alone: bool = False, hold: float = 0.05) -> None:
        async with gate.enter(MIB, alone=alone):
            log.append(f"+{name}")
            await asyncio.sleep(hold)
            log.append(f"-{name}")

    first = asyncio.create_task(run("a"))
    await asyncio.sleep(0.01)
    alone = asyncio.create_task(run("alone", alone=True))
    await asyncio.sleep(0.01)
    later = asyncio.create_task(run("b"))
    await asyncio.gather(first, alone, later)
    start, end = log.index("+alone"), log.index("-alone")
    assert end == start + 1, log  # nothing started or ended while it ran
    assert log.index("-a") < start < log.index("+b"), log


async def test_interactions_taking_two_slots_each_never_deadlock() -> None:
    gate = Runner().gate

    async def run(slots: int, hold: float) -> None:
        async with gate.enter(MIB, slots=slots):
            await asyncio.sleep(hold)

    # every slot busy, then four interactions queue: as the slots free one by one, none may take one slot and
    # wait for a second while the others hold the rest
    singles = [asyncio.create_task(run(1, 0.02 * (i + 1))) for i in range(4)]
    await asyncio.sleep(0.005)
    pairs = [asyncio.create_task(run(2, 0.01)) for _ in range(4)]
    await asyncio.wait_for(asyncio.gather(*singles, *pairs), 5)


async def _hold(gate: Admission, room: int) -> None:
    async with gate.enter(room):
        await asyncio.sleep(0)
