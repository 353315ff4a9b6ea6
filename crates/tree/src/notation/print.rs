//! Writing a strategy tree in Knuth's or Irving's notation, in one of two layouts.
//!
//! The canonical spelling is Figure 1's: no space anywhere except one after the colon that
//! follows a guess, `,` between the slots of one black count and `;` between black counts,
//! as in `1296(1122: 1,16(1213: 0,0,0,0,0;1,4(1415),3(1145),0;…),96A,…)`. Irving's `*` follows
//! the guess directly: `3(1222*)`, `4(1222*: …)`. Lines break only between the top-level slots
//! of the tree or of a section, with an eight-space indent (see [`wrap`](super::wrap)).

use mastermind_core::{Codebook, Feedback};

use super::wrap::write_block;
use super::{Form, Notation};
use crate::Node;

/// The root's replies with more than this many candidates become lettered sections.
pub const SECTION_THRESHOLD: u32 = 16;

/// How the printed tree is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The whole tree in one nested expression, broken into lines only between the root's
    /// slots.
    Flat,
    /// Figure 1's layout: the root's replies with more than [`SECTION_THRESHOLD`] candidates
    /// are written `96A`, `256B`, … in slot order, and after the tree (which then ends with a
    /// comma, as in the paper) comes a line `where` and one definition `A = (2344: …)` each.
    Sections,
}

/// Writes `root`'s tree for the game of `book`, ending with a newline.
pub fn print(book: &Codebook, root: &Node, notation: Notation, layout: Layout) -> String {
    let printer = Printer::new(book, notation);
    let mut out = String::new();
    match layout {
        Layout::Flat => printer.write_block(&root.candidates.to_string(), root, &mut out),
        Layout::Sections => printer.write_sections(root, &mut out),
    }
    out
}

/// The name of the section at `index` in reading order: `A` … `Z`, then `AA`, `AB`, ….
pub fn section_name(index: usize) -> String {
    let mut letters = Vec::new();
    let mut rest = index + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(b'A' + (rest % 26) as u8);
        rest /= 26;
    }
    letters.iter().rev().map(|&b| char::from(b)).collect()
}

struct Printer<'a> {
    book: &'a Codebook,
    notation: Notation,
    slot_groups: Vec<Vec<Feedback>>,
}

