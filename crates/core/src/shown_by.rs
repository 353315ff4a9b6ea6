//! A value shown by a function, for `{}`: how codes and replies are shown against the game or
//! codebook that names them.

use std::fmt;

/// Shows what its function returns.
pub(crate) struct ShownBy<F>(pub(crate) F);

impl<F: Fn() -> String> fmt::Display for ShownBy<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&(self.0)())
    }
}
