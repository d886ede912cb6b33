"""The window words of each language the offline parser reads beside its own patterns (agent/nlu/
windows.py): the contrast between two session segments ("pre-market vs regular session"), the
regular session named short after it ("overnight vs regular"), clock names ("noon") and the parts
of the day that say am / pm ("10 to 11 in the morning", "с 10 до 11 утра", "de 10 a 11 de la
mañana"), clock ranges, the first / last minutes of the session, time zones, named windows and bar
sizes. Merged into each pack as its "windows" section; every list is a regex alternation."""
