//! The chip ledger (祝儀の精算): turns a game's hand records and final points into chip
//! transfers between the participants — the seats and, in a four-person rotation at three
//! seats (Gotō), the sit-out (抜け番, participant [`SIT_OUT`]) — item by item (GOTO-SPEC §7–§12),
//! with cut-bi's multipliers (§14) when the rules have them. Every transfer is payer →
//! receiver, so chips sum to zero by construction. Nothing allocates.

use super::cutbi::{Multipliers, States};
use super::item::{ChipItem, ChipSink, SIT_OUT, Transfer};
use super::rules::ChipRules;
use crate::mahjong::table::{Extracted, HandEnding, HandRecord, MAX_SEATS, RiichiTable, WinRecord, ranks};
use crate::mahjong::{Flower, PhysTile, Tile, TileSet, Yaku};
use crate::{GameRng, GameSeeds};
use rand::RngExt;

/// The dice stream of game `index` (G-D2: "use the game's seeded stream"): the game's own
/// ChaCha stream read from a word position no game's play reaches, so the dice are the
/// same under every chip rule and whatever the play drew.
pub fn dice_stream(seeds: &GameSeeds, index: u64) -> GameRng {
    dice_of(&seeds.rng(index))
}

/// The dice stream of the game whose own stream starts as `game` (equal to
/// [`dice_stream`] for the game's seeds and index).
pub fn dice_of(game: &GameRng) -> GameRng {
    let mut rng = game.clone();
    rng.set_word_pos(DICE_WORD_POS);
    rng
}

/// Where the dice start in a game's stream (2^64 words in; a game draws far fewer).
const DICE_WORD_POS: u128 = 1 << 64;

/// Where the dice chances' dice come from: a game's stream ([`dice_stream`]), or faces a
/// player gives ([`GivenDice`]).
pub trait Dice {
    /// One die, 1–6.
    fn die(&mut self) -> i32;
}

impl Dice for GameRng {
    fn die(&mut self) -> i32 {
        self.random_range(1..=6)
    }
}

/// Dice faces given in order (the one-hand calculator's `dice`); past the last face every
/// die shows 1 and is counted in `missing`.
#[derive(Clone, Copy, Debug)]
pub struct GivenDice<'a> {
    faces: &'a [u8],
    next: usize,
    /// Dice asked for beyond the faces given.
    pub missing: usize,
}

impl<'a> GivenDice<'a> {
    /// These faces, in order.
    pub fn new(faces: &'a [u8]) -> GivenDice<'a> {
        GivenDice { faces, next: 0, missing: 0 }
    }

    /// Faces not used.
    pub fn unused(&self) -> usize {
        self.faces.len().saturating_sub(self.next)
    }
}

impl Dice for GivenDice<'_> {
    fn die(&mut self) -> i32 {
        let face = self.faces.get(self.next).copied();
        self.next += 1;
        match face {
            Some(f) => i32::from(f),
            None => {
                self.missing += 1;
                1
            }
        }
    }
}

/// Who pays a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Payers {
    /// The discarder of a ron, else the winner's opponents (per-tile items).
    Loser,
    /// The receiver's opponents and the sit-out.
    Everyone,
    /// The receiver's opponents.
    Opponents,
    /// The discarder of a ron, else everyone (Alice, G-F5).
    LoserOrEveryone,
    /// Every seated player (the sit-out's incomes).
    Seated,
    /// One participant.
    One(u8),
}

/// Settles Gotō games in chips.
#[derive(Clone, Copy, Debug)]
pub struct ChipLedger {
    rules: ChipRules,
    seats: u8,
    sit_out: bool,
    /// Red and gold fives in the set (門前オールスター needs them all, G-D1).
    all_star: u8,
}

/// One hand being settled: its record, the multipliers, and, for chombo, who pays all.
struct Hand<'h> {
    record: &'h HandRecord,
    mult: Multipliers,
    offender: Option<u8>,
}

