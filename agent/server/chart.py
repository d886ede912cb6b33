"""The chart of an answer (agent/server/charts/: one builder per answer kind, declared beside the
kind in query_builder/declarations.py)."""
from agent.server.charts import chart_payload

__all__ = ["chart_payload"]
