//! The hand record (局の記録): a fixed-size account of one finished hand holding everything a
//! Gotō chip ledger (祝儀) needs — who won how (score, yaku, raw red/gold/ura counts, ippatsu,
//! the pocchi, a forced deal-in), the extractions in order, the indicators, the tiles Alice
//! would reveal, the tenpai seats of a draw and the points before and after. A game keeps
//! the records of its hands in [`HandLog`] when the table is built
//! [`with_hand_log`](super::RiichiTable::with_hand_log); Ron2 studies leave it off.

use super::MAX_SEATS;
use crate::mahjong::{Flower, HandScore, MAX_NUKI_KINDS, NUM_KINDS, Nuki, PhysTile, Tile, TileCounts};

/// Most winners of one hand (a triple ron at four seats).
pub const MAX_WINNERS: usize = MAX_SEATS - 1;
/// Most extractions of one hand: four of each nuki kind (norths) and four flowers.
pub const MAX_EXTRACTIONS: usize = 4 * MAX_NUKI_KINDS + 4;
/// Most indicators (dora, or ura) of one hand: two at the deal and one per kan.
pub const MAX_INDICATORS: usize = 6;
/// Most tiles Alice may reveal: the unturned indicator places (GOTO-SPEC G-F5's default).
pub const MAX_ALICE: usize = 4;
/// Most hands a game's log keeps (a game past it counts the rest in [`HandLog::dropped`]).
pub const MAX_LOGGED_HANDS: usize = 64;

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnding {
    /// A tsumo, or one or more rons.
    Win,
    /// 荒牌流局 an exhaustive draw (流し役満 wins included, in [`HandRecord::wins`]).
    Draw,
    /// 途中流局 an abortive draw.
    Abort,
}

/// What a seat set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extracted {
    /// 抜きドラ a north, or another nuki kind of the tile set.
    Nuki(Tile),
    /// A flower (華牌).
    Flower(Flower),
}

/// One extraction, in the order of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extraction {
    /// The seat.
    pub seat: u8,
    /// What it set aside.
    pub piece: Extracted,
}

/// One winner of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinRecord {
    /// The winning seat.
    pub seat: u8,
    /// Its score (han, fu, yaku, real-yakuman multiple, limit, payment).
    pub score: HandScore,
    /// Red fives in the winning hand, concealed or melded (not doubled by autumn).
    pub red: u8,
    /// Gold fives likewise.
    pub gold: u8,
    /// Blue fives likewise.
    pub blue: u8,
    /// Ura dora counted (kan-ura included).
    pub ura: u8,
    /// Of `ura`, the nuki tiles counted because an ura dora is their kind (north, G-C4,
    /// §15.10).
    pub ura_nuki: u8,
    /// Riichi, and whether it was open.
    pub riichi: bool,
    /// オープン立直.
    pub open_riichi: bool,
    /// 一発.
    pub ippatsu: bool,
    /// A tsumo whose drawn winning tile was the pocchi (G-C6 with ippatsu).
    pub pocchi_tsumo: bool,
    /// A ron on a deal-in forced into its open riichi (G-R3, paid as 13 han or more).
    pub forced: bool,
    /// 流し役満 (G-P3).
    pub nagashi: bool,
    /// The hand has no open meld (門前).
    pub closed: bool,
    /// Copies of each kind in the winning hand, concealed, melded and the ron tile
    /// (Alice's 現物, G-F5).
    pub held: TileCounts,
    /// The white pocchi is in the winning hand (門前オールスター's option, G-D1).
    pub pocchi: bool,
    /// The nuki tiles (norths) the winner set aside.
    pub nuki: Nuki,
    /// Flowers the winner extracted, bit `Flower as u8`.
    pub flowers: u8,
}

/// One finished hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandRecord {
    /// Round index (round wind × players + the dealer's seat); South is `players..`.
    pub round: u8,
    /// 本場.
    pub honba: u8,
    /// Points per seat at the deal.
    pub points_before: [i32; MAX_SEATS],
    /// Points per seat at the end (the game's last riichi sticks not yet given out).
    pub points_after: [i32; MAX_SEATS],
    /// How it ended.
    pub ending: HandEnding,
    /// The winners (the first `win_count`; a double ron in turn order from the discarder).
    pub wins: [WinRecord; MAX_WINNERS],
    /// How many winners.
    pub win_count: u8,
    /// The discarder of a ron (or the seat whose kan or north was robbed).
    pub from: Option<u8>,
    /// Seats tenpai at an exhaustive draw, bit per seat.
    pub tenpai: u8,
    /// Extractions in order (the first `extraction_count`).
    pub extractions: [Extraction; MAX_EXTRACTIONS],
    /// How many extractions.
    pub extraction_count: u8,
    /// The dora indicators turned (the first `indicator_count`) and the ura under each.
    pub indicators: [(PhysTile, PhysTile); MAX_INDICATORS],
    /// How many indicators were turned.
    pub indicator_count: u8,
    /// The unturned indicator places in kan-dora order, still in the wall (the first
    /// `alice_count`): the tiles winter's Alice reveals (G-F5's default source).
    pub alice: [PhysTile; MAX_ALICE],
    /// How many.
    pub alice_count: u8,
}

