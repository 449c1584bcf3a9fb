//! The one-hand chip calculator's engine half: the hand record of one win (a tsumo, a ron, a
//! double ron, a forced deal-in) described by scoring [`Situation`]s and what chips depend on
//! beyond them ([`HandChips`]: the discarder, the extractions in order, Alice's tiles, who
//! went below zero, the cut-bi states, the first dealer), or of a hand with no winning hand
//! (an exhaustive draw, a chombo and its tenpai seats), for
//! [`ChipLedger::settle_hand`](super::ChipLedger::settle_hand) and
//! [`ChipLedger::settle_chombo`](super::ChipLedger::settle_chombo) to settle exactly as the
//! study does.

use super::cutbi::{State, States};
use crate::mahjong::table::{
    Extracted, HandEnding, HandRecord, MAX_ALICE, MAX_INDICATORS, WinRecord, forced_deal_in, ura_held,
};
use crate::mahjong::{
    Hand, HandScore, PhysTile, Rules, ScoreError, ScoreResult, Situation, Tile, Yaku, hand_of, parse_tiles, score_hand,
};
use serde::Deserialize;

/// What a hand's chips depend on beyond its score (the `chips` object of a `sim mahjong
/// score` line; every field optional).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HandChips {
    /// The discarder's seat (0 = East, the dealer; 1 South; 2 West) of a ron; none for a
    /// tsumo.
    #[serde(default)]
    pub from: Option<u8>,
    /// No fourth person sits out (three fixed players, G-O3); default: one does.
    #[serde(default)]
    pub no_sit_out: bool,
    /// The cut-bi states of seats 0–2 at the start of the hand (`"bases"`, `"home_run"`);
    /// default all Bases.
    #[serde(default)]
    pub states: Option<[StateName; 3]>,
    /// Every extraction of the hand in order, `[seat, "4z" | "1f"…"4f"]`; default: the
    /// winner's norths (`nuki`) then its flowers (`flowers`), in that order.
    #[serde(default)]
    pub extractions: Option<Vec<(u8, String)>>,
    /// The tiles winter's Alice reveals, in order (mpsz).
    #[serde(default)]
    pub alice: String,
    /// Dice faces for the dice chances, in order (two dice per roll); default: rolled from
    /// `seed`.
    #[serde(default)]
    pub dice: Option<Vec<u8>>,
    /// Seed of the dice when `dice` is not given.
    #[serde(default)]
    pub seed: u64,
    /// Each seat's points after the hand (who went below zero); default: nobody did.
    #[serde(default)]
    pub points_after: Option<[i32; 3]>,
    /// This hand is the first of South (the sit-out's South-entry chips, G-O2c).
    #[serde(default)]
    pub south_entry: bool,
    /// Final points of the game, when the hand ends it: rank chips and the 80,000 bonus too.
    #[serde(default)]
    pub final_points: Option<[i32; 3]>,
    /// The first dealer's (起家) seat by this hand's winds (0 = this hand's East): equal
    /// `final_points` rank by seat order from it.
    #[serde(default)]
    pub first_dealer: u8,
    /// How the hand ended ([`CalcEnding`]); default: the line's hand won.
    #[serde(default)]
    pub ending: CalcEnding,
    /// A double ron's other winner, on the same tile off `from` with the same indicators
    /// (the two are settled in turn order from the discarder).
    #[serde(default)]
    pub double_ron: Option<Box<Situation>>,
    /// The line's ron was a forced deal-in (手詰まり) into the winner's open riichi (G-R3):
    /// its tier chips count 13 han at least.
    #[serde(default)]
    pub forced: bool,
    /// Chombo: the offender's seat (0–2).
    #[serde(default)]
    pub offender: Option<u8>,
    /// Chombo: each seat tenpai at that moment, as its ron off the offender with its highest
    /// wait (G-M2); all with the same indicators.
    #[serde(default)]
    pub tenpai: Vec<Situation>,
}

/// How the hand of a `chips` object ended (`"win"`, `"draw"`, `"chombo"`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CalcEnding {
    /// The line's hand won (with `double_ron`, two hands).
    #[default]
    Win,
    /// 荒牌流局 an exhaustive draw with no 流し役満 (the line holds no hand; a nagashi is a
    /// win line with `nagashi`).
    Draw,
    /// チョンボ by `offender` (the line holds no hand; `tenpai` the seats tenpai then).
    Chombo,
}

