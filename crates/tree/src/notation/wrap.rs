//! Line breaking for printed trees. A block (the tree, or one lettered section) is a head such as
//! `1296(1122: `, its top-level slots each followed by its separator, and a tail such as `)`;
//! lines break only between top-level slots, so a nested situation is never split, and
//! continuation lines are indented like Figure 1. Spacing carries no meaning in either notation.

/// Lines are broken before they grow longer than this, where a break is possible.
pub(super) const WIDTH: usize = 100;
/// The indent of continuation lines, as in Figure 1.
const INDENT: &str = "        ";

/// Appends `head`, the `items` and `tail` to `out`, ending with a newline, breaking lines
/// between items so that no line exceeds [`WIDTH`] unless one item alone does. The tail sticks
/// to the last item without counting towards the width, so a lone `)` never takes a line.
pub(super) fn write_block(head: &str, items: &[String], tail: &str, out: &mut String) {
    let mut line = head.to_owned();
    let mut line_has_item = false;
    for item in items {
        if line_has_item && line.len() + item.len() > WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line = INDENT.to_owned();
        }
        line.push_str(item);
        line_has_item = true;
    }
    line.push_str(tail);
    out.push_str(&line);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(count: usize, len: usize) -> Vec<String> {
        (0..count).map(|i| format!("{:0len$},", i)).collect()
    }

    #[test]
    fn short_blocks_stay_on_one_line() {
        let mut out = String::new();
        write_block("5(1111: ", &["0,".into(), "1".into()], ")", &mut out);
        assert_eq!(out, "5(1111: 0,1)\n");
    }

    #[test]
    fn long_blocks_break_between_items_within_the_width() {
        let items = items(40, 9);
        let mut out = String::new();
        write_block("1296(1122: ", &items, ")", &mut out);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|line| line.len() <= WIDTH), "{out}");
        assert!(lines[1..].iter().all(|line| line.starts_with(INDENT)));
        let joined: String = out.split_whitespace().collect();
        assert_eq!(joined, format!("1296(1122:{})", items.concat()));
    }

    #[test]
    fn an_item_longer_than_the_width_gets_a_line_of_its_own() {
        let long = "9".repeat(WIDTH + 5) + ",";
        let mut out = String::new();
        write_block(
            "A = (2344: ",
            &["0,".into(), long.clone(), "1".into()],
            ")",
            &mut out,
        );
        assert_eq!(out, format!("A = (2344: 0,\n{INDENT}{long}\n{INDENT}1)\n"));
    }
}
