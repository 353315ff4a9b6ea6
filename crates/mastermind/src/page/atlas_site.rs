//! The atlas's page and, when it goes to a file, the page of every tree it links, written into
//! a folder of their own beside it (`atlas-trees/` for `atlas.html`), each named after the
//! game and measure that link it (`4x6-repeat-optimal.html`): never after a file name, which
//! could clash with another or with the user's own files, or make a link that is not a file.
//! A file there that this tool did not write is never replaced.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mastermind_atlas::AtlasFile;
use mastermind_files::{write_output, FileError};
use mastermind_page::{atlas_page, is_our_page, linked_pages, safe_name};
use thiserror::Error;

/// Why the atlas's pages cannot be written.
#[derive(Debug, Error)]
pub enum SiteError {
    /// A file where a tree's page goes that this tool did not write.
    #[error(
        "{} is there already and is not a page this tool wrote; move it, or write the atlas's \
         page elsewhere",
        .0.display()
    )]
    Foreign(PathBuf),
    /// The folder of the trees' pages that cannot be made.
    #[error("cannot create {}: {error}", folder.display())]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// A page that cannot be written.
    #[error(transparent)]
    File(#[from] FileError),
}

/// The pages of an atlas.
pub struct AtlasSite<'a> {
    /// The atlas.
    pub atlas: &'a AtlasFile,
    /// The file it was read from: the trees it links are found from there.
    pub atlas_path: &'a Path,
    /// The page written (`-` or nothing for standard output, which gets no tree pages).
    pub output: Option<&'a Path>,
    /// The page's title.
    pub title: &'a str,
}

impl AtlasSite<'_> {
    /// Writes the pages: `tree_page` gives the page of each tree linked, by its path, or
    /// `None` to stop (a tree that does not verify), in which case nothing more is written and
    /// `None` comes back. Every name is checked before anything is written. On success, the
    /// folder of the trees' pages and how many were written.
    pub fn write<E: From<SiteError>>(
        &self,
        mut tree_page: impl FnMut(&Path) -> Result<Option<String>, E>,
    ) -> Result<Option<(PathBuf, usize)>, E> {
        let mut pages = BTreeMap::new();
        let output = self.output.filter(|path| path.as_os_str() != "-");
        let mut folder = PathBuf::new();
        if let Some(output) = output {
            let stem = output.file_stem().unwrap_or_default().to_string_lossy();
            let folder_name = format!("{}-trees", safe_name(&stem));
            folder = output.with_file_name(&folder_name);
            let base = self.atlas_path.parent().unwrap_or(Path::new(""));
            let wanted = linked_pages(self.atlas);
            for (_, name) in &wanted {
                refuse_foreign(&folder.join(name))?;
            }
            for (tree, name) in wanted {
                let Some(page) = tree_page(&base.join(&tree))? else {
                    return Ok(None);
                };
                std::fs::create_dir_all(&folder).map_err(|error| {
                    let folder = folder.clone();
                    SiteError::Folder { folder, error }
                })?;
                write_output(Some(&folder.join(&name)), page.as_bytes())
                    .map_err(SiteError::from)?;
                // `./` keeps a folder name that looks like a scheme (`javascript:`) a path.
                pages.insert(tree, format!("./{folder_name}/{name}"));
            }
        }
        let page = atlas_page(self.atlas, self.title, &pages);
        write_output(self.output, page.as_bytes()).map_err(SiteError::from)?;
        Ok(Some((folder, pages.len())))
    }
}

/// Refuses to replace a file at `path` that is not a page this tool wrote.
fn refuse_foreign(path: &Path) -> Result<(), SiteError> {
    let ours = match std::fs::read_to_string(path) {
        Ok(text) => is_our_page(&text),
        // Nothing there to replace.
        Err(_) => std::fs::symlink_metadata(path).is_err(),
    };
    match ours {
        true => Ok(()),
        false => Err(SiteError::Foreign(path.to_owned())),
    }
}
