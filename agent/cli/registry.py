"""`askbar registry worker`: a Tool Registry Service worker process (scale out by starting more)."""
from __future__ import annotations

import argparse
import signal
import sys
import threading

from agent.cli.main import BadInput, arg, command


@command("registry", "Tool Registry Service: `askbar registry worker` consumes the tool queues",
         arg("action", choices=["worker"], help="worker: consume tool_execution/registration/"
                                                "discovery queues until stopped"),
         arg("--threads", type=int, default=1, help="worker loops in this process (default 1)"))
def cmd_registry(args: argparse.Namespace) -> int:
    from agent.registry.builtin_tools import ExecutorTools
    from agent.registry.service import Registry
    from agent.registry.worker import start_workers
    from agent.services import Services
    from agent.settings import get_settings

    settings = get_settings()
    if not settings.redis_url:
        raise BadInput("registry worker needs ASKBAR_REDIS_URL (the embedded server runs its own "
                       "workers in process)")
    if args.threads < 1:
        raise BadInput("--threads must be at least 1")
    with Services(settings) as services:      # this worker's world: app database, memory
        builtin = ExecutorTools(settings, None, services.appdb, lambda: services.memory)
        reg = Registry.open(settings, builtin=builtin, db=services.appdb)
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        threads = start_workers(reg, args.threads, stop)
        print(f"askbar: registry worker running ({args.threads} thread(s)); Ctrl-C stops it",
              file=sys.stderr, flush=True)
        stop.wait()
        for t in threads:
            t.join(5)
        reg.close()
    return 0
