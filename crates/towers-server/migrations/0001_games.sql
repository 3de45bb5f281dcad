-- Games and their moves (SQLite and PostgreSQL alike). Seats, options, clock and result are
-- JSON texts; times are milliseconds since the Unix epoch.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    position TEXT,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    white_token TEXT,
    black_token TEXT,
    clock TEXT NOT NULL,
    white_ms BIGINT NOT NULL,
    black_ms BIGINT NOT NULL,
    turn_started_ms BIGINT,
    seed BIGINT NOT NULL,
    version BIGINT NOT NULL,
    draw_offer BIGINT,
    rematch_requests BIGINT NOT NULL,
    rematch_id TEXT,
    rematch_of TEXT,
    result TEXT,
    deadline_ms BIGINT,
    computer_seats BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX games_by_update ON games (updated_ms);
CREATE INDEX games_by_deadline ON games (deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    played_ms BIGINT NOT NULL,
    white_ms BIGINT NOT NULL,
    black_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
