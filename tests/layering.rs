//! The house's layering, as ARCHITECTURE.md states it, enforced (in the manner of
//! rust-analyzer's tidy tests, which read the sources rather than build them):
//!
//! - between crates: each crate's dependencies in its `Cargo.toml` are the ones the code map
//!   lists for it, and every one is a crate listed above it (a floor below it);
//! - inside a crate: no import circle between its files. An import is a `use` (a `pub use`
//!   re-export is the crate's surface, not an import) or a path written out in the code
//!   (`crate::x::f()`, `super::T`), resolved to the file that defines it, through the crate
//!   root's re-exports.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The code map's rows: the crate's folder and the crates it lists as its dependencies, in
/// the table's order (lowest floor first).
fn code_map() -> Vec<(String, BTreeSet<String>)> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut rows = Vec::new();
    let crate_row = |line: &&str| {
        ["| `crates/", "| `python/`", "| `xtask/`"]
            .iter()
            .any(|start| line.starts_with(start))
    };
    for line in text.lines().filter(crate_row) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let folder = cells[1]
            .split('`')
            .nth(1)
            .unwrap()
            .trim_end_matches('/')
            .to_owned();
        let listed = cells[3]
            .split(',')
            .map(|name| {
                name.split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_matches('`')
            })
            .filter(|name| !name.is_empty() && *name != "—")
            .map(str::to_owned)
            .collect();
        rows.push((folder, listed));
    }
    rows
}

/// The short names (`core`, `mastermind`) of the workspace crates a crate's `Cargo.toml`
/// depends on, dev-dependencies aside.
fn dependencies(folder: &str) -> BTreeSet<String> {
    let manifest = if folder == "crates/cli" {
        root().join("Cargo.toml")
    } else {
        root().join(folder).join("Cargo.toml")
    };
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut in_dependencies = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            // A platform's own dependencies count; the workspace's table is no crate's.
            in_dependencies = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if !in_dependencies {
            continue;
        }
        let name = line.split(['=', '.', ' ']).next().unwrap_or("");
        if name == "mastermind" {
            found.insert("mastermind".to_owned());
        } else if let Some(short) = name.strip_prefix("mastermind-") {
            found.insert(short.to_owned());
        }
    }
    found
}

#[test]
fn each_crate_depends_only_on_crates_below_it_as_the_code_map_says() {
    let map = code_map();
    assert!(map.len() >= 15, "the code map has {} rows", map.len());
    let short = |folder: &str| {
        let name = folder.trim_start_matches("crates/");
        if name == "cli" {
            "mastermind-cli".to_owned()
        } else {
            name.to_owned()
        }
    };
    let mut below: BTreeSet<String> = BTreeSet::new();
    for (folder, listed) in &map {
        let actual = dependencies(folder);
        // The facade's row says "all of those above", the web's and the command's name it.
        if folder != "crates/mastermind" {
            assert_eq!(
                &actual, listed,
                "{folder}: Cargo.toml's dependencies against ARCHITECTURE.md's"
            );
        }
        for dependency in &actual {
            assert!(
                below.contains(dependency),
                "{folder} depends on {dependency}, which is not below it in the code map"
            );
        }
        below.insert(short(folder));
    }
}

/// A file's module path inside its crate (`[]` for the crate root).
fn module_of(source: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(source).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "lib.rs" | "main.rs" | "mod.rs" => {}
        other => parts.push(other.trim_end_matches(".rs").to_owned()),
    }
    parts
}

/// The Rust files under `directory`.
fn rust_files(directory: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![directory.to_path_buf()];
    while let Some(directory) = stack.pop() {
        for entry in std::fs::read_dir(&directory).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `text` without comments, string literals and inline test modules (`#[cfg(test)] mod tests
/// { … }`, whose `super` is the file itself), none of which imports anything for the file.
fn code_only(text: &str) -> String {
    let mut kept = String::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut in_string = false;
        let mut previous = ' ';
        for character in code.chars() {
            if character == '"' && previous != '\\' {
                in_string = !in_string;
            } else if !in_string {
                kept.push(character);
            }
            previous = character;
        }
        kept.push('\n');
    }
    while let Some(at) = kept.find("#[cfg(test)]") {
        let after = &kept[at..];
        let Some(open) = after.find('{') else { break };
        let is_module = after[..open].split_whitespace().any(|word| word == "mod");
        if !is_module {
            kept.replace_range(at..at + "#[cfg(test)]".len(), "");
            continue;
        }
        let mut depth = 0;
        let mut end = after.len();
        for (offset, character) in after[open..].char_indices() {
            match character {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + offset + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        kept.replace_range(at..at + end, "");
    }
    kept
}

/// Every path a `use` brings in (braces expanded) and every path written out in the code
/// that starts with `crate::`, `super::` or `self::`; `pub use` re-exports apart, as
/// `(path, re-exported)`.
fn paths_in(code: &str) -> Vec<(Vec<String>, bool)> {
    let mut paths = Vec::new();
    let mut outside_uses = String::new();
    let mut rest = code;
    // `use` statements, which may span lines and nest braces.
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let re_exported = before.ends_with("pub") || before.ends_with(')');
        let end = rest[at..].find(';').map_or(rest.len(), |end| at + end);
        outside_uses.push_str(&rest[..at]);
        let statement: String = rest[at + 3..end].split_whitespace().collect();
        for path in expand(&statement) {
            paths.push((path, re_exported));
        }
        rest = &rest[end.min(rest.len())..];
        if rest.is_empty() {
            break;
        }
        rest = &rest[1..];
    }
    outside_uses.push_str(rest);
    let code = outside_uses.as_str();
    // Paths written out in expressions and types.
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            let preceded = code[..at].chars().next_back();
            if preceded.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: Vec<String> = code[at..]
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap()
                .split("::")
                .filter(|part| !part.is_empty())
                .map(str::to_owned)
                .collect();
            paths.push((path, false));
        }
    }
    paths
}

