//! The scoring API behind `sim mahjong score`: one [`Situation`] (a JSON
//! line, issue 2's input format) in, one [`ScoreResult`] (issue 2's output)
//! or a [`ScoreError`] out. It parses the notation, builds a fixed-size
//! [`Hand`] and calls the hot-path [`score_hand`].
//!
//! Gotō extras (optional, default empty/false): `nuki` the tiles set aside (a count of a set
//! with one nuki kind, Gotō's norths: `2`; or the tiles, `"1m9m9m"`),
//! `flowers` extracted (`"2f"` = summer), and the first-turn and nagashi
//! flags `tenhou`, `chiihou`, `renhou`, `nagashi`, which issue 2's format
//! does not carry. A flower among the dora (or, with riichi, ura-dora)
//! indicators has its effect as if extracted, as the seed says.

use super::hand::{Hand, HandScore, Meld, MeldKind, WinFlags};
use super::nuki::Nuki;
use super::payment::Payment;
use super::score_hand::{ScoreError, score_hand};
use super::tile::{Flower, PhysTile, Tile, TileCounts};
use super::{Rules, parse_tiles};
use serde::{Deserialize, Serialize};

/// A [`Situation`]'s `nuki`: how many tiles were set aside, for a set with one nuki kind (`2`:
/// two norths), or which (`"1m9m9m"`, any set).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum NukiSpec {
    /// How many of the set's one nuki kind.
    Count(u8),
    /// The tiles, in mpsz.
    Tiles(String),
}

impl Default for NukiSpec {
    /// None set aside.
    fn default() -> NukiSpec {
        NukiSpec::Count(0)
    }
}

/// One hand to score, as issue 2's input JSON line.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    /// Caller's id, echoed in the result.
    pub id: u64,
    /// Every concealed tile not in a meld, winning tile included (mpsz).
    pub closed: String,
    /// Declared melds.
    pub melds: Vec<MeldSpec>,
    /// The winning tile (one piece, mpsz).
    pub win: String,
    /// Won by self-draw.
    pub tsumo: bool,
    /// 立直 declared.
    pub riichi: bool,
    /// ダブル立直 declared (with or without `riichi` also set).
    pub double_riichi: bool,
    /// 一発.
    pub ippatsu: bool,
    /// 嶺上開花.
    pub rinshan: bool,
    /// 搶槓.
    pub chankan: bool,
    /// 海底.
    pub haitei: bool,
    /// 河底.
    pub houtei: bool,
    /// Seat wind: `E`, `S`, `W` or `N`.
    pub seat_wind: String,
    /// Round wind: `E`, `S`, `W` or `N`.
    pub round_wind: String,
    /// Whether the winner is the dealer (must agree with `seat_wind` = E).
    pub dealer: bool,
    /// Dora indicators (mpsz; Gotō may show flowers).
    pub dora_indicators: String,
    /// Ura-dora indicators (mpsz), counted only with riichi.
    pub ura_indicators: String,
    /// 本場 counters.
    pub honba: u8,
    /// Riichi sticks the winner collects.
    pub riichi_sticks: u8,
    /// 天和 (optional).
    #[serde(default)]
    pub tenhou: bool,
    /// 地和 (optional).
    #[serde(default)]
    pub chiihou: bool,
    /// 人和 (optional).
    #[serde(default)]
    pub renhou: bool,
    /// Gotō 流し役満 (optional): the hand is not looked at.
    #[serde(default)]
    pub nagashi: bool,
    /// 抜きドラ: the tiles set aside (optional).
    #[serde(default)]
    pub nuki: NukiSpec,
    /// Gotō: flowers extracted, mpsz `1f`–`4f` (optional).
    #[serde(default)]
    pub flowers: String,
}

/// One declared meld of a [`Situation`].
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MeldSpec {
    /// `chi`, `pon` or `kan`.
    #[serde(rename = "type")]
    pub kind: MeldType,
    /// Its tiles (mpsz): 3, or 4 for a kan.
    pub tiles: String,
    /// Exposed; `false` only for a closed kan.
    pub open: bool,
}

/// Meld types of the input.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MeldType {
    /// チー.
    Chi,
    /// ポン.
    Pon,
    /// カン (open or closed).
    Kan,
}

/// A scored hand, as issue 2's output JSON line.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ScoreResult {
    /// The situation's id.
    pub id: u64,
    /// Total han (13 × multiplier for a real yakuman; the real count for a
    /// counted one).
    pub han: u32,
    /// Fu (0 for a yakuman).
    pub fu: u32,
    /// `[name, han]` per yaku and bonus (a data yaku named by the rules).
    pub yaku: Vec<(&'static str, u32)>,
    /// Real yakuman multiple (0 = none; a counted yakuman is 0).
    pub yakuman_multiplier: u32,
    /// `""`, `mangan` … `kazoe_yakuman`, `yakuman`, `yakuman_x2` …, Gotō `mangan_x5` ….
    pub limit: String,
    /// Who pays, honba included.
    pub payment: PaymentOut,
    /// All the winner gains, riichi sticks included.
    pub points_total: u32,
}

