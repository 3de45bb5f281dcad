//! The archive: games and their moves in SQLite or PostgreSQL, with the schema's migrations
//! embedded.
//!
//! Both databases run the same SQL (through sqlx's `Any` driver); what differs is said by
//! [`Dialect`]: SQLite's pragmas, PostgreSQL's migration lock and its `NOTIFY` of every
//! change, which the other processes on the database [`listen`](Store::listen) to.
//!
//! Every change of a game is one transaction that bumps the game's `version`, guarded by
//! the version it was computed from: two processes (or a computer seat and a person) that
//! change one game at once cannot both win, and the loser reloads and checks again. A move
//! is committed before anyone is told of it.

use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Row};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

use crate::clock::{Clock, ClockSpec};

/// A storage failure.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The URL names no database this server stores games in.
    #[error("unsupported database URL `{0}`: use sqlite:FILE or postgres://…")]
    Url(String),
    /// The database refused or failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored value could not be read back.
    #[error("database holds an unreadable {what} for game {id}: {error}")]
    Corrupt {
        /// The game.
        id: String,
        /// Which column.
        what: &'static str,
        /// Why.
        error: String,
    },
    /// The writer task stopped (the server is shutting down).
    #[error("the database's writer has stopped")]
    WriterGone,
}

/// Which database the URL named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite in a file: one server process.
    Sqlite,
    /// PostgreSQL: any number of server processes.
    Postgres,
}

/// Who sits on a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Occupant {
    /// A person, by the name the creator gave.
    Person(String),
    /// A computer player, by its spec (`mcts:1000`).
    Computer(String),
}

impl Occupant {
    /// The name a record gives the seat: the person's name or the player spec.
    #[must_use]
    pub fn label(&self) -> &str {
        match self {
            Occupant::Person(name) | Occupant::Computer(name) => name,
        }
    }
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The move's canonical text.
    pub text: String,
    /// When it was played (ms since the Unix epoch).
    pub played_ms: i64,
    /// Each side's time after it.
    pub remaining_ms: [i64; 2],
}

/// A game as stored: everything but its positions, which the engine replays from the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The public id (in links and the list).
    pub id: String,
    /// The registry name.
    pub game: String,
    /// Options as `KEY=VALUE`.
    pub options: Vec<String>,
    /// The start position text, if not the initial position.
    pub position: Option<String>,
    /// The seats, White's first.
    pub players: [Occupant; 2],
    /// Each person's seat token (secret; `None` for a computer seat).
    pub tokens: [Option<String>; 2],
    /// How the game is timed.
    pub clock_spec: ClockSpec,
    /// The clock between moves.
    pub clock: Clock,
    /// The computer seats' seed.
    pub seed: i64,
    /// Bumped by every change.
    pub version: i64,
    /// The moves played.
    pub moves: Vec<StoredMove>,
    /// The side (0 or 1) whose draw offer stands.
    pub draw_offer: Option<usize>,
    /// Which seats asked for a rematch (bit 0: White, bit 1: Black).
    pub rematch_requests: i64,
    /// The rematch's id, once both asked.
    pub rematch_id: Option<String>,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// The result as JSON (`{"winner":…,"reason":…}`), once over.
    pub result: Option<board_kernel::GameResult>,
    /// When the side to move's flag falls, while a clock runs: kept for the sweep that
    /// judges games nobody is watching.
    pub deadline_ms: Option<i64>,
    /// Created (ms since the Unix epoch).
    pub created_ms: i64,
    /// Last changed.
    pub updated_ms: i64,
}

/// A line of the games list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The seats' names.
    pub players: [String; 2],
    /// Moves played.
    pub moves: i64,
    /// The result, once over.
    pub result: Option<board_kernel::GameResult>,
    /// The clock.
    pub clock: ClockSpec,
    /// Last changed.
    pub updated_ms: i64,
}

/// The schema, one migration per step, in SQL that SQLite and PostgreSQL both read. Applied
/// in order, each once, in a transaction; never edited once released: a change is a new
/// step (with a text per dialect if they ever need different words).
const MIGRATIONS: &[(i64, &str)] = &[(1, include_str!("../migrations/0001_games.sql"))];

