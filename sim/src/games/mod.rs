//! One folder per game: its studies (what is played, what is aggregated, what is
//! written), its command, its sweep arm, its duel contest and its report words, and the
//! registry: each game implements [`GameKit`] once (its `kit.rs`), and [`game_list`] is
//! the one list of games: the game modules, [`each_game`] and the types with a variant per
//! game (the duel's game [`DuelGame`], the command enums) come from it. A new game is its folder and
//! one line there.

use crate::contest::{ArmFiles, DuelRules, SeatingMode};
use crate::frame::Frame;
use crate::report::runs::Run;
use crate::stats::Rate;
use crate::study::{EachKind, EachStudy};
use crate::sweep::arm::SweepArm;
use anyhow::{Result, bail};
use engine::config::Presets;
use polars::prelude::{DataFrame, PolarsResult};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use simcore::sweep::overrides::Documents;

/// A game as the shared commands see it, implemented once in the game's folder.
pub trait GameKit {
    /// What the shared commands look up by the game's name.
    const ENTRY: Entry;
    /// Its sweep arm: one ruleset of a sweep, read from the arm's documents.
    type SweepArm: SweepArm;
    /// What its duels are played under besides the strategies (its rules files): its
    /// variant of [`DuelGame`].
    type Duel: DuelRules + Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// Its command, `sim <name> …`.
    type Command: clap::Args;
    /// The rules options of `sim deviations <name>`.
    type Base: GameBase + clap::Args;
    /// The options of `sim duel <name>` besides the strategies.
    type DuelBase: GameBase + clap::Args;
    /// Runs its command; the summary.
    fn run(command: &Self::Command) -> Result<String>;
    /// Shows `v` every kind of study the game writes (what `sim merge` and `sim report
    /// --from` read back).
    fn kinds(v: &mut impl EachKind);
    /// Hands `f` each of the game's default studies (its commands' defaults), named: what
    /// `sim bench` measures and `sim/tests/every_study.rs` checks.
    fn default_studies(f: &mut impl EachStudy) -> Result<()>;
}

/// A game's rules options on the command line, as `sim duel GAME` and `sim deviations
/// GAME` take them.
pub trait GameBase {
    /// The duel game these options name, and the game's strategy presets.
    fn game(&self) -> Result<(DuelGame, Presets)>;
    /// How a duel seats its strategies (default: 1-vs-rest rotations).
    fn seating(&self) -> SeatingMode {
        SeatingMode::Rotation
    }
}

/// A game's rules settings by key (each a preset name or a file; `None`: the default).
pub type Settings<'a> = dyn Fn(&str) -> Option<String> + 'a;

/// A game's entry in the registry: its name, help texts and example files, and how the
/// shared commands build its duel game.
pub struct Entry {
    /// Its name in sweep files (`game = "…"`), `sim duel`, `sim deviations` and tune files.
    pub name: &'static str,
    /// The help of `sim <name>`.
    pub about: &'static str,
    /// The help of `sim duel <name>`.
    pub duel_about: &'static str,
    /// The help of `sim deviations <name>`.
    pub deviations_about: &'static str,
    /// The settings a tune file may give besides the strategy (its rules files, by key).
    pub duel_settings: &'static [&'static str],
    /// The duel game the settings give by key (each a preset name or a file; `None`: the
    /// game's default), and the game's strategy presets.
    pub duel_game: fn(&Settings) -> Result<(DuelGame, Presets)>,
    /// The duel game a sweep arm's documents describe, its rules files named after the arm
    /// (what a sweep's adapted play tunes under); `None`: a sweep of the game cannot adapt.
    pub duel_of_documents: Option<fn(&ArmFiles) -> Result<DuelGame>>,
    /// Its example sweep files, `(name, text)`: `sim sweep NAME` works from any folder.
    pub sweeps: &'static [(&'static str, &'static str)],
    /// Its example tune files, `(name, text)`.
    pub tunes: &'static [(&'static str, &'static str)],
    /// What `sim report` runs of it, in page order.
    pub report_runs: &'static [Run],
    /// The example sweep `sim report` runs, one of `sweeps` (the first game's that names
    /// one).
    pub report_sweep: Option<Run>,
}

/// Every game's entry, in the order of [`each_game`].
pub fn entries() -> Vec<Entry> {
    struct Entries(Vec<Entry>);
    impl EachGame for Entries {
        fn game<K: GameKit>(&mut self) {
            self.0.push(K::ENTRY);
        }
    }
    let mut all = Entries(Vec::new());
    each_game(&mut all);
    all.0
}

