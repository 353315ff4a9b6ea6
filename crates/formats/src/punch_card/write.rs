//! Writing a verified tree as a punch card: one column per reply that can occur, rows written
//! and numbered breadth first, so each row comes before the rows it refers to.

use mastermind_core::Codebook;
use mastermind_tree::Node;

use crate::digits::write_code;
use crate::labels::{label, replies};

/// `root` as a punch card.
pub(crate) fn write(book: &Codebook, root: &Node) -> String {
    let game = book.game();
    let columns = replies(game);
    let pegs = game.pegs();
    let blank = "-".repeat(pegs);
    // The row number, guess number and guess come before the first column.
    let mut text = " ".repeat(3 + 1 + 1 + 1 + pegs + 1);
    let labels: Vec<String> = columns.iter().map(|&reply| label(game, reply)).collect();
    text.push_str(&labels.join(" "));
    text.push('\n');
    let rows = rows(root);
    // A row's number is its position; references number the rows in the same order.
    let mut next_number = 1;
    for (number, (node, depth)) in rows.iter().enumerate() {
        let mut line = format!("{number:03} {depth} {}", write_code(book, node.guess));
        for &reply in &columns {
            line.push(' ');
            if reply == game.all_black() {
                if node.guess_is_candidate() {
                    line.push_str(&write_code(book, node.guess));
                } else {
                    line.push_str(&blank);
                }
                continue;
            }
            match node.child(reply) {
                None => line.push_str(&blank),
                Some(child) if child.children.is_empty() => {
                    line.push_str(&write_code(book, child.guess));
                }
                Some(_) => {
                    line.push_str(&format!(">{next_number:03}"));
                    next_number += 1;
                }
            }
        }
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The situations that need a row of their own, with their guess numbers, breadth first.
fn rows(root: &Node) -> Vec<(&Node, usize)> {
    let mut rows = vec![(root, 1)];
    let mut index = 0;
    while index < rows.len() {
        let (node, depth) = rows[index];
        for (_, child) in &node.children {
            if !child.children.is_empty() {
                rows.push((child, depth + 1));
            }
        }
        index += 1;
    }
    rows
}
