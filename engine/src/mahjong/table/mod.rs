//! The riichi table (four seats under the Ron2 rules, three on Gotō's set) (seed
//! `003_2ab1ab2ae52405ad`, RULES-NOTES §4): whole games (半荘 / 東風) of
//! hands (局) played by four [`Strategy`](crate::Strategy) seats, scored with
//! the hand core's [`score_hand`](crate::mahjong::score_hand).
//!
//! # Main types
//! - [`RiichiTable`]: the rules value, implements [`Game`]. Build it with
//!   [`RiichiTable::preset`]`("ron2-dojo")` (also `ron2-battle`, `ron2-a`,
//!   `ron2-b`, `ron2-c`, and `goto` for Classic Gotō) or [`RiichiTable::new`]`(`[`TableSettings::from_toml`]`(text)?)`
//!   ([`RiichiTable::with_rules`] when `scoring` names a rules file).
//! - [`TableState`]: the fixed-size state (wall, [`SeatState`]s, [`Phase`]).
//! - [`Action`]: one decision; [`RiichiView`]: what a seat sees.
//! - [`HanchanOutcome`]: the per-game record (points, ranks, scores, counts
//!   of wins, deal-ins, riichi, calls, draws by kind, yaku).
//! - [`strategy`]: `random`, `efficiency`, `defensive` ([`BotConfig`]).
//! - [`mjai`]: game records as mjai events ([`Event`], a serde type
//!   written and read as mjai JSON; [`EventLog`] in [`TableState::events`],
//!   switched on by [`RiichiTable::with_event_log`]); [`replay()`] plays a
//!   record (ours or another engine's) under the rules and reports the
//!   first illegal event and any result that differs.
//!
//! # Example
//! ```
//! use engine::mahjong::table::{RiichiTable, strategy::Bot};
//! use engine::{GameSeeds, Table};
//! let game = RiichiTable::preset("ron2-dojo").unwrap();
//! let mut table = Table::new(&game);
//! let mut bots = [Bot::efficiency(), Bot::efficiency(), Bot::defensive(), Bot::random()];
//! let o = table.play(&game, &mut bots, &mut GameSeeds::new(1).rng(0));
//! assert_eq!(o.points.iter().sum::<i32>(), 4 * 30_000);
//! assert_eq!(o.scores.iter().sum::<i32>(), 0);
//! ```
//!
//! # Flow
//! A hand: the 136 tiles are shuffled; the last 14 are the dead wall
//! (rinshan tiles, dora indicators, ura indicators: [`WallLayout`], whose
//! other model is Gotō's live wall drawn to the indicators); the dealer takes the first 13, then each seat
//! in turn; the dealer draws. A seat on its turn discards (or declares tsumo,
//! riichi with its discard, a closed or added kan, or nine terminals). A
//! discard is offered to the other seats, asked one at a time in turn order
//! (only seats that have a call); then ron beats pon/kan beats chi. An added
//! kan is offered for chankan, a closed kan to thirteen-orphans waits only.
//!
//! # Readings
//! - Calls: chi only from the left; no calls on the last discard; swap-calling
//!   (喰い替え) allowed unless `kuikae = "forbidden"` (then the called kind and, after
//!   a chi of a sequence's end, the kind at its other end are not discarded that
//!   turn, and a call leaving no other discard is not offered); a seat that passes a
//!   winning tile (ron declined, or no yaku) is furiten until its next draw
//!   or call, for good after riichi.
//! - Kans: at most four per hand; none without a live tile left; the kan
//!   dora is turned at once (daiminkan, ankan) or once the added kan is not
//!   robbed (kakan). After riichi, a closed kan only of the drawn tile and
//!   only if the waits do not change; with `riichi_kan = "waits_and_shape"`
//!   (the Ron2 presets, 「待ちと牌姿が変わらないときだけ」) the shape must not
//!   change either: the drawn tile is no wait, and its kind is one triplet in
//!   every reading of every winning hand (`222333444m` drawing 2m may not:
//!   its waits stay, but the 234m readings go). 四槓散了 when the discard
//!   after the fourth kan (by two or more seats) is not won on.
//! - Riichi: closed, 1,000 points or more, at least four live tiles left;
//!   furiten riichi allowed; the stick is paid once the declaring discard is
//!   not won on; ippatsu is broken by any call (closed kans included), except
//!   for the seat that robs the kan (搶槓の一発, `chankan_keeps_ippatsu`: the
//!   robbed kan never happened; off, the declaration breaks it).
//! - First go-around (no call yet, the seat has not discarded): 天和 /
//!   地和 on the first draw, 人和 (mangan) on a non-dealer's ron, ダブル立直,
//!   九種九牌 (the seat's choice, 9+ kinds of terminals and honours after
//!   its first draw), 四風連打 (checked on the fourth discard, before any
//!   call on it). Aborts, like exhaustive draws, add a honba.
//! - Tenpai at an exhaustive draw: exact shanten 0 of the concealed tiles
//!   (形式聴牌 formal tenpai counts: a hand with no yaku, or whose waits are all
//!   in sight); with `karaten_is_tenpai` (the Ron2 presets: 「形式聴牌、空聴牌
//!   ともに聴牌と認めます」) also 空聴牌, a wait only on a fifth copy of a kind the
//!   hand holds four of ([`fifth_copy_waits`](crate::mahjong::fifth_copy_waits)).
//! - Double ron: each winner takes its honba (`double_ron_honba = "each"`; with
//!   `"first"` only the first winner after the discarder); the riichi sticks go
//!   to that first winner. Triple ron is an abortive draw (where `aborts` lists
//!   it). With `multiple_ron = "head_bump"` (頭ハネ) only the first winner after
//!   the discarder wins.
//! - Pao (責任払い) for daisangen, daisuushii (the last set called from the
//!   liable seat) and suukantsu (the fourth kan a daiminkan), each yakuman
//!   with its own liable seat ([`SeatState::pao`]): tsumo, the liable seat
//!   pays its yakuman in full (and the honba); ron by another, half of it,
//!   the discarder paying the rest, and the honba (or the liable seat, with
//!   `pao_ron_honba = "liable"`, Tenhou's). On a composite yakuman the
//!   liable seat answers for its pao yakuman's share only, the rest of the
//!   hand being paid as without pao (`pao_scope = "yakuman_share"`), or for
//!   the whole hand (`"whole_hand"`; [`PaoScope`]). A rinshan tsumo after a
//!   daiminkan is paid in full by the seat that fed the kan (closed or added
//!   kans between them included), apart from pao yakuman shares.
//! - End: after the last round unless the dealer repeats (no agari-yame);
//!   with `bust`, at once when a seat is below 0 (at 0 too with `bust_at_zero`).
//!   Riichi sticks left at the end go to the first place (the seed says so for
//!   an all-last draw; `end_sticks = "lost"`: to nobody).
//! - Red fives (and gold and blue ones): a discard or call uses a plain five when the
//!   hand has one (a replay follows its record's choice: [`SeatState::marked_first`]).
//!   A chankan robs the piece the added kan added: a red five goes, with its
//!   aka dora, to the robber.
//!
//! - Final scores: `(points − return) / 100 + uma (+ oka for 1st)`, in the
//!   seed's units (40,600 → +256 under 道場); ties rank by seat order from
//!   the first dealer. Which presets drop ura / kan dora (「一部ルールによって
//!   裏ドラ、カンドラ、カン裏ドラはありません」), and their length and bust rule,
//!   the seed does not print: `ron2-a` (競技ルールA) is read as the one without
//!   ura, kan and kan-ura dora, the others keep every kind; all presets default to
//!   hanchan, bust on (fields of each preset file).
//!
//! # Three seats, extraction (the Gotō groundwork, GOTO-SPEC §2–§3)
//! The seat count is the scoring rules' `players`; the table file sets the
//! wall (Gotō's is drawn to two indicators, [`WallLayout`]) and the rules
//! that differ ([`TableSettings`]). Readings:
//! - Flowers are never part of a hand: one drawn is set aside at once and
//!   replaced from the back (the draw then counts as a replacement draw, G-X6);
//!   dealt flowers are set aside at the deal and replaced in turn order from
//!   the dealer. A flower as an indicator shows no dora; a summer or autumn under a
//!   counted indicator (an ura one for a riichi winner) works for the winner as if
//!   extracted (G-F6), and so blocks 立直のみロン like an extraction; spring's and
//!   winter's effects are the chip ledger's.
//! - With `north_extraction`, a north is never discarded: [`Action::Nuki`]
//!   on the seat's own turn (after a draw or a call; a riichi seat that draws
//!   one must extract it), then it is offered for ron only to the seats that
//!   have extracted none (G-X5; not 搶槓, not 河底), then the replacement draw.
//!   Extraction breaks neither ippatsu nor the first go-around; a tsumo on the replacement
//!   of a north or a flower is 嶺上開花 (G-X6). A north stays
//!   in a winning hand only for kokushi or 四喜和 (the hand core's rule), so
//!   only such a hand rons an extracted north. The bots extract at once, but
//!   keep norths when two steps or fewer from kokushi, or holding three winds as
//!   pairs or sets with two norths (四喜和); against a threat they read sanma's 1m
//!   and 9m, which no sequence runs through, like honours.
//! - Other nuki kinds: the tile set's `nuki` (north unless it says; one or two kinds, e.g.
//!   `"1m9m"`, [`NukiKinds`](super::NukiKinds)) are what `north_extraction` sets aside
//!   ([`Action::Nuki`] of the kind), under the same `north` readings, each a dora
//!   (`nuki_dora`, and `dora` where indicated) and a `north` chip; north is then a plain
//!   honour (a guest wind at three seats), called, kept and discarded like any other, and a
//!   nuki kind kept in the hand is a plain tile. The bots keep one for kokushi (a terminal
//!   or honour kind) or for 四喜和 (a wind). Nuki is a three-seat rule.
//! - Length `east_sudden_death` (G-S4): the East round; South in sudden death
//!   when the East ends with the top below the target, ending after the
//!   first hand that leaves anyone at the target (a draw's included), at the
//!   latest after the last deal of the `winds`-th round wind. With
//!   `dealer_may_stop` (G-S5) the dealer who wins when the game could end
//!   (東3 with someone at the target, or any sudden-death hand) chooses
//!   [`Action::Stop`] or [`Action::Continue`] (a repeat); on a draw only with
//!   `dealer_may_stop_tenpai` (聴牌やめ, the dealer tenpai when the game could
//!   end, in any length). The bots stop when first.
//! - `extension = { target = N }` (延長, a hanchan or tonpuu): with nobody at
//!   `N` after the last scheduled hand, the next round wind is played, ending
//!   after the first hand that leaves someone at `N` (天鳳's 西入 at 30,000), at
//!   the latest after that wind's last deal.
//! - `riichi_kan = "forced"` (G-K4): after riichi, a closed kan of the drawn
//!   tile that keeps the waits (the shape may change) is the only legal action
//!   but a win. 空聴牌 is no tenpai at Gotō's draw (`karaten_is_tenpai = false`:
//!   the spec is silent, the behaviour is kept).
//! - 流し役満 (G-P3, when the scoring rules have it): at an exhaustive draw a
//!   seat whose every discard is a terminal or honour, none called away, that
//!   called nothing, is paid a yakuman tsumo (honba included), in turn order
//!   from the dealer; there are then no noten payments, the riichi sticks stay
//!   out, and the dealer repeats as after any draw.
//! - オープン立直 (`open_riichi`, G-R2/G-R3/G-R5): [`Action::OpenRiichi`] for the first
//!   `declarers` riichi of a hand (closed ones counted), depositing `sticks`; its
//!   waits are shown ([`RiichiView::open_waits`]). Once it is paid, no other seat
//!   may discard or extract a tile it can ron ([`Action::gives`]), unless every tile
//!   that seat may give would (a riichi seat that draws one, or 手詰まり): such a
//!   ron is paid as 13 han, 四倍満, unless the hand is worth more, and is counted in
//!   [`HanchanOutcome::forced_deal_ins`]. An added kan may still be robbed by it (a
//!   kakan is no discard), at its own value. It scores as riichi, plus the scoring
//!   rules' `yaku.han.open_riichi` (listed `open_riichi`). The bots declare it against
//!   a seat already in riichi with `open_riichi_waits` live waits or more.
//! - 白ポッチ (`pocchi_wild`, G-R6): after riichi the pocchi is wild, as whichever kind
//!   scores best at the win, with `pocchi_fifth_copy` (the seed's reading, the default)
//!   a kind the hand holds four of too, melds included (`1111m` and the pocchi as `1m`:
//!   `111m 11m`; [`WinFlags::WILD_FIFTH`](crate::mahjong::WinFlags::WILD_FIFTH) tells the
//!   scorer), without it no fifth copy.
//!   Drawn after riichi it is a tsumo win, the only legal action; with `held` (Gotō's
//!   default reading) a pocchi held at the declaration turns wild once the riichi is
//!   paid, and the riichi waits on whatever the pocchi as any kind would complete
//!   (a kan after riichi must then keep those waits, which a plain kan seldom does).
//! - 神ポッチ (`kami_pocchi`, G-D5): a pocchi as a counted dora or ura indicator lets
//!   the winner name any dora kind or none (カラス, which keeps 立直のみロン alive),
//!   for the most points; otherwise it indicates as a haku.
//! - The hand record ([`HandRecord`], kept per game in [`TableState::hand_log`] by a table
//!   built [`RiichiTable::with_hand_log`]): winners with score and yaku, raw red, gold
//!   and blue counts, ura, ippatsu, the pocchi tsumo, a forced deal-in; the discarder; the
//!   extractions in order; the indicators with their uras; the tiles Alice would reveal
//!   (the unturned indicator places in kan-dora order, while still in the wall); the
//!   tenpai seats of a draw; points before and after. What the chip ledger reads.
//! - Records ([`mjai`]): three hands in `start_kyoku`, `nukidora` for an extracted north
//!   (the three-player mjai dialect; its `pai` names another nuki kind), and our extensions `hana` (a flower set aside),
//!   `"open":true` on an open riichi's `reach`, and names for the gold and blue fives,
//!   the pocchi and the flowers; [`replay()`] rebuilds Gotō walls from them (the draw after a kan, a
//!   `nukidora` or a `hana` is a replacement draw).
//!
//! # Seams for the Gotō ruleset
//! Seats are the scoring rules' `players` (arrays hold [`MAX_SEATS`]); the tile set comes from the scoring
//! [`Rules`]; the places of the live wall, replacement tiles and indicators
//! from a [`WallLayout`]; hand settlement is `settle.rs` (wins, draws, noten payments)
//! and game settlement [`TableSettings::final_scores`].