impl ChipLedger {
    /// A ledger for `table`'s games under `rules`, with a sit-out (four people in rotation
    /// at three seats) or without (three fixed players, G-O3; a four-seat table never has
    /// one: its participant [`SIT_OUT`] is the fourth seat).
    pub fn new(rules: ChipRules, table: &RiichiTable, sit_out: bool) -> ChipLedger {
        let set = &table.rules().set;
        let fives = [Tile::from_index(4), Tile::from_index(13), Tile::from_index(22)];
        let all_star = fives.into_iter().flatten().map(|t| set.red(t) + set.gold(t)).sum();
        let seats = table.rules().players;
        ChipLedger { rules, seats, sit_out: sit_out && usize::from(seats) < MAX_SEATS, all_star }
    }

    /// The rules.
    pub fn rules(&self) -> &ChipRules {
        &self.rules
    }

    /// Settles one game: each hand of `hands` in order, then the game's end from the final
    /// `points` (after the last riichi sticks went to the top). `dice` rolls the dice
    /// chances; two ledgers given equal streams roll the same dice.
    pub fn settle_game(
        &self,
        hands: &[HandRecord],
        points: &[i32; MAX_SEATS],
        dice: &mut impl Dice,
        sink: &mut impl ChipSink,
    ) {
        let mut states = States::START;
        let mut south = false;
        for h in hands {
            let entering = !south && h.round >= self.seats;
            south |= entering;
            self.settle_hand(h, entering, &mut states, dice, sink);
        }
        self.settle_end(points, 0, sink);
    }

    /// Settles one hand (G-C, G-F, G-D, G-O, G-E4, G-E5), `south_entry` when it is the
    /// first hand of South (G-O2c), then moves the cut-bi `states` on (G-B2).
    pub fn settle_hand(
        &self,
        record: &HandRecord,
        south_entry: bool,
        states: &mut States,
        dice: &mut impl Dice,
        sink: &mut impl ChipSink,
    ) {
        let after = states.after(record, self.seats);
        let basis = match self.rules.cutbi.map(|c| c.timing) {
            Some(super::rules::Timing::EndOfHand) => after,
            _ => *states,
        };
        let mult = Multipliers::new(self.rules.cutbi, basis, record, self.seats);
        let hand = Hand { record, mult, offender: None };
        self.spring_at_extraction(&hand, sink);
        for w in record.wins() {
            self.win(&hand, w, dice, sink);
        }
        self.bust(&hand, sink);
        self.sit_out_income(&hand, south_entry, sink);
        *states = after;
    }

    /// Settles チョンボ (G-M) by `offender` during a hand recorded so far in `record` (its
    /// extractions, indicators and Alice tiles): 5 to everyone, never doubled (G-M1), and
    /// for each tenpai player's ron off the offender with its highest wait in `tenpai`
    /// every chip it would earn, all shares paid by the offender (G-M2, G-M3); spring
    /// chips already earned stand, and without a spring extracted the offender pays the
    /// sit-out's no-spring chips in full (G-M4). No points move and the states stay.
    pub fn settle_chombo(
        &self,
        offender: u8,
        record: &HandRecord,
        tenpai: &[WinRecord],
        states: &States,
        dice: &mut impl Dice,
        sink: &mut impl ChipSink,
    ) {
        let mut seen = *record;
        seen.points_after = record.points_before;
        let mult = Multipliers::new(self.rules.cutbi, *states, &seen, self.seats);
        let hand = Hand { record: &seen, mult, offender: None };
        self.spring_at_extraction(&hand, sink);
        self.claim(&hand, ChipItem::Chombo, offender, -self.rules.chombo, Payers::Everyone, false, sink);
        let chombo = Hand { offender: Some(offender), ..hand };
        for w in tenpai {
            self.win(&chombo, w, dice, sink);
        }
        if self.sit_out && !self.spring_extracted(record) {
            let base = self.rules.sit_out_no_spring * i32::from(self.seats);
            self.book(&hand, ChipItem::SitOutNoSpring, offender, SIT_OUT, base, true, sink);
        }
    }

