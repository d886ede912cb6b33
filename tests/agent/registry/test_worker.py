"""The registry's queue machinery on both back ends: tenant tools over a real HTTP stub, the seed's
error codes, retries then dead letter, priority, duplicates, secrets at rest."""
from __future__ import annotations

import pytest

from agent.registry.envelope import TenantToolConfig
from agent.registry.errors import RegistryError
from agent.registry.queues import dead_letter, stream_name
from agent.registry.worker import Worker
from tests.agent.registry.conftest import tenant_user

SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"},
                                           "sleep": {"type": "number"}},
          "required": ["a"], "additionalProperties": False}


def register(reg, user, stub, tool_id="calc", path="/ok", secret="s3cret", timeout_ms=2000):
    tool = TenantToolConfig(id=tool_id, name="Calc", description="adds numbers", schema=SCHEMA,
                            endpoint=f"{stub.base}{path}", timeout_ms=timeout_ms)
    env = reg.enqueue_registration(user, tool, secret)
    Worker(reg).poll_once()
    task = reg.wait(env.task_id, 5)
    assert task is not None and task["status"] == "completed", task
    return tool


def reg_task_id(reg, user):
    rows = reg.db.execute("SELECT task_id FROM registry_tasks WHERE tenant_id = %s AND kind = %s",
                          (user.tenant_id, "register"))
    return rows[0]["task_id"]


def drain(reg, task_id, worker=None, deadline_s=20.0):
    """Poll until the task is finished: retries wait in Redis (or the in-process delay heap) for
    their not-before time, so one poll no longer runs them all."""
    import time

    w = worker or Worker(reg, block_ms=10)
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        w.poll_once()
        task = reg.tasks.get(task_id)
        if task["status"] in ("completed", "failed"):
            return task
    raise AssertionError(f"task {task_id} not finished: {reg.tasks.get(task_id)}")


def run(reg, user, tool_id, params, priority=0):
    env = reg.enqueue_execution(user, tool_id, params, priority=priority)
    return drain(reg, env.task_id), env


def test_execute_external_tool_result_and_callback(registry, stub):
    user = tenant_user()
    register(registry, user, stub)
    task, env = run(registry, user, "calc", {"a": 2, "b": 40})
    assert task["status"] == "completed"
    assert task["result"] == {"echo": {"a": 2, "b": 40}, "sum": 42}
    assert stub.api_keys[-1] == "s3cret"                 # the key was sent...
    callbacks = [c for c in registry.queue.entries(stream_name("orchestrator_callbacks",
                                                               user.tenant_id))
                 if c.payload["operation"] == "tool_result" and c.payload["tool_id"] == "calc"
                 and c.task_id != reg_task_id(registry, user)]
    assert [c.task_id for c in callbacks] == [env.task_id]
    assert callbacks[0].payload["result"]["sum"] == 42 and callbacks[0].status == "completed"
    assert task["delivered"] is True


def test_secret_encrypted_at_rest_and_never_returned(registry, stub):
    user = tenant_user()
    register(registry, user, stub)
    row = registry.tools.get(user.tenant_id, "calc")
    assert row["secret_enc"] and "s3cret" not in row["secret_enc"]
    shown = registry.tool_detail(user, "calc")
    assert "s3cret" not in str(shown) and shown["authentication"]["secret_set"] is True
    assert all("s3cret" not in str(t) for t in registry.list_tools(user))


@pytest.mark.parametrize("path, code, retried", [
    ("/429", "TOOL_RATE_LIMITED", True), ("/500", "TOOL_EXTERNAL_ERROR", True),
    ("/garbage", "TOOL_EXTERNAL_ERROR", False), ("/slow", "TOOL_EXECUTION_TIMEOUT", False),
])
def test_external_failures_map_to_seed_codes(registry, stub, path, code, retried):
    user = tenant_user()
    register(registry, user, stub, path=path, timeout_ms=300)
    params = {"a": 1, "sleep": 1.0} if path == "/slow" else {"a": 1}
    task, env = run(registry, user, "calc", params)
    assert task["status"] == "failed" and task["error"]["code"] == code
    assert task["error"]["details"]["attempts"] == (registry.settings.registry_max_attempts
                                                    if retried else 1)
    dead = registry.queue.entries(dead_letter(stream_name("tool_execution", user.tenant_id)))
    assert [d.task_id for d in dead] == ([env.task_id] if retried else [])
    failed = [c for c in registry.queue.entries(stream_name("orchestrator_callbacks", user.tenant_id))
              if c.task_id == env.task_id]
    assert len(failed) == 1 and failed[0].payload["error"]["code"] == code


def test_retry_with_backoff_then_success(registry, stub):
    user = tenant_user()
    register(registry, user, stub, path="/flaky")
    stub.flaky_left = 2
    task, _ = run(registry, user, "calc", {"a": 5})
    assert task["status"] == "completed" and task["result"]["sum"] == 5
    assert stub.calls["/flaky"] == 3


def test_invalid_parameters_are_refused_before_queueing(registry, stub):
    user = tenant_user()
    register(registry, user, stub)
    with pytest.raises(RegistryError) as err:
        registry.enqueue_execution(user, "calc", {"a": "two"})
    assert err.value.code == "TOOL_INVALID_PARAMETERS" and "a: 'two'" in err.value.message
    assert registry.queue.depth(stream_name("tool_execution", user.tenant_id)) == 0
    executions = registry.db.execute("SELECT task_id FROM registry_tasks WHERE kind = %s",
                                     ("execute",))
    assert executions == [] and stub.calls["/ok"] == 0


