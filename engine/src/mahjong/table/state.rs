//! The fixed-size state of a game in progress: the wall, the four seats and
//! the phase of the current hand.

use super::MAX_SEATS;
use super::mjai::EventLog;
use super::outcome::HanchanOutcome;
use super::pieces::Marked;
use super::record::{HandLog, HandRecord};
use super::wall::WallLayout;
use crate::mahjong::{MAX_WALL_TILES, Meld, Nuki, PhysTile, Tile, TileCounts, TileSet, WallArray, Yaku};

/// Most discards one seat can make in a hand (draws plus calls).
pub const MAX_RIVER: usize = 48;

/// The yakuman whose last set makes its feeder liable (責任払い), in the order of
/// [`SeatState::pao`]: 大三元 (the third dragon set), 大四喜 (the fourth wind set), 四槓子
/// (the fourth kan, a daiminkan).
pub const PAO_YAKU: [Yaku; 3] = [Yaku::Daisangen, Yaku::Daisuushii, Yaku::Suukantsu];

/// What one seat holds and has done in the current hand.
#[derive(Clone, Copy, Debug)]
pub struct SeatState {
    /// Concealed tiles per kind.
    pub hand: TileCounts,
    /// Marked pieces (red, gold and blue fives, the pocchi) among the concealed tiles.
    pub marked: Marked,
    /// Declared melds (the first `meld_count`).
    pub melds: [Meld; 4],
    /// How many melds.
    pub meld_count: u8,
    /// Who gave each called meld's tile (the seat itself for a closed kan).
    pub meld_from: [u8; 4],
    /// Marked pieces in the melds.
    pub meld_marked: Marked,
    /// 抜きドラ: tiles set aside this hand (norths, or the tile set's nuki kinds).
    pub nuki: Nuki,
    /// Flowers extracted this hand, bit `Flower as u8`.
    pub flowers: u8,
    /// Discards in order (called tiles included).
    pub river: [Tile; MAX_RIVER],
    /// How many discards.
    pub river_len: u8,
    /// Discards called away by others, bit per river index.
    pub called_mask: u64,
    /// Kinds this seat has discarded (for furiten).
    pub discarded: TileSet,
    /// Kinds the seat waits on (valid while it holds 3n+1 tiles).
    pub waits: TileSet,
    /// The kind drawn this turn, if the seat is on a draw.
    pub drawn: Option<Tile>,
    /// The piece drawn this turn is the pocchi.
    pub drawn_pocchi: bool,
    /// 立直 declared and paid.
    pub riichi: bool,
    /// ダブル立直.
    pub double_riichi: bool,
    /// Riichi declared with the discard now being offered (not yet paid).
    pub riichi_pending: bool,
    /// オープン立直: the riichi declared (pending or paid) is open, its waits shown (G-R2).
    pub open_riichi: bool,
    /// 一発 still possible.
    pub ippatsu: bool,
    /// Discard index of the riichi declaration (for views).
    pub riichi_at: u8,
    /// 同巡フリテン: passed a winning tile since its last turn.
    pub temp_furiten: bool,
    /// Riichi furiten: passed a winning tile after riichi.
    pub riichi_furiten: bool,
    /// Kinds the other seats discarded after this seat's riichi: each a tile it let pass,
    /// so safe against it from then on (furiten after riichi lasts the hand).
    pub let_pass: TileSet,
    /// Has not discarded yet this hand.
    pub first_turn: bool,
    /// Seat liable (パオ) for each yakuman of [`PAO_YAKU`] (daisangen, daisuushii,
    /// suukantsu): one slot each, so that two seats can be liable for one hand (the third
    /// dragon set called from one, the fourth kan from another).
    pub pao: [Option<u8>; PAO_YAKU.len()],
    /// The marked pieces (red, gold, blue fives, the pocchi) the seat's next discard or
    /// call gives up even when it holds plain ones (the table keeps the marked pieces
    /// otherwise); set by replays, whose records say which pieces went.
    pub marked_first: Marked,
}

impl SeatState {
    pub(crate) const EMPTY: SeatState = SeatState {
        hand: [0; 34],
        marked: Marked::NONE,
        melds: [Meld::EMPTY; 4],
        meld_count: 0,
        meld_from: [0; 4],
        meld_marked: Marked::NONE,
        nuki: Nuki::NONE,
        flowers: 0,
        river: [Tile::EAST; MAX_RIVER],
        river_len: 0,
        called_mask: 0,
        discarded: TileSet::EMPTY,
        waits: TileSet::EMPTY,
        drawn: None,
        drawn_pocchi: false,
        riichi: false,
        double_riichi: false,
        riichi_pending: false,
        open_riichi: false,
        ippatsu: false,
        riichi_at: 0,
        temp_furiten: false,
        riichi_furiten: false,
        let_pass: TileSet::EMPTY,
        first_turn: true,
        pao: [None; PAO_YAKU.len()],
        marked_first: Marked::NONE,
    };

