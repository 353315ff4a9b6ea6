//! The rules as the reference checker knows them, written out plainly: the codes, the reply to
//! a guess, the size bound, the symmetry of a path, and the guesses a fact's check covers.

use std::collections::{HashMap, HashSet};

use mastermind_core::{FeedbackKind, Game};

/// The game's codes in numeric order (of code numbers), each as its colours and colour counts.
pub(crate) struct Codes {
    pub game: Game,
    pub list: Vec<Vec<u8>>,
    counts: Vec<Vec<u8>>,
}

impl Codes {
    pub fn new(game: Game) -> Codes {
        let (pegs, colours) = (game.pegs(), game.colours() as u8);
        let mut list = vec![Vec::new()];
        for _ in 0..pegs {
            list = list
                .into_iter()
                .flat_map(|code: Vec<u8>| (0..colours).map(move |c| [&code[..], &[c]].concat()))
                .collect();
        }
        if !game.repetition() {
            list.retain(|code| (0..pegs).all(|i| !code[i + 1..].contains(&code[i])));
        }
        let counts = list
            .iter()
            .map(|code| (0..colours).map(|c| code.iter().filter(|&&x| x == c).count() as u8))
            .map(Iterator::collect)
            .collect();
        Codes { game, list, counts }
    }

    /// A code's number: its place in the list, which is in increasing order.
    pub fn number(&self, colours: impl Iterator<Item = u8>) -> u32 {
        let code: Vec<u8> = colours.collect();
        self.list.binary_search(&code).expect("a code of the game") as u32
    }

    /// The reply's number: `black × (pegs + 1) + white`, white 0 for black pegs only.
    pub fn score(&self, guess: u32, secret: u32) -> u8 {
        let (a, b) = (&self.list[guess as usize], &self.list[secret as usize]);
        let black = a.iter().zip(b).filter(|(x, y)| x == y).count();
        let (x, y) = (&self.counts[guess as usize], &self.counts[secret as usize]);
        let total: usize = x.iter().zip(y).map(|(x, y)| usize::from(*x.min(y))).sum();
        let white = match self.game.feedback_kind() {
            FeedbackKind::BlackWhite => total - black,
            FeedbackKind::BlackOnly => 0,
        };
        (black * (self.game.pegs() + 1) + white) as u8
    }

    pub fn all_black(&self) -> u8 {
        (self.game.pegs() * (self.game.pegs() + 1)) as u8
    }

    /// The most replies other than all-black that any guess gets over all codes.
    pub fn fan_out(&self) -> usize {
        let everything = Symmetry::of(self, &[]);
        let mut most = 1;
        for guess in 0..self.list.len() as u32 {
            if everything.is_least(&self.list[guess as usize]) {
                let replies: HashSet<u8> = (0..self.list.len() as u32)
                    .map(|secret| self.score(guess, secret))
                    .collect();
                most = most.max(replies.len() - usize::from(replies.contains(&self.all_black())));
            }
        }
        most
    }
}

/// The least total of `size` codes when each node finds one code and has at most `fan_out`
/// children: filled level by level from the top. [`u32::MAX`]: more levels than `budget`.
pub(super) fn size_bound(size: usize, fan_out: usize, budget: Option<u8>) -> u32 {
    let (mut left, mut width, mut level, mut total) = (size as u64, 1u64, 1u64, 0u64);
    while left > 0 {
        if budget.is_some_and(|budget| level > u64::from(budget)) {
            return u32::MAX;
        }
        total += left.min(width) * level;
        left -= left.min(width);
        width = width.saturating_mul(fan_out as u64);
        level += 1;
    }
    total.min(u64::from(u32::MAX - 1)) as u32
}

/// The transformations (positions permuted, colours permuted alike at every position, or per
/// position with black pegs only and repetition) that map each guess of a path onto itself.
pub(super) struct Symmetry {
    /// Where each position goes, and the colour maps that the guesses force.
    maps: Vec<(Vec<u8>, ColourMaps)>,
    per_position: bool,
    /// Per map, the colours no guess of the path uses there, in increasing order (none forced).
    free: Vec<Vec<u8>>,
}

type ColourMaps = Vec<Vec<Option<u8>>>;

impl Symmetry {
    pub fn of(codes: &Codes, guesses: &[u32]) -> Symmetry {
        let game = codes.game;
        let (pegs, colours) = (game.pegs(), game.colours());
        let per_position = game.feedback_kind() == FeedbackKind::BlackOnly && game.repetition();
        let map_of = |position: usize| if per_position { position } else { 0 };
        let rows: Vec<&Vec<u8>> = guesses.iter().map(|&g| &codes.list[g as usize]).collect();
        // Every order of positions whose colour maps stay one-to-one, the positions assigned
        // one at a time and an order given up at its first clash. Past MOST_MAPS (more than
        // 7 pegs with few guesses) the identity alone stands in: checking more guesses than
        // one per orbit is slower, never unsound.
        let mut maps = Vec::new();
        let empty = vec![vec![None; colours]; if per_position { pegs } else { 1 }];
        let mut order = Vec::with_capacity(pegs);
        let complete = extend_orders(
            pegs,
            &rows,
            per_position,
            &mut order,
            empty.clone(),
            &mut maps,
        );
        if !complete {
            maps = vec![((0..pegs as u8).collect(), empty)];
            for row in &rows {
                for (j, &colour) in row.iter().enumerate() {
                    maps[0].1[map_of(j)][usize::from(colour)] = Some(colour);
                }
            }
        }
        // Under the identity, the colours that no guess uses (per map) are the unmapped ones.
        let unmapped = |map: &Vec<Option<u8>>| {
            (0..colours as u8)
                .filter(|&c| map[usize::from(c)].is_none())
                .collect()
        };
        let free = maps[0].1.iter().map(unmapped).collect();
        Symmetry {
            maps,
            per_position,
            free,
        }
    }

