# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the lackpy authors
"""Runs programs in Python lackpy one at a time, for the bench's `files` suite, in wall time.

A long-lived process: reads one JSON request a line on stdin and answers each with one JSON line
on stdout, so the suite can interleave Python lackpy's runs with lackpy's. Uses only Python
lackpy's public API (``LackpyService.run_program``), imported from the installed package or
from the checkout given as ``src`` in the first request; nothing of lackpy is copied here.

Request (one line)::

    {"src": "/path/to/lackpy" | null, "workspace": "/tmp/tree", "program": "...",
     "kit": ["read_file", "find_files"]}

Answer (one line)::

    {"ms": 12.3, "success": true, "output": ..., "error": null}

The time is the wall time of ``await service.run_program(program, kit=kit)``: validation and
the run, as the suite times lackpy's ``runProgram``. One service is kept per workspace.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lackpy_driver import import_lackpy  # noqa: E402


async def main() -> None:
    lackpy = None
    services = {}
    for line in sys.stdin:
        request = json.loads(line)
        if lackpy is None:
            lackpy = import_lackpy(request.get("src"))
        workspace = request["workspace"]
        service = services.get(workspace)
        if service is None:
            service = services[workspace] = lackpy.LackpyService(workspace=Path(workspace))
        start = time.perf_counter()
        result = await service.run_program(request["program"], kit=list(request["kit"]))
        elapsed_ms = (time.perf_counter() - start) * 1000
        answer = {
            "ms": elapsed_ms,
            "success": bool(result.success),
            "output": result.output if result.success else None,
            "error": None if result.success else str(result.error),
        }
        sys.stdout.write(json.dumps(answer, default=str) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main())