/// A cut-bi state as written in a `chips` object.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StateName {
    /// 満塁.
    Bases,
    /// ホームラン.
    HomeRun,
}

impl HandChips {
    /// The states at the start of the hand (the sit-out HomeRun).
    pub fn start_states(&self) -> States {
        let mut s = States::START;
        for (seat, name) in self.states.iter().flatten().enumerate() {
            s.0[seat] = match name {
                StateName::Bases => State::Bases,
                StateName::HomeRun => State::HomeRun,
            };
        }
        s
    }
}

/// The winner `situation` describes under `rules`, as the table records one (its seat is
/// its seat wind).
pub fn win_of(rules: &Rules, situation: &Situation) -> Result<WinRecord, ScoreError> {
    win(rules, situation, false)
}

/// The line's own score as the ledger settles it: a `forced` deal-in into an open riichi
/// paid as 13 han unless the hand is worth more (G-R3, [`forced_deal_in`]).
pub fn settled_score(rules: &Rules, situation: &Situation, forced: bool) -> Result<ScoreResult, ScoreError> {
    Ok(ScoreResult::new(rules, situation.id, &scored(rules, situation, forced)?.1))
}

/// The hand `situation` describes and its score, `forced` as [`settled_score`] says.
fn scored(rules: &Rules, situation: &Situation, forced: bool) -> Result<(Hand, HandScore), ScoreError> {
    let hand = hand_of(rules, situation)?;
    let score = score_hand(rules, &hand)?;
    let score = match forced {
        true => forced_deal_in(rules, score, hand.is_dealer(), hand.honba, hand.riichi_sticks),
        false => score,
    };
    Ok((hand, score))
}

/// [`win_of`], the ron `forced` into its open riichi (G-R3) when so.
fn win(rules: &Rules, situation: &Situation, forced: bool) -> Result<WinRecord, ScoreError> {
    let (hand, score) = scored(rules, situation, forced)?;
    let mut held = hand.concealed;
    for m in &hand.melds[..usize::from(hand.meld_count)] {
        m.add_to(&mut held);
    }
    let flowers = pieces("flowers", &situation.flowers, rules)?
        .iter()
        .filter_map(|p| p.flower())
        .fold(0u8, |m, f| m | 1 << f as u8);
    let win = pieces("win", &situation.win, rules)?;
    let pocchi = win.iter().chain(&pieces("closed", &situation.closed, rules)?).any(|p| *p == PhysTile::Pocchi);
    let riichi = situation.riichi || situation.double_riichi;
    let ura_pieces = if riichi { pieces("ura_indicators", &situation.ura_indicators, rules)? } else { Vec::new() };
    let ura_kinds = ura_pieces.iter().filter_map(|p| p.kind()).map(|k| rules.set.dora_from_indicator(k));
    let ura_nuki = hand.nuki.dora(ura_kinds.clone());
    let ura = match score.yakuman {
        0 => score.yaku.as_slice().iter().filter(|e| e.0 == Yaku::UraDora).map(|e| e.1).sum(),
        _ => ura_held(&held, hand.nuki, ura_kinds),
    };
    let w = WinRecord {
        seat: hand.seat_wind,
        score,
        red: hand.red,
        gold: hand.gold,
        blue: hand.blue,
        ura,
        ura_nuki: ura_nuki.min(ura),
        riichi,
        open_riichi: score.yaku.contains(Yaku::OpenRiichi),
        ippatsu: situation.ippatsu,
        pocchi_tsumo: situation.tsumo && win.first() == Some(&PhysTile::Pocchi),
        forced,
        nagashi: false,
        closed: hand.melds[..usize::from(hand.meld_count)].iter().all(|m| !m.is_open()),
        held,
        pocchi,
        nuki: hand.nuki,
        flowers,
    };
    Ok(if situation.nagashi { w.as_nagashi() } else { w })
}