/// [`Payment`] in the output's shape.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum PaymentOut {
    /// `{"ron": X}`.
    Ron {
        /// What the discarder pays.
        ron: u32,
    },
    /// `{"dealer_pays": D, "non_dealer_pays": N}`.
    Tsumo {
        /// What the dealer pays (0 when the winner is the dealer).
        dealer_pays: u32,
        /// What each paying non-dealer pays.
        non_dealer_pays: u32,
    },
}

impl From<Payment> for PaymentOut {
    fn from(p: Payment) -> Self {
        match p {
            Payment::Ron(ron) => PaymentOut::Ron { ron },
            Payment::Tsumo { dealer_pays, non_dealer_pays } => PaymentOut::Tsumo { dealer_pays, non_dealer_pays },
        }
    }
}

fn notation(field: &str, text: &str, rules: &Rules) -> Result<Vec<PhysTile>, ScoreError> {
    parse_tiles(text, &rules.set).map_err(|e| ScoreError::Notation(format!("{field} \"{text}\": {e}")))
}

/// The tiles `spec` sets aside, each of a nuki kind of the rules' tile set.
fn nuki_of(rules: &Rules, spec: &NukiSpec) -> Result<Nuki, ScoreError> {
    let kinds = rules.set.nuki();
    let mut nuki = kinds.none();
    let bad = |why: String| Err(ScoreError::Notation(format!("nuki: {why}")));
    match spec {
        NukiSpec::Count(0) => {}
        NukiSpec::Count(n) => match kinds.as_slice() {
            [k] => (0..*n).for_each(|_| nuki.add(*k)),
            _ => return bad(format!("{n}: the tile set sets aside two kinds; name the tiles (\"1m9m\")")),
        },
        NukiSpec::Tiles(text) => {
            for p in notation("nuki", text, rules)? {
                match p.kind().filter(|&k| kinds.contains(k)) {
                    Some(k) if nuki.of(k) < 4 => nuki.add(k),
                    Some(k) => return bad(format!("\"{text}\": more than four {k}")),
                    None => return bad(format!("\"{text}\": {p} is no nuki kind of the tile set")),
                }
            }
        }
    }
    Ok(nuki)
}

fn wind(field: &str, text: &str) -> Result<u8, ScoreError> {
    match text {
        "E" => Ok(0),
        "S" => Ok(1),
        "W" => Ok(2),
        "N" => Ok(3),
        _ => Err(ScoreError::Notation(format!("{field} \"{text}\": expected E, S, W or N"))),
    }
}

/// Flower effects of a list of pieces: summer, autumn, any flower.
fn flower_flags(pieces: &[PhysTile]) -> WinFlags {
    let mut f = WinFlags::default();
    for p in pieces {
        match p.flower() {
            Some(Flower::Summer) => f = f.with(WinFlags::SUMMER).with(WinFlags::EXTRACTED),
            Some(Flower::Autumn) => f = f.with(WinFlags::AUTUMN).with(WinFlags::EXTRACTED),
            Some(_) => f = f.with(WinFlags::EXTRACTED),
            None => {}
        }
    }
    f
}

/// Counts kinds and the red, gold and blue fives (`marked`, in that order) of pieces
/// that must all have a kind.
fn tally(field: &str, pieces: &[PhysTile], counts: &mut TileCounts, marked: &mut [u8; 3]) -> Result<(), ScoreError> {
    for p in pieces {
        let Some(k) = p.kind() else {
            return Err(ScoreError::Notation(format!("{field}: a flower is not part of a hand")));
        };
        counts[k.index()] += 1;
        marked[0] += p.is_red() as u8;
        marked[1] += p.is_gold() as u8;
        marked[2] += p.is_blue() as u8;
    }
    Ok(())
}

/// The meld its pieces form, or why they form none.
fn meld(spec: &MeldSpec, pieces: &[PhysTile]) -> Result<Meld, ScoreError> {
    let mut kinds: Vec<Tile> = pieces.iter().filter_map(|p| p.kind()).collect();
    kinds.sort();
    let bad = |why: &str| Err(ScoreError::Notation(format!("meld \"{}\": {why}", spec.tiles)));
    let same = kinds.iter().all(|&k| k == kinds[0]);
    let kind = match spec.kind {
        MeldType::Chi => {
            let run = kinds.len() == 3
                && !kinds[0].is_honor()
                && kinds[0].number() <= 7
                && (1..3).all(|i| kinds[i].index() == kinds[0].index() + i);
            if !run {
                return bad("a chi is three consecutive tiles of one suit");
            }
            MeldKind::Chi
        }
        MeldType::Pon if kinds.len() == 3 && same => MeldKind::Pon,
        MeldType::Pon => return bad("a pon is three of a kind"),
        MeldType::Kan if kinds.len() == 4 && same => {
            if spec.open {
                MeldKind::OpenKan
            } else {
                MeldKind::ClosedKan
            }
        }
        MeldType::Kan => return bad("a kan is four of a kind"),
    };
    if !spec.open && kind != MeldKind::ClosedKan {
        return bad("only a kan can be closed");
    }
    Ok(Meld { kind, tile: kinds[0] })
}