    /// G-F2: spring pays its extractor the flowers it has set aside this hand, at once;
    /// each later flower of its pays one more.
    fn spring_at_extraction(&self, hand: &Hand<'_>, sink: &mut impl ChipSink) {
        let mut flowers = [0i32; MAX_SEATS];
        let mut spring = [false; MAX_SEATS];
        for e in hand.record.extractions() {
            let Extracted::Flower(f) = e.piece else { continue };
            let s = usize::from(e.seat);
            flowers[s] += 1;
            let n = match f {
                Flower::Spring => {
                    spring[s] = true;
                    flowers[s]
                }
                _ if spring[s] => 1,
                _ => 0,
            };
            self.claim(hand, ChipItem::Spring, e.seat, n * self.rules.spring, Payers::Everyone, true, sink);
        }
    }

    /// The chips of one win (G-C1..C13, G-F5, G-F6, G-D1..D4).
    fn win(&self, hand: &Hand<'_>, w: &WinRecord, dice: &mut impl Dice, sink: &mut impl ChipSink) {
        let r = &self.rules;
        let (seat, score) = (w.seat, &w.score);
        let real = score.yakuman > 0;
        if !real || r.yakuman_earns_hand_chips {
            let pocchi = w.pocchi_tsumo && w.ippatsu;
            // A tsumo: no discarder, and no chombo's offender off whom a tenpai seat rons.
            let tsumo = hand.record.from.or(hand.offender).is_none();
            let ippatsu = r.ippatsu + if tsumo { r.ippatsu_tsumo } else { 0 };
            let per_tile = [
                (ChipItem::Ippatsu, i32::from(w.ippatsu) * ippatsu),
                (ChipItem::Red, i32::from(w.red) * r.red),
                (ChipItem::Gold, i32::from(w.gold) * r.gold),
                (ChipItem::Blue, i32::from(w.blue) * r.blue),
                (ChipItem::Ura, i32::from(w.ura - if r.ura_counts_norths { 0 } else { w.ura_nuki }) * r.ura),
                (ChipItem::North, i32::from(w.nuki.total()) * r.north),
                (ChipItem::PocchiIppatsu, i32::from(pocchi) * r.pocchi_ippatsu_tsumo),
            ];
            let payers = if r.per_tile_sit_out_pays { Payers::LoserOrEveryone } else { Payers::Loser };
            for (item, chips) in per_tile {
                self.claim(hand, item, seat, chips, payers, true, sink);
            }
        }
        let (sanbaiman, yakuman, summer) = self.tiers(w);
        self.claim(hand, ChipItem::Sanbaiman, seat, sanbaiman, Payers::Everyone, true, sink);
        self.claim(hand, ChipItem::Yakuman, seat, yakuman, Payers::Everyone, true, sink);
        self.claim(hand, ChipItem::Summer, seat, summer, Payers::Everyone, true, sink);
        let shown = self.shown(hand.record, w);
        if shown.flowers & 1 << Flower::Spring as u8 != 0 {
            let n = w.flowers.count_ones() as i32 + 1;
            self.claim(hand, ChipItem::Spring, seat, n * r.spring, Payers::Everyone, true, sink);
        }
        let winter = (w.flowers | shown.flowers) & 1 << Flower::Winter as u8 != 0;
        if winter && !w.nagashi {
            self.claim(hand, ChipItem::Alice, seat, self.alice(hand.record, w), Payers::LoserOrEveryone, true, sink);
        }
        for _ in 0..self.dice_rights(w, shown) {
            let chips = roll(dice, r.dice_doubles_chain);
            self.claim(hand, ChipItem::Dice, seat, chips, Payers::Everyone, true, sink);
        }
        if w.flowers == 0b1111 && self.suupei(w, shown) && shown.flowers == 0 {
            let payers = if r.suuka_suupei_sit_out_pays { Payers::Everyone } else { Payers::Opponents };
            let doubled = r.cutbi.is_some_and(|c| c.double_suuka_suupei);
            self.claim(hand, ChipItem::SuukaSuupei, seat, r.suuka_suupei, payers, doubled, sink);
        }
    }