mod config;
pub mod mjai;
mod offer;
mod outcome;
mod pieces;
mod play;
mod record;
pub mod replay;
mod session;
mod settle;
mod state;
pub mod strategy;
pub mod tenhou;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_golden;
#[cfg(test)]
mod tests_goto_rules;
#[cfg(test)]
mod tests_mjai;
#[cfg(test)]
mod tests_nuki;
#[cfg(test)]
mod tests_open_riichi;
#[cfg(test)]
mod tests_pocchi;
#[cfg(test)]
mod tests_replay;
#[cfg(test)]
mod tests_rules;
#[cfg(test)]
mod tests_sanma;
#[cfg(test)]
mod tests_scenarios;
#[cfg(test)]
mod tests_tenhou;
#[cfg(test)]
mod tests_three;
mod view;
mod wall;

pub use config::{
    DealerStop, DoubleRonHonba, DrawRepeat, EndSticks, Extension, KanDoraTiming, KanDoraTurn, Kuikae, Length,
    MAX_HANDS, MultipleRon, NO_SEAT, NorthRules, OpenRiichi, PRESETS, Pao, PaoRonHonba, PaoScope, PocchiWild,
    RiichiKan, TableError, TableSettings, ranks,
};
pub use mjai::{Event, EventLog, HoraScore, UraMarkers, pai_name, parse_pai};
pub use outcome::{Abort, HanchanOutcome, WIN_VALUE_BINS, YAKU_KINDS};
pub use pieces::{Marked, Taken};
pub use record::{
    Extracted, Extraction, HandEnding, HandLog, HandRecord, MAX_ALICE, MAX_EXTRACTIONS, MAX_INDICATORS,
    MAX_LOGGED_HANDS, MAX_WINNERS, WinRecord, ura_held,
};
pub use replay::{Finding, FindingKind, ReplayReport, replay};
pub use session::{PEOPLE, Rotation, Seating, Session};
pub use settle::forced_deal_in;
pub use state::{Claim, MAX_RIVER, OfferKind, PAO_YAKU, Phase, SeatState, TableState};
pub use strategy::{BOT_PRESETS, Bot, BotConfig};
pub use tenhou::{Calibration, RATE_NAMES, Rates, TENHOU, TENHOU_SANMA, Target, tenhou_yaku};
pub use view::RiichiView;
pub use wall::{WallLayout, WallModel};

