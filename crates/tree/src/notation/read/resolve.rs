//! Giving the written tree its meaning in one notation and game: each slot becomes the
//! situation after one reply, section references are replaced by their definitions, and
//! everything that can be checked without replaying codes is: the number of slots and their
//! separators, the never-occurring `(p−1, 1)` slot, the all-black slot and Irving's `*`, the
//! slots' sum, the forms a notation allows, and the use of sections. Every error gets the path
//! of the situation it is in.

use std::collections::HashMap;

use mastermind_core::{Feedback, FeedbackKind, Game};

use super::error::{Errors, ReadErrorKind};
use super::parse::MAX_NESTING;
use super::syntax::{Body, Definition, Document, Guessed, SlotList, Written};
use super::{detect::slot_count, Location, Situation};
use crate::notation::Form;
use crate::Notation;

type Path = Vec<(String, String)>;

/// Resolves `document` in `notation` for `game`, adding every error to `errors`.
pub(super) fn resolve(
    document: &Document,
    game: &Game,
    notation: Notation,
    errors: &mut Errors,
) -> Option<Situation> {
    for (at, kind) in &document.errors {
        errors.push(*at, &[], kind.clone());
    }
    let mut resolver = Resolver::new(document, game, notation, errors);
    let tree = document.root.as_ref().map(|root| {
        let mut path = Vec::new();
        resolver.situation(root, root.count, root.at, &mut path, 0)
    });
    resolver.report_unused();
    tree
}

struct Resolver<'a> {
    game: &'a Game,
    notation: Notation,
    /// Each reply a full form lists, with the index of its group (its number of black pegs).
    slots: Vec<(Feedback, usize)>,
    /// The slot Knuth keeps for `(p−1, 1)`, which never occurs.
    impossible: Option<Feedback>,
    definitions: HashMap<&'a str, &'a Definition>,
    /// Where each section was first used.
    used: HashMap<&'a str, Location>,
    /// Definitions after the first of the same name, which are reported and ignored.
    repeated: Vec<&'a Definition>,
    all_definitions: &'a [Definition],
    errors: &'a mut Errors,
}