    /// The tier chips of a win (G-C7..C10): sanbaiman's, yakuman's (han above 13
    /// included) and summer's, by the han before summer (or after it, §15.11).
    fn tiers(&self, w: &WinRecord) -> (i32, i32, i32) {
        let r = &self.rules;
        let list = w.score.yaku.as_slice();
        let summer = list.iter().any(|e| e.0 == Yaku::Natsu);
        if w.score.yakuman > 0 {
            return (0, r.yakuman * i32::from(w.score.yakuman), i32::from(summer) * r.summer);
        }
        let natsu_han = list.iter().find(|e| e.0 == Yaku::Natsu).map_or(0, |e| e.1);
        let mut han = w.score.han - natsu_han;
        if w.forced {
            han = han.max(13);
        }
        let (han, summer) = match (r.tier_after_summer && summer, han) {
            (true, 8..=10) => (11, false),
            (true, 11..=12) => (13, false),
            (_, h) => (h, summer && h >= 13),
        };
        match han {
            11..=12 => (r.sanbaiman, 0, 0),
            13.. => (0, r.yakuman + i32::from(han - 13) * r.per_han_above_13, i32::from(summer) * r.summer),
            _ => (0, 0, 0),
        }
    }

    /// What the indicators counted for winner `w` show: dora indicators, and the ura ones
    /// for a riichi winner (G-F6, G-D1, G-D4).
    fn shown(&self, record: &HandRecord, w: &WinRecord) -> Shown {
        let mut out = Shown { flowers: 0, kinds: TileSet::EMPTY };
        for &(dora, ura) in record.indicators() {
            for p in [Some(dora), w.riichi.then_some(ura)].into_iter().flatten() {
                match p.kind() {
                    None => out.flowers |= p.flower().map_or(0, |f| 1 << f as u8),
                    Some(k) => out.kinds = out.kinds.with(k),
                }
            }
        }
        out
    }

    /// 四北 (G-D1, G-D4): all four of a nuki kind (north) set aside, none of it shown.
    fn suupei(&self, w: &WinRecord, shown: Shown) -> bool {
        w.nuki.four().is_some_and(|k| !shown.kinds.contains(k))
    }

    /// G-F5 Alice: the revealed tiles in order, each 現物 paying (2, or 1 open) until the
    /// first miss; a pocchi always hits, a flower when the winner set one aside, a north
    /// when it holds one (or extracted one, with `alice_north_counts_extracted`).
    fn alice(&self, record: &HandRecord, w: &WinRecord) -> i32 {
        let per = if w.closed { self.rules.alice } else { self.rules.alice_open };
        let mut chips = 0;
        for &p in record.alice() {
            let copies = match p {
                PhysTile::Pocchi => 1,
                PhysTile::Flower(_) => u8::from(w.flowers != 0),
                _ => {
                    let k = p.kind().expect("a plain piece has a kind");
                    let extracted = if self.rules.alice_north_counts_extracted { w.nuki.of(k) } else { 0 };
                    w.held[k.index()] + extracted
                }
            };
            if copies == 0 {
                break;
            }
            chips += per * if self.rules.alice_per_copy { i32::from(copies) } else { 1 };
        }
        chips
    }

    /// G-D1: the dice chances a win earns.
    fn dice_rights(&self, w: &WinRecord, shown: Shown) -> u8 {
        let r = &self.rules;
        if !r.dice {
            return 0;
        }
        let suupei = self.suupei(w, shown);
        let suuka = w.flowers == 0b1111 && shown.flowers == 0;
        let yakuman = match w.score.yakuman {
            0 => 0,
            m if r.dice_per_yakuman => m,
            _ => 1,
        };
        let all_star = w.closed
            && !w.nagashi
            && self.all_star > 0
            && w.red + w.gold == self.all_star
            && (w.pocchi || !r.all_star_needs_pocchi);
        let pocchi = w.pocchi_tsumo && w.ippatsu;
        u8::from(suupei) + u8::from(suuka) + yakuman + u8::from(all_star) + u8::from(pocchi)
    }