/// Where the word `word` starts in `text`, on its own.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let alone = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if alone(before) && alone(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The paths a `use` tree names, braces expanded: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`,
/// `a::c::e`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim().trim_start_matches("::");
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![path
            .split("::")
            .filter(|part| !part.is_empty())
            .map(str::to_owned)
            .collect()];
    };
    let prefix: Vec<String> = tree[..open]
        .split("::")
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (at, character) in inner.char_indices() {
        match character {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .flat_map(|part| {
            expand(part).into_iter().map(|tail| {
                let mut path = prefix.clone();
                path.extend(tail);
                path
            })
        })
        .collect()
}

/// One crate's files by module path, and what its root re-exports (name → path).
struct Crate {
    files: BTreeMap<Vec<String>, PathBuf>,
    re_exports: BTreeMap<String, Vec<String>>,
}

impl Crate {
    fn read(source: &Path, root_file: &Path) -> Crate {
        let files: BTreeMap<Vec<String>, PathBuf> = rust_files(source)
            .into_iter()
            .filter(|file| {
                let name = file.file_name().unwrap();
                file == root_file
                    || (name != "main.rs" && name != "lib.rs")
                    || file.parent() != Some(source)
            })
            .map(|file| (module_of(source, &file), file))
            .collect();
        let code = code_only(&std::fs::read_to_string(root_file).unwrap());
        let re_exports = paths_in(&code)
            .into_iter()
            .filter(|(path, re_exported)| *re_exported && path.len() > 1)
            .filter(|(path, _)| !path[0].starts_with("mastermind"))
            .map(|(path, _)| (path.last().unwrap().clone(), path))
            .collect();
        Crate { files, re_exports }
    }

    /// The file that defines what `path` (absolute in the crate) names: the one of the
    /// longest module path it starts with, seen through the root's re-exports.
    fn file_of(&self, path: &[String]) -> Option<&PathBuf> {
        let mut path = path.to_vec();
        for _ in 0..4 {
            let longest = (0..=path.len())
                .rev()
                .find(|&length| self.files.contains_key(&path[..length]))?;
            if longest > 0 || path.is_empty() {
                return self.files.get(&path[..longest]);
            }
            match self.re_exports.get(&path[0]) {
                Some(through) if through[..] != path[..1] => {
                    let mut resolved = through.clone();
                    resolved.extend(path[1..].iter().cloned());
                    path = resolved;
                }
                _ => return self.files.get(&path[..0]),
            }
        }
        None
    }
}

/// The file → file imports of the crate whose sources are under `source`, each with the
/// first path that makes it.
type Imports = BTreeMap<PathBuf, BTreeMap<PathBuf, String>>;

fn imports(source: &Path, root_file: &Path) -> Imports {
    let krate = Crate::read(source, root_file);
    let mut edges: Imports = BTreeMap::new();
    for (module, file) in &krate.files {
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        for (path, re_exported) in paths_in(&code) {
            if re_exported || path.is_empty() {
                continue;
            }
            // `self` is the file's own module, `super` its parent's.
            let mut absolute: Vec<String> = match path[0].as_str() {
                "crate" => Vec::new(),
                "self" | "super" => module.clone(),
                _ => continue,
            };
            let mut rest = &path[1..];
            if path[0] == "super" {
                absolute.pop();
            }
            while rest.first().is_some_and(|part| part == "super") {
                absolute.pop();
                rest = &rest[1..];
            }
            absolute.extend(rest.iter().cloned());
            if let Some(target) = krate.file_of(&absolute) {
                if target != file {
                    edges
                        .entry(file.clone())
                        .or_default()
                        .entry(target.clone())
                        .or_insert_with(|| path.join("::"));
                }
            }
        }
    }
    edges
}

/// The circles of `edges`: its strongly connected components of more than one file.
fn circles(edges: &Imports) -> Vec<Vec<PathBuf>> {
    let nodes: BTreeSet<&PathBuf> = edges
        .keys()
        .chain(edges.values().flat_map(BTreeMap::keys))
        .collect();
    let reaches = |from: &PathBuf| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            for next in edges.get(&at).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        nodes.iter().map(|&node| (node, reaches(node))).collect();
    let mut found: Vec<Vec<PathBuf>> = Vec::new();
    let mut placed = BTreeSet::new();
    for &node in &nodes {
        if placed.contains(node) || !reach[node].contains(node) {
            continue;
        }
        let circle: Vec<PathBuf> = nodes
            .iter()
            .filter(|&&other| reach[node].contains(other) && reach[other].contains(node))
            .map(|&other| other.clone())
            .collect();
        placed.extend(circle.iter().cloned());
        found.push(circle);
    }
    found
}

#[test]
fn no_crate_has_an_import_circle_between_its_files() {
    let mut sources: Vec<(PathBuf, PathBuf)> = Vec::new();
    for (folder, _) in code_map() {
        let source = root().join(&folder).join("src");
        let root_file = ["lib.rs", "main.rs"]
            .iter()
            .map(|name| source.join(name))
            .find(|file| file.is_file())
            .unwrap();
        sources.push((source, root_file));
    }
    let mut all = Vec::new();
    for (source, root_file) in &sources {
        let edges = imports(source, root_file);
        assert!(
            !edges.is_empty() || rust_files(source).len() == 1,
            "no import read in {}",
            source.display()
        );
        let name = |file: &PathBuf| file.strip_prefix(root()).unwrap().display().to_string();
        for circle in circles(&edges) {
            let ties: Vec<String> = circle
                .iter()
                .flat_map(|file| {
                    let into = &edges[file];
                    circle
                        .iter()
                        .filter_map(|other| into.get(other).map(|path| (other, path)))
                        .map(|(other, path)| format!("  {} -> {}: {path}", name(file), name(other)))
                        .collect::<Vec<_>>()
                })
                .collect();
            all.push(format!(
                "circle of {} files:\n{}",
                circle.len(),
                ties.join("\n")
            ));
        }
    }
    assert!(all.is_empty(), "import circles:\n{}", all.join("\n"));
}

#[test]
fn the_reader_finds_a_circle_through_the_root_and_braces() {
    let directory = tempfile::tempdir().unwrap();
    let source = directory.path().join("src");
    std::fs::create_dir_all(source.join("a")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(source.join(name), text).unwrap();
    write("lib.rs", "mod a;\nmod b;\npub use b::Thing;\n");
    write(
        "a/mod.rs",
        "mod inner;\nuse crate::Thing; // \"crate::b\" in a comment is no import\npub fn h() {}\n",
    );
    write(
        "a/inner.rs",
        "use super::super::b::{self, Thing as Other};\n",
    );
    write("b.rs", "pub struct Thing;\nfn g() { crate::a::h(); }\n");
    let edges = imports(&source, &source.join("lib.rs"));
    let expected = [source.join("a/inner.rs"), source.join("b.rs")];
    let inner: Vec<&PathBuf> = edges[&source.join("a/inner.rs")].keys().collect();
    assert_eq!(inner, vec![&expected[1]]);
    assert_eq!(
        circles(&edges),
        vec![vec![source.join("a/mod.rs"), source.join("b.rs")]]
    );
}

/// Lines of `path` (a file, or every file under a folder) before their tests.
fn lines_outside_tests(path: &Path) -> usize {
    let files = if path.is_dir() {
        rust_files(path)
    } else {
        vec![path.to_owned()]
    };
    files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            text.lines()
                .take_while(|line| !line.starts_with("#[cfg(test)]"))
                .count()
        })
        .sum()
}

