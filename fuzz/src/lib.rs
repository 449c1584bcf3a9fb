//! The fuzz targets' entry points, one function per target (`fuzz_targets/<name>.rs` is a
//! one-line `fuzz_target!` calling the function of its name, listed in [`TARGETS`]), and
//! their seed inputs ([`seeds`]). Each function answers whether its input was read as
//! valid all the way (the fuzzer ignores the answer); a stable test runs every target on
//! its seeds, so an import change or a reader that refuses the shipped files cannot go
//! unseen without a nightly toolchain.

pub mod seeds;

use engine::drift::{DriftRules, Lineup};
use engine::mahjong::chips::{HandChips, hand_record};
use engine::mahjong::table::{BotConfig, RiichiTable, TableSettings, replay};
use engine::mahjong::{Rules, Situation, TileSetSpec, parse_kinds, parse_tiles, score, shanten_report};
use engine::medarot::{CardPool, Deck};
use engine::rackup::{Profile, RackupGame};
use simcore::medarot::state::MedarotStudy;
use simcore::saved::{self, Merger, Saved, State};
use simcore::sweep::documents::{self, Files};
use simcore::sweep::file::SweepFile;
use std::sync::LazyLock;

/// Every target: its name (its file in `fuzz_targets/`) and its entry point.
pub const TARGETS: [(&str, fn(&[u8]) -> bool); 9] = [
    ("toml_drift", toml_drift),
    ("toml_rackup", toml_rackup),
    ("toml_medarot", toml_medarot),
    ("toml_mahjong", toml_mahjong),
    ("mpsz", mpsz),
    ("score_line", score_line),
    ("mjai_replay", mjai_replay),
    ("sweep_file", sweep_file),
    ("state_merge", state_merge),
];

/// The first byte (the reader's choice) and the rest as text, if it is UTF-8.
fn kind_and_text(data: &[u8]) -> Option<(u8, &str)> {
    let (&kind, rest) = data.split_first()?;
    Some((kind, std::str::from_utf8(rest).ok()?))
}

/// Drift files: rules, line-ups and strategies, the first byte choosing the reader.
pub fn toml_drift(data: &[u8]) -> bool {
    let Some((kind, text)) = kind_and_text(data) else { return false };
    match kind % 3 {
        0 => DriftRules::from_toml(text).is_ok(),
        1 => Lineup::from_toml(text).is_ok(),
        _ => engine::drift::strategy::StrategyConfig::from_toml(text).is_ok(),
    }
}

/// Rack-up files: profiles (read, then a game built from them) and strategies.
pub fn toml_rackup(data: &[u8]) -> bool {
    let Some((kind, text)) = kind_and_text(data) else { return false };
    match kind % 2 {
        0 => Profile::from_toml(text).is_ok_and(|profile| RackupGame::new(profile).is_ok()),
        _ => engine::rackup::strategy::StrategyConfig::from_toml(text).is_ok(),
    }
}

/// Medarot files: rules, card lists, deck lists (against the example pool and against a
/// fuzzed pool) and strategies.
pub fn toml_medarot(data: &[u8]) -> bool {
    let Some((kind, text)) = kind_and_text(data) else { return false };
    match kind % 5 {
        0 => engine::medarot::Rules::from_toml(text, "fuzz").is_ok(),
        1 => CardPool::from_toml(text).is_ok(),
        2 => Deck::from_toml(&CardPool::example(), text).is_ok(),
        3 => {
            // A card file and a deck file, split at the first NUL.
            let (cards, decks) = text.split_once('\0').unwrap_or((text, ""));
            CardPool::from_toml(cards).is_ok_and(|pool| Deck::from_toml(&pool, decks).is_ok())
        }
        _ => engine::medarot::StrategyConfig::from_toml(text).is_ok(),
    }
}

/// Mahjong files: scoring rules, table settings (read, then a table built from them),
/// tile sets and bots.
pub fn toml_mahjong(data: &[u8]) -> bool {
    let Some((kind, text)) = kind_and_text(data) else { return false };
    match kind % 4 {
        0 => Rules::from_toml(text).is_ok(),
        1 => TableSettings::from_toml(text).is_ok_and(|settings| RiichiTable::new(settings).is_ok()),
        2 => TileSetSpec::from_toml(text).is_ok(),
        _ => BotConfig::from_toml(text).is_ok(),
    }
}

/// The four-player and the Gotō tile sets, as the first byte picks them.
static SETS: LazyLock<[TileSetSpec; 2]> = LazyLock::new(|| [TileSetSpec::four_player(), TileSetSpec::goto()]);