impl<'a> Printer<'a> {
    fn new(book: &'a Codebook, notation: Notation) -> Printer<'a> {
        Printer {
            book,
            notation,
            slot_groups: notation.slot_groups(book.game()),
        }
    }

    /// The tree with the root's large replies as named sections, each defined after `where`.
    fn write_sections(&self, root: &Node, out: &mut String) {
        if Form::of(root, self.notation) != Form::Full {
            return self.write_block(&root.candidates.to_string(), root, out);
        }
        let mut sections: Vec<&Node> = Vec::new();
        let items = self.slot_items(root, &mut |child| {
            if child.candidates > SECTION_THRESHOLD {
                sections.push(child);
                format!("{}{}", child.candidates, section_name(sections.len() - 1))
            } else {
                self.situation(child)
            }
        });
        let tail = if sections.is_empty() { ")" } else { ")," };
        write_block(
            &self.full_head(&root.candidates.to_string(), root),
            &items,
            tail,
            out,
        );
        if sections.is_empty() {
            return;
        }
        out.push_str("where\n");
        for (index, section) in sections.into_iter().enumerate() {
            self.write_block(&format!("{} = ", section_name(index)), section, out);
        }
    }

    /// `prefix` (a count, or `A = `) followed by `node`'s form, broken into lines between the
    /// top-level slots when it is a full form.
    fn write_block(&self, prefix: &str, node: &Node, out: &mut String) {
        if Form::of(node, self.notation) == Form::Full {
            let items = self.slot_items(node, &mut |child| self.situation(child));
            write_block(&self.full_head(prefix, node), &items, ")", out);
        } else {
            out.push_str(prefix);
            out.push_str(&self.short_form(node));
            out.push('\n');
        }
    }

    /// A whole situation on one line: its count followed by its form.
    fn situation(&self, node: &Node) -> String {
        let count = node.candidates.to_string();
        if Form::of(node, self.notation) == Form::Full {
            let items = self.slot_items(node, &mut |child| self.situation(child));
            format!("{}{})", self.full_head(&count, node), items.concat())
        } else {
            count + &self.short_form(node)
        }
    }

    /// What follows the count in the forms without slots: nothing, `(gggg)` or `(ggggx)`.
    fn short_form(&self, node: &Node) -> String {
        match Form::of(node, self.notation) {
            Form::Count => String::new(),
            Form::Single => format!("({})", self.guess(node)),
            Form::Pairs => format!("({}x)", self.guess(node)),
            Form::Full => unreachable!("full forms are written by their slots"),
        }
    }

    /// The opening of a full form: `prefix(gggg: `.
    fn full_head(&self, prefix: &str, node: &Node) -> String {
        format!("{prefix}({}: ", self.guess(node))
    }

    /// The guess as printed, with Irving's `*` when it is not a candidate.
    fn guess(&self, node: &Node) -> String {
        let mut text = self.book.format(node.guess);
        if self.notation == Notation::Irving && !node.guess_is_candidate() {
            text.push('*');
        }
        text
    }

    /// Each slot of `node`'s full form followed by its separator (none after the last): `0`
    /// for a reply that does not occur, `1` or `0` for all-black as the guess is a candidate
    /// or not, and `child_text` of the situation after any other reply.
    fn slot_items<'n>(
        &self,
        node: &'n Node,
        child_text: &mut dyn FnMut(&'n Node) -> String,
    ) -> Vec<String> {
        let all_black = self.book.game().all_black();
        let last_group = self.slot_groups.len() - 1;
        let mut items = Vec::new();
        for (group_index, group) in self.slot_groups.iter().enumerate() {
            for (slot_index, &feedback) in group.iter().enumerate() {
                let mut item = if feedback == all_black {
                    u8::from(node.guess_is_candidate()).to_string()
                } else {
                    node.child(feedback)
                        .map_or_else(|| "0".to_owned(), &mut *child_text)
                };
                if slot_index + 1 < group.len() {
                    item.push(',');
                } else if group_index < last_group {
                    item.push(';');
                }
                items.push(item);
            }
        }
        items
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{Code, FeedbackKind, Game};

    use super::*;

    fn book(pegs: u32, colours: u32, feedback: FeedbackKind) -> Codebook {
        Codebook::new(Game::new(pegs, colours, true, feedback).unwrap())
    }

    /// The tree that plays `pick(candidates)` at every node, split by the rules of the game.
    fn tree(book: &Codebook, candidates: &[Code], pick: &dyn Fn(&[Code]) -> Code) -> Node {
        let guess = pick(candidates);
        let all_black = book.game().all_black();
        let mut children: Vec<(Feedback, Vec<Code>)> = Vec::new();
        for &secret in candidates {
            let feedback = book.score(guess, secret);
            if feedback == all_black {
                continue;
            }
            match children.iter_mut().find(|(f, _)| *f == feedback) {
                Some((_, class)) => class.push(secret),
                None => children.push((feedback, vec![secret])),
            }
        }
        children.sort_by_key(|(feedback, _)| *feedback);
        Node {
            guess,
            candidates: candidates.len() as u32,
            children: children
                .into_iter()
                .map(|(feedback, class)| (feedback, tree(book, &class, pick)))
                .collect(),
        }
    }

    fn first_candidate(candidates: &[Code]) -> Code {
        candidates[0]
    }

    fn codes(book: &Codebook, texts: &[&str]) -> Vec<Code> {
        texts.iter().map(|text| book.parse(text).unwrap()).collect()
    }

    fn all_codes(book: &Codebook) -> Vec<Code> {
        book.codes().collect()
    }

    fn flat(book: &Codebook, root: &Node, notation: Notation) -> String {
        print(book, root, notation, Layout::Flat)
    }

    #[test]
    fn small_situations_are_counts() {
        let book = book(4, 6, FeedbackKind::BlackWhite);
        let pair = tree(&book, &codes(&book, &["1111", "2222"]), &first_candidate);
        assert_eq!(flat(&book, &pair, Notation::Knuth), "2\n");
        assert_eq!(flat(&book, &pair, Notation::Irving), "2(1111)\n");
        let one = tree(&book, &codes(&book, &["3456"]), &first_candidate);
        assert_eq!(flat(&book, &one, Notation::Knuth), "1\n");
        assert_eq!(flat(&book, &one, Notation::Irving), "1\n");
    }

    #[test]
    fn knuth_short_forms() {
        let book = book(4, 6, FeedbackKind::BlackWhite);
        let single = tree(
            &book,
            &codes(&book, &["1111", "1112", "1122"]),
            &first_candidate,
        );
        assert_eq!(flat(&book, &single, Notation::Knuth), "3(1111)\n");
        let pairs = tree(
            &book,
            &codes(&book, &["1111", "1112", "1113"]),
            &first_candidate,
        );
        assert_eq!(flat(&book, &pairs, Notation::Knuth), "3(1111x)\n");
    }

    #[test]
    fn full_forms_list_every_slot() {
        let book = book(4, 6, FeedbackKind::BlackWhite);
        let candidates = codes(&book, &["1111", "1112", "1113", "1114", "1122"]);
        let root = tree(&book, &candidates, &first_candidate);
        assert_eq!(
            flat(&book, &root, Notation::Knuth),
            "5(1111: 0,0,0,0,0;0,0,0,0;0,0,1;0,3(1112x);1)\n"
        );
        assert_eq!(
            flat(&book, &root, Notation::Irving),
            "5(1111: 0,0,0,0,0;0,0,0,0;0,0,1;3(1112: 0,0,0,0,0;0,0,0,0;0,0,0;2(1113);1);1)\n"
        );
    }

    #[test]
    fn irving_stars_guesses_that_are_not_candidates() {
        let book = book(4, 6, FeedbackKind::BlackWhite);
        let play_1222 = |candidates: &[Code]| match candidates.len() {
            3.. => book.parse("1222").unwrap(),
            _ => candidates[0],
        };
        let short = tree(&book, &codes(&book, &["1111", "2222", "3333"]), &play_1222);
        assert_eq!(flat(&book, &short, Notation::Knuth), "3(1222)\n");
        assert_eq!(flat(&book, &short, Notation::Irving), "3(1222*)\n");
        // 1111 and 1133 both score 1B0W against 1222, and no code scores all black.
        let candidates = codes(&book, &["1111", "1133", "2222", "3333"]);
        let full = tree(&book, &candidates, &play_1222);
        assert_eq!(flat(&book, &full, Notation::Knuth), "4(1222x)\n");
        assert_eq!(
            flat(&book, &full, Notation::Irving),
            "4(1222*: 0,0,0,0,1;0,0,0,2(1111);0,0,0;1;0)\n"
        );
    }

    #[test]
    fn three_pegs_have_ten_knuth_slots_and_nine_irving_slots() {
        let book = book(3, 2, FeedbackKind::BlackWhite);
        let root = tree(&book, &all_codes(&book), &first_candidate);
        assert_eq!(
            flat(&book, &root, Notation::Knuth),
            "8(111: 0,0,0,1;0,0,3(122x);0,3(112x);1)\n"
        );
        assert_eq!(
            flat(&book, &root, Notation::Irving),
            "8(111: 0,0,0,1;0,0,3(122: 0,0,0,0;2(212),0,0;0;1);3(112: 0,0,0,0;2(121),0,0;0;1);1)\n"
        );
    }

    #[test]
    fn black_only_games_have_one_slot_per_black_count() {
        let book = book(3, 2, FeedbackKind::BlackOnly);
        let root = tree(&book, &all_codes(&book), &first_candidate);
        assert_eq!(
            flat(&book, &root, Notation::Knuth),
            "8(111: 1;3(122x);3(112x);1)\n"
        );
        assert_eq!(
            flat(&book, &root, Notation::Irving),
            "8(111: 1;3(122: 0;2(212);0;1);3(112: 0;2(121);0;1);1)\n"
        );
    }

    #[test]
    fn sections_name_the_large_replies_in_slot_order() {
        // 4×3 after 1111: 0B leaves 16 (written in place), 1B leaves 32 (A), 2B leaves 24 (B).
        let book = book(4, 3, FeedbackKind::BlackWhite);
        let root = tree(&book, &all_codes(&book), &first_candidate);
        let text = print(&book, &root, Notation::Knuth, Layout::Sections);
        let squeezed: String = text.split_whitespace().collect();
        assert!(squeezed.starts_with("81(1111:0,0,0,0,16(2222:"), "{text}");
        assert!(squeezed.contains(";0,0,0,32A;0,0,24B;0,8("), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        let where_line = lines.iter().position(|&line| line == "where").unwrap();
        assert!(lines[where_line - 1].ends_with("),"));
        assert!(lines[where_line + 1].starts_with("A = (1222: "));
        assert_eq!(
            lines
                .iter()
                .filter(|line| line.starts_with("B = (1122: "))
                .count(),
            1
        );
        assert!(!text.contains("C = "));
    }

    #[test]
    fn sections_expand_to_the_flat_tree() {
        let book = book(4, 3, FeedbackKind::BlackWhite);
        let root = tree(&book, &all_codes(&book), &first_candidate);
        for notation in [Notation::Knuth, Notation::Irving] {
            let squeeze = |text: &str| text.split_whitespace().collect::<String>();
            let sections = squeeze(&print(&book, &root, notation, Layout::Sections));
            let (tree, definitions) = sections.split_once("),where").unwrap();
            let mut expanded = format!("{tree})");
            for definition in definitions.split(['A', 'B']).filter(|d| !d.is_empty()) {
                let body = definition.strip_prefix('=').unwrap();
                let reference = expanded.find(['A', 'B']).unwrap();
                expanded.replace_range(reference..reference + 1, body);
            }
            assert_eq!(expanded, squeeze(&flat(&book, &root, notation)));
        }
    }

    #[test]
    fn a_root_without_large_replies_has_no_sections() {
        let book = book(3, 2, FeedbackKind::BlackWhite);
        let root = tree(&book, &all_codes(&book), &first_candidate);
        for notation in [Notation::Knuth, Notation::Irving] {
            assert_eq!(
                print(&book, &root, notation, Layout::Sections),
                flat(&book, &root, notation)
            );
        }
    }

    #[test]
    fn sections_are_lettered_like_spreadsheet_columns() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702]
            .into_iter()
            .map(section_name)
            .collect();
        assert_eq!(names, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
    }
}