use crate::mahjong::{Flower, MAX_WALL_TILES, PhysTile, Rules, ShantenRules, Tile, TileSet, WallArray};
use crate::{Game, GameRng, Seat};
use std::fmt;

/// Tiles each seat is dealt.
pub const HAND_TILES: usize = 13;
/// 供託 the riichi stick.
pub const RIICHI_STICK: i32 = 1000;
/// Most kans in a hand (no fifth, G-K1).
pub const MAX_KANS: usize = 4;
/// Seats the table's fixed-size arrays hold; a game seats
/// [`TableState::players`] of them, `0..players` (the scoring rules' `players`).
pub const MAX_SEATS: usize = 4;
/// Tiles in the four-player wall.
pub const WALL_TILES: usize = 136;
/// The four-player wall's layout: a dead wall of 14 (what mjai records are read in).
pub const FOUR_PLAYER_WALL: WallLayout = WallLayout::new(WALL_TILES, WallModel::DeadWall);

/// One decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// 打牌 discard a tile of this kind.
    Discard(Tile),
    /// 立直 declare riichi and discard this kind.
    Riichi(Tile),
    /// オープン立直 declare open riichi (waits shown, G-R2) and discard this kind.
    OpenRiichi(Tile),
    /// 自摸和 win on the drawn tile.
    Tsumo,
    /// 暗槓 closed kan of this kind.
    ClosedKan(Tile),
    /// 加槓 add this kind to a pon.
    AddedKan(Tile),
    /// 九種九牌 abort the hand.
    NineTerminals,
    /// Decline the offered tile.
    Pass,
    /// 栄和 win on the offered tile.
    Ron,
    /// ポン.
    Pon,
    /// 大明槓.
    Kan,
    /// チー forming the sequence starting at this kind.
    Chi(Tile),
    /// 抜きドラ set aside this nuki kind (a north, G-X2; the tile set's `nuki`), then draw a
    /// replacement tile.
    Nuki(Tile),
    /// 和了やめ end the game after the dealer's own win (G-S5).
    Stop,
    /// Play on after the dealer's own win (a repeat).
    Continue,
}