    /// The used melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.meld_count as usize]
    }

    /// The discards.
    pub fn river(&self) -> &[Tile] {
        &self.river[..self.river_len as usize]
    }

    /// Whether any meld opens the hand.
    pub fn is_open(&self) -> bool {
        self.melds().iter().any(|m| m.is_open())
    }

    /// Concealed tiles.
    pub fn concealed_len(&self) -> u8 {
        self.hand.iter().sum()
    }

    /// Whether the seat is in open riichi (declared and paid): its waits are shown, and
    /// no one deals into them unless forced (G-R3).
    pub fn in_open_riichi(&self) -> bool {
        self.riichi && self.open_riichi
    }

    /// The seat liable (パオ) for the yakuman `y` of this seat's hand, if any.
    pub fn pao_for(&self, y: Yaku) -> Option<u8> {
        PAO_YAKU.iter().position(|&p| p == y).and_then(|k| self.pao[k])
    }

    /// Whether a win on one of its waits is barred (フリテン).
    pub fn furiten(&self) -> bool {
        self.temp_furiten || self.riichi_furiten || !self.waits.intersection(self.discarded).is_empty()
    }
}

/// A call (or pass) a seat chose on an offered tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Not asked, or passed.
    None,
    /// ロン.
    Ron,
    /// ポン.
    Pon,
    /// 大明槓.
    Kan,
    /// チー with the sequence's lowest kind.
    Chi(Tile),
}

/// Where the hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` holds 3n+2 tiles and discards (or wins, or declares a kan).
    /// `called`: it just called (no tsumo, no kan); `rinshan`: it drew a
    /// replacement tile.
    Turn {
        /// The seat to act.
        seat: u8,
        /// After a chi or pon.
        called: bool,
        /// On a kan replacement draw.
        rinshan: bool,
    },
    /// The discard (or a kan's tile) is offered; seats are asked one at a time.
    Offer {
        /// Who offered it.
        from: u8,
        /// The kind.
        tile: Tile,
        /// What is offered: a discard, an added kan (chankan) or a closed
        /// kan (kokushi only).
        kind: OfferKind,
        /// Seats still to ask, bit per seat.
        pending: u8,
    },
    /// 和了やめ: the dealer, having won when the game may end (the all-last, or sudden
    /// death with someone at the target), chooses to end it or play on.
    Stop {
        /// The dealer.
        seat: u8,
    },
    /// The game is over.
    Over,
}

/// What kind of tile is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// A discard: every call may be made.
    Discard,
    /// 加槓: ron only (搶槓).
    AddedKan,
    /// 暗槓: ron only, and only by thirteen orphans.
    ClosedKan,
    /// 北抜き (or another nuki kind set aside): ron only, not by a seat that set one aside
    /// itself unless the table's `north.ron_after_own` (G-X5).
    Nuki,
}

/// Everything about one game in progress (fixed size).
#[derive(Clone, Debug)]
pub struct TableState {
    /// Seats in play (3 or 4): `0..players` of the fixed-size arrays.
    pub players: u8,
    /// Points per seat.
    pub points: [i32; MAX_SEATS],
    /// Round index: round wind × players + the dealer's seat (0 = 東1局).
    pub round: u8,
    /// 本場.
    pub honba: u8,
    /// The dealer's wins in a row since it last failed to win a hand (八連荘).
    pub dealer_wins: u8,
    /// Riichi sticks on the table (once the game is over, those lost under
    /// [`EndSticks::Lost`](super::EndSticks::Lost); 0 otherwise).
    pub sticks: u8,
    /// The shuffled wall: live wall from the front, the rest where [`TableState::layout`] says.
    pub wall: WallArray,
    /// Where the live draws, replacement draws and indicators lie in [`TableState::wall`].
    pub layout: WallLayout,
    /// Next live tile to draw.
    pub next: u8,
    /// End of the live wall (moves as the layout says per replacement draw and kan indicator).
    pub live_end: u8,
    /// Replacement tiles (嶺上牌) drawn this hand.
    pub replacements: u8,
    /// Kans declared this hand.
    pub kans: u8,
    /// Riichi declared this hand, closed and open (open riichi goes to the first
    /// [`OpenRiichi::declarers`](super::config::OpenRiichi::declarers)).
    pub riichi_declared: u8,
    /// Seats that declared kans, bit per seat.
    pub kan_seats: u8,
    /// カットビ ホームラン (G-B1, G-B2): seats, a bit each, that won a hand since they last paid
    /// for one (dealt in, or paid a tsumo or nagashi) in this game; the others are 満塁
    /// Bases (of two nagashi in one hand, only the later counts). Kept at every table (bots
    /// read it where the chip rules have cut-bi).
    pub home_run: u8,
    /// Dora indicators turned (1 + kan dora).
    pub indicators: u8,
    /// Kan indicators due at the kan maker's discard ([`KanDoraTurn::AfterDiscard`](super::KanDoraTurn::AfterDiscard)), not yet turned.
    pub kan_dora_pending: u8,
    /// The four seats.
    pub seats: [SeatState; MAX_SEATS],
    /// Where the hand is.
    pub phase: Phase,
    /// The piece offered (a discard, or a kan's tile): a marked one goes with the tile if
    /// called or won on.
    pub offer_piece: PhysTile,
    /// Choices made on the current offer.
    pub claims: [Claim; MAX_SEATS],
    /// No call has been made this hand yet (first go-around checks).
    pub uninterrupted: bool,
    /// Seat that fed the last daiminkan, while its rinshan draw is pending.
    pub kan_feeder: Option<u8>,
    /// Seats whose ippatsu the last kan broke, bit per seat: a ron robbing that kan (搶槓)
    /// keeps it under [`chankan_keeps_ippatsu`](super::TableSettings::chankan_keeps_ippatsu).
    pub kan_ippatsu: u8,
    /// A fourth kan by two or more seats awaits its discard (四槓散了).
    pub four_kan_abort: bool,
    /// The kinds the seat on a turn after a chi or pon may not discard (喰い替え, bit per
    /// kind; 0 unless [`kuikae`](super::TableSettings::kuikae) forbids it).
    pub kuikae: u64,
    /// A kan whose indicator could not be turned awaits its chankan offer: the hand
    /// then ends in an exhaustive draw (G-K3).
    pub kan_blocked: bool,
    /// Counts of the game so far.
    pub record: HanchanOutcome,
    /// The record of the hand in progress (complete once it ends), kept only when the table
    /// logs hands ([`RiichiTable::with_hand_log`](super::RiichiTable::with_hand_log)).
    pub hand: HandRecord,
    /// The records of the game's hands (kept when the table logs hands).
    pub hand_log: HandLog,
    /// The game's mjai events (empty unless the game records them).
    pub events: EventLog,
}