    /// G-E4 bust prizes and G-E5 the double bust, for the players a win took below zero.
    fn bust(&self, hand: &Hand<'_>, sink: &mut impl ChipSink) {
        let record = hand.record;
        if record.win_count == 0 {
            return;
        }
        let r = &self.rules;
        for b in 0..self.seats {
            let p = record.points_after[usize::from(b)];
            if p >= 0 {
                continue;
            }
            let d = -p;
            let steps = if r.bust_steps_at_multiples { d / r.bust_step } else { (d - 1) / r.bust_step };
            let prize = r.bust + steps;
            for (i, w) in record.wins().iter().enumerate() {
                let paid = match record.from {
                    Some(from) => from == b && (i == 0 || r.bust_pays_each_winner),
                    None => w.seat != b,
                };
                if paid {
                    self.claim(hand, ChipItem::Bust, w.seat, prize, Payers::One(b), true, sink);
                }
            }
        }
        if let Some(w) = hand.mult.double_buster() {
            let payers = if r.double_bust_sit_out_pays { Payers::Everyone } else { Payers::Opponents };
            self.claim(hand, ChipItem::DoubleBust, w, r.double_bust, payers, false, sink);
        }
    }

    /// Whether someone extracted spring this hand (for G-O2a; a spring on an indicator
    /// counts only with `spring_on_indicator_counts`).
    fn spring_extracted(&self, record: &HandRecord) -> bool {
        let spring = Extracted::Flower(Flower::Spring);
        record.extractions().iter().any(|e| e.piece == spring)
            || self.rules.spring_on_indicator_counts
                && record.wins().iter().any(|w| self.shown(record, w).flowers & 1 << Flower::Spring as u8 != 0)
    }

    /// G-O2: the sit-out's incomes from each seated player.
    fn sit_out_income(&self, hand: &Hand<'_>, south_entry: bool, sink: &mut impl ChipSink) {
        if !self.sit_out {
            return;
        }
        let (r, record) = (&self.rules, hand.record);
        let nagashi = record.ending == HandEnding::Draw && record.win_count > 0;
        let won = record.ending == HandEnding::Win || nagashi && !r.nagashi_as_draw;
        let drawn = record.ending == HandEnding::Draw && (!nagashi || r.nagashi_as_draw);
        if won && !self.spring_extracted(record) {
            self.claim(hand, ChipItem::SitOutNoSpring, SIT_OUT, r.sit_out_no_spring, Payers::Seated, true, sink);
        }
        if drawn {
            self.claim(hand, ChipItem::SitOutDraw, SIT_OUT, r.sit_out_draw, Payers::Seated, true, sink);
        }
        if south_entry {
            let doubled = r.cutbi.is_some_and(|c| c.double_south_entry);
            self.claim(hand, ChipItem::SitOutSouth, SIT_OUT, r.sit_out_south, Payers::Seated, doubled, sink);
        }
    }

    /// Settles the game's end (G-E1..E3) from the final points: rank chips (クビ), and the
    /// 80,000 bonus. Never doubled (G-B6). Equal points rank by seat order from
    /// `first_dealer` (起家; a table's seat 0).
    pub fn settle_end(&self, points: &[i32; MAX_SEATS], first_dealer: u8, sink: &mut impl ChipSink) {
        let r = &self.rules;
        let n = usize::from(self.seats);
        let first = usize::from(first_dealer);
        let from_first = |i: usize| (first + i) % n;
        let rotated: [i32; MAX_SEATS] = std::array::from_fn(|i| if i < n { points[from_first(i)] } else { 0 });
        let rotated_places = ranks(&rotated[..n]);
        let places: [u8; MAX_SEATS] = std::array::from_fn(|s| rotated_places[(s + n - first) % n]);
        let second = (0..n).find(|&s| places[s] == 1).map_or(0, |s| points[s]);
        let kubi = second > r.kubi_line || r.kubi_at_line && second == r.kubi_line;
        let chips = if kubi { &r.rank_kubi } else { &r.rank };
        let chips = chips.as_slice();
        let mut value: [i32; MAX_SEATS] =
            std::array::from_fn(|s| if s < n { chips[usize::from(places[s])] } else { 0 });
        if r.split_ties {
            for s in 0..n {
                let tied: i32 = (0..n).filter(|&o| points[o] == points[s]).map(|o| chips[usize::from(places[o])]).sum();
                let count = (0..n).filter(|&o| points[o] == points[s]).count() as i32;
                let leads = (0..n).map(from_first).find(|&o| points[o] == points[s]) == Some(s);
                value[s] = tied.div_euclid(count) + if leads { tied.rem_euclid(count) } else { 0 };
            }
        }
        // Lower places pay the higher ones, in place order.
        let mut order = [0usize; MAX_SEATS];
        for (s, &place) in places[..n].iter().enumerate() {
            order[usize::from(place)] = s;
        }
        let mut owed = value;
        for &payer in order[..n].iter().rev() {
            for &receiver in &order[..n] {
                let c = (-owed[payer]).min(owed[receiver]);
                if c > 0 {
                    self.pay(ChipItem::Rank, payer as u8, receiver as u8, c, 1, sink);
                    owed[payer] += c;
                    owed[receiver] -= c;
                }
            }
        }
        for (s, &p) in points[..n].iter().enumerate() {
            let over = p - r.over_line;
            if over > 0 {
                let steps = if r.over_steps_at_multiples { over / r.over_step } else { (over - 1) / r.over_step };
                for payer in self.everyone(s as u8) {
                    self.pay(ChipItem::Over80000, payer, s as u8, r.over + steps, 1, sink);
                }
            }
        }
    }