impl fmt::Debug for Action {
    /// As derived, except that a north's nuki reads `ExtractNorth`, the action's name before
    /// other nuki kinds existed (so recorded transcripts stay as they are).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, kind) = match *self {
            Action::Discard(t) => ("Discard", Some(t)),
            Action::Riichi(t) => ("Riichi", Some(t)),
            Action::OpenRiichi(t) => ("OpenRiichi", Some(t)),
            Action::Tsumo => ("Tsumo", None),
            Action::ClosedKan(t) => ("ClosedKan", Some(t)),
            Action::AddedKan(t) => ("AddedKan", Some(t)),
            Action::NineTerminals => ("NineTerminals", None),
            Action::Pass => ("Pass", None),
            Action::Ron => ("Ron", None),
            Action::Pon => ("Pon", None),
            Action::Kan => ("Kan", None),
            Action::Chi(t) => ("Chi", Some(t)),
            Action::Nuki(Tile::NORTH) => ("ExtractNorth", None),
            Action::Nuki(t) => ("Nuki", Some(t)),
            Action::Stop => ("Stop", None),
            Action::Continue => ("Continue", None),
        };
        match kind {
            Some(t) => f.debug_tuple(name).field(&t).finish(),
            None => f.write_str(name),
        }
    }
}

impl Action {
    /// The kind a discard, a riichi's discard or an extraction gives to the others.
    pub fn gives(self) -> Option<Tile> {
        match self {
            Action::Discard(t) | Action::Riichi(t) | Action::OpenRiichi(t) | Action::Nuki(t) => Some(t),
            _ => None,
        }
    }
}