/// The game called `name`; an error lists the games.
pub fn entry(name: &str) -> Result<Entry> {
    let (found, others): (Vec<Entry>, Vec<Entry>) = entries().into_iter().partition(|e| e.name == name);
    match found.into_iter().next() {
        Some(e) => Ok(e),
        None => {
            bail!("unknown game `{name}` (games: {})", others.iter().map(|e| e.name).collect::<Vec<_>>().join(", "))
        }
    }
}

/// Something done with each game, generic over its kit.
pub trait EachGame {
    /// Does it with the game `K`.
    fn game<K: GameKit>(&mut self);
}

/// The one list of games, `module Variant` (its folder and its name in Rust types), in
/// the order the shared commands list them: calls `$then!` with it, so the shared code
/// that needs a type with one variant per game ([`DuelGame`], the command enums)
/// generates it from here.
macro_rules! game_list {
    ($then:ident) => {
        $then! { drift Drift, rackup Rackup, medarot Medarot, mahjong Mahjong }
    };
}
pub(crate) use game_list;

macro_rules! game_modules {
    ($($game:ident $variant:ident),*) => {
        $(pub mod $game;)*
    };
}
game_list!(game_modules);

macro_rules! duel_game {
    ($($game:ident $variant:ident),*) => {
        /// The game of a duel and its rules files: one variant per game of
        /// [`game_list`], holding the game's [`GameKit::Duel`]; saved as the game's
        /// name (`"game": "<name>"`) beside its settings.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum DuelGame {
            $(
                #[doc = concat!("`", stringify!($game), "`.")]
                $variant(<$game::Kit as GameKit>::Duel),
            )*
        }

        impl DuelGame {
            /// What the game's duel is played under.
            pub fn rules(&self) -> &dyn DuelRules {
                match self {
                    $(DuelGame::$variant(rules) => rules,)*
                }
            }
        }
    };
}
game_list!(duel_game);

impl DuelGame {
    /// The game `game` with the settings `setting` gives by key (each a preset name or a
    /// file; `None`: the game's default), and the game's strategy presets.
    pub fn from_settings(game: &str, setting: impl Fn(&str) -> Option<String>) -> Result<(DuelGame, Presets)> {
        (entry(game)?.duel_game)(&setting)
    }

    /// The game a sweep arm's documents describe (`game` the sweep file's), its rules files
    /// the documents' texts named after `arm`: what a sweep's adapted play tunes under.
    pub fn from_documents(game: &str, docs: &Documents, arm: &str) -> Result<DuelGame> {
        match entry(game)?.duel_of_documents {
            Some(of) => of(&ArmFiles { docs, arm }),
            None => bail!("a {game} sweep cannot tune its strategy for an arm"),
        }
    }

    /// The game's name in results (`duel-<name>`), `seats` its contest's.
    pub fn name(&self, seats: usize) -> &'static str {
        self.rules().name(seats)
    }
}

/// Hands `f` every game of [`game_list`], in order: every shared command that must know
/// the games asks here.
pub fn each_game(f: &mut impl EachGame) {
    macro_rules! each {
        ($($game:ident $variant:ident),*) => {
            $(f.game::<$game::Kit>();)*
        };
    }
    game_list!(each);
}

/// Every game's default studies, in the order of [`each_game`]; the first error stops.
pub fn each_default_study(f: &mut impl EachStudy) -> Result<()> {
    struct Defaults<'a, F>(&'a mut F, Result<()>);
    impl<F: EachStudy> EachGame for Defaults<'_, F> {
        fn game<K: GameKit>(&mut self) {
            if self.1.is_ok() {
                self.1 = K::default_studies(self.0);
            }
        }
    }
    let mut defaults = Defaults(f, Ok(()));
    each_game(&mut defaults);
    defaults.1
}

/// The match-up of game `index` in a square matrix of `n` entrants: the cell `index mod n²`
/// (row, column), with the sides swapped (the column entrant as side A) on every other
/// pass through the matrix, so each pairing is played from both sides.
pub fn matrix_cell(index: u64, n: usize) -> (usize, usize, bool) {
    let n = n as u64;
    let cell = index % (n * n);
    ((cell / n) as usize, (cell % n) as usize, (index / (n * n)) % 2 == 1)
}

/// The table of a square entrant × entrant matrix of row results
/// (`cells[row * n + col]`): one row per cell with the row entrant's win rate
/// and its 95% Wilson interval.
fn matrix_frame(names: &[String], cells: &[Rate]) -> PolarsResult<DataFrame> {
    let n = names.len();
    Frame::new()
        .col("row", (0..n * n).map(|c| names[c / n].clone()).collect::<Vec<_>>())
        .col("col", (0..n * n).map(|c| names[c % n].clone()).collect::<Vec<_>>())
        .col("games", cells.iter().map(|r| r.trials).collect::<Vec<_>>())
        .estimates("row_win_rate", cells.iter().map(Rate::estimate))
        .build()
}
