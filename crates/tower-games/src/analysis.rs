//! A search's targets for a position, for people and for learning programs: the move a
//! player chooses, how it shares its attention among the moves or actions (MCTS's visits,
//! the learned player's visits over its first decision's actions), the value it expects and
//! its principal line (alpha-beta's from its deepest even depth, as the playground's analysis
//! reads it: [`settled_report`]). `towers analyse` prints it as JSON, and the Python package's
//! `Player.search` returns it, so that games can be recorded with policy and value targets.

use std::sync::Mutex;

use board_kernel::Game;
use game_ai::control::{Control, Progress, settled_report};
use game_ai::puct::{Puct, PuctConfig};
use game_ai::{Mcts, MctsConfig, Player, PlayerSpec};
use serde::Serialize;

/// What a policy's shares are over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PolicyOver {
    /// Whole moves, by their notation (MCTS).
    Moves,
    /// The actions of the turn's first decision, by number (the learned player).
    Actions,
    /// Nothing: the player has no policy (alpha-beta, the perfect player, random).
    None,
}

/// A search's answer for a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The player's spec.
    pub player: String,
    /// The move it chooses, in notation (`None` when the game is over).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The value it expects for the side to move, in `[-1, 1]`, when it says.
    pub value: Option<f64>,
    /// Whether a proven result stands behind the value (the perfect player, a proven win in
    /// alpha-beta).
    pub proven: bool,
    /// What the policy's keys are.
    pub policy_over: PolicyOver,
    /// Each move's or action's share of the search, largest first (summing to 1 when not
    /// empty); a JSON object in that order.
    #[serde(serialize_with = "as_object")]
    pub policy: Vec<(String, f64)>,
    /// The principal line: moves in notation (actions by number for the learned player).
    pub line: Vec<String>,
    /// Positions or simulations the search went through.
    pub nodes: u64,
}

/// Pairs as a JSON object, in their order.
fn as_object<S: serde::Serializer>(pairs: &[(String, f64)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// The analysis of `state` by `spec` (seeded with `seed`), with the game's knowledge.
pub fn analyse<G: Game>(
    game: &G,
    state: &G::State,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Analysis, String> {
    let knowledge = crate::knowledge::knowledge(game);
    spec.check(&knowledge)?;
    let mut analysis = Analysis {
        player: spec.to_string(),
        mv: None,
        value: None,
        proven: false,
        policy_over: PolicyOver::None,
        policy: Vec::new(),
        line: Vec::new(),
        nodes: 0,
    };
    if game.status(state).is_finished() {
        return Ok(analysis);
    }
    let heard: Mutex<Vec<Progress<G::Move>>> = Mutex::new(Vec::new());
    let mut listen = |p: &Progress<G::Move>| {
        heard
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(p.clone());
    };
    match *spec {
        PlayerSpec::Mcts(budget) | PlayerSpec::MctsFresh(budget) => {
            let mut mcts = Mcts::<G>::new(
                MctsConfig {
                    budget,
                    ..MctsConfig::default()
                },
                seed,
            );
            let rows = mcts.analyse(game, state);
            let total: u32 = rows.iter().map(|r| r.1).sum();
            analysis.policy_over = PolicyOver::Moves;
            analysis.policy = rows
                .iter()
                .map(|(mv, visits, _)| {
                    (mv.to_string(), f64::from(*visits) / f64::from(total.max(1)))
                })
                .collect();
            if let Some((mv, _, mean)) = rows.first() {
                analysis.mv = Some(mv.to_string());
                analysis.value = Some(2.0 * mean - 1.0);
                analysis.line = vec![mv.to_string()];
            }
            analysis.nodes = mcts.last_search().map_or(0, |s| u64::from(s.iterations));
        }
        PlayerSpec::Neural(budget) => {
            let make = knowledge.network.map_err(|why| format!("{spec}: {why}"))?;
            let mut puct = Puct::new(
                spec.to_string(),
                PuctConfig {
                    budget,
                    ..PuctConfig::default()
                },
                make(),
                seed,
            );
            analysis.mv = puct.choose(game, state).map(|m| m.to_string());
            if let Some((policy, value)) = puct.last_targets() {
                analysis.policy_over = PolicyOver::Actions;
                let mut shares: Vec<(String, f64)> = policy
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| **p > 0.0)
                    .map(|(a, p)| (a.to_string(), f64::from(*p)))
                    .collect();
                shares.sort_by(|a, b| b.1.total_cmp(&a.1));
                analysis.policy = shares;
                analysis.value = Some(f64::from(*value));
            }
            if let Some(mv) = &analysis.mv {
                analysis.line = vec![mv.clone()];
            }
            analysis.nodes = puct.last_search().map_or(0, |s| u64::from(s.simulations));
        }
        _ => {
            let mut player = spec.build_with(seed, &knowledge);
            let mut control = Control {
                progress: Some(&mut listen),
                ..Control::default()
            };
            analysis.mv = player
                .choose_with(game, state, &mut control)
                .map(|m| m.to_string());
            let heard = heard
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // Alpha-beta's value and line from its deepest even depth (`settled_report`);
            // the work from its last report.
            let even_depths = matches!(spec, PlayerSpec::AlphaBeta(_));
            if let Some(p) = settled_report(&heard, even_depths) {
                analysis.line = p.line.iter().map(ToString::to_string).collect();
                analysis.value = Some(p.score.value());
                analysis.proven = p.score.is_proven();
            }
            analysis.nodes = heard.last().map_or(0, |p| p.nodes);
        }
    }
    Ok(analysis)
}