impl TableState {
    pub(crate) fn new(log_events: bool) -> TableState {
        TableState {
            players: MAX_SEATS as u8,
            points: [0; MAX_SEATS],
            round: 0,
            honba: 0,
            dealer_wins: 0,
            sticks: 0,
            wall: [PhysTile::default(); MAX_WALL_TILES],
            layout: super::FOUR_PLAYER_WALL,
            next: 0,
            live_end: 0,
            replacements: 0,
            kans: 0,
            riichi_declared: 0,
            kan_seats: 0,
            home_run: 0,
            indicators: 0,
            kan_dora_pending: 0,
            seats: [SeatState::EMPTY; MAX_SEATS],
            phase: Phase::Over,
            offer_piece: PhysTile::Plain(Tile::EAST),
            claims: [Claim::None; MAX_SEATS],
            uninterrupted: true,
            kan_feeder: None,
            kan_ippatsu: 0,
            four_kan_abort: false,
            kuikae: 0,
            kan_blocked: false,
            record: HanchanOutcome::EMPTY,
            hand: HandRecord::EMPTY,
            hand_log: HandLog::EMPTY,
            events: EventLog::new(log_events),
        }
    }

    /// Seats in play.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The seat `d` places after `seat` in turn order (`d = 1`: 下家, the next to play).
    #[inline]
    pub fn seat_after(&self, seat: usize, d: usize) -> usize {
        let n = self.players();
        let k = seat + d;
        if k >= n { k - n } else { k }
    }

    /// The other seats, in turn order after `seat`.
    #[inline]
    pub fn others(&self, seat: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.players();
        // A constant bound, so the loops over the others unroll.
        (1..MAX_SEATS).filter(move |&d| d < n).map(move |d| if seat + d >= n { seat + d - n } else { seat + d })
    }

    /// The dealer's seat (seat 0 deals East 1).
    pub fn dealer(&self) -> usize {
        self.round as usize % self.players()
    }

    /// Seat wind of `seat` (0 East … 3 North).
    pub fn seat_wind(&self, seat: usize) -> u8 {
        ((seat + self.players() - self.dealer()) % self.players()) as u8
    }

    /// Round wind (0 East, 1 South).
    pub fn round_wind(&self) -> u8 {
        self.round / self.players
    }

    /// The hand number within the round wind (1 = 東1局).
    pub fn kyoku(&self) -> u8 {
        self.round % self.players + 1
    }

    /// Live tiles left to draw.
    pub fn live_left(&self) -> u8 {
        self.live_end - self.next
    }

    /// Dora indicator `i` (0 = the first, then kan dora) as a kind (places:
    /// [`WallLayout`]); `None` for a flower, which shows no dora (G-W5).
    pub fn indicator(&self, i: u8) -> Option<Tile> {
        self.wall[self.layout.indicator(i as usize)].kind()
    }

    /// Ura indicator `i` as a kind; `None` for a flower.
    pub fn ura_indicator(&self, i: u8) -> Option<Tile> {
        self.wall[self.layout.ura(i as usize)].kind()
    }
}

/// The kind of a piece in a hand, a river or a meld (flowers never are: they are set
/// aside as they are drawn).
pub fn kind(p: PhysTile) -> Tile {
    p.kind().expect("flowers are set aside as they are drawn")
}
