//! What a run may replace: results already at `<out>/notebooks-data/<study>/` are replaced
//! only by a study of the same kind (a game's study, a duel, a sweep…) over at least as many games,
//! unless `--force` says so; other rules or settings of the same kind may replace them, as
//! trying a variant under the same name is the usual way of working. A run that would silently replace a different study, or a larger run
//! of the same one (a 1,000,000-game chip table by a 2,000-game try), stops before playing.

use crate::saved::Coverage;
use anyhow::{Result, bail};
use serde::Deserialize;
use std::path::Path;

/// A run about to write its results: what it is and how many games it plays.
pub struct Incoming<'a> {
    /// The study's kind (`state.json`'s `kind`).
    pub kind: &'a str,
    /// Games it plays (runner indices, as `coverage` counts them), at most.
    pub games: u64,
}

/// Refuses, unless `force`, a run whose results folder `<out_root>/notebooks-data/<name>`
/// holds a saved state of another kind or of more games played.
pub fn check(out_root: &Path, name: &str, incoming: &Incoming, force: bool) -> Result<()> {
    let folder = out_root.join("notebooks-data").join(name);
    let state = folder.join("state.json");
    if force || !state.is_file() {
        return Ok(());
    }
    let refuse = |what: String| -> Result<()> {
        bail!(
            "{} holds {what}: pass --force to replace it, or --study NAME / --out DIR to write elsewhere; nothing written",
            folder.display()
        )
    };
    let text = crate::lines::read_file(&state, crate::lines::MAX_STATE).unwrap_or_default();
    let Ok(old) = serde_json::from_str::<Head>(&text) else {
        return refuse("results whose state.json cannot be read".into());
    };
    if old.kind != incoming.kind {
        return refuse(format!("a {} study, not a {} one", old.kind, incoming.kind));
    }
    let old_games = old.coverage.games_played();
    if old_games > incoming.games {
        return refuse(format!(
            "a larger run of this study ({old_games} games; this run plays at most {})",
            incoming.games
        ));
    }
    Ok(())
}

/// What a saved state says of itself.
#[derive(Deserialize)]
struct Head {
    kind: String,
    coverage: Coverage,
}
