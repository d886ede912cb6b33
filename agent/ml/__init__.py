"""ML signals: a per-symbol next-day direction model on the stored daily bars, evaluated walk-forward."""