/// The reference checker stays short enough for a reviewer to read: within the bound
/// ARCHITECTURE.md states; the README gives its length as it is, and so does the
/// certificates' design note for everything a reviewer of a proof must read.
#[test]
fn what_a_reviewer_reads_is_as_long_as_the_docs_say() {
    let read = |path: &str| std::fs::read_to_string(root().join(path)).unwrap();
    let reference = lines_outside_tests(&root().join("crates/certificate/src/reference"));
    let number_before = |text: &str, marker: &str| -> usize {
        let before = &text[..text.find(marker).unwrap_or_else(|| panic!("no {marker:?}"))];
        let digits: String = before
            .chars()
            .rev()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits.chars().rev().collect::<String>().parse().unwrap()
    };
    let bound = number_before(&read("ARCHITECTURE.md"), " lines outside\n  its tests");
    assert!(
        reference <= bound,
        "the reference checker is {reference} lines, past {bound}"
    );
    let readme = number_before(&read("README.md"), " lines instead");
    assert_eq!(
        readme, reference,
        "the README's count of the reference checker"
    );
    let note = read("docs/design/certificates.md");
    let rows: Vec<&str> = note
        .lines()
        .skip_while(|line| !line.starts_with("| what | where | lines (outside tests) |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .collect();
    assert!(
        rows.len() >= 3,
        "the design note's table of what a reviewer reads"
    );
    for row in rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let path = cells[2].trim_matches('`');
        let noted: usize = cells[3].parse().unwrap();
        assert_eq!(noted, lines_outside_tests(&root().join(path)), "{path}");
    }
}
