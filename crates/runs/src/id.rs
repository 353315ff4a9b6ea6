//! Which shard a process is: `K/N`, `K` counted from 0 so that a scheduler's array index
//! (`$SLURM_ARRAY_TASK_ID`, `$JOB_COMPLETION_INDEX`, GNU parallel's `{%}` less one) drops in.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Most shards a search may be cut into.
pub const MAX_SHARDS: u32 = 100_000;

/// Shard `index` of `count`, with `index < count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShardId {
    pub index: u32,
    pub count: u32,
}

/// A shard that does not read as `K/N`.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{text}` is not a shard: expected K/N with 0 ≤ K < N ≤ {MAX_SHARDS}, such as 3/8 (K counts from 0)")]
pub struct ShardIdError {
    text: String,
}

impl FromStr for ShardId {
    type Err = ShardIdError;

    fn from_str(text: &str) -> Result<ShardId, ShardIdError> {
        let error = || ShardIdError {
            text: text.to_owned(),
        };
        let (index, count) = text.trim().split_once('/').ok_or_else(error)?;
        let index: u32 = index.trim().parse().map_err(|_| error())?;
        let count: u32 = count.trim().parse().map_err(|_| error())?;
        if index >= count || count > MAX_SHARDS {
            return Err(error());
        }
        Ok(ShardId { index, count })
    }
}

impl fmt::Display for ShardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_k_of_n_from_zero() {
        assert_eq!("3/8".parse(), Ok(ShardId { index: 3, count: 8 }));
        assert_eq!("0/1".parse::<ShardId>().unwrap().to_string(), "0/1");
        for bad in ["8/8", "1", "a/2", "-1/2", "0/0", "1/2/3", "0/100001"] {
            assert!(bad.parse::<ShardId>().is_err(), "{bad}");
        }
    }
}