/// The record of the one hand `situation` and `chips` describe (a win: `chips.ending` is
/// `win`): its winners (the line's, and a double ron's other in turn order from the
/// discarder), the discarder, the points after it, the extractions in order, the indicators
/// and Alice's tiles. A three-seat table is assumed (Gotō).
pub fn hand_record(rules: &Rules, situation: &Situation, chips: &HandChips) -> Result<HandRecord, ScoreError> {
    if chips.ending != CalcEnding::Win || chips.offender.is_some() || !chips.tenpai.is_empty() {
        return bad("chips: `offender` and `tenpai` are for `ending` \"chombo\", whose line holds no hand");
    }
    let w = win(rules, situation, chips.forced)?;
    if w.seat > 2 {
        return bad("chips: seat_wind N: three seats (E, S, W)");
    }
    let tsumo = situation.tsumo || situation.nagashi;
    match (tsumo, chips.from) {
        (true, Some(_)) => return bad("chips: `from` is for a ron, not a tsumo"),
        (false, None) => return bad("chips: a ron needs `from`, the discarder's seat (0–2)"),
        (false, Some(f)) if f > 2 || f == w.seat => return bad(format!("chips: `from` {f}: another seat, 0–2")),
        _ => {}
    }
    if chips.forced && (tsumo || !w.riichi) {
        return bad("chips: `forced` is a ron on a riichi winner (its open riichi, G-R3)");
    }
    let mut wins = vec![(w, situation)];
    if let Some(other) = &chips.double_ron {
        wins.push((second_winner(rules, situation, other, chips.from)?, other));
        let from = chips.from.unwrap_or(0);
        wins.sort_by_key(|(w, _)| (w.seat + 3 - from) % 3);
    }
    let mut r = HandRecord {
        ending: if situation.nagashi { HandEnding::Draw } else { HandEnding::Win },
        from: chips.from,
        ..record(rules, chips)?
    };
    wins.iter().for_each(|&(w, _)| r.push_win(w));
    match &chips.extractions {
        Some(list) => {
            extractions(rules, list, &mut r)?;
            let agree = wins.iter().all(|(w, _)| {
                let mine = r.extractions().iter().filter(|e| e.seat == w.seat);
                let mut nuki = w.nuki.kinds().none();
                let flowers = mine.fold(0u8, |m, e| match e.piece {
                    Extracted::Flower(f) => m | 1 << f as u8,
                    Extracted::Nuki(k) => {
                        nuki.add(k);
                        m
                    }
                });
                (nuki, flowers) == (w.nuki, w.flowers)
            });
            if !agree {
                return bad("chips: the winner's extractions disagree with `nuki` and `flowers`");
            }
        }
        None => {
            for (w, s) in &wins {
                for &k in w.nuki.kinds().as_slice() {
                    (0..w.nuki.of(k)).for_each(|_| r.push_extraction(usize::from(w.seat), Extracted::Nuki(k)));
                }
                for p in pieces("flowers", &s.flowers, rules)? {
                    if let Some(f) = p.flower() {
                        r.push_extraction(usize::from(w.seat), Extracted::Flower(f));
                    }
                }
            }
        }
    }
    indicators(rules, situation, &mut r)?;
    Ok(r)
}

/// A double ron's other winner: a ron off the same discarder on the same tile, another
/// seat, the same indicators.
fn second_winner(
    rules: &Rules,
    first: &Situation,
    other: &Situation,
    from: Option<u8>,
) -> Result<WinRecord, ScoreError> {
    if first.tsumo || first.nagashi || other.tsumo || other.nagashi {
        return bad("chips: double_ron: two rons on one discard");
    }
    let w = win_of(rules, other)?;
    let same_tile = pieces("win", &first.win, rules)?.first().and_then(|p| p.kind())
        == pieces("double_ron.win", &other.win, rules)?.first().and_then(|p| p.kind());
    if w.seat > 2 || Some(w.seat) == from || other.seat_wind == first.seat_wind || !same_tile {
        return bad("chips: double_ron: another seat (not `from`) winning on the same tile");
    }
    if (&other.dora_indicators, &other.ura_indicators) != (&first.dora_indicators, &first.ura_indicators) {
        return bad("chips: double_ron: the indicators differ from the line's");
    }
    Ok(w)
}