/// The PostgreSQL channel every change is announced on, as `id:version`.
pub const CHANNEL: &str = "towers_games";

/// The archive.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    dialect: Dialect,
    url: String,
    /// On SQLite, the one writer's queue (see [`group_commit`]); PostgreSQL takes concurrent
    /// writers well, and each change is its own transaction there.
    writer: Option<mpsc::Sender<Job>>,
}

const GAME_COLUMNS: &str = "id, game, options, position, white, black, white_token, \
    black_token, clock, white_ms, black_ms, turn_started_ms, seed, version, draw_offer, \
    rematch_requests, rematch_id, rematch_of, result, deadline_ms, created_ms, updated_ms";

impl Store {
    /// Opens the database of `url` (`sqlite:FILE`, created if missing, or
    /// `postgres://…`) and brings its schema up to date.
    ///
    /// # Errors
    /// An unsupported URL, a database that cannot be reached, or a failed migration.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (dialect, connect_url) = if let Some(path) = url.strip_prefix("sqlite:") {
            let path = path.trim_start_matches("//");
            if path.is_empty() {
                return Err(StoreError::Url(url.to_owned()));
            }
            let sep = if path.contains('?') { '&' } else { '?' };
            (Dialect::Sqlite, format!("sqlite://{path}{sep}mode=rwc"))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Dialect::Postgres, url.to_owned())
        } else {
            return Err(StoreError::Url(url.to_owned()));
        };
        let options = AnyConnectOptions::from_str(&connect_url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(match dialect {
                Dialect::Sqlite => 4,
                Dialect::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if dialect == Dialect::Sqlite {
                        // WAL lets readers go on while one writes; FULL syncs every commit, so
                        // an acknowledged move survives a crash of the machine, not only of
                        // the process; a writer waits for another instead of failing.
                        for pragma in [
                            "PRAGMA journal_mode=WAL",
                            "PRAGMA synchronous=FULL",
                            "PRAGMA busy_timeout=10000",
                            "PRAGMA foreign_keys=ON",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        let writer = (dialect == Dialect::Sqlite).then(|| {
            let (jobs, queue) = mpsc::channel(GROUP_COMMIT_MOST);
            tokio::spawn(group_commit(pool.clone(), queue));
            jobs
        });
        let store = Store {
            pool,
            dialect,
            url: url.to_owned(),
            writer,
        };
        store.migrate().await?;
        Ok(store)
    }

    /// The database in use.
    #[must_use]
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Runs `write`: on SQLite through the writer's queue, in a transaction with the other
    /// writes waiting; on PostgreSQL in its own transaction.
    async fn write(&self, write: Write) -> Result<bool, StoreError> {
        let Some(writer) = &self.writer else {
            return write_alone(&self.pool, self.dialect, &write).await;
        };
        let (done, answer) = oneshot::channel();
        writer
            .send(Job { write, done })
            .await
            .map_err(|_| StoreError::WriterGone)?;
        answer.await.map_err(|_| StoreError::WriterGone)?
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        if self.dialect == Dialect::Postgres {
            // Several processes starting at once: one migrates, the others wait and find it done.
            sqlx::query("SELECT pg_advisory_xact_lock(7061776572)")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::raw_sql(
            "CREATE TABLE IF NOT EXISTS towers_migrations \
             (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        let applied: Option<i64> = sqlx::query("SELECT MAX(version) FROM towers_migrations")
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        for &(version, sql) in MIGRATIONS {
            if applied.is_some_and(|v| v >= version) {
                continue;
            }
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            sqlx::query("INSERT INTO towers_migrations (version, applied_ms) VALUES ($1, $2)")
                .bind(version)
                .bind(now_ms())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// The database failed.
    pub async fn create(&self, row: &GameRow) -> Result<(), StoreError> {
        self.write(Write::Create(Box::new(row.clone())))
            .await
            .map(|_| ())
    }

    /// The game `id` with its moves, if it exists.
    ///
    /// # Errors
    /// The database failed or holds an unreadable value.
    pub async fn load(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let Some(row) = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(None);
        };
        let mut game = game_from_row(&row)?;
        let moves = sqlx::query(
            "SELECT mv, played_ms, white_ms, black_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        game.moves = moves
            .iter()
            .map(|m| {
                Ok(StoredMove {
                    text: m.try_get(0)?,
                    played_ms: m.try_get(1)?,
                    remaining_ms: [m.try_get(2)?, m.try_get(3)?],
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(Some(game))
    }

    /// Stores `after`, the game changed from version `after.version - 1`, with its new
    /// moves (those past `stored_moves`), and `rematch` if the change creates one. Returns
    /// `false`, storing nothing, when another change came first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn commit(
        &self,
        after: &GameRow,
        stored_moves: usize,
        rematch: Option<&GameRow>,
    ) -> Result<bool, StoreError> {
        self.write(Write::Change {
            changed: Box::new(Changed::of(after, stored_moves)),
            rematch: rematch.cloned().map(Box::new),
        })
        .await
    }

    /// Live games (newest change first) and finished ones, at most `limit` of each.
    ///
    /// # Errors
    /// The database failed.
    pub async fn list(&self, limit: i64) -> Result<(Vec<Summary>, Vec<Summary>), StoreError> {
        let mut conn = self.pool.acquire().await?;
        let mut lists = Vec::new();
        for condition in ["result IS NULL", "result IS NOT NULL"] {
            let sql = format!(
                "SELECT id, game, white, black, clock, result, updated_ms, \
                 (SELECT COUNT(*) FROM moves WHERE game_id = games.id) \
                 FROM games WHERE {condition} ORDER BY updated_ms DESC LIMIT $1"
            );
            let rows = sqlx::query(&sql).bind(limit).fetch_all(&mut *conn).await?;
            let mut list = Vec::with_capacity(rows.len());
            for row in rows {
                let id: String = row.try_get(0)?;
                let white: Occupant = column(&row, &id, 2, "white")?;
                let black: Occupant = column(&row, &id, 3, "black")?;
                let result: Option<String> = row.try_get(5)?;
                list.push(Summary {
                    game: row.try_get(1)?,
                    players: [white.label().to_owned(), black.label().to_owned()],
                    clock: column(&row, &id, 4, "clock")?,
                    result: result.map(|r| parse(&id, "result", &r)).transpose()?,
                    updated_ms: row.try_get(6)?,
                    moves: row.try_get(7)?,
                    id,
                });
            }
            lists.push(list);
        }
        let finished = lists.pop().unwrap_or_default();
        let live = lists.pop().unwrap_or_default();
        Ok((live, finished))
    }

    /// Live games whose flag has fallen by `now` or with a computer seat: the games a
    /// starting process must look at, since nobody may be watching them.
    ///
    /// # Errors
    /// The database failed.
    pub async fn needing_attention(&self, now: i64) -> Result<Vec<String>, StoreError> {
        self.ids(
            "SELECT id FROM games WHERE result IS NULL AND \
             ((deadline_ms IS NOT NULL AND deadline_ms <= $1) OR computer_seats <> 0) \
             ORDER BY updated_ms DESC LIMIT 1000",
            now,
        )
        .await
    }

    /// Live games whose flag falls by `now`.
    ///
    /// # Errors
    /// The database failed.
    pub async fn flagged(&self, now: i64) -> Result<Vec<String>, StoreError> {
        self.ids(
            "SELECT id FROM games WHERE result IS NULL AND deadline_ms IS NOT NULL \
             AND deadline_ms <= $1 LIMIT 1000",
            now,
        )
        .await
    }

    async fn ids(&self, sql: &str, now: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(sql).bind(now).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    /// With PostgreSQL, every change committed by any process as `(id, version)`, for as
    /// long as the receiver is kept; with SQLite, `None` (one process serves the file).
    ///
    /// # Errors
    /// The listening connection could not be opened.
    pub async fn listen(&self) -> Result<Option<mpsc::Receiver<(String, i64)>>, StoreError> {
        if self.dialect != Dialect::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url).await?;
        listener.listen(CHANNEL).await?;
        let (tx, rx) = mpsc::channel(1024);
        tokio::spawn(async move {
            loop {
                // `recv` reconnects by itself after a lost connection.
                match listener.recv().await {
                    Ok(note) => {
                        if let Some((id, version)) = note.payload().rsplit_once(':')
                            && let Ok(version) = version.parse()
                            && tx.send((id.to_owned(), version)).await.is_err()
                        {
                            return;
                        }
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
                }
            }
        });
        Ok(Some(rx))
    }
}

/// A write of the archive: a new game, or a change to one (see [`Store::commit`]).
#[derive(Debug)]
enum Write {
    Create(Box<GameRow>),
    Change {
        changed: Box<Changed>,
        rematch: Option<Box<GameRow>>,
    },
}

/// What a change writes of a game's row: the columns a change may alter and the moves not
/// stored yet, so that the writer task is not sent every move of the game again.
#[derive(Debug)]
struct Changed {
    id: String,
    version: i64,
    clock: Clock,
    draw_offer: Option<usize>,
    rematch_requests: i64,
    rematch_id: Option<String>,
    result: Option<board_kernel::GameResult>,
    deadline_ms: Option<i64>,
    updated_ms: i64,
    /// The ply of the first of `new_moves`.
    first_ply: usize,
    new_moves: Vec<StoredMove>,
}

impl Changed {
    /// `after` with its moves from `stored_moves` on.
    fn of(after: &GameRow, stored_moves: usize) -> Changed {
        let first_ply = stored_moves.min(after.moves.len());
        Changed {
            id: after.id.clone(),
            version: after.version,
            clock: after.clock,
            draw_offer: after.draw_offer,
            rematch_requests: after.rematch_requests,
            rematch_id: after.rematch_id.clone(),
            result: after.result.clone(),
            deadline_ms: after.deadline_ms,
            updated_ms: after.updated_ms,
            first_ply,
            new_moves: after.moves[first_ply..].to_vec(),
        }
    }
}

/// A write waiting for SQLite's writer, and where its answer goes.
#[derive(Debug)]
struct Job {
    write: Write,
    done: oneshot::Sender<Result<bool, StoreError>>,
}

/// The most writes one SQLite transaction carries, and the writer queue's length.
const GROUP_COMMIT_MOST: usize = 256;

/// SQLite's one writer: the writes that wait when it is free go into one transaction, so
/// one sync to disk stores them all (group commit). SQLite takes one writer at a time; with
/// each write in its own transaction, writers queued inside SQLite, sleeping in its busy
/// handler (1, 2, 5, 10 … 100 ms), and a sync per move capped the server near 1,150 moves a
/// second with the time from a move to the opponent at 1.5 s (the crowd benchmark,
/// docs/performance.md). A write's answer is sent only after its transaction commits. If a
/// batch fails, each of its writes runs again alone, so each gets its own answer and one
/// bad write cannot fail the others.
async fn group_commit(pool: AnyPool, mut queue: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(GROUP_COMMIT_MOST);
    while let Some(first) = queue.recv().await {
        batch.push(first);
        while batch.len() < GROUP_COMMIT_MOST {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match write_together(&pool, &batch).await {
            Ok(answers) => {
                for (job, answer) in batch.drain(..).zip(answers) {
                    // A writer that stopped waiting finds its write done when it reloads.
                    let _ = job.done.send(Ok(answer));
                }
            }
            Err(_) => {
                for job in batch.drain(..) {
                    let answer = write_alone(&pool, Dialect::Sqlite, &job.write).await;
                    let _ = job.done.send(answer);
                }
            }
        }
    }
}

/// `jobs` in one transaction: each one's answer, or the first failure.
async fn write_together(pool: &AnyPool, jobs: &[Job]) -> Result<Vec<bool>, StoreError> {
    let mut tx = pool.begin().await?;
    let mut answers = Vec::with_capacity(jobs.len());
    for job in jobs {
        answers.push(write_in(&mut tx, Dialect::Sqlite, &job.write).await?);
    }
    tx.commit().await?;
    Ok(answers)
}

/// `write` in a transaction of its own.
async fn write_alone(pool: &AnyPool, dialect: Dialect, write: &Write) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let answer = write_in(&mut tx, dialect, write).await?;
    tx.commit().await?;
    Ok(answer)
}

async fn write_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    dialect: Dialect,
    write: &Write,
) -> Result<bool, StoreError> {
    match write {
        Write::Create(row) => insert_game(tx, row).await.map(|()| true),
        Write::Change { changed, rematch } => {
            change(tx, dialect, changed, rematch.as_deref()).await
        }
    }
}

/// A change's statements: the game's row guarded by its version (`false`, and nothing
/// written, when another change came first), its new moves, the rematch's row, and on
/// PostgreSQL the notification.
async fn change(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    dialect: Dialect,
    after: &Changed,
    rematch: Option<&GameRow>,
) -> Result<bool, StoreError> {
    let result = after.result.as_ref().map(json);
    let updated = sqlx::query(
        "UPDATE games SET version = $1, white_ms = $2, black_ms = $3, turn_started_ms = $4, \
         draw_offer = $5, rematch_requests = $6, rematch_id = $7, result = $8, \
         deadline_ms = $9, updated_ms = $10 WHERE id = $11 AND version = $12",
    )
    .bind(after.version)
    .bind(after.clock.remaining_ms[0])
    .bind(after.clock.remaining_ms[1])
    .bind(after.clock.turn_started_ms)
    .bind(after.draw_offer.map(|s| s as i64))
    .bind(after.rematch_requests)
    .bind(after.rematch_id.as_deref())
    .bind(result.as_deref())
    .bind(after.deadline_ms)
    .bind(after.updated_ms)
    .bind(&after.id)
    .bind(after.version - 1)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() != 1 {
        return Ok(false);
    }
    for (ply, mv) in (after.first_ply..).zip(&after.new_moves) {
        sqlx::query(
            "INSERT INTO moves (game_id, ply, mv, played_ms, white_ms, black_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&after.id)
        .bind(ply as i64)
        .bind(&mv.text)
        .bind(mv.played_ms)
        .bind(mv.remaining_ms[0])
        .bind(mv.remaining_ms[1])
        .execute(&mut **tx)
        .await?;
    }
    if let Some(new) = rematch {
        insert_game(tx, new).await?;
    }
    if dialect == Dialect::Postgres {
        // Delivered to every listening process when the transaction commits, and not at
        // all if it does not.
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(format!("{}:{}", after.id, after.version))
            .execute(&mut **tx)
            .await?;
    }
    Ok(true)
}

async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    row: &GameRow,
) -> Result<(), StoreError> {
    let computer_seats = row
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Occupant::Computer(_)))
        .map(|(i, _)| 1i64 << i)
        .sum::<i64>();
    sqlx::query(
        "INSERT INTO games (id, game, options, position, white, black, white_token, black_token, \
         clock, white_ms, black_ms, turn_started_ms, seed, version, draw_offer, rematch_requests, \
         rematch_id, rematch_of, result, deadline_ms, created_ms, updated_ms, computer_seats) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
         $19, $20, $21, $22, $23)",
    )
    .bind(&row.id)
    .bind(&row.game)
    .bind(json(&row.options))
    .bind(row.position.as_deref())
    .bind(json(&row.players[0]))
    .bind(json(&row.players[1]))
    .bind(row.tokens[0].as_deref())
    .bind(row.tokens[1].as_deref())
    .bind(json(&row.clock_spec))
    .bind(row.clock.remaining_ms[0])
    .bind(row.clock.remaining_ms[1])
    .bind(row.clock.turn_started_ms)
    .bind(row.seed)
    .bind(row.version)
    .bind(row.draw_offer.map(|s| s as i64))
    .bind(row.rematch_requests)
    .bind(row.rematch_id.as_deref())
    .bind(row.rematch_of.as_deref())
    .bind(row.result.as_ref().map(json))
    .bind(row.deadline_ms)
    .bind(row.created_ms)
    .bind(row.updated_ms)
    .bind(computer_seats)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn game_from_row(row: &sqlx::any::AnyRow) -> Result<GameRow, StoreError> {
    let id: String = row.try_get(0)?;
    let draw_offer: Option<i64> = row.try_get(14)?;
    let result: Option<String> = row.try_get(18)?;
    Ok(GameRow {
        game: row.try_get(1)?,
        options: column(row, &id, 2, "options")?,
        position: row.try_get(3)?,
        players: [column(row, &id, 4, "white")?, column(row, &id, 5, "black")?],
        tokens: [row.try_get(6)?, row.try_get(7)?],
        clock_spec: column(row, &id, 8, "clock")?,
        clock: Clock {
            remaining_ms: [row.try_get(9)?, row.try_get(10)?],
            turn_started_ms: row.try_get(11)?,
        },
        seed: row.try_get(12)?,
        version: row.try_get(13)?,
        moves: Vec::new(),
        draw_offer: draw_offer.map(|s| usize::from(s != 0)),
        rematch_requests: row.try_get(15)?,
        rematch_id: row.try_get(16)?,
        rematch_of: row.try_get(17)?,
        result: result.map(|r| parse(&id, "result", &r)).transpose()?,
        deadline_ms: row.try_get(19)?,
        created_ms: row.try_get(20)?,
        updated_ms: row.try_get(21)?,
        id,
    })
}

fn column<T: for<'de> Deserialize<'de>>(
    row: &sqlx::any::AnyRow,
    id: &str,
    index: usize,
    what: &'static str,
) -> Result<T, StoreError> {
    let text: String = row.try_get(index)?;
    parse(id, what, &text)
}

fn parse<T: for<'de> Deserialize<'de>>(
    id: &str,
    what: &'static str,
    text: &str,
) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt {
        id: id.to_owned(),
        what,
        error: e.to_string(),
    })
}

fn json<T: Serialize>(value: &T) -> String {
    // Serialising these plain structs cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

/// Milliseconds since the Unix epoch.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::new_game::NewGame;

    fn new_row(id: &str) -> GameRow {
        let new: NewGame = serde_json::from_value(serde_json::json!({
            "game": "kamisado",
            "players": [{ "person": "Ann" }, { "person": "Bob" }],
        }))
        .unwrap();
        let mut row = new.into_row().unwrap();
        row.id = id.to_owned();
        row
    }

    async fn sqlite() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite:{}", dir.path().join("games.db").display());
        let store = Store::open(&url).await.unwrap();
        (dir, store)
    }

    /// Writes sent together share transactions, and each still gets its own answer: of two
    /// changes from the same version only the first is stored, a duplicate game fails alone
    /// (its batch is retried write by write), and everything else is stored.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_committed_together_each_get_their_own_answer() {
        let (_dir, store) = sqlite().await;
        let ids: Vec<String> = (0..64).map(|i| format!("game{i:02}")).collect();
        let creations = ids.iter().map(|id| {
            let store = store.clone();
            let row = new_row(id);
            async move { store.create(&row).await }
        });
        for created in futures_util::future::join_all(creations).await {
            created.unwrap();
        }
        assert!(store.create(&new_row("game00")).await.is_err());

        let changed = |id: &str| {
            let mut row = new_row(id);
            row.version += 1;
            row.moves.push(StoredMove {
                text: "d1-d7".to_owned(),
                played_ms: 1,
                remaining_ms: [0, 0],
            });
            row
        };
        // Each game changed twice from the same version, and one duplicate creation, all at
        // once: the writer takes what waits into one transaction.
        let mut writes = Vec::new();
        for id in &ids {
            for _ in 0..2 {
                let store = store.clone();
                let row = changed(id);
                writes.push(tokio::spawn(async move {
                    store.commit(&row, 0, None).await.map_err(|e| e.to_string())
                }));
            }
        }
        let duplicate = {
            let store = store.clone();
            tokio::spawn(async move { store.create(&new_row("game07")).await })
        };
        let mut stored = 0;
        for write in writes {
            if write.await.unwrap().unwrap() {
                stored += 1;
            }
        }
        assert!(duplicate.await.unwrap().is_err());
        assert_eq!(stored, ids.len(), "one change of each pair is stored");
        for id in &ids {
            let row = store.load(id).await.unwrap().unwrap();
            assert_eq!(row.version, new_row(id).version + 1, "{id}");
            assert_eq!(row.moves.len(), 1, "{id}");
        }
    }
}
