//! Data yaku (ローカル役 local yaku, and a ruleset's own special yaku): the yaku language of
//! a rules file's `[yaku.local]`, read ([`file`]) into fixed-size compiled conditions
//! ([`LocalYaku`]) that the scorer checks without allocating ([`eval`]).
//!
//! # The language
//! One table per yaku, `[yaku.local.<id>]` (or a top-level `[<id>]` in a yaku file such as
//! the shipped `local_yaku`). Every key but the value is a condition; a yaku fires on a
//! reading of the winning hand when all its conditions hold. Keys:
//! - value: `han = [closed, open]` (open 0: closed only; a `[yaku.han]` key of the same id
//!   overrides it), or `yakuman = N` (a real yakuman, N times; a counted yakuman is
//!   `han = [13, 13]`);
//! - precedence: `supersedes = [ids]` (when this one is awarded, those are not: built-in or
//!   data yaku), `excludes = [ids]` (this one is not awarded beside any of those); a cycle
//!   is an error;
//! - `form`: `"standard"` (four sets and a pair), `"seven_pairs"`, `"unconnected"` (十三不塔:
//!   fourteen tiles with one pair and no two others within two numbers of one suit), or
//!   `"any"` (the default; thirteen orphans included);
//! - the hand: `closed` (bool), `tiles_only` (every tile is one of these kinds, mpsz:
//!   `"1579s7z"`), `tiles_all` (each of these kinds is in the hand), `groups` / `no_groups`
//!   (each of `man`, `pin`, `sou`, `wind`, `dragon`, `honor` present / absent),
//!   `number_suits`, `open_melds` (chi, pon, open kan), `red_fives`;
//! - the win: `win` (`"tsumo"` or `"ron"`), `dealer`, `riichi` (riichi or double riichi),
//!   `first_go_around` (天和, 地和 or 人和 timing: before the winner's first discard, no
//!   call made), `after_kan` (嶺上), `last_tile` (海底 or 河底), `seat_wind`, `round_wind`
//!   (`"east"` … `"north"`), `wait` (a list of `tanki`, `ryanmen`, `kanchan`, `penchan`,
//!   `shanpon`; form `standard`);
//! - the decomposition (form `standard`): `triplets` (kans included), `sequences`, `kans`,
//!   `wind_triplets`, `dragon_triplets`, `triplet_run` (the most consecutive numbers of one
//!   suit that are all triplets), `same_sequence` (the most copies of one sequence),
//!   `suit_sequences` (one suit has a sequence starting at each of these numbers:
//!   `[1, 3, 5, 7]`), `pair` (the pair is one of these kinds).
//!
//! A count is a number (exactly) or `{ min = …, max = … }` (either may be left out). A
//! condition that can never hold together with the others (a minimum above its maximum, a
//! decomposition condition outside form `standard`, an open value on a closed-only yaku,
//! `tiles_all` outside `tiles_only`, …) is refused with the yaku and the key named.
//!
//! `[yaku.local] include = ["local_yaku"]` takes every yaku of a built-in yaku file,
//! `"local_yaku.isshoku_sanjun"` one of them; a table's own section of the same id replaces
//! an included one. A data yaku may take a built-in yaku's name only when the ruleset does
//! not award the built-in one (priced `[0, 0]`, or `renhou = "none"`).
//!
//! # Readings
//! - Each data yaku is checked on every reading of the hand its form allows; the scorer
//!   keeps the best reading, so a data yaku that needs a decomposition gets the one that
//!   pays most.
//! - A data yakuman makes the reading a yakuman one: the regular yaku are dropped, as for
//!   the built-in yakuman.
//! - Precedence is applied in an order where every yaku that supersedes another (or is
//!   excluded by it) comes first; a yaku removed by another removes nothing.
//! - A data yaku of form `unconnected` is scored by `score_hand` (the hand tools), but the
//!   table's win check does not know the form: a table never offers that win.

pub(crate) mod eval;
mod file;

