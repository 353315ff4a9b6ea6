//! Reading tree files: from a path or stdin (`-`), with a size limit so absurd input is
//! refused with a message rather than exhausting memory.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context};

/// Larger inputs are refused: the biggest real trees (5×8, Bulls and Cows) are far smaller.
const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Refuses a path that names a device or a socket: read as a file, `/dev/zero` or
/// `/dev/urandom` would never end. Pipes are read (`<(command)` gives one), and `-` is stdin.
fn refuse_devices(path: &Path) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if let Ok(metadata) = std::fs::metadata(path) {
            let kind = metadata.file_type();
            if kind.is_char_device() || kind.is_block_device() || kind.is_socket() {
                bail!(
                    "{} is a device, not a file to read; give a file, or `-` for stdin",
                    path.display()
                );
            }
        }
    }
    let _ = path;
    Ok(())
}

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
        refuse_devices(path)?;
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
    refuse_devices(path)?;
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(Box::new(file))
}