def test_a_timeout_is_cancelled_not_retried(registry, stub):
    user = tenant_user()
    register(registry, user, stub, path="/slow", timeout_ms=300)
    task, env = run(registry, user, "calc", {"a": 1, "sleep": 1.0})
    assert task["error"]["code"] == "TOOL_EXECUTION_TIMEOUT" and "cancelled" in task["error"]["message"]
    assert stub.calls["/slow"] == 1 and task["error"]["details"]["attempts"] == 1


@pytest.mark.parametrize("endpoint", ["http://127.0.0.1:1/x", "http://169.254.169.254/latest",
                                      "http://localhost:{port}/ok", "file:///etc/passwd"])
def test_registration_to_a_host_not_allowed_is_refused(registry, stub, endpoint):
    user = tenant_user()
    tool = TenantToolConfig(id="evil", name="Evil", schema=SCHEMA,
                            endpoint=endpoint.format(port=stub.port))
    with pytest.raises(RegistryError) as err:
        registry.enqueue_registration(user, tool, None)
    assert err.value.code in ("TOOL_PERMISSION_DENIED", "TOOL_INVALID_PARAMETERS")
    assert registry.tools.get(user.tenant_id, "evil") is None
    assert sum(stub.calls.values()) == 0


def test_bad_schema_refused_with_where(registry, stub):
    user = tenant_user()
    tool = TenantToolConfig(id="bad", name="Bad", schema={"type": "object", "properties": {
        "a": {"type": "numbr"}}}, endpoint=f"{stub.base}/ok")
    with pytest.raises(RegistryError) as err:
        registry.enqueue_registration(user, tool, None)
    assert err.value.code == "TOOL_INVALID_PARAMETERS" and "schema" in err.value.message


def test_failed_connection_test_marks_tool_failed(registry, stub):
    user = tenant_user()
    tool = TenantToolConfig(id="auth", name="Auth", schema=SCHEMA, endpoint=f"{stub.base}/auth")
    env = registry.enqueue_registration(user, tool, "wrong-key")
    Worker(registry).poll_once()
    task = registry.tasks.get(env.task_id)
    assert task["status"] == "failed" and task["error"]["code"] == "TOOL_PERMISSION_DENIED"
    assert registry.tools.get(user.tenant_id, "auth")["status"] == "failed"
    assert registry.list_tools(user) == []        # only active tools are offered


def test_priority_honoured_within_a_batch(registry, stub):
    user = tenant_user()
    register(registry, user, stub)
    low = [registry.enqueue_execution(user, "calc", {"a": i}, priority=1) for i in range(10)]
    high = registry.enqueue_execution(user, "calc", {"a": 99}, priority=9)
    Worker(registry, block_ms=10, concurrency=1).poll_once()   # one at a time: order observable
    assert stub.order[0] == high.task_id
    assert stub.order[1:] == [e.task_id for e in low]


def test_duplicate_message_runs_the_tool_once(registry, stub):
    user = tenant_user()
    register(registry, user, stub)
    env = registry.enqueue_execution(user, "calc", {"a": 1})
    registry.queue.publish(stream_name("tool_execution", user.tenant_id), env)  # redelivered copy
    w = Worker(registry, block_ms=10)
    w.poll_once()
    w.poll_once()
    assert stub.keys[env.task_id] == 1
    callbacks = registry.queue.entries(stream_name("orchestrator_callbacks", user.tenant_id))
    assert [c.task_id for c in callbacks].count(env.task_id) == 1


def test_tenants_do_not_see_or_run_each_others_tools(registry, stub):
    alice, bob = tenant_user(), tenant_user()
    register(registry, alice, stub)
    assert [t["tool_id"] for t in registry.list_tools(alice)] == ["calc"]
    assert registry.list_tools(bob) == []
    with pytest.raises(RegistryError) as err:
        registry.tool_detail(bob, "calc")
    assert err.value.code == "TOOL_NOT_FOUND"
    with pytest.raises(RegistryError) as err:           # refused before queueing
        registry.enqueue_execution(bob, "calc", {"a": 1})
    assert err.value.code == "TOOL_NOT_FOUND" and stub.calls["/ok"] == 0
    assert registry.queue.depth(stream_name("tool_execution", bob.tenant_id)) == 0


def test_unacked_message_of_a_dead_worker_is_claimed_by_another(registry, stub):
    user = tenant_user()
    register(registry, user, stub)
    env = registry.enqueue_execution(user, "calc", {"a": 3})
    # A worker reads the message and dies before running or acknowledging it.
    got = registry.queue.read("dead-worker", [stream_name("tool_execution", user.tenant_id)], 10, 10)
    assert [d.envelope.task_id for d in got] == [env.task_id]
    import time

    time.sleep(registry.settings.registry_visibility_timeout_s + 0.2)
    Worker(registry, block_ms=10).poll_once()
    task = registry.tasks.get(env.task_id)
    assert task["status"] == "completed" and task["result"]["sum"] == 3
    assert registry.queue.depth(stream_name("tool_execution", user.tenant_id)) == 0
