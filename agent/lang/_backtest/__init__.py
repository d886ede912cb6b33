"""Each language's words for backtests (agent/nlu/backtest_rules.py reads the parser's, the offline
analyst the answer's, the chart its ui labels): one module per pack, joined into it as
PACK["backtest"]."""
