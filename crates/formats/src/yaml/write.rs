//! Writing a verified tree as the C solver's YAML, laid out as it lays it out: a situation's
//! guess as the first item of a list, its replies as the second, nested four spaces deeper.

use mastermind_core::Codebook;
use mastermind_tree::Node;

use crate::digits::write_code;
use crate::labels::label;

/// `root` as YAML.
pub(crate) fn write(book: &Codebook, root: &Node) -> String {
    let mut text = "---\n".to_owned();
    situation(book, root, 0, &mut text);
    text
}

/// `node` as a list starting at column `indent`.
fn situation(book: &Codebook, node: &Node, indent: usize, text: &mut String) {
    let game = book.game();
    let margin = " ".repeat(indent);
    text.push_str(&format!("{margin}- {}\n", write_code(book, node.guess)));
    let mut replies: Vec<(String, Option<&Node>)> = node
        .children
        .iter()
        .map(|(reply, child)| (label(game, *reply), Some(child)))
        .collect();
    if node.guess_is_candidate() {
        replies.push((label(game, game.all_black()), None));
    }
    if replies.is_empty() {
        text.push_str(&format!("{margin}- {{}}\n"));
        return;
    }
    for (index, (key, child)) in replies.iter().enumerate() {
        let lead = if index == 0 { "- " } else { "  " };
        text.push_str(&format!("{margin}{lead}{key}:"));
        match child {
            None => text.push_str(&format!(" {}\n", write_code(book, node.guess))),
            Some(child) if child.children.is_empty() => {
                text.push_str(&format!(" {}\n", write_code(book, child.guess)));
            }
            Some(child) => {
                text.push('\n');
                situation(book, child, indent + 4, text);
            }
        }
    }
}