/// The record of a hand `chips` describes with no winning hand (`ending` `draw` or
/// `chombo`), and for a chombo each tenpai seat as its ron off the offender (G-M2): the
/// extractions given (none by default), the indicators of the tenpai seats' situations.
pub fn handless_record(rules: &Rules, chips: &HandChips) -> Result<(HandRecord, Vec<WinRecord>), ScoreError> {
    let extra = chips.from.is_some() || chips.double_ron.is_some() || chips.forced;
    match chips.ending {
        CalcEnding::Win => return bad("chips: `ending` \"win\" needs the line's hand"),
        _ if extra => return bad("chips: `from`, `double_ron` and `forced` are for a win"),
        CalcEnding::Draw if chips.offender.is_some() || !chips.tenpai.is_empty() => {
            return bad("chips: `offender` and `tenpai` are for `ending` \"chombo\"");
        }
        CalcEnding::Chombo if chips.offender.is_none_or(|o| o > 2) => {
            return bad("chips: `ending` \"chombo\" needs `offender`, the seat (0–2)");
        }
        _ => {}
    }
    let mut r = record(rules, chips)?;
    if let Some(list) = &chips.extractions {
        extractions(rules, list, &mut r)?;
    }
    let mut tenpai = Vec::with_capacity(chips.tenpai.len());
    for s in &chips.tenpai {
        let w = win_of(rules, s)?;
        if s.tsumo || s.nagashi || w.seat > 2 || Some(w.seat) == chips.offender {
            return bad("chips: tenpai: each a ron off the offender by another seat (0–2)");
        }
        if tenpai.iter().any(|t: &WinRecord| t.seat == w.seat) {
            return bad(format!("chips: tenpai: seat {} twice", w.seat));
        }
        let first = &chips.tenpai[0];
        if (&s.dora_indicators, &s.ura_indicators) != (&first.dora_indicators, &first.ura_indicators) {
            return bad("chips: tenpai: the indicators differ between the seats");
        }
        tenpai.push(w);
    }
    if let Some(first) = chips.tenpai.first() {
        indicators(rules, first, &mut r)?;
    }
    Ok((r, tenpai))
}

/// A blank three-seat record with the points and Alice's tiles of `chips`.
fn record(rules: &Rules, chips: &HandChips) -> Result<HandRecord, ScoreError> {
    if chips.first_dealer > 2 {
        return bad(format!("chips: `first_dealer` {}: a seat, 0–2", chips.first_dealer));
    }
    let after = chips.points_after.unwrap_or([35_000; 3]);
    let mut r = HandRecord {
        points_before: [35_000, 35_000, 35_000, 0],
        points_after: [after[0], after[1], after[2], 0],
        ..HandRecord::EMPTY
    };
    let alice = pieces("alice", &chips.alice, rules)?;
    if alice.len() > MAX_ALICE {
        return bad(format!("chips: alice: at most {MAX_ALICE} tiles (the unturned indicator places)"));
    }
    r.alice[..alice.len()].copy_from_slice(&alice);
    r.alice_count = alice.len() as u8;
    Ok(r)
}

/// Appends the extractions `list` (`[seat, "4z" | "1f"…"4f"]`, a nuki kind of the set or a
/// flower, in order) to `r`.
fn extractions(rules: &Rules, list: &[(u8, String)], r: &mut HandRecord) -> Result<(), ScoreError> {
    for (seat, text) in list {
        let piece = match &pieces("extractions", text, rules)?[..] {
            [PhysTile::Flower(f)] => Some(Extracted::Flower(*f)),
            [p] => p.kind().filter(|&k| rules.set.nuki().contains(k)).map(Extracted::Nuki),
            _ => None,
        };
        let Some(piece) = piece else {
            return bad(format!("chips: extraction \"{text}\": one nuki tile (4z) or flower (1f–4f)"));
        };
        if *seat > 2 {
            return bad(format!("chips: extraction by seat {seat}: seats 0–2"));
        }
        r.push_extraction(usize::from(*seat), piece);
    }
    Ok(())
}

/// The indicators of `situation` into `r`: up to [`MAX_INDICATORS`], an ura under each.
fn indicators(rules: &Rules, situation: &Situation, r: &mut HandRecord) -> Result<(), ScoreError> {
    let dora = pieces("dora_indicators", &situation.dora_indicators, rules)?;
    let ura = pieces("ura_indicators", &situation.ura_indicators, rules)?;
    if dora.len() > MAX_INDICATORS || ura.len() > dora.len() {
        return bad(format!("chips: at most {MAX_INDICATORS} indicators, an ura under each at most"));
    }
    for (i, &d) in dora.iter().enumerate() {
        r.indicators[i] = (d, ura.get(i).copied().unwrap_or(PhysTile::Plain(Tile::EAST)));
    }
    r.indicator_count = dora.len() as u8;
    Ok(())
}

