-- Trained ML signal models (issue 16): one row per symbol and version, with the training range and
-- the walk-forward evaluation. model: the pickled scikit-learn pipeline made by this code.
CREATE TABLE IF NOT EXISTS ml_models (
    symbol TEXT NOT NULL,
    version INTEGER NOT NULL,
    algorithm TEXT NOT NULL,
    data_key TEXT NOT NULL,
    train_start TEXT NOT NULL,
    train_end TEXT NOT NULL,
    evaluation TEXT NOT NULL,
    model BLOB NOT NULL,
    trained_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (symbol, version)
);
