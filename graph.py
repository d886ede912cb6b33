"""LangGraph wiring for AskBar (issue 3): understander -> planner -> query builder/executor ->
analyst -> validator, with interrupts and checkpoints. Placeholder until the graph lands."""
