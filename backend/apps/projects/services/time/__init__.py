"""Time on tasks, in three layers (each module imports only the ones before it):
`intervals` (task time rows, tracked intervals, allocation by hand) <- `tracker` (the task
tracker: start, pause, stop, and what a status change does to it) <- `day_tasks` (a work day's
tasks: Today, adding and removing, releasing their hours)."""