/// The riichi table game (Ron2's four seats, Gotō's three): a table preset and its scoring
/// rules.
#[derive(Clone, Debug)]
pub struct RiichiTable {
    settings: TableSettings,
    rules: Rules,
    shanten: ShantenRules,
    base_wall: WallArray,
    layout: WallLayout,
    /// The abortive draws in force, bit `Abort as u8`.
    aborts: u8,
    /// The pao in force, bit `Pao as u8`.
    pao: u8,
    log_events: bool,
    log_hands: bool,
    /// The tile set has flowers (which may lie under an indicator, G-F6).
    flowers: bool,
    /// The tile set's nuki kinds ([`NukiKinds::set`](crate::mahjong::NukiKinds::set)).
    nuki: TileSet,
}

impl RiichiTable {
    /// A game under validated settings and the built-in scoring rules
    /// their `scoring` names.
    pub fn new(settings: TableSettings) -> Result<RiichiTable, TableError> {
        let rules = settings.scoring_rules()?;
        RiichiTable::with_rules(settings, rules)
    }

    /// A game under validated settings and scoring rules of the caller's
    /// (read from the file the settings' `scoring` names).
    pub fn with_rules(settings: TableSettings, rules: Rules) -> Result<RiichiTable, TableError> {
        let invalid = |field, reason| Err(TableError::Invalid { field, reason });
        if !(3..=MAX_SEATS as u8).contains(&rules.players) {
            return invalid("scoring", "the table seats three or four players");
        }
        let mut base_wall = [PhysTile::default(); MAX_WALL_TILES];
        let len = rules.set.fill_wall(&mut base_wall);
        let layout = WallLayout::new(len, settings.wall);
        let indicators = usize::from(settings.indicators_at_deal);
        if layout.max_indicators().is_some_and(|most| indicators + MAX_KANS > most) {
            return invalid("indicators_at_deal", "leaves no indicator place for every kan dora");
        }
        if settings.kan_dora_turned.any_after_discard() && layout.live_tiles_per_indicator() > 0 {
            return invalid(
                "kan_dora_turned",
                "after_discard needs a dead wall (indicators not taken off the live wall)",
            );
        }
        let flowers = Flower::ALL.iter().filter(|&&f| rules.set.has_flower(f)).count();
        if settings.north_extraction && rules.players != 3 {
            return invalid("north_extraction", "nuki (抜きドラ) is a three-seat rule");
        }
        let nuki_tiles = match settings.north_extraction {
            true => rules.set.nuki().as_slice().iter().map(|&k| usize::from(rules.set.copies(k))).sum(),
            false => 0,
        };
        if layout.max_replacements() < MAX_KANS + nuki_tiles + flowers {
            return invalid("wall", "needs a replacement tile for every kan (4), nuki tile and flower");
        }
        if layout.live_end_at_deal(indicators) < (HAND_TILES + 1) * usize::from(rules.players) {
            return invalid("wall", "leaves too few live tiles for the deal");
        }
        if let Some(Err(reason)) = settings.chips.map(|c| c.validate(rules.players)) {
            return invalid("chips", reason);
        }
        let players = i32::from(rules.players);
        if (1..players).any(|n| settings.noten_total % n != 0 || settings.noten_total % (players - n) != 0) {
            return invalid("noten_total", "must split evenly among any number of tenpai and noten seats");
        }
        let aborts = settings.aborts.iter().fold(0, |m, &a| m | 1 << a as u8);
        let pao = settings.pao.iter().fold(0, |m, &p| m | 1 << p as u8);
        let shanten = ShantenRules::new(&rules.set, rules.yaku.chiitoitsu_quad > 0);
        let flowers = flowers > 0;
        let nuki = rules.set.nuki().set();
        Ok(RiichiTable {
            settings,
            rules,
            shanten,
            base_wall,
            layout,
            aborts,
            pao,
            log_events: false,
            log_hands: false,
            flowers,
            nuki,
        })
    }

