//! Who thinks next: the computer seats' turns at the few threads the server gives to search.
//!
//! A search cannot be interrupted, so the scheduler decides only who starts next. Games with a
//! person in them come first, in the order they asked; games between two computer seats run
//! at the lowest priority, only when no person's game is waiting, and with at most half the
//! threads (never none), so a crowd of them cannot hold every thread. Waiting is never
//! charged: a computer seat's clock counts its search, not its wait for a thread
//! ([`crate::referee`]).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

/// Whose computer seat asks to think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A game with a person in it.
    Person,
    /// A game between two computer seats.
    Machines,
}

/// The threads given to computer seats, and who waits for one.
#[derive(Debug)]
pub struct Thinkers {
    threads: usize,
    /// The most threads games between computer seats may hold at once.
    machine_threads: usize,
    state: Mutex<Queue>,
}

#[derive(Debug, Default)]
struct Queue {
    /// Threads held, and of those by games between computer seats.
    busy: usize,
    busy_machines: usize,
    people: VecDeque<oneshot::Sender<Turn>>,
    machines: VecDeque<oneshot::Sender<Turn>>,
}

impl Queue {
    fn hold(&mut self, priority: Priority) {
        self.busy += 1;
        if priority == Priority::Machines {
            self.busy_machines += 1;
        }
    }

    fn give_back(&mut self, priority: Priority) {
        self.busy -= 1;
        if priority == Priority::Machines {
            self.busy_machines -= 1;
        }
    }
}

/// A thread held for one search; given to the next in line when dropped.
#[derive(Debug)]
pub struct Turn {
    thinkers: Arc<Thinkers>,
    /// `None` once its count was given back by hand (a turn nobody received).
    priority: Option<Priority>,
}

impl Thinkers {
    /// `threads` threads for search (at least one).
    #[must_use]
    pub fn new(threads: usize) -> Arc<Thinkers> {
        let threads = threads.max(1);
        Arc::new(Thinkers {
            threads,
            machine_threads: (threads / 2).max(1),
            state: Mutex::new(Queue::default()),
        })
    }

    /// Waits for a thread. A caller that stops waiting (its future dropped) leaves the line.
    pub async fn turn(self: &Arc<Self>, priority: Priority) -> Turn {
        let waiting = {
            let mut queue = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if self.may_start(&queue, priority) {
                queue.hold(priority);
                return Turn {
                    thinkers: Arc::clone(self),
                    priority: Some(priority),
                };
            }
            let (tx, rx) = oneshot::channel();
            match priority {
                Priority::Person => queue.people.push_back(tx),
                Priority::Machines => queue.machines.push_back(tx),
            }
            rx
        };
        // The sender is only dropped after sending (or with the whole scheduler, which
        // outlives its callers).
        match waiting.await {
            Ok(turn) => turn,
            Err(_) => std::future::pending().await,
        }
    }

    fn may_start(&self, queue: &Queue, priority: Priority) -> bool {
        queue.busy < self.threads
            && match priority {
                Priority::Person => true,
                Priority::Machines => {
                    queue.people.is_empty() && queue.busy_machines < self.machine_threads
                }
            }
    }

    /// Computer seats waiting for a thread.
    #[must_use]
    pub fn waiting(&self) -> usize {
        let queue = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        // Not those who left the line (their place is skipped when a thread comes free).
        let present = |line: &VecDeque<oneshot::Sender<Turn>>| {
            line.iter().filter(|tx| !tx.is_closed()).count()
        };
        present(&queue.people) + present(&queue.machines)
    }

    /// Threads thinking now.
    #[must_use]
    pub fn thinking(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .busy
    }

    /// A thread came free: the next person's game takes it, else the next game between
    /// computer seats if their share allows, else it stays free.
    fn release(self: &Arc<Self>, priority: Priority) {
        let mut queue = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        queue.give_back(priority);
        loop {
            let next = if queue.busy < self.threads {
                if let Some(tx) = queue.people.pop_front() {
                    Some((tx, Priority::Person))
                } else if queue.busy_machines < self.machine_threads {
                    queue
                        .machines
                        .pop_front()
                        .map(|tx| (tx, Priority::Machines))
                } else {
                    None
                }
            } else {
                None
            };
            let Some((tx, priority)) = next else { return };
            queue.hold(priority);
            let turn = Turn {
                thinkers: Arc::clone(self),
                priority: Some(priority),
            };
            match tx.send(turn) {
                Ok(()) => return,
                // The waiter left the line: dropping the turn it was sent would release
                // again under this lock, so undo the count by hand and try the next.
                Err(mut unsent) => {
                    unsent.priority = None;
                    queue.give_back(priority);
                }
            }
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if let Some(priority) = self.priority {
            self.thinkers.release(priority);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Whether `future` is ready within a few scheduler rounds.
    async fn ready<F: std::future::Future>(future: F) -> Option<F::Output> {
        tokio::time::timeout(Duration::from_millis(50), future)
            .await
            .ok()
    }

    #[tokio::test]
    async fn a_persons_game_goes_before_waiting_machines() {
        let thinkers = Thinkers::new(1);
        let first = thinkers.turn(Priority::Machines).await;
        let machines = tokio::spawn({
            let thinkers = Arc::clone(&thinkers);
            async move { thinkers.turn(Priority::Machines).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let person = tokio::spawn({
            let thinkers = Arc::clone(&thinkers);
            async move { thinkers.turn(Priority::Person).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(thinkers.waiting(), 2);
        drop(first);
        // The person asked later and is served first; the machines still wait.
        let person_turn = ready(person)
            .await
            .expect("the person's game is served")
            .unwrap();
        assert_eq!(thinkers.waiting(), 1);
        drop(person_turn);
        let machine_turn = ready(machines).await.expect("then the machines").unwrap();
        assert_eq!((thinkers.waiting(), thinkers.thinking()), (0, 1));
        drop(machine_turn);
        assert_eq!(thinkers.thinking(), 0);
    }

    #[tokio::test]
    async fn machines_hold_at_most_half_the_threads() {
        let thinkers = Thinkers::new(4);
        let a = thinkers.turn(Priority::Machines).await;
        let _b = thinkers.turn(Priority::Machines).await;
        // Two of four held by machines: a third waits though threads are free...
        assert!(ready(thinkers.turn(Priority::Machines)).await.is_none());
        // ...and people take the free ones at once.
        let _p = ready(thinkers.turn(Priority::Person))
            .await
            .expect("free thread");
        drop(a);
        assert!(ready(thinkers.turn(Priority::Machines)).await.is_some());
    }

    #[tokio::test]
    async fn a_waiter_that_left_does_not_keep_a_thread() {
        let thinkers = Thinkers::new(1);
        let held = thinkers.turn(Priority::Person).await;
        // A waiter gives up (its computer seat's game was unloaded, say).
        assert!(ready(thinkers.turn(Priority::Person)).await.is_none());
        drop(held);
        assert_eq!(thinkers.thinking(), 0);
        assert!(ready(thinkers.turn(Priority::Person)).await.is_some());
    }
}
