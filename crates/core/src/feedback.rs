//! Feedback as a small integer: the number of black and white pegs packed as
//! `black × (pegs + 1) + white`, so a partition is an array indexed by feedback.

/// The codemaker's reply to a guess, as a dense index (see [`Game::feedback`](crate::Game::feedback)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Feedback(u8);

impl Feedback {
    /// The reply stored at `index` (see [`Feedback::index`]).
    #[inline]
    pub const fn from_index(index: u8) -> Feedback {
        Feedback(index)
    }

    /// The reply as a small array index: `black × (pegs + 1) + white`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
