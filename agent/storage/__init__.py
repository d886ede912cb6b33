"""The app database (SQLite or Postgres): connections, migrations, checkpoints, traces."""