/// A calculator error.
fn bad<T>(message: impl Into<String>) -> Result<T, ScoreError> {
    Err(ScoreError::Notation(message.into()))
}

/// `text` (field `field`) as pieces of the rules' set.
fn pieces(field: &str, text: &str, rules: &Rules) -> Result<Vec<PhysTile>, ScoreError> {
    parse_tiles(text, &rules.set).map_err(|e| ScoreError::Notation(format!("{field} \"{text}\": {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::{Flower, Nuki, NukiSpec};

    /// South's riichi ippatsu ron on 6p, a north and winter extracted, ura indicator 9m.
    fn riichi_ippatsu() -> Situation {
        serde_json::from_str(
            r#"{"id":1,"closed":"11999m406p123s4g6s","melds":[],"win":"6p","tsumo":false,"riichi":true,
            "double_riichi":false,"ippatsu":true,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,
            "seat_wind":"S","round_wind":"E","dealer":false,"dora_indicators":"1z","ura_indicators":"9m",
            "honba":0,"riichi_sticks":0,"nuki":1,"flowers":"4f"}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_winners_record_from_a_situation() {
        let rules = Rules::preset("goto").unwrap();
        let s = riichi_ippatsu();
        let w = win_of(&rules, &s).unwrap();
        assert_eq!((w.seat, w.red, w.gold, w.nuki, w.ippatsu, w.closed), (1, 1, 1, Nuki::norths(1), true, true));
        assert_eq!((w.held[0], w.held[8], w.pocchi), (2, 3, false));
        assert_eq!(w.ura, 2, "9m shows 1m: two ura");
        assert_eq!(w.flowers, 1 << Flower::Winter as u8);
        let ron = HandChips { from: Some(2), ..HandChips::default() };
        let r = hand_record(&rules, &s, &ron).unwrap();
        assert_eq!((r.from, r.extraction_count, r.indicator_count), (Some(2), 2, 1));
        assert!(hand_record(&rules, &s, &HandChips::default()).is_err(), "a ron needs its discarder");
        let wrong = HandChips { extractions: Some(vec![(1, "1f".into())]), ..ron };
        assert!(hand_record(&rules, &s, &wrong).is_err(), "extractions must agree with nuki and flowers");
        // A real yakuman's score lists no dora, but its ura still count for chips (G-C13).
        let suuankou = Situation {
            closed: "111222333p44455s".into(),
            win: "4s".into(),
            tsumo: true,
            ippatsu: false,
            nuki: NukiSpec::Count(0),
            flowers: String::new(),
            ura_indicators: "9p".into(),
            ..s
        };
        let w = win_of(&rules, &suuankou).unwrap();
        assert_eq!((w.score.yakuman, w.ura), (1, 3), "9p shows 1p: three ura in the triplet");
    }

    /// G-P3: a riichi 流し役満 with the ippatsu flag and ura indicators that would hit the
    /// hand earns its norths and summer, never ura, ippatsu or red chips (issue 29, item 8).
    #[test]
    fn a_riichi_nagashi_pays_norths_and_summer_but_no_ura_or_ippatsu() {
        use super::super::{ChipItem, ChipLedger, Transfer};
        use crate::GameSeeds;
        use crate::mahjong::table::RiichiTable;
        let table = RiichiTable::preset("goto").unwrap();
        let s = Situation { tsumo: true, nagashi: true, flowers: "2f".into(), ..riichi_ippatsu() };
        let w = win_of(table.rules(), &s).unwrap();
        assert!(w.nagashi && w.riichi);
        assert_eq!((w.ura, w.ura_nuki, w.ippatsu, w.red, w.gold), (0, 0, false, 0, 0), "no hand to count them on");
        assert_eq!(w.nuki, Nuki::norths(1), "the extracted north still counts");
        let record = hand_record(table.rules(), &s, &HandChips::default()).unwrap();
        let ledger = ChipLedger::new(table.settings().chips.unwrap(), &table, true);
        let mut paid: Vec<Transfer> = Vec::new();
        ledger.settle_hand(&record, false, &mut { States::START }, &mut GameSeeds::new(1).rng(0), &mut paid);
        let items = |item: ChipItem| paid.iter().filter(|t| t.item == item).count();
        assert_eq!((items(ChipItem::Ura), items(ChipItem::Ippatsu), items(ChipItem::Red)), (0, 0, 0), "{paid:?}");
        assert!(items(ChipItem::North) > 0 && items(ChipItem::Summer) > 0, "{paid:?}");
    }

    /// The chips `chips` settle for the hand of `line` (none: a handless ending) under Gotō.
    fn settled(line: Option<&Situation>, chips: &HandChips) -> Vec<super::super::Transfer> {
        use super::super::ChipLedger;
        use crate::GameSeeds;
        use crate::mahjong::table::RiichiTable;
        let table = RiichiTable::preset("goto").unwrap();
        let ledger = ChipLedger::new(table.settings().chips.unwrap(), &table, true);
        let mut paid = Vec::new();
        let mut dice = GameSeeds::new(1).rng(0);
        match (line, chips.offender) {
            (Some(s), _) => {
                let record = hand_record(table.rules(), s, chips).unwrap();
                ledger.settle_hand(&record, false, &mut { States::START }, &mut dice, &mut paid);
            }
            (None, Some(o)) => {
                let (record, tenpai) = handless_record(table.rules(), chips).unwrap();
                ledger.settle_chombo(o, &record, &tenpai, &States::START, &mut dice, &mut paid);
            }
            (None, None) => {
                let (record, _) = handless_record(table.rules(), chips).unwrap();
                ledger.settle_hand(&record, false, &mut { States::START }, &mut dice, &mut paid);
            }
        }
        paid
    }

    /// Gotō's chip rules.
    fn goto_chips() -> super::super::ChipRules {
        crate::mahjong::table::TableSettings::preset("goto").unwrap().chips.unwrap()
    }

    /// What `payer` paid `receiver` of `item`.
    fn paid(ts: &[super::super::Transfer], item: super::super::ChipItem, payer: u8, receiver: u8) -> i32 {
        ts.iter().filter(|t| t.item == item && t.payer == payer && t.receiver == receiver).map(|t| t.chips()).sum()
    }

    /// West's riichi ippatsu ron on 6p beside South's (a double ron off East).
    fn west_on_6p() -> Situation {
        Situation {
            closed: "999m456p789s234s55z".into(),
            seat_wind: "W".into(),
            nuki: NukiSpec::Count(0),
            flowers: String::new(),
            ..riichi_ippatsu()
        }
    }

    #[test]
    fn a_double_ron_settles_both_winners_in_turn_order_from_the_discarder() {
        use super::super::ChipItem;
        let rules = Rules::preset("goto").unwrap();
        let chips = HandChips { from: Some(0), double_ron: Some(Box::new(riichi_ippatsu())), ..HandChips::default() };
        // The line's hand is West's; South is nearer East in turn order, so it comes first.
        let r = hand_record(&rules, &west_on_6p(), &chips).unwrap();
        assert_eq!((r.win_count, r.wins[0].seat, r.wins[1].seat, r.from), (2, 1, 2, Some(0)));
        assert_eq!(r.extraction_count, 2, "South's north and winter");
        let ts = settled(Some(&west_on_6p()), &chips);
        assert_eq!((paid(&ts, ChipItem::Ippatsu, 0, 1), paid(&ts, ChipItem::Ippatsu, 0, 2)), (1, 1), "{ts:?}");
        let tsumo =
            HandChips { double_ron: Some(Box::new(Situation { tsumo: true, ..riichi_ippatsu() })), ..chips.clone() };
        assert!(hand_record(&rules, &west_on_6p(), &tsumo).is_err(), "two rons");
        let other = HandChips { double_ron: Some(Box::new(Situation { win: "3p".into(), ..west_on_6p() })), ..chips };
        assert!(hand_record(&rules, &riichi_ippatsu(), &other).is_err(), "one tile");
    }

    #[test]
    fn a_forced_deal_in_earns_the_yakuman_tier_chips() {
        use super::super::{ChipItem, SIT_OUT};
        let s = Situation { ippatsu: false, ..riichi_ippatsu() };
        let plain = HandChips { from: Some(2), ..HandChips::default() };
        let forced = HandChips { forced: true, ..plain.clone() };
        assert_eq!(paid(&settled(Some(&s), &plain), ChipItem::Yakuman, 2, 1), 0);
        let ts = settled(Some(&s), &forced);
        let five = goto_chips().yakuman;
        for payer in [0, 2, SIT_OUT] {
            assert_eq!(paid(&ts, ChipItem::Yakuman, payer, 1), five, "13 han counted (G-R3): {ts:?}");
        }
        let tsumo = HandChips { from: None, ..forced };
        assert!(hand_record(&Rules::preset("goto").unwrap(), &Situation { tsumo: true, ..s }, &tsumo).is_err());
    }

    #[test]
    fn an_exhaustive_draw_pays_the_sit_out_and_the_spring_extracted() {
        use super::super::{ChipItem, SIT_OUT};
        let chips = HandChips {
            ending: CalcEnding::Draw,
            extractions: Some(vec![(0, "1f".into()), (1, "4z".into())]),
            ..HandChips::default()
        };
        let ts = settled(None, &chips);
        let r = goto_chips();
        for seat in 0..3 {
            assert_eq!(paid(&ts, ChipItem::SitOutDraw, seat, SIT_OUT), r.sit_out_draw, "{ts:?}");
        }
        assert_eq!(paid(&ts, ChipItem::Spring, 2, 0), r.spring, "spring pays at its extraction");
        assert_eq!(ts.iter().filter(|t| t.item == ChipItem::SitOutNoSpring).count(), 0, "no win");
        let rules = Rules::preset("goto").unwrap();
        let with_from = HandChips { from: Some(1), ..chips.clone() };
        assert!(handless_record(&rules, &with_from).is_err(), "a draw has no discarder");
        assert!(hand_record(&rules, &riichi_ippatsu(), &chips).is_err(), "a draw's line holds no hand");
    }

    #[test]
    fn a_chombo_pays_five_to_everyone_and_each_tenpai_ron_off_the_offender() {
        use super::super::{ChipItem, SIT_OUT};
        let chips = HandChips {
            ending: CalcEnding::Chombo,
            offender: Some(2),
            tenpai: vec![riichi_ippatsu()],
            ..HandChips::default()
        };
        let ts = settled(None, &chips);
        let r = goto_chips();
        for receiver in [0, 1, SIT_OUT] {
            assert_eq!(paid(&ts, ChipItem::Chombo, 2, receiver), r.chombo, "{ts:?}");
        }
        assert_eq!(paid(&ts, ChipItem::Ippatsu, 2, 1), r.ippatsu, "South's ron off the offender");
        assert!(ts.iter().all(|t| t.payer == 2), "the offender pays every share: {ts:?}");
        let rules = Rules::preset("goto").unwrap();
        let no_offender = HandChips { offender: None, ..chips.clone() };
        assert!(handless_record(&rules, &no_offender).unwrap_err().to_string().contains("offender"));
        let own = HandChips { offender: Some(1), ..chips };
        assert!(handless_record(&rules, &own).unwrap_err().to_string().contains("tenpai"));
    }

    #[test]
    fn equal_final_points_rank_by_seat_order_from_the_first_dealer() {
        use super::super::{ChipItem, ChipLedger};
        use crate::mahjong::table::RiichiTable;
        let table = RiichiTable::preset("goto").unwrap();
        let ledger = ChipLedger::new(table.settings().chips.unwrap(), &table, false);
        let rank = |first: u8| {
            let mut ts: Vec<super::super::Transfer> = Vec::new();
            ledger.settle_end(&[45_000, 15_000, 45_000, 0], first, &mut ts);
            let top = goto_chips().rank_kubi.as_slice()[0];
            (0..3u8).find(|&s| {
                ts.iter().filter(|t| t.item == ChipItem::Rank && t.receiver == s).map(|t| t.chips()).sum::<i32>() == top
            })
        };
        assert_eq!((rank(0), rank(1), rank(2)), (Some(0), Some(2), Some(2)), "West is first from South and West");
        let bad = HandChips { first_dealer: 3, from: Some(2), ..HandChips::default() };
        let e = hand_record(&Rules::preset("goto").unwrap(), &riichi_ippatsu(), &bad).unwrap_err();
        assert!(e.to_string().contains("first_dealer"), "{e}");
    }
}
