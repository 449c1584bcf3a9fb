//! `sim`: run a study of one of the games and write its tables, charts and
//! summary. See `sim --help` and GUIDE.md; the commands are [`sim::cli`].
#![deny(clippy::print_stdout, clippy::print_stderr)]

use clap::Parser;
use sim::cli::{self, Cli};
use sim::console;
use std::process::ExitCode;

/// Counts every allocation, for `sim bench`'s allocations per game.
#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

fn main() -> ExitCode {
    // SAFETY: still single-threaded; restores the default action, so writing to a closed
    // pipe (`sim … | head`) ends the process quietly, as it ends other Unix tools.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL)
    };
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    if std::env::var_os("POLARS_MAX_THREADS").is_none() {
        // SAFETY: still single-threaded here: no thread (polars' pool included) has started.
        unsafe { std::env::set_var("POLARS_MAX_THREADS", "2") };
    }
    let said = cli::run(&cli).and_then(|summary| if summary.is_empty() { Ok(()) } else { console::say(&summary) });
    match said {
        Ok(()) if !console::stderr_failed() => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
        Err(e) => {
            console::note(&format!("error: {}", one_line(&e)));
            ExitCode::FAILURE
        }
    }
}

/// Prints clap's help, version or usage error and gives its exit status; one that cannot
/// be written (help on a full stdout) is an error, status 1 (clap's own exit ignores it).
fn usage(e: &clap::Error) -> ExitCode {
    match e.print() {
        Ok(()) => ExitCode::from(e.exit_code() as u8),
        Err(w) => {
            if !e.use_stderr() {
                console::note(&format!("error: cannot write to stdout: {w}"));
            }
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line, `a: b: c`, a cause left out when the message
/// before it already says it (polars' I/O errors repeat their source's text).
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain().map(ToString::to_string) {
        if !line.ends_with(&cause) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&cause);
        }
    }
    line
}