/// mpsz hand notation: tiles under both tile sets, tile kinds, and the `shanten` report.
pub fn mpsz(data: &[u8]) -> bool {
    let Some((kind, hand)) = kind_and_text(data) else { return false };
    let set = &SETS[usize::from(kind & 1)];
    let tiles = parse_tiles(hand, set).is_ok();
    let kinds = parse_kinds(hand).is_ok();
    let report = shanten_report(hand, set, kind & 2 != 0).is_ok();
    tiles && kinds && report
}

/// The Ron2, Gotō and Tenhou scoring rules, as the first byte picks them.
static RULES: LazyLock<[Rules; 3]> =
    LazyLock::new(|| ["ron2", "goto", "tenhou"].map(|n| Rules::preset(n).expect("a built-in ruleset")));

/// A `sim mahjong score` line: a JSON situation scored under Ron2, Gotō or Tenhou rules,
/// and its `chips` object turned into the hand record the chip ledger settles.
pub fn score_line(data: &[u8]) -> bool {
    let Some((&kind, rest)) = data.split_first() else { return false };
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(rest) else { return false };
    let rules = &RULES[usize::from(kind) % 3];
    let chips = value.as_object_mut().and_then(|o| o.remove("chips"));
    let Ok(situation) = serde_json::from_value::<Situation>(value) else { return false };
    let scored = score(rules, &situation).is_ok();
    let recorded = match chips.map(serde_json::from_value::<HandChips>) {
        Some(Ok(chips)) => hand_record(rules, &situation, &chips).is_ok(),
        Some(Err(_)) => false,
        None => true,
    };
    scored && recorded
}

/// The four-seat and the Gotō tables, as the first byte picks them.
static TABLES: LazyLock<[RiichiTable; 2]> =
    LazyLock::new(|| ["ron2-dojo", "goto"].map(|n| RiichiTable::preset(n).expect("a built-in table")));

/// An mjai record: read as `sim mahjong replay` reads it, then replayed under a four-seat
/// or a Gotō table (valid: the record agrees with the table throughout).
pub fn mjai_replay(data: &[u8]) -> bool {
    let Some((kind, text)) = kind_and_text(data) else { return false };
    let Ok((events, _)) = simcore::mjai::read_record(text) else { return false };
    replay(&TABLES[usize::from(kind & 1)], &events).is_clean()
}

/// A sweep file read as `sim sweep` reads it: parsed, its game's base documents read
/// (built-in presets only: the fuzzer names no files), and its variants, ablation and grid
/// checked and applied to copies of them. Building each arm's game from its documents
/// lives with the runner in `sim/src/sweep/<game>.rs` and is left out (its readers are the
/// `toml_*` targets').
pub fn sweep_file(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else { return false };
    let Ok(file) = SweepFile::parse("fuzzed.toml", text) else { return false };
    let Ok(docs) = documents::base(&Files::default(), &file) else { return false };
    let valid = file.variants(&docs).is_ok();
    if valid {
        drop(file.grid_axes(&docs));
    }
    valid
}

/// The committed state, as shard 2 of a run in two.
fn other_shard() -> Saved<<MedarotStudy as State>::Params, <MedarotStudy as State>::Acc> {
    let text = include_str!("../../notebooks-data/medarot/state.json");
    let mut valid = saved::parse::<MedarotStudy>(text, "valid", MedarotStudy::from_params).expect("a valid state");
    (valid.coverage.shard_count, valid.coverage.shards) = (2, vec![2]);
    valid
}

/// A `state.json` of the Medarot study read and merged as `sim merge` reads and merges it,
/// with a valid one of the same run: the committed `notebooks-data/medarot/state.json` as
/// shard 2 of 2, first or second as the first byte says. Medarot is the study whose saved
/// state lives in `simcore`; the others' live beside their runner and tables in `sim`.
pub fn state_merge(data: &[u8]) -> bool {
    let Some((order, text)) = kind_and_text(data) else { return false };
    let Ok(fuzzed) = saved::parse::<MedarotStudy>(text, "fuzzed", MedarotStudy::from_params) else { return false };
    let mut merger = Merger::<MedarotStudy>::default();
    let added = match order & 1 {
        0 => merger.push(other_shard(), "valid").and_then(|()| merger.push(fuzzed, "fuzzed")),
        _ => merger.push(fuzzed, "fuzzed").and_then(|()| merger.push(other_shard(), "valid")),
    };
    added.is_ok() && merger.finish(order & 2 != 0).is_ok()
}