impl<'a> Resolver<'a> {
    fn new(
        document: &'a Document,
        game: &'a Game,
        notation: Notation,
        errors: &'a mut Errors,
    ) -> Resolver<'a> {
        let slots = notation
            .slot_groups(game)
            .into_iter()
            .enumerate()
            .flat_map(|(group, replies)| replies.into_iter().map(move |reply| (reply, group)))
            .collect();
        let impossible = (notation == Notation::Knuth
            && game.feedback_kind() == FeedbackKind::BlackWhite)
            .then(|| game.feedback(game.pegs() - 1, 1));
        let mut definitions = HashMap::new();
        let mut repeated = Vec::new();
        for definition in &document.definitions {
            match definitions.get(definition.name.as_str()) {
                None => {
                    definitions.insert(definition.name.as_str(), definition);
                }
                Some(first) => {
                    let kind = ReadErrorKind::SectionDefinedTwice {
                        name: definition.name.clone(),
                        first: first.at,
                    };
                    errors.push(definition.at, &[], kind);
                    repeated.push(definition);
                }
            }
        }
        Resolver {
            game,
            notation,
            slots,
            impossible,
            definitions,
            used: HashMap::new(),
            repeated,
            all_definitions: &document.definitions,
            errors,
        }
    }

    /// The situation `written`, with `count` candidates written at `count_at` (for a section,
    /// at its reference), at `path`, `depth` situations deep.
    fn situation(
        &mut self,
        written: &'a Written,
        count: u64,
        count_at: Location,
        path: &mut Path,
        depth: usize,
    ) -> Situation {
        for (at, kind) in &written.errors {
            self.errors.push(*at, path, kind.clone());
        }
        let mut situation = Situation {
            candidates: count,
            location: count_at,
            guess: None,
            guess_location: None,
            guess_is_candidate: None,
            form: None,
            children: Vec::new(),
        };
        if depth > MAX_NESTING {
            let kind = ReadErrorKind::TooDeep { limit: MAX_NESTING };
            self.errors.push(written.at, path, kind);
            return situation;
        }
        match &written.body {
            Body::Bare => {
                if self.notation == Notation::Irving && count == 2 {
                    let kind = ReadErrorKind::NotInNotation(
                        "Irving's notation names the guess for 2 candidates, as in `2(1234)`",
                    );
                    self.errors.push(written.at, path, kind);
                }
                situation.form = Some(Form::Count);
            }
            Body::Reference { name, at } => {
                if let Some(definition) = self.use_section(name, *at, count, path) {
                    return self.situation(&definition.situation, count, count_at, path, depth + 1);
                }
            }
            Body::Broken => {}
            Body::Guessed(guessed) => self.guessed(&mut situation, guessed, path, depth),
        }
        situation
    }

    /// The definition `name` stands for at `at`, if it can be used there (else reported).
    fn use_section(
        &mut self,
        name: &'a str,
        at: Location,
        count: u64,
        path: &Path,
    ) -> Option<&'a Definition> {
        let Some(&definition) = self.definitions.get(name) else {
            let kind = ReadErrorKind::UnknownSection(name.to_owned());
            self.errors.push(at, path, kind);
            return None;
        };
        if let Some(&first) = self.used.get(name) {
            let kind = ReadErrorKind::SectionUsedTwice {
                name: name.to_owned(),
                first,
            };
            self.errors.push(at, path, kind);
            return None;
        }
        self.used.insert(name, at);
        if let Some((written, written_at)) =
            definition.count.filter(|&(written, _)| written != count)
        {
            let kind = ReadErrorKind::SectionCount {
                name: name.to_owned(),
                reference: count,
                definition: written,
            };
            self.errors.push(written_at, path, kind);
        }
        Some(definition)
    }

    fn guessed(
        &mut self,
        situation: &mut Situation,
        guessed: &'a Guessed,
        path: &mut Path,
        depth: usize,
    ) {
        situation.guess = Some(guessed.guess.clone());
        situation.guess_location = Some(guessed.at);
        if guessed.star && self.notation == Notation::Knuth {
            let kind = ReadErrorKind::NotInNotation(
                "`*` belongs to Irving's notation; Knuth's does not mark non-candidates",
            );
            self.errors.push(guessed.at, path, kind);
        }
        if guessed.pairs && self.notation == Notation::Irving {
            let kind = ReadErrorKind::NotInNotation("the `x` form belongs to Knuth's notation");
            self.errors.push(guessed.at, path, kind);
        }
        // In a full form the all-black slot says it, and a missing `*` claims nothing there.
        if self.notation == Notation::Irving && (guessed.star || guessed.slots.is_none()) {
            situation.guess_is_candidate = Some((!guessed.star, guessed.at));
        }
        match (&guessed.slots, guessed.pairs) {
            (None, false) => situation.form = Some(Form::Single),
            (None, true) => situation.form = Some(Form::Pairs),
            (Some(list), true) => {
                self.errors
                    .push(guessed.at, path, ReadErrorKind::PairsWithSlots);
                self.mark_used_within(list);
            }
            (Some(list), false) => {
                path.push((guessed.guess.clone(), String::new()));
                self.full(situation, guessed, list, path, depth);
                path.pop();
            }
        }
    }

    /// The slots of a full form; `path` ends with a step for the guess whose reply is filled in
    /// for each slot.
    fn full(
        &mut self,
        situation: &mut Situation,
        guessed: &'a Guessed,
        list: &'a SlotList,
        path: &mut Path,
        depth: usize,
    ) {
        let parent_path = &path[..path.len() - 1];
        if list.written != self.slots.len() {
            let kind = self.wrong_slot_count(list.written);
            self.errors.push(guessed.at, parent_path, kind);
            // The slots cannot be matched with replies; only their own errors are reported.
            let parent_path = parent_path.to_vec();
            for written in list.slots.iter().filter_map(|slot| slot.situation.as_ref()) {
                self.report_syntax_within(written, &parent_path);
            }
            self.mark_used_within(list);
            return;
        }
        let all_black = self.game.all_black();
        let mut children = Vec::new();
        // Unknown when a slot could not be read.
        let mut sum: Option<u128> = Some(0);
        let mut all_black_slot = None;
        let mut previous_group = 0;
        let replies = self.slots.clone();
        for (index, (slot, &(reply, group))) in list.slots.iter().zip(&replies).enumerate() {
            if let Some(separator) = slot.separator {
                let expected = if group == previous_group { ',' } else { ';' };
                if matches!(separator.character, ',' | ';') && separator.character != expected {
                    let kind = ReadErrorKind::WrongSeparator {
                        expected,
                        found: separator.character,
                        between: self.between(index),
                    };
                    self.errors
                        .push(separator.at, &path[..path.len() - 1], kind);
                }
            }
            previous_group = group;
            let Some(written) = &slot.situation else {
                // Left out of the children: the replay reports the reply as missing if it
                // occurs.
                sum = None;
                continue;
            };
            let reply_name = self.game.feedback_name(reply);
            if reply == all_black || Some(reply) == self.impossible {
                let last = path.len() - 1;
                path[last].1 = reply_name.clone();
                self.report_syntax_within(written, path);
                let bare_digit = matches!(written.body, Body::Bare) && written.count <= 1;
                if reply == all_black {
                    if bare_digit {
                        all_black_slot = Some((written.count == 1, written.at));
                        sum = sum.map(|sum| sum + u128::from(written.count));
                    } else {
                        let found = describe(written);
                        let kind = ReadErrorKind::AllBlackSlot { found };
                        self.errors.push(written.at, &path[..last], kind);
                        sum = None;
                    }
                } else if !(bare_digit && written.count == 0) {
                    let kind = ReadErrorKind::ImpossibleSlot { reply: reply_name };
                    self.errors.push(written.at, &path[..last], kind);
                }
                self.mark_used_in(written);
                continue;
            }
            sum = sum.map(|sum| sum + u128::from(written.count));
            let last = path.len() - 1;
            path[last].1 = reply_name;
            let child = self.situation(written, written.count, written.at, path, depth + 1);
            children.push((reply, child));
        }
        let parent_path = &path[..path.len() - 1];
        if let Some(sum) = sum.filter(|&sum| sum != u128::from(situation.candidates)) {
            let kind = ReadErrorKind::SlotSum {
                sum: u64::try_from(sum).unwrap_or(u64::MAX),
                count: situation.candidates,
            };
            self.errors.push(situation.location, parent_path, kind);
        }
        if let Some((is_candidate, slot_at)) = all_black_slot {
            // Koyama and Lai write `*` in the short forms only; our printer writes it in full
            // forms too, where it must agree with the all-black slot.
            if guessed.star && is_candidate {
                self.errors
                    .push(guessed.at, parent_path, ReadErrorKind::StarAndAllBlack);
            }
            situation.guess_is_candidate = Some((is_candidate, slot_at));
        }
        situation.form = Some(Form::Full);
        situation.children = children;
    }

    fn wrong_slot_count(&self, found: usize) -> ReadErrorKind {
        let groups = self.notation.slot_groups(self.game);
        let sizes: Vec<String> = groups.iter().map(|group| group.len().to_string()).collect();
        ReadErrorKind::WrongSlotCount {
            found,
            expected: slot_count(self.notation, self.game),
            notation: match self.notation {
                Notation::Knuth => "Knuth's",
                Notation::Irving => "Irving's",
            },
            game: self.game.describe(),
            groups: sizes.join(", "),
        }
    }

    /// `between the 0-black and 1-black slots`, or `within the 1-black slots`, for the separator
    /// before slot `index`.
    fn between(&self, index: usize) -> String {
        let (before, after) = (self.slots[index - 1].1, self.slots[index].1);
        if before == after {
            format!("within the {after}-black slots")
        } else {
            format!("between the {before}-black and {after}-black slots")
        }
    }

    /// Reports the syntax errors in and under `written`, which the tree cannot be followed
    /// into, with `path`.
    fn report_syntax_within(&mut self, written: &Written, path: &Path) {
        let errors = &mut *self.errors;
        written.each(|inner| {
            for (at, kind) in &inner.errors {
                errors.push(*at, path, kind.clone());
            }
        });
    }

    /// Counts the sections referenced in and under `written` as used, so that a defect around
    /// them is not also reported as a section never used.
    fn mark_used_in(&mut self, written: &'a Written) {
        let mut names = Vec::new();
        written.each(|inner| {
            if let Body::Reference { name, at } = &inner.body {
                names.push((name.as_str(), *at));
            }
        });
        for (name, at) in names {
            self.used.entry(name).or_insert(at);
        }
    }

    fn mark_used_within(&mut self, list: &'a SlotList) {
        for written in list.slots.iter().filter_map(|slot| slot.situation.as_ref()) {
            self.mark_used_in(written);
        }
    }

    /// Reports each section that is never used, and the syntax errors in it and in repeated
    /// definitions, which the tree never reaches.
    fn report_unused(&mut self) {
        for definition in self.all_definitions {
            let first = self
                .definitions
                .get(definition.name.as_str())
                .is_some_and(|&first| std::ptr::eq(first, definition));
            if first && !self.used.contains_key(definition.name.as_str()) {
                let kind = ReadErrorKind::UnusedSection(definition.name.clone());
                self.errors.push(definition.at, &[], kind);
                self.report_syntax_within(&definition.situation, &Vec::new());
            }
        }
        for definition in std::mem::take(&mut self.repeated) {
            self.report_syntax_within(&definition.situation, &Vec::new());
        }
    }
}

/// A slot as written, for messages.
fn describe(written: &Written) -> String {
    match &written.body {
        Body::Bare => written.count.to_string(),
        Body::Reference { name, .. } => format!("{}{name}", written.count),
        Body::Guessed(guessed) => format!("{}({}…)", written.count, guessed.guess),
        Body::Broken => format!("{}(…)", written.count),
    }
}