    /// The receiver's opponents, then the sit-out when there is one.
    fn everyone(&self, receiver: u8) -> impl Iterator<Item = u8> + use<> {
        let sit_out = self.sit_out.then_some(SIT_OUT);
        (0..self.seats).filter(move |&s| s != receiver).chain(sit_out)
    }

    /// Books `chips` per payer of `payers` to `receiver` (a negative amount reverses the
    /// direction: the receiver pays each of them); under chombo the offender pays every
    /// share alone.
    #[allow(clippy::too_many_arguments)]
    fn claim(
        &self,
        hand: &Hand<'_>,
        item: ChipItem,
        receiver: u8,
        chips: i32,
        payers: Payers,
        doubled: bool,
        sink: &mut impl ChipSink,
    ) {
        if chips == 0 {
            return;
        }
        let mut each = |payer: u8| {
            if payer == receiver {
                return;
            }
            let (from, to, c) = if chips > 0 { (payer, receiver, chips) } else { (receiver, payer, -chips) };
            match hand.offender {
                Some(o) => self.book(hand, item, o, to, c, doubled, sink),
                None => self.book(hand, item, from, to, c, doubled, sink),
            }
        };
        // The discarder of a ron; under chombo the offender, off whom every tenpai player rons.
        let loser = hand.offender.or(hand.record.from);
        match (payers, loser) {
            (Payers::Loser | Payers::LoserOrEveryone, Some(l)) => each(l),
            (Payers::Loser | Payers::Opponents | Payers::Seated, _) => (0..self.seats).for_each(each),
            (Payers::LoserOrEveryone | Payers::Everyone, _) => self.everyone(receiver).for_each(each),
            (Payers::One(p), _) => each(p),
        }
    }

    /// Books one transfer with its cut-bi multiplier (1 for an item not on the doubled list).
    #[allow(clippy::too_many_arguments)]
    fn book(
        &self,
        hand: &Hand<'_>,
        item: ChipItem,
        payer: u8,
        receiver: u8,
        base: i32,
        doubled: bool,
        sink: &mut impl ChipSink,
    ) {
        let m = if doubled { hand.mult.of(payer, receiver) } else { 1 };
        self.pay(item, payer, receiver, base, m, sink);
    }

    fn pay(&self, item: ChipItem, payer: u8, receiver: u8, base: i32, multiplier: i32, sink: &mut impl ChipSink) {
        sink.book(Transfer { item, payer, receiver, base, multiplier });
    }
}

/// Flowers (bit per [`Flower`]) and the kinds among a winner's counted indicators.
#[derive(Clone, Copy, Debug)]
struct Shown {
    flowers: u8,
    kinds: TileSet,
}

/// G-D2: one dice chance: two dice rolled twice, the pips summed; each roll showing a
/// double earns one more roll (with `chain`, a re-roll's double too).
pub(super) fn roll(dice: &mut impl Dice, chain: bool) -> i32 {
    let (mut total, mut rolls, mut k) = (0, 2, 0);
    while k < rolls {
        let (a, b) = (dice.die(), dice.die());
        total += a + b;
        if a == b && (chain || k < 2) {
            rolls += 1;
        }
        k += 1;
    }
    total
}
