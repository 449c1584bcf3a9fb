//! What `sim` says on stdout and stderr, written without a panic: a summary that cannot be
//! written (stdout on a full disk, `> /dev/full`) is a one-line error and a non-zero exit;
//! a note that cannot be written to stderr is remembered ([`stderr_failed`]) and makes the
//! exit status non-zero, as there is nowhere left to say it. A closed pipe still ends the
//! process by SIGPIPE (`sim … | head`), as it ends other Unix tools: `main` restores the
//! signal's default action, so such a write never returns.

use anyhow::{Context, Result};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a write to stderr failed.
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `text` and a newline to stdout; a failed write is an error naming stdout.
pub fn say(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush()).context("cannot write to stdout")
}

/// Writes `text` and a newline to stderr (notes, warnings, errors); a failed write is
/// remembered for [`stderr_failed`].
pub fn note(text: &str) {
    let mut err = std::io::stderr().lock();
    if writeln!(err, "{text}").and_then(|()| err.flush()).is_err() {
        STDERR_FAILED.store(true, Ordering::Relaxed);
    }
}

/// Whether a write to stderr has failed.
pub fn stderr_failed() -> bool {
    STDERR_FAILED.load(Ordering::Relaxed)
}