/// Dora kinds shown by `pieces` (flowers skipped) into `out`.
fn indicators(rules: &Rules, field: &str, pieces: &[PhysTile], out: &mut [Tile; 8]) -> Result<u8, ScoreError> {
    let mut n = 0;
    for k in pieces.iter().filter_map(|p| p.kind()) {
        if n == out.len() {
            return Err(ScoreError::Notation(format!("{field}: more than 8 indicators")));
        }
        out[n] = rules.set.dora_from_indicator(k);
        n += 1;
    }
    Ok(n as u8)
}

/// Builds the fixed-size [`Hand`] a situation describes.
pub fn hand_of(rules: &Rules, s: &Situation) -> Result<Hand, ScoreError> {
    let closed = notation("closed", &s.closed, rules)?;
    let mut hand = Hand::new([0; 34], Tile::EAST);
    let mut marked = [0u8; 3];
    tally("closed", &closed, &mut hand.concealed, &mut marked)?;
    if s.melds.len() > 4 {
        return Err(ScoreError::BadTiles("more than four melds"));
    }
    let mut melded = [0u8; 34];
    for (i, spec) in s.melds.iter().enumerate() {
        let pieces = notation("meld", &spec.tiles, rules)?;
        tally("meld", &pieces, &mut melded, &mut marked)?;
        hand.melds[i] = meld(spec, &pieces)?;
    }
    hand.meld_count = s.melds.len() as u8;
    let win = notation("win", &s.win, rules)?;
    hand.win = match win[..] {
        [p] => p.kind().ok_or(ScoreError::Notation("win: a flower cannot win".into()))?,
        _ => return Err(ScoreError::Notation(format!("win \"{}\": one tile", s.win))),
    };
    hand.seat_wind = wind("seat_wind", &s.seat_wind)?;
    hand.round_wind = wind("round_wind", &s.round_wind)?;
    if s.dealer != (hand.seat_wind == 0) {
        return Err(ScoreError::Impossible("the dealer is the East seat"));
    }
    let riichi = s.riichi || s.double_riichi;
    let dora = notation("dora_indicators", &s.dora_indicators, rules)?;
    let ura = notation("ura_indicators", &s.ura_indicators, rules)?;
    let extracted = notation("flowers", &s.flowers, rules)?;
    if extracted.iter().any(|p| p.flower().is_none()) {
        return Err(ScoreError::Notation(format!("flowers \"{}\": only 1f-4f", s.flowers)));
    }
    hand.dora_count = indicators(rules, "dora_indicators", &dora, &mut hand.dora)?;
    let mut flags = flower_flags(&dora).with(flower_flags(&extracted));
    if riichi {
        hand.ura_count = indicators(rules, "ura_indicators", &ura, &mut hand.ura)?;
        let ura_flags = flower_flags(&ura);
        flags = flags.with(match rules.yaku.ura_flower_cancels_riichi_only_ron {
            true => ura_flags,
            false => WinFlags(ura_flags.0 & !WinFlags::EXTRACTED.0),
        });
    }
    let nuki = nuki_of(rules, &s.nuki)?;
    if nuki.total() > 0 {
        flags = flags.with(WinFlags::EXTRACTED);
    }
    for (on, f) in [
        (s.tsumo, WinFlags::TSUMO),
        (s.riichi && !s.double_riichi, WinFlags::RIICHI),
        (s.double_riichi, WinFlags::DOUBLE_RIICHI),
        (s.ippatsu, WinFlags::IPPATSU),
        (s.rinshan, WinFlags::RINSHAN),
        (s.chankan, WinFlags::CHANKAN),
        (s.haitei, WinFlags::HAITEI),
        (s.houtei, WinFlags::HOUTEI),
        (s.tenhou, WinFlags::TENHOU),
        (s.chiihou, WinFlags::CHIIHOU),
        (s.renhou, WinFlags::RENHOU),
        (s.nagashi, WinFlags::NAGASHI),
    ] {
        if on {
            flags = flags.with(f);
        }
    }
    hand.flags = flags;
    [hand.red, hand.gold, hand.blue] = marked;
    hand.nuki = nuki;
    hand.honba = s.honba;
    hand.riichi_sticks = s.riichi_sticks;
    Ok(hand)
}

/// Scores one situation.
pub fn score(rules: &Rules, s: &Situation) -> Result<ScoreResult, ScoreError> {
    let hand = hand_of(rules, s)?;
    Ok(ScoreResult::new(rules, s.id, &score_hand(rules, &hand)?))
}

impl ScoreResult {
    /// Hand score `r` under `rules` in the output's shape, for the situation `id`.
    pub fn new(rules: &Rules, id: u64, r: &HandScore) -> ScoreResult {
        ScoreResult {
            id,
            han: r.han as u32,
            fu: r.fu as u32,
            yaku: r.yaku.as_slice().iter().map(|&(y, h)| (rules.yaku_name(y), h as u32)).collect(),
            yakuman_multiplier: r.yakuman as u32,
            limit: r.limit.to_string(),
            payment: r.payment.into(),
            points_total: r.points_total,
        }
    }
}
