//! Which keys the transposition table may hold: a bit for each class of keys, set when a set of
//! the class is recorded. Most look-ups are of sets the table never held, and a clear bit
//! answers them from one word, without the shard's lock or the map's probe, whose slot in a
//! table of gigabytes is a miss of every cache (BENCHMARKS.md, "The code's tuning").

use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes of the table per bit, at least: eight bits or more a set at the sets' usual size, so
/// that a set the table does not hold finds its bit clear about nine times in ten.
const TABLE_BYTES_PER_BIT: usize = 16;

/// A bit per class of keys, set where the table may hold a key of the class.
pub(in crate::optimal) struct Presence {
    words: Box<[AtomicU64]>,
    /// The key's bits that name its class.
    mask: u64,
}

impl Presence {
    /// Room for a table of about `capacity` bytes: at most a 128th of it.
    pub(in crate::optimal) fn new(capacity: usize) -> Presence {
        let wanted = (capacity / TABLE_BYTES_PER_BIT).max(64);
        // A power of two, so that a key's class is a mask of it.
        let bits = 1 << (usize::BITS - 1 - wanted.leading_zeros());
        Presence {
            words: (0..bits / 64).map(|_| AtomicU64::new(0)).collect(),
            mask: bits as u64 - 1,
        }
    }

    /// Whether the table may hold `key`: `false` only if no key of its class was recorded
    /// since the bits were last cleared.
    pub(in crate::optimal) fn may_hold(&self, key: u64) -> bool {
        let (word, bit) = self.place(key);
        self.words[word].load(Ordering::Relaxed) & bit != 0
    }

    /// Reads `key`'s word ahead of [`Presence::may_hold`]: the words of a guess's classes, read
    /// one after another, wait on memory side by side rather than in turn.
    pub(in crate::optimal) fn warm(&self, key: u64) {
        let (word, _) = self.place(key);
        prefetch(&self.words[word]);
    }

    /// Notes that the table holds `key`.
    pub(in crate::optimal) fn hold(&self, key: u64) {
        let (word, bit) = self.place(key);
        if self.words[word].load(Ordering::Relaxed) & bit == 0 {
            self.words[word].fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Forgets every key, to note again those still held.
    pub(in crate::optimal) fn clear(&self) {
        for word in self.words.iter() {
            word.store(0, Ordering::Relaxed);
        }
    }

    /// The word and bit of `key`'s class. The map buckets on the key's low bits and tags on
    /// its top ones, and the shards take bits from 32 on: the class is taken from bit 8 on.
    fn place(&self, key: u64) -> (usize, u64) {
        let class = (key >> 8) & self.mask;
        ((class / 64) as usize, 1 << (class % 64))
    }
}

/// Asks for `word`'s cache line without waiting for it: a load would hold up the work that
/// follows until memory answers.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn prefetch(word: &AtomicU64) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: a prefetch is only a hint: it reads nothing the program sees and cannot fault,
    // and SSE, which has it, is part of every x86-64 processor.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(word.as_ptr().cast()) }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch(_word: &AtomicU64) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key noted is held until the bits are cleared; most keys never noted are not.
    #[test]
    fn keys_noted_are_held_until_cleared() {
        let presence = Presence::new(1 << 20);
        assert_eq!(presence.words.len() * 64, (1 << 20) / TABLE_BYTES_PER_BIT);
        let mix = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for k in 0..1000 {
            presence.hold(mix(k));
        }
        assert!((0..1000).all(|k| presence.may_hold(mix(k))));
        let strangers = (1000..11_000)
            .filter(|&k| presence.may_hold(mix(k)))
            .count();
        assert!(
            strangers < 500,
            "{strangers} of 10 000 keys never noted seem held"
        );
        presence.clear();
        assert!((0..1000).all(|k| !presence.may_hold(mix(k))));
    }
}
