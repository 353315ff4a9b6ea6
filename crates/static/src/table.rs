//! The table of least static sets laid out as the cut-the-knot page lays it out: colours down,
//! pegs across, each entry with the time its search took.

/// One entry of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub colours: usize,
    pub pegs: usize,
    /// The least number of static guesses, or `None` when the entry was not searched.
    pub least: Option<usize>,
    pub seconds: f64,
}

/// The entries as a table: one row per number of colours, one column per number of pegs.
pub fn layout(entries: &[Entry], colours: &[usize], pegs: &[usize]) -> String {
    const WIDTH: usize = 12;
    let mut text = format!("{:<14}", "colours\\pegs");
    for p in pegs {
        text.push_str(&format!("{p:>WIDTH$}"));
    }
    text.push('\n');
    for &c in colours {
        text.push_str(&format!("{c:<14}"));
        for &p in pegs {
            let cell = entries
                .iter()
                .find(|entry| entry.colours == c && entry.pegs == p)
                .and_then(|entry| {
                    entry
                        .least
                        .map(|least| format!("{least} ({})", duration(entry.seconds)))
                })
                .unwrap_or_else(|| "·".to_owned());
            text.push_str(&format!("{cell:>WIDTH$}"));
        }
        text.push('\n');
    }
    text
}

/// `0.01s`, `12s`, `3m05s`.
fn duration(seconds: f64) -> String {
    if seconds < 10.0 {
        format!("{seconds:.2}s")
    } else if seconds < 60.0 {
        format!("{seconds:.0}s")
    } else {
        let whole = seconds.round() as u64;
        format!("{}m{:02}s", whole / 60, whole % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_go_down_and_pegs_across() {
        let entries = [
            Entry {
                colours: 2,
                pegs: 2,
                least: Some(2),
                seconds: 0.001,
            },
            Entry {
                colours: 3,
                pegs: 2,
                least: Some(2),
                seconds: 75.0,
            },
        ];
        let table = layout(&entries, &[2, 3], &[2, 3]);
        assert_eq!(
            table,
            "colours\\pegs             2           3\n\
             2                2 (0.00s)           ·\n\
             3                2 (1m15s)           ·\n"
        );
    }
}
