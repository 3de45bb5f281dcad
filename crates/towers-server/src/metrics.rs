//! The operator's view: `GET /metrics` in Prometheus' text format, from `prometheus-client`.
//!
//! Counts that are state (connections, WebSockets, games in memory, the computer seats'
//! queue) are read when scraped; events (moves, refusals) are counted as they happen; the
//! move-to-opponent latency is observed when the opponent's connection has written the new
//! state to its socket.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// Every metric the server keeps.
pub struct Metrics {
    registry: Registry,
    connections: Gauge,
    websockets: Gauge,
    games: Gauge,
    queue: Gauge,
    thinking: Gauge,
    /// Moves stored.
    pub(crate) moves: Counter,
    /// Connections refused at a cap.
    pub(crate) refused_connections: Counter,
    /// WebSockets refused at a cap.
    pub(crate) refused_websockets: Counter,
    /// Frames dropped by a rate limit.
    pub(crate) rate_limited: Counter,
    latency: Histogram,
}

/// The state counts, read when scraped.
pub(crate) struct Now {
    pub(crate) connections: usize,
    pub(crate) websockets: usize,
    pub(crate) games: usize,
    pub(crate) queue: usize,
    pub(crate) thinking: usize,
}

impl Metrics {
    pub(crate) fn new() -> Metrics {
        let mut registry = Registry::with_prefix("towers");
        let connections = Gauge::default();
        let websockets = Gauge::default();
        let games = Gauge::default();
        let queue = Gauge::default();
        let thinking = Gauge::default();
        let moves = Counter::default();
        let refused_connections = Counter::default();
        let refused_websockets = Counter::default();
        let rate_limited = Counter::default();
        // 0.5 ms to about 16 s.
        let latency = Histogram::new(exponential_buckets(0.000_5, 2.0, 16));
        registry.register(
            "connections_open",
            "HTTP connections open (a WebSocket counts once it is upgraded, below)",
            connections.clone(),
        );
        registry.register("websockets_open", "WebSockets open", websockets.clone());
        registry.register(
            "games_in_memory",
            "games loaded: being played or watched, or touched within a minute",
            games.clone(),
        );
        registry.register(
            "computer_queue_length",
            "computer seats waiting for a thread to think on",
            queue.clone(),
        );
        registry.register(
            "computer_thinking",
            "computer seats thinking now",
            thinking.clone(),
        );
        registry.register("moves", "moves stored", moves.clone());
        registry.register(
            "connections_refused",
            "connections refused at a cap (per address or in all)",
            refused_connections.clone(),
        );
        registry.register(
            "websockets_refused",
            "WebSockets refused at a cap (per address or in all)",
            refused_websockets.clone(),
        );
        registry.register(
            "frames_rate_limited",
            "WebSocket frames dropped by a rate limit (per connection, seat or address)",
            rate_limited.clone(),
        );
        registry.register(
            "move_to_opponent_seconds",
            "from a move's arrival to the new state written to the opponent's socket",
            latency.clone(),
        );
        Metrics {
            registry,
            connections,
            websockets,
            games,
            queue,
            thinking,
            moves,
            refused_connections,
            refused_websockets,
            rate_limited,
            latency,
        }
    }

    /// Counts one move's way to the opponent.
    pub(crate) fn move_reached_opponent(&self, took: Duration) {
        self.latency.observe(took.as_secs_f64());
    }

    /// The text a scrape reads.
    pub(crate) fn render(&self, now: &Now) -> String {
        let gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.connections.set(gauge(now.connections));
        self.websockets.set(gauge(now.websockets));
        self.games.set(gauge(now.games));
        self.queue.set(gauge(now.queue));
        self.thinking.set(gauge(now.thinking));
        let mut text = String::new();
        // Writing into a String does not fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_names_every_metric() {
        let metrics = Metrics::new();
        metrics.moves.inc();
        metrics.move_reached_opponent(Duration::from_millis(3));
        let text = metrics.render(&Now {
            connections: 7,
            websockets: 5,
            games: 2,
            queue: 1,
            thinking: 1,
        });
        for line in [
            "towers_connections_open 7",
            "towers_websockets_open 5",
            "towers_games_in_memory 2",
            "towers_computer_queue_length 1",
            "towers_moves_total 1",
            "towers_move_to_opponent_seconds_count 1",
            "towers_move_to_opponent_seconds_bucket{le=\"0.004\"} 1",
            "towers_move_to_opponent_seconds_bucket{le=\"0.002\"} 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