/// Ura dora a winning hand holding `held` counts (and its `nuki` tiles set aside under an
/// ura dora of their kind) under the ura dora kinds `kinds`: for a real yakuman, whose score lists
/// no dora but whose ura still earn chips (G-C13).
pub fn ura_held(held: &TileCounts, nuki: Nuki, kinds: impl Iterator<Item = Tile>) -> u8 {
    kinds.map(|k| held[k.index()] + nuki.of(k)).sum()
}

impl WinRecord {
    /// This winner as a 流し役満 (G-P3): there is no winning hand to count per-tile chips
    /// on, so red, gold, blue, ura (the norths' share too), ippatsu and the pocchi's tsumo are
    /// cleared; extracted norths and summer still count (「流し役満時、抜いている北は祝儀対象
    /// (夏も有効)」). The table and the one-hand chip calculator both record a nagashi so.
    pub fn as_nagashi(self) -> WinRecord {
        WinRecord {
            nagashi: true,
            red: 0,
            gold: 0,
            blue: 0,
            ura: 0,
            ura_nuki: 0,
            ippatsu: false,
            pocchi_tsumo: false,
            ..self
        }
    }

    /// A blank winner to fill in (tests and the one-hand chip calculator).
    pub const EMPTY: WinRecord = WinRecord {
        seat: 0,
        score: HandScore::EMPTY,
        red: 0,
        gold: 0,
        blue: 0,
        ura: 0,
        ura_nuki: 0,
        riichi: false,
        open_riichi: false,
        ippatsu: false,
        pocchi_tsumo: false,
        forced: false,
        nagashi: false,
        closed: true,
        held: [0; NUM_KINDS],
        pocchi: false,
        nuki: Nuki::NONE,
        flowers: 0,
    };
}

impl HandRecord {
    /// A blank hand to fill in.
    pub const EMPTY: HandRecord = HandRecord {
        round: 0,
        honba: 0,
        points_before: [0; MAX_SEATS],
        points_after: [0; MAX_SEATS],
        ending: HandEnding::Draw,
        wins: [WinRecord::EMPTY; MAX_WINNERS],
        win_count: 0,
        from: None,
        tenpai: 0,
        extractions: [Extraction { seat: 0, piece: Extracted::Nuki(Tile::NORTH) }; MAX_EXTRACTIONS],
        extraction_count: 0,
        indicators: [(PhysTile::Plain(crate::mahjong::Tile::EAST), PhysTile::Plain(crate::mahjong::Tile::EAST));
            MAX_INDICATORS],
        indicator_count: 0,
        alice: [PhysTile::Plain(crate::mahjong::Tile::EAST); MAX_ALICE],
        alice_count: 0,
    };

    /// The winners.
    pub fn wins(&self) -> &[WinRecord] {
        &self.wins[..usize::from(self.win_count)]
    }

    /// The extractions, in order.
    pub fn extractions(&self) -> &[Extraction] {
        &self.extractions[..usize::from(self.extraction_count)]
    }

    /// The indicators turned, each with its ura.
    pub fn indicators(&self) -> &[(PhysTile, PhysTile)] {
        &self.indicators[..usize::from(self.indicator_count)]
    }

    /// The tiles Alice would reveal, in order.
    pub fn alice(&self) -> &[PhysTile] {
        &self.alice[..usize::from(self.alice_count)]
    }

    /// Adds a winner.
    pub fn push_win(&mut self, w: WinRecord) {
        self.wins[usize::from(self.win_count)] = w;
        self.win_count += 1;
    }

    /// Notes an extraction.
    pub fn push_extraction(&mut self, seat: usize, piece: Extracted) {
        if usize::from(self.extraction_count) < MAX_EXTRACTIONS {
            self.extractions[usize::from(self.extraction_count)] = Extraction { seat: seat as u8, piece };
            self.extraction_count += 1;
        }
    }
}

/// The records of a game's hands, in order (kept only when the table logs hands).
#[derive(Clone, Debug)]
pub struct HandLog {
    records: [HandRecord; MAX_LOGGED_HANDS],
    len: u8,
    /// Hands past [`MAX_LOGGED_HANDS`], not recorded.
    pub dropped: u16,
}

impl HandLog {
    pub(super) const EMPTY: HandLog = HandLog { records: [HandRecord::EMPTY; MAX_LOGGED_HANDS], len: 0, dropped: 0 };

    /// The hands recorded.
    pub fn hands(&self) -> &[HandRecord] {
        &self.records[..usize::from(self.len)]
    }

    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.dropped = 0;
    }

    pub(super) fn push(&mut self, r: &HandRecord) {
        match self.records.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = *r;
                self.len += 1;
            }
            None => self.dropped += 1,
        }
    }
}
