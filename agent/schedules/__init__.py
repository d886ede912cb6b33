"""Scheduled questions (DESIGN.md "Exports and schedules"): the LangGraph Server API's crons and
`askbar schedule`. A schedule is its owner's question with a cron expression read in a time zone
(the owner's unless given); each server looks for due schedules every tick and claims one with a
compare-and-set on its next run time, so with several replicas each run happens once."""