    /// Whether `code` is the least of its orbit (comparing colours from the first position).
    pub fn is_least(&self, code: &[u8]) -> bool {
        let pegs = code.len();
        let (mut image, mut is_free) = ([0u8; 16], [false; 16]);
        let (image, is_free) = (&mut image[..pegs], &mut is_free[..pegs]);
        for (to, colour) in &self.maps {
            for j in 0..pegs {
                let map = if self.per_position { j } else { 0 };
                let mapped = colour[map][usize::from(code[j])];
                image[usize::from(to[j])] = mapped.unwrap_or(code[j]);
                is_free[usize::from(to[j])] = mapped.is_none();
            }
            // The free colours take the least values they can.
            match self.per_position {
                true => (0..pegs)
                    .filter(|&t| is_free[t])
                    .for_each(|t| image[t] = self.free[t][0]),
                false => rename_in_order(image, |t| is_free[t], &self.free[0]),
            }
            if *image < *code {
                return false;
            }
        }
        true
    }
}

/// The most transformations a symmetry lists; 7! orders of positions, the whole group at the
/// start of a game of 7 pegs.
const MOST_MAPS: usize = 5040;

/// Adds to `maps` every order of the `pegs` positions that starts with `order` (position `j` goes to
/// `order[j]`) under which the colours of each of `rows` map one to one onto the colours of the
/// same row, with the colour maps `colour` its start needs. Returns `false` once `maps` holds
/// more than [`MOST_MAPS`].
fn extend_orders(
    pegs: usize,
    rows: &[&Vec<u8>],
    per_position: bool,
    order: &mut Vec<u8>,
    colour: ColourMaps,
    maps: &mut Vec<(Vec<u8>, ColourMaps)>,
) -> bool {
    let j = order.len();
    if j == pegs {
        maps.push((order.clone(), colour));
        return maps.len() <= MOST_MAPS;
    }
    let map = if per_position { j } else { 0 };
    'targets: for to in 0..pegs as u8 {
        if order.contains(&to) {
            continue;
        }
        let mut extended = colour.clone();
        for row in rows {
            let (from, onto) = (usize::from(row[j]), row[usize::from(to)]);
            let taken = extended[map].iter().position(|&c| c == Some(onto));
            match extended[map][from] {
                None if taken.is_none() => extended[map][from] = Some(onto),
                Some(already) if already == onto => {}
                _ => continue 'targets,
            }
        }
        order.push(to);
        let within = extend_orders(pegs, rows, per_position, order, extended, maps);
        order.pop();
        if !within {
            return false;
        }
    }
    true
}

/// Renames the colours at the positions `renamed` marks, in order of first appearance, to `to`.
fn rename_in_order(code: &mut [u8], renamed: impl Fn(usize) -> bool, to: &[u8]) {
    let mut named: HashMap<u8, u8> = HashMap::new();
    for position in (0..code.len()).filter(|&position| renamed(position)) {
        let next = named.len();
        code[position] = *named.entry(code[position]).or_insert_with(|| to[next]);
    }
}

/// The guesses a fact at `set` is checked with: the least of each orbit of `symmetry` among the
/// set's codes (consistent-only), or among all codes with the colours the set lacks renamed
/// (a guess splits the set alike whichever absent colours it has).
pub(super) fn guesses(codes: &Codes, set: &[u32], symmetry: &Symmetry, own: bool) -> Vec<u32> {
    // No transformation but the identity, and at most one free colour: every code is least.
    let trivial = symmetry.maps.len() == 1 && symmetry.free.iter().all(|free| free.len() < 2);
    let least = |&code: &u32| trivial || symmetry.is_least(&codes.list[code as usize]);
    if own {
        return set.iter().copied().filter(least).collect();
    }
    let absent: Vec<u8> = (0..codes.game.colours() as u8)
        .filter(|&c| {
            !set.iter()
                .any(|&code| codes.list[code as usize].contains(&c))
        })
        .collect();
    let mut guesses: Vec<u32> = (0..codes.list.len() as u32)
        .filter(least)
        .map(|guess| {
            let mut code = codes.list[guess as usize].clone();
            let absent_at: Vec<bool> = code.iter().map(|c| absent.contains(c)).collect();
            rename_in_order(&mut code, |j| absent_at[j], &absent);
            codes.number(code.into_iter())
        })
        .collect();
    guesses.sort_unstable();
    guesses.dedup();
    guesses
}
