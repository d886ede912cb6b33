"""Each node's declared state (agents/node_state.py) is true to its code: its input names every key
the node reads (through every helper it hands the state to, tests/agents/state_reads.py), since
LangGraph passes a node only its declared keys; its input and output are keys of TradingState; the
node functions carry those types; the graph passes each node exactly its declared keys (and a
routed node what its router reads too)."""
from __future__ import annotations

import inspect
from typing import get_type_hints

import pytest

import graph
from agent.state import TradingState
from agents.confirm_action import make_confirm_action
from agents.node_state import NODE_STATES, Routing
from tests.agents.state_reads import reads, why_unbounded

STATE_KEYS = set(get_type_hints(TradingState))
# Reads of keys the graph's state does not have: they always find nothing (no channel of that
# name exists), with or without a declared input. Listed so a new one is looked at.
DEAD_READS: dict[str, set[str]] = {}


def node_functions() -> dict[str, object]:
    fns = {name: getattr(graph, name) for name in NODE_STATES if name != "confirm_action"}
    fns["confirm_action"] = make_confirm_action("execute_action", "reply")
    return fns


def keys(schema: type) -> set[str]:
    return set(get_type_hints(schema))


def test_every_graph_node_has_its_declared_state():
    compiled = graph.build_graph()
    assert set(compiled.builder.nodes) == set(NODE_STATES) == set(node_functions())


@pytest.mark.parametrize("name", sorted(NODE_STATES))
def test_a_node_declares_every_key_it_reads(name):
    fn = node_functions()[name]
    found = reads(fn)
    assert found is not None, f"{name}: its reads cannot be bounded ({why_unbounded(fn)}): declare TradingState"
    declared = keys(NODE_STATES[name][0])
    assert found - STATE_KEYS == DEAD_READS.get(name, set()), name
    assert found & STATE_KEYS <= declared, f"{name} reads undeclared {sorted((found & STATE_KEYS) - declared)}"


@pytest.mark.parametrize("name", sorted(NODE_STATES))
def test_declared_keys_are_state_keys_and_the_node_carries_them(name):
    node_in, node_out = NODE_STATES[name]
    assert keys(node_in) <= STATE_KEYS and keys(node_out) <= STATE_KEYS
    fn = node_functions()[name]
    hints = get_type_hints(fn)
    assert hints[next(iter(inspect.signature(fn).parameters))] is node_in
    returned = hints["return"]
    assert returned is node_out or getattr(returned, "__origin__", None) is graph.Command, name


def test_the_routers_read_only_what_routing_declares():
    declared = keys(Routing)
    assert keys(Routing) <= STATE_KEYS
    for name, router in graph.ROUTERS.items():
        found = reads(router)
        assert found is not None and found <= declared, (name, found)


@pytest.mark.parametrize("name", sorted(NODE_STATES))
def test_the_graph_passes_each_node_its_declared_keys(name):
    node = graph.build_graph().builder.nodes[name]
    wanted = keys(NODE_STATES[name][0]) | (keys(Routing) if name in graph.ROUTERS else set())
    assert set(get_type_hints(node.input_schema)) == wanted


# The finder itself, on small nodes: reads through a helper and a copy; an escape is unbounded.
def _helper(s, extra):
    return s.get("b"), "c" in s


def _reads_through_helpers(state):
    copy = {**state, "x": 1}
    return state["a"], _helper(copy, extra=None)


def _hands_state_to_a_method(state, deps):
    return deps.store.save(state)


def test_the_finder_follows_helpers_and_copies_and_gives_up_on_escapes():
    assert reads(_reads_through_helpers) == {"a", "b", "c"}
    assert reads(_hands_state_to_a_method) is None
