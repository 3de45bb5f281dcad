//! Limits on what a client may hold and do: token buckets for game creation and messages
//! (per client address, per seat, per connection), and caps on open connections and
//! WebSockets (per client address and in all).

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// A token bucket: `burst` actions at once, refilled at `per_second`.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    #[must_use]
    pub fn new(burst: u32, per_second: f64) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_second,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    fn take_at(&mut self, now: Instant) -> bool {
        let refill = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn is_full_at(&self, now: Instant) -> bool {
        self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second >= self.burst
    }
}

/// One bucket per key (a client address, a seat). Full buckets are forgotten when the table
/// grows, so a flood of keys cannot fill memory with state that says nothing.
#[derive(Debug)]
pub struct PerKey<K> {
    buckets: Mutex<HashMap<K, Bucket>>,
    burst: u32,
    per_second: f64,
}

/// One bucket per client address.
pub type PerAddress = PerKey<IpAddr>;

/// Keys remembered before full buckets are swept.
const SWEEP_AT: usize = 10_000;

impl<K: Hash + Eq> PerKey<K> {
    /// `per_minute` actions a minute per key, all of them allowed at once.
    #[must_use]
    pub fn per_minute(per_minute: u32) -> PerKey<K> {
        PerKey::new(per_minute.max(1), f64::from(per_minute) / 60.0)
    }

    /// `per_second` actions a second per key, with bursts of twice as many.
    #[must_use]
    pub fn per_second(per_second: u32) -> PerKey<K> {
        let per_second = per_second.max(1);
        PerKey::new(per_second.saturating_mul(2), f64::from(per_second))
    }

    fn new(burst: u32, per_second: f64) -> PerKey<K> {
        PerKey {
            buckets: Mutex::new(HashMap::new()),
            burst,
            per_second,
        }
    }

    /// Whether `key` may act now (taking a token if so).
    pub fn allow(&self, key: K) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, bucket| !bucket.is_full_at(now));
        }
        buckets
            .entry(key)
            .or_insert_with(|| Bucket::new(self.burst, self.per_second))
            .take_at(now)
    }
}

/// Why a connection or a WebSocket was not admitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The client's address holds its share already.
    Address,
    /// The server holds all it may.
    Server,
}

/// Open things (connections, WebSockets) counted per client address and in all, each within
/// its cap. Admission returns a [`Slot`] that gives its place back when dropped, however the
/// holder ends.
#[derive(Debug)]
pub struct Occupancy {
    per_address: Mutex<HashMap<IpAddr, usize>>,
    total: AtomicUsize,
    max_per_address: usize,
    max_total: usize,
}

impl Occupancy {
    /// At most `max_per_address` per client address and `max_total` in all.
    #[must_use]
    pub fn new(max_per_address: usize, max_total: usize) -> Arc<Occupancy> {
        Arc::new(Occupancy {
            per_address: Mutex::new(HashMap::new()),
            total: AtomicUsize::new(0),
            max_per_address,
            max_total,
        })
    }

    /// A place for one more from `address`, if both caps allow it. `None` as the address
    /// counts it in all only (behind a proxy, every connection comes from the proxy).
    ///
    /// # Errors
    /// Which cap is reached (the address's first: it says more to the client).
    pub fn admit(self: &Arc<Self>, address: Option<IpAddr>) -> Result<Slot, Full> {
        let mut per_address = self
            .per_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(address) = address
            && per_address.get(&address).copied().unwrap_or(0) >= self.max_per_address
        {
            return Err(Full::Address);
        }
        if self.total.load(Ordering::Acquire) >= self.max_total {
            return Err(Full::Server);
        }
        if let Some(address) = address {
            *per_address.entry(address).or_insert(0) += 1;
        }
        self.total.fetch_add(1, Ordering::AcqRel);
        Ok(Slot {
            occupancy: Arc::clone(self),
            address,
        })
    }

    /// How many are open.
    #[must_use]
    pub fn open(&self) -> usize {
        self.total.load(Ordering::Acquire)
    }

    /// The cap per client address.
    #[must_use]
    pub fn max_per_address(&self) -> usize {
        self.max_per_address
    }

    /// The cap in all.
    #[must_use]
    pub fn max_total(&self) -> usize {
        self.max_total
    }
}

/// One admitted connection or WebSocket: its place is given back when this is dropped.
#[derive(Debug)]
pub struct Slot {
    occupancy: Arc<Occupancy>,
    address: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut per_address = self
            .occupancy
            .per_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(address) = self.address
            && let Some(held) = per_address.get_mut(&address)
        {
            *held -= 1;
            if *held == 0 {
                per_address.remove(&address);
            }
        }
        self.occupancy.total.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_allows_its_burst_then_refills() {
        let start = Instant::now();
        let mut bucket = Bucket::new(3, 2.0);
        bucket.last = start;
        assert!((0..3).all(|_| bucket.take_at(start)));
        assert!(!bucket.take_at(start));
        // Half a second at two a second gives one more.
        assert!(bucket.take_at(start + Duration::from_millis(500)));
        assert!(!bucket.take_at(start + Duration::from_millis(500)));
    }

    #[test]
    fn occupancy_caps_each_address_and_the_total_and_gives_places_back() {
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let c: IpAddr = "127.0.0.3".parse().unwrap();
        let open = Occupancy::new(2, 3);
        let first = open.admit(Some(a)).unwrap();
        let _second = open.admit(Some(a)).unwrap();
        assert_eq!(open.admit(Some(a)).unwrap_err(), Full::Address);
        let _third = open.admit(Some(b)).unwrap();
        assert_eq!(open.admit(Some(c)).unwrap_err(), Full::Server);
        assert_eq!(open.admit(None).unwrap_err(), Full::Server);
        assert_eq!(open.open(), 3);
        drop(first);
        assert_eq!(open.open(), 2);
        // The place given back is the address's and the server's.
        let _again = open.admit(Some(a)).unwrap();
        assert_eq!(open.admit(Some(a)).unwrap_err(), Full::Address);
        // Nothing is remembered of an address with nothing open.
        drop(_third);
        assert!(!open.per_address.lock().unwrap().contains_key(&b));
    }

    #[test]
    fn addresses_have_their_own_buckets() {
        let limits = PerAddress::per_minute(2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(limits.allow(a) && limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
    }
}
