# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the lackpy authors
"""Times Python lackpy on the programs of the bench's `python` suite, in CPU time.

Reads one JSON request on stdin and prints one JSON document on stdout. Uses only Python
lackpy's public API (``lackpy.validate`` and ``lackpy.LackpyService``), imported from the
installed package or from the checkout given as ``src``; nothing of lackpy is copied here.

Request::

    {"src": "/path/to/lackpy" | null, "workspace": "/tmp/copy-of-examples-workspace",
     "kit": ["read_file", "find_files"],
     "sampling": {"samples": 15, "minSampleMs": 20, "warmupMs": 200},
     "programs": {"typical": "...", "long": "..."},
     "template": {"name": "...", "pattern": "...", "intent": "...", "program": "..."}}

Answer::

    {"python": "3.11.2", "lackpy": "0.9.0",
     "tasks": [{"task": "validate typical", "samplesUs": [...], "batch": 40}, ...],
     "results": {"run typical": [...], "delegate (template)": 4}}

Sampling is the procedure of ``bench/src/cpu-time.ts``: warm up for ``warmupMs`` of CPU time,
then ``samples`` batches of enough calls to last ``minSampleMs`` each; each sample is the batch's
process CPU time (``time.process_time_ns``) divided by its calls.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import math
import platform
import sys
import time
from pathlib import Path


def import_lackpy(src: str | None):
    """Imports lackpy from ``src`` (a checkout, or the folder that holds the package) or as installed."""
    if src:
        root = Path(src)
        for candidate in (root / "src", root):
            if (candidate / "lackpy" / "__init__.py").is_file():
                sys.path.insert(0, str(candidate))
                break
        else:
            fail(f"no lackpy package under {src} (expected src/lackpy/ or lackpy/)")
    import lackpy

    return lackpy


def fail(message: str) -> None:
    """Reports a failure on stderr and exits with status 2."""
    print(f"lackpy_driver: {message}", file=sys.stderr)
    sys.exit(2)


def cpu_microseconds() -> float:
    return time.process_time_ns() / 1000


async def sample_cpu_time(operation, sampling: dict) -> dict:
    """Samples the CPU time of one call of ``operation`` (awaited when it returns an awaitable)."""

    warmup_start = cpu_microseconds()
    warmup_calls = 0
    while warmup_calls == 0 or cpu_microseconds() - warmup_start < sampling["warmupMs"] * 1000:
        result = operation()
        if inspect.isawaitable(result):
            await result
        warmup_calls += 1
    per_call_us = max((cpu_microseconds() - warmup_start) / warmup_calls, 0.001)
    batch = max(1, math.ceil(sampling["minSampleMs"] * 1000 / per_call_us))
    samples_us = []
    for _ in range(sampling["samples"]):
        start = cpu_microseconds()
        for _ in range(batch):
            # Await only awaitables, so a synchronous operation pays for no coroutine per call.
            result = operation()
            if inspect.isawaitable(result):
                await result
        samples_us.append((cpu_microseconds() - start) / batch)
    return {"samplesUs": samples_us, "batch": batch}


async def main() -> None:
    request = json.load(sys.stdin)
    lackpy = import_lackpy(request.get("src"))
    kit = list(request["kit"])
    allowed = set(kit)
    programs = request["programs"]
    template = request["template"]
    sampling = request["sampling"]
    service = lackpy.LackpyService(workspace=Path(request["workspace"]))

    for name in ("typical", "long"):
        validation = lackpy.validate(programs[name], allowed_names=allowed)
        if not validation.valid:
            fail(f"the {name} program is invalid for Python lackpy: {validation.errors}")
    created = await service.create(
        template["program"], kit=kit, name=template["name"], pattern=template["pattern"]
    )
    if not created.get("success"):
        fail(f"Python lackpy refused the template: {created.get('errors')}")

    async def run_typical():
        result = await service.run_program(programs["typical"], kit=kit)
        if not result.success:
            fail(f"the typical program failed in Python lackpy: {result.error}")
        return result.output

    async def delegate():
        result = await service.delegate(template["intent"], kit=kit)
        if not result["success"] or result["generation_tier"] != "templates":
            fail(
                "the template delegate failed in Python lackpy: "
                f"tier {result['generation_tier']}, error {result['error']}"
            )
        return result["output"]

    results = {"run typical": await run_typical(), "delegate (template)": await delegate()}
    operations = {
        "validate typical": lambda: lackpy.validate(programs["typical"], allowed_names=allowed),
        "validate 1,000 lines": lambda: lackpy.validate(programs["long"], allowed_names=allowed),
        "run typical": run_typical,
        "delegate (template)": delegate,
    }
    tasks = []
    for task, operation in operations.items():
        tasks.append({"task": task, **(await sample_cpu_time(operation, sampling))})
    json.dump(
        {
            "python": platform.python_version(),
            "lackpy": getattr(lackpy, "__version__", "unknown"),
            "tasks": tasks,
            "results": results,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    asyncio.run(main())
