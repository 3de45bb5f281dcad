//! Rate limits: token buckets for game creation (per client address) and for each
//! connection's messages.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
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

/// One bucket per client address. Full buckets are forgotten when the table grows, so a
/// flood of addresses cannot fill memory with state that says nothing.
#[derive(Debug)]
pub struct PerAddress {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    burst: u32,
    per_second: f64,
}

/// Addresses remembered before full buckets are swept.
const SWEEP_AT: usize = 10_000;

impl PerAddress {
    /// `per_minute` actions a minute per address, all of them allowed at once.
    #[must_use]
    pub fn per_minute(per_minute: u32) -> PerAddress {
        PerAddress {
            buckets: Mutex::new(HashMap::new()),
            burst: per_minute.max(1),
            per_second: f64::from(per_minute) / 60.0,
        }
    }

    /// Whether `address` may act now (taking a token if so).
    pub fn allow(&self, address: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, bucket| !bucket.is_full_at(now));
        }
        buckets
            .entry(address)
            .or_insert_with(|| Bucket::new(self.burst, self.per_second))
            .take_at(now)
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
    fn addresses_have_their_own_buckets() {
        let limits = PerAddress::per_minute(2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(limits.allow(a) && limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
    }
}
