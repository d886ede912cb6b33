"""Exports of an answered request (DESIGN.md "Exports and schedules"): its claims and the rows behind
them (each plan step run again, and the chart's series) as CSV or XLSX, and a notebook that runs the
plan again through the HTTP API and recomputes the claims with pandas from the rows."""