    /// Whether the abortive draw `kind` is in force.
    pub(crate) fn aborts_on(&self, kind: Abort) -> bool {
        self.aborts & 1 << kind as u8 != 0
    }

    /// Whether the pao `kind` is in force.
    pub(crate) fn pao_on(&self, kind: Pao) -> bool {
        self.pao & 1 << kind as u8 != 0
    }

    /// A built-in preset by name (see [`PRESETS`]).
    pub fn preset(name: &str) -> Result<RiichiTable, TableError> {
        RiichiTable::new(TableSettings::preset(name)?)
    }

    /// The same game, recording every game's mjai events in
    /// [`TableState::events`] (off by default: recording costs time and,
    /// once per state, a buffer).
    pub fn with_event_log(mut self, on: bool) -> RiichiTable {
        self.log_events = on;
        self
    }

    /// The same game, keeping each game's hand records in [`TableState::hand_log`] (what a
    /// chip ledger reads; off by default).
    pub fn with_hand_log(mut self, on: bool) -> RiichiTable {
        self.log_hands = on;
        self
    }

    /// The table settings.
    pub fn settings(&self) -> &TableSettings {
        &self.settings
    }

    /// The scoring rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Shanten rules for the tile set.
    pub fn shanten_rules(&self) -> ShantenRules {
        self.shanten
    }
}

