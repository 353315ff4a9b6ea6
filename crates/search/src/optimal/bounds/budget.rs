//! How many more guesses a node may still use: a cap on the worst case seen from inside the
//! tree, or no cap at all.

/// The guesses still allowed at a node, this node's guess included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(in crate::optimal) struct Budget(u8);

impl Budget {
    /// No cap: the search minimises the total only.
    pub(in crate::optimal) const UNLIMITED: Budget = Budget(u8::MAX);

    /// At most `guesses` guesses. Caps too large to matter (no strategy can use them) are
    /// treated as no cap at all.
    pub(in crate::optimal) fn at_most(guesses: usize) -> Budget {
        u8::try_from(guesses)
            .ok()
            .filter(|&g| g < u8::MAX)
            .map_or(Budget::UNLIMITED, Budget)
    }

    pub(in crate::optimal) fn is_unlimited(self) -> bool {
        self == Budget::UNLIMITED
    }

    /// Whether at least `guesses` more guesses are allowed.
    pub(in crate::optimal) fn allows(self, guesses: u8) -> bool {
        self.0 >= guesses
    }

    /// The budget of the nodes below this one.
    pub(in crate::optimal) fn after_guess(self) -> Budget {
        if self.is_unlimited() {
            self
        } else {
            Budget(self.0 - 1)
        }
    }

    /// The cap as a number, for capped budgets.
    pub(in crate::optimal) fn limit(self) -> Option<u8> {
        (!self.is_unlimited()).then_some(self.0)
    }
}
