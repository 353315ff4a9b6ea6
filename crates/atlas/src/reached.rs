//! How far a computation has got, told to whoever follows it: what an entry that runs out of
//! time records, and where a caller that stops computations on request looks.

/// Receives, now and then, how far a computation has got, in words: what an entry that runs
/// out of time records.
pub trait Reached: Sync {
    /// The computation has got this far.
    fn reached(&self, progress: String);

    /// The computation has begun a new stage (a proof after its search): worth telling even
    /// where progress is told only now and then, since it may be the last word before the
    /// budget runs out.
    fn stage(&self, progress: String) {
        self.reached(progress);
    }

    /// The computation is still at work, with nothing new to tell (the static search between
    /// its reports): a caller that stops computations on request looks here.
    fn at_work(&self) {}
}

/// Hears nothing: a computation whose progress nobody follows.
pub struct Unreported;

impl Reached for Unreported {
    fn reached(&self, _progress: String) {}
}