use super::tile::{NUM_KINDS, Tile};
use super::yaku::{MAX_LOCAL, Yaku};
pub(crate) use file::locate;
pub use file::{LOCAL_YAKU_TOML, LocalDef, LocalFile, YAKU_FILES};

/// The shape a data yaku's reading must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Form {
    /// Any reading, thirteen orphans included.
    Any,
    /// Four sets and a pair.
    Standard,
    /// 七対子.
    SevenPairs,
    /// 十三不塔: one pair, no two other tiles related (a form of its own).
    Unconnected,
}

/// What a data yaku is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Han `[closed, open]` (kept in the rules' [`YakuHan`](super::YakuHan)).
    Han,
    /// A real yakuman, this many times.
    Yakuman(u8),
}

/// An inclusive range of counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Least.
    pub min: u8,
    /// Most.
    pub max: u8,
}

impl Count {
    /// No condition.
    pub const ANY: Count = Count { min: 0, max: u8::MAX };

    /// Whether `n` is within.
    #[inline]
    pub const fn holds(self, n: u8) -> bool {
        n >= self.min && n <= self.max
    }
}

/// Tile groups of `groups` / `no_groups`, one bit each.
pub mod group {
    /// 萬子.
    pub const MAN: u8 = 1;
    /// 筒子.
    pub const PIN: u8 = 1 << 1;
    /// 索子.
    pub const SOU: u8 = 1 << 2;
    /// 風牌.
    pub const WIND: u8 = 1 << 3;
    /// 三元牌.
    pub const DRAGON: u8 = 1 << 4;
    /// 字牌 (a wind or a dragon).
    pub const HONOR: u8 = 1 << 5;
    /// Names, in the bits' order.
    pub const NAMES: [&str; 6] = ["man", "pin", "sou", "wind", "dragon", "honor"];
}

/// One data yaku's conditions, compiled: every absent condition holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalYaku {
    /// The reading's shape.
    pub form: Form,
    /// Han (in the rules' table) or a yakuman multiple.
    pub value: Value,
    /// `closed`: `Some(true)` closed hands only, `Some(false)` open ones only.
    pub closed: Option<bool>,
    /// Kinds every tile must be one of (all bits: no condition).
    pub tiles_only: u64,
    /// Kinds that must each be present.
    pub tiles_all: u64,
    /// [`group`] bits that must each be present.
    pub groups: u8,
    /// [`group`] bits that must each be absent.
    pub no_groups: u8,
    /// Number suits present.
    pub number_suits: Count,
    /// Chi, pon and open kan.
    pub open_melds: Count,
    /// Red fives in the hand.
    pub red_fives: Count,
    /// Win flags that must be set / clear ([`WinFlags`](super::WinFlags) bits).
    pub flags_set: u32,
    /// See `flags_set`.
    pub flags_clear: u32,
    /// 天和/地和/人和 timing: `Some(true)` needed, `Some(false)` refused.
    pub first_go_around: Option<bool>,
    /// Riichi or double riichi.
    pub riichi: Option<bool>,
    /// 海底 or 河底.
    pub last_tile: Option<bool>,
    /// The winner is the dealer.
    pub dealer: Option<bool>,
    /// Seat wind 0..4.
    pub seat_wind: Option<u8>,
    /// Round wind 0..4.
    pub round_wind: Option<u8>,
    /// Waits allowed, one bit per [`Wait`](super::Wait) in declaration order (all: none).
    pub waits: u8,
    /// Triplets and kans of the reading.
    pub triplets: Count,
    /// Sequences.
    pub sequences: Count,
    /// Kans.
    pub kans: Count,
    /// Wind triplets.
    pub wind_triplets: Count,
    /// Dragon triplets.
    pub dragon_triplets: Count,
    /// Longest run of consecutive triplets in one suit.
    pub triplet_run: Count,
    /// Most copies of one sequence.
    pub same_sequence: Count,
    /// Sequence starting numbers one suit must all hold (bit n−1 for number n; 0: none).
    pub suit_sequences: u16,
    /// Kinds the pair must be one of (all bits: no condition).
    pub pair: u64,
    /// Built-in yaku this one removes (bit per `Yaku as usize`).
    pub supersedes: u128,
    /// Data yaku this one removes (bit per slot).
    pub supersedes_local: u32,
    /// Built-in yaku beside which this one is not awarded.
    pub excludes: u128,
    /// Data yaku beside which this one is not awarded.
    pub excludes_local: u32,
}

