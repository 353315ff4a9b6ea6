//! Reading tree files: from a path or stdin (`-`), with a size limit so absurd input is
//! refused with a message rather than exhausting memory.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context};

/// Larger inputs are refused: the biggest real trees (5×8, Bulls and Cows) are far smaller.
const MAX_INPUT_BYTES: u64 = 1 << 30;

/// The whole text of `path`, or of stdin when `path` is `-`.
pub fn read_input(path: &Path) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    let name = path.display();
    if path == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("cannot read stdin")?;
    } else {
        std::fs::File::open(path)
            .and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
            .with_context(|| format!("cannot read {name}"))?;
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!("{name} is larger than {MAX_INPUT_BYTES} bytes; no strategy tree is that large");
    }
    String::from_utf8(bytes).map_err(|error| {
        anyhow::anyhow!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        )
    })
}

/// `path` opened to be read as a stream (stdin when it is `-`), for inputs read record by
/// record, which need no size limit: a certificate is checked as it is read.
pub fn open_input(path: &Path) -> anyhow::Result<Box<dyn Read>> {
    if path == Path::new("-") {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(Box::new(file))
}
