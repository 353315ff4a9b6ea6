//! Dealing pieces to shards so that they take about equal work: the costliest piece first, each
//! to the shard with the least work so far (ties to the lower shard), a fixed order so that
//! every shard and the merge deal alike.

/// For each of `shards` shards, the indices (in increasing order) of the pieces it solves,
/// given each piece's estimated work.
pub fn deal(work: &[u64], shards: u32) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..work.len()).collect();
    order.sort_by_key(|&piece| (std::cmp::Reverse(work[piece]), piece));
    let mut load = vec![0u64; shards as usize];
    let mut dealt = vec![Vec::new(); shards as usize];
    for piece in order {
        let lightest = (0..load.len())
            .min_by_key(|&shard| (load[shard], shard))
            .expect("at least one shard");
        load[lightest] += work[piece].max(1);
        dealt[lightest].push(piece);
    }
    for pieces in &mut dealt {
        pieces.sort_unstable();
    }
    dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_once_and_the_work_spread() {
        let work: Vec<u64> = (0..40).map(|i| (i * 37 % 11) * 100 + 1).collect();
        for shards in 1..=8 {
            let dealt = deal(&work, shards);
            let mut all: Vec<usize> = dealt.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..40).collect::<Vec<_>>());
            let loads: Vec<u64> = dealt
                .iter()
                .map(|pieces| pieces.iter().map(|&p| work[p]).sum())
                .collect();
            let (least, most) = (loads.iter().min().unwrap(), loads.iter().max().unwrap());
            assert!(most - least <= *work.iter().max().unwrap(), "{loads:?}");
        }
    }

    #[test]
    fn more_shards_than_pieces_leaves_some_empty() {
        let dealt = deal(&[5, 1], 4);
        assert_eq!(dealt, vec![vec![0], vec![1], vec![], vec![]]);
    }
}