/// Every kind.
pub(crate) const ALL_KINDS: u64 = (1 << NUM_KINDS) - 1;

impl LocalYaku {
    /// A yaku with no condition at all (the reader fills in what the file gives).
    pub const OPEN: LocalYaku = LocalYaku {
        form: Form::Any,
        value: Value::Han,
        closed: None,
        tiles_only: ALL_KINDS,
        tiles_all: 0,
        groups: 0,
        no_groups: 0,
        number_suits: Count::ANY,
        open_melds: Count::ANY,
        red_fives: Count::ANY,
        flags_set: 0,
        flags_clear: 0,
        first_go_around: None,
        riichi: None,
        last_tile: None,
        dealer: None,
        seat_wind: None,
        round_wind: None,
        waits: 0x1f,
        triplets: Count::ANY,
        sequences: Count::ANY,
        kans: Count::ANY,
        wind_triplets: Count::ANY,
        dragon_triplets: Count::ANY,
        triplet_run: Count::ANY,
        same_sequence: Count::ANY,
        suit_sequences: 0,
        pair: ALL_KINDS,
        supersedes: 0,
        supersedes_local: 0,
        excludes: 0,
        excludes_local: 0,
    };

    /// Whether it has a condition on the decomposition (form `standard` only).
    pub const fn needs_sets(&self) -> bool {
        let c = [
            self.triplets,
            self.sequences,
            self.kans,
            self.wind_triplets,
            self.dragon_triplets,
            self.triplet_run,
            self.same_sequence,
        ];
        let mut i = 0;
        while i < c.len() {
            if c[i].min != Count::ANY.min || c[i].max != Count::ANY.max {
                return true;
            }
            i += 1;
        }
        self.waits != 0x1f || self.suit_sequences != 0 || self.pair != ALL_KINDS
    }

    /// Whether it is a yakuman.
    pub const fn is_yakuman(&self) -> bool {
        matches!(self.value, Value::Yakuman(_))
    }
}

/// A ruleset's data yaku: names, compiled conditions, and the order precedence is applied
/// in.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LocalSet {
    /// Ids, slot by slot (`Yaku::local(i)` is `names[i]`), interned ([`intern`]).
    names: Vec<&'static str>,
    /// Conditions, slot by slot.
    yaku: Vec<LocalYaku>,
    /// Slots in precedence order (those that remove others first).
    order: Vec<u8>,
    /// Slots that remove or yield to something (the precedence pass skips the rest).
    ranked: u32,
    /// Slots per form, by `Form as usize`.
    by_form: [u32; 4],
    /// Slots with a `wait` condition.
    by_wait: u32,
    /// Whether some slot needs the triplet runs of a reading.
    needs_runs: bool,
    /// Whether some slot needs the sequence multiplicities of a reading.
    needs_same: bool,
}

impl LocalSet {
    /// How many data yaku.
    pub fn len(&self) -> usize {
        self.yaku.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.yaku.is_empty()
    }

