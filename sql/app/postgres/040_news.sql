-- News headlines (issue 16). Shared market data like the bars (loaded by the operator), not per user.
-- id: content hash of (published_at, headline, summary) so reloading a file changes nothing.
-- published_at: UTC 'YYYY-MM-DDTHH:MM:SSZ', or the calendar date 'YYYY-MM-DD' when the source gives
-- no time of day (has_time = 0). Text on both engines so ranges compare the same way.
CREATE TABLE IF NOT EXISTS news_items (
    id TEXT PRIMARY KEY,
    published_at TEXT NOT NULL,
    has_time INTEGER NOT NULL,
    headline TEXT NOT NULL,
    summary TEXT,
    source TEXT,
    url TEXT,
    sentiment_score DOUBLE PRECISION NOT NULL,
    sentiment_label TEXT NOT NULL,
    origin TEXT NOT NULL,
    loaded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS news_items_published ON news_items (published_at);
CREATE TABLE IF NOT EXISTS news_symbols (
    news_id TEXT NOT NULL REFERENCES news_items (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL,
    PRIMARY KEY (symbol, news_id)
);