impl Game for RiichiTable {
    type State = TableState;
    type Action = Action;
    type View<'a> = RiichiView<'a>;
    type Outcome = HanchanOutcome;

    fn num_seats(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn new_state(&self) -> TableState {
        TableState::new(self.log_events)
    }

    fn reset(&self, state: &mut TableState, rng: &mut GameRng) {
        self.start_game(state);
        self.start_hand(state, rng);
    }

    fn to_move(&self, state: &TableState) -> Option<Seat> {
        match state.phase {
            Phase::Turn { seat, .. } => Some(seat as usize),
            Phase::Offer { from, pending, .. } => state.others(from as usize).find(|&s| pending & (1 << s) != 0),
            Phase::Stop { seat } => Some(seat as usize),
            Phase::Over => None,
        }
    }

    fn legal_actions(&self, state: &TableState, out: &mut Vec<Action>) {
        out.clear();
        match state.phase {
            Phase::Turn { seat, called, rinshan } => self.turn_actions(state, seat as usize, called, rinshan, out),
            Phase::Offer { .. } => {
                let seat = self.to_move(state).expect("an offer has a seat to ask");
                self.offer_actions(state, seat, out);
            }
            Phase::Stop { .. } => out.extend([Action::Stop, Action::Continue]),
            Phase::Over => {}
        }
    }

    fn view<'a>(&'a self, state: &'a TableState, seat: Seat) -> RiichiView<'a> {
        RiichiView::new(self, state, seat)
    }

    fn apply(&self, state: &mut TableState, action: Action, rng: &mut GameRng) {
        match state.phase {
            Phase::Turn { seat, rinshan, .. } => self.apply_turn(state, seat as usize, rinshan, action, rng),
            Phase::Offer { .. } => {
                let seat = self.to_move(state).expect("an offer has a seat to ask");
                self.apply_offer(state, seat, action, rng);
            }
            Phase::Stop { .. } if action == Action::Stop => {
                state.record.dealer_stopped = true;
                self.end_game(state);
            }
            Phase::Stop { .. } => self.start_hand(state, rng),
            Phase::Over => panic!("apply on a finished game"),
        }
    }

    fn outcome(&self, state: &TableState) -> HanchanOutcome {
        state.record
    }
}