    /// The id of slot `i`.
    pub fn name(&self, i: usize) -> &'static str {
        self.names[i]
    }

    /// The slot of the data yaku `id`.
    pub fn find(&self, id: &str) -> Option<Yaku> {
        self.names.iter().position(|n| *n == id).map(Yaku::local)
    }

    /// Slot `i`'s conditions.
    pub fn get(&self, i: usize) -> &LocalYaku {
        &self.yaku[i]
    }

    /// Whether some data yaku asks for the first go-around (the table then marks a 人和
    /// timing ron even where the built-in renhou is off).
    pub fn uses_first_go_around(&self) -> bool {
        self.yaku.iter().any(|y| y.first_go_around == Some(true))
    }

    /// Whether `id` is a data yakuman here.
    pub fn is_yakuman(&self, id: &str) -> bool {
        self.names.iter().zip(&self.yaku).any(|(n, y)| *n == id && y.is_yakuman())
    }

    /// Builds the set from named yaku, checking precedence for cycles.
    pub(crate) fn new(list: Vec<(String, LocalYaku)>) -> Result<LocalSet, String> {
        if list.len() > MAX_LOCAL {
            return Err(format!("yaku.local: {} data yaku, at most {MAX_LOCAL}", list.len()));
        }
        let (names, yaku): (Vec<String>, Vec<_>) = list.into_iter().unzip();
        let n = yaku.len();
        // Edge winner → loser: `supersedes`, and `excludes` read backwards.
        let beats = |a: usize, b: usize| yaku[a].supersedes_local & 1 << b != 0 || yaku[b].excludes_local & 1 << a != 0;
        let mut order = Vec::with_capacity(n);
        let mut state = vec![0u8; n];
        fn visit(
            i: usize,
            n: usize,
            beats: &dyn Fn(usize, usize) -> bool,
            state: &mut [u8],
            order: &mut Vec<u8>,
            path: &mut Vec<usize>,
        ) -> Result<(), Vec<usize>> {
            match state[i] {
                2 => return Ok(()),
                1 => {
                    let from = path.iter().position(|&p| p == i).unwrap_or(0);
                    let mut cycle = path[from..].to_vec();
                    cycle.push(i);
                    return Err(cycle);
                }
                _ => {}
            }
            state[i] = 1;
            path.push(i);
            for w in (0..n).filter(|&w| beats(w, i)) {
                visit(w, n, beats, state, order, path)?;
            }
            path.pop();
            state[i] = 2;
            order.push(i as u8);
            Ok(())
        }
        for i in 0..n {
            let mut path = Vec::new();
            visit(i, n, &beats, &mut state, &mut order, &mut path).map_err(|cycle| {
                let names: Vec<&str> = cycle.iter().map(|&c| names[c].as_str()).collect();
                format!("yaku.local: a cycle in precedence: {}", names.join(" → "))
            })?;
        }
        let names = names.iter().map(|n| intern(n)).collect();
        let mut set = LocalSet { names, yaku, order, ..LocalSet::default() };
        for (i, y) in set.yaku.iter().enumerate() {
            let bit = 1u32 << i;
            set.by_form[y.form as usize] |= bit;
            if y.waits != 0x1f {
                set.by_wait |= bit;
            }
            if y.supersedes | y.excludes != 0 || y.supersedes_local | y.excludes_local != 0 {
                set.ranked |= bit;
            }
            set.needs_runs |= y.triplet_run != Count::ANY;
            set.needs_same |= y.same_sequence != Count::ANY;
        }
        set.ranked |= set.yaku.iter().fold(0, |m, y| m | y.supersedes_local | y.excludes_local);
        Ok(set)
    }
}

/// `name` as a `&'static str`, like the built-in yaku's names (a score lists names that
/// outlive its rules, and the han table that prices them is `Copy`): each distinct data
/// yaku id is stored once for the process's life.
pub(crate) fn intern(name: &str) -> &'static str {
    static NAMES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    match names.iter().find(|n| **n == name) {
        Some(n) => n,
        None => {
            let n: &'static str = Box::leak(name.into());
            names.push(n);
            n
        }
    }
}

/// The kinds of an mpsz kinds string as a mask (for the reader and tests).
pub(crate) fn kind_mask(kinds: &[Tile]) -> u64 {
    kinds.iter().fold(0, |m, t| m | 1 << t.index())
}
