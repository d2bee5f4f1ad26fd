//! Timing helpers the domain's benchmarks share.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Median of `n` timed runs of `f`.
pub fn median<T>(n: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[n / 2]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
