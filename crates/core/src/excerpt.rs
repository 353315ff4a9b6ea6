//! Text from an input file as messages quote it: whole when short, else its start and its
//! length, so that a huge token or list in a hostile file is never echoed whole.

/// How many characters of a quoted text a message shows.
const SHOWN: usize = 24;

/// `text` as a message quotes it: itself when at most `SHOWN` (24) characters, else its first
/// characters, an ellipsis and how long it is.
pub fn excerpt(text: &str) -> String {
    let length = text.chars().count();
    if length <= SHOWN {
        text.to_owned()
    } else {
        let start: String = text.chars().take(SHOWN).collect();
        format!("{start}… ({length} characters)")
    }
}

/// A list as a message quotes it: `[a, b, c]`, or its first items and how many there are.
pub fn excerpt_list<T: std::fmt::Debug>(items: &[T]) -> String {
    const ITEMS_SHOWN: usize = 12;
    if items.len() <= ITEMS_SHOWN {
        format!("{items:?}")
    } else {
        let shown: Vec<String> = items[..ITEMS_SHOWN]
            .iter()
            .map(|item| format!("{item:?}"))
            .collect();
        format!("[{}, … ({} items)]", shown.join(", "), items.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_whole_and_long_ones_cut() {
        assert_eq!(excerpt("1122"), "1122");
        let long = "1".repeat(20_000_000);
        let quoted = excerpt(&long);
        assert_eq!(quoted, format!("{}… (20000000 characters)", "1".repeat(24)));
        assert_eq!(excerpt_list(&[1, 2]), "[1, 2]");
        let many = vec![7u64; 10_000_000];
        assert_eq!(
            excerpt_list(&many),
            "[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, … (10000000 items)]"
        );
    }
}
