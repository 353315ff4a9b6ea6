//! Merging the parts of any search: which search they are of is read from the first part's
//! header, and that search's merge checks them all and puts them together.

use std::path::PathBuf;

use mastermind_static::StaticFile;
use mastermind_tree::TreeFile;

use crate::{optimal, part, static_search, MergeError};

/// What the parts of a run came to.
#[derive(Debug)]
pub enum Merged {
    /// The optimal search's tree.
    Tree(Box<TreeFile>),
    /// Static Mastermind's least set.
    Static(StaticFile),
}

/// Which search the parts (path and text, as [`optimal::merge`] takes them) are of, by the
/// first one's header: [`optimal::SEARCH`] or [`static_search::SEARCH`]; a search this build
/// does not know is refused.
pub fn search_of(files: &[(PathBuf, String)]) -> Result<&'static str, MergeError> {
    let Some((path, text)) = files.first() else {
        return Err(MergeError::Format {
            path: PathBuf::new(),
            message: "no parts to merge".to_owned(),
        });
    };
    match part::search_of(path, text)? {
        search if search == optimal::SEARCH => Ok(optimal::SEARCH),
        search if search == static_search::SEARCH => Ok(static_search::SEARCH),
        search => Err(MergeError::Format {
            path: path.clone(),
            message: format!("it is of the `{search}` search, which this build cannot merge"),
        }),
    }
}

/// Merges the parts of one run, whichever search it is of (see [`search_of`]).
pub fn merge(files: &[(PathBuf, String)]) -> Result<Merged, MergeError> {
    match search_of(files)? {
        search if search == optimal::SEARCH => {
            optimal::merge(files).map(|file| Merged::Tree(Box::new(file)))
        }
        _ => static_search::merge(files).map(Merged::Static),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(files: &[(PathBuf, String)]) -> String {
        match merge(files) {
            Err(error) => error.to_string(),
            Ok(merged) => panic!("merged: {merged:?}"),
        }
    }

    #[test]
    fn parts_of_a_search_this_build_does_not_know_are_refused_by_name() {
        let part = r#"{"plan": {"search": "dynamic"}}"#.to_owned();
        let message = refused(&[(PathBuf::from("part-0.json"), part)]);
        assert!(message.contains("part-0.json"), "{message}");
        assert!(
            message.contains("the `dynamic` search, which this build cannot merge"),
            "{message}"
        );
        assert!(refused(&[]).contains("no parts to merge"));
    }
}
