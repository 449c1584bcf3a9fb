//! The one-hand chip calculator's engine half: the hand record of one win described by a
//! scoring [`Situation`] and what chips depend on beyond it ([`HandChips`]: the discarder,
//! the extractions in order, Alice's tiles, who went below zero, the cut-bi states), for
//! [`ChipLedger::settle_hand`](super::ChipLedger::settle_hand) to settle exactly as the
//! study does.

use super::cutbi::{State, States};
use crate::mahjong::table::{Extracted, HandEnding, HandRecord, MAX_ALICE, MAX_INDICATORS, WinRecord, ura_held};
use crate::mahjong::{PhysTile, Rules, ScoreError, Situation, Tile, Yaku, hand_of, parse_tiles, score_hand};
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
    let hand = hand_of(rules, situation)?;
    let score = score_hand(rules, &hand)?;
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
    let north_ura = ura_kinds.clone().filter(|&k| k == Tile::NORTH).count() as u8;
    let ura = match score.yakuman {
        0 => score.yaku.as_slice().iter().filter(|e| e.0 == Yaku::UraDora).map(|e| e.1).sum(),
        _ => ura_held(&held, hand.nuki, ura_kinds),
    };
    let w = WinRecord {
        seat: hand.seat_wind,
        score,
        red: hand.red,
        gold: hand.gold,
        ura,
        ura_nuki: (north_ura * hand.nuki).min(ura),
        riichi,
        open_riichi: score.yaku.contains(Yaku::OpenRiichi),
        ippatsu: situation.ippatsu,
        pocchi_tsumo: situation.tsumo && win.first() == Some(&PhysTile::Pocchi),
        forced: false,
        nagashi: false,
        closed: hand.melds[..usize::from(hand.meld_count)].iter().all(|m| !m.is_open()),
        held,
        pocchi,
        nuki: hand.nuki,
        flowers,
    };
    Ok(if situation.nagashi { w.as_nagashi() } else { w })
}

/// The record of the one hand `situation` and `chips` describe: its winner, the
/// discarder, the points after it, the extractions in order, the indicators and Alice's
/// tiles. A three-seat table is assumed (Gotō).
pub fn hand_record(rules: &Rules, situation: &Situation, chips: &HandChips) -> Result<HandRecord, ScoreError> {
    let w = win_of(rules, situation)?;
    let bad = |m: String| Err(ScoreError::Notation(m));
    if w.seat > 2 {
        return bad("chips: seat_wind N: three seats (E, S, W)".into());
    }
    match (situation.tsumo || situation.nagashi, chips.from) {
        (true, Some(_)) => return bad("chips: `from` is for a ron, not a tsumo".into()),
        (false, None) => return bad("chips: a ron needs `from`, the discarder's seat (0–2)".into()),
        (false, Some(f)) if f > 2 || f == w.seat => return bad(format!("chips: `from` {f}: another seat, 0–2")),
        _ => {}
    }
    let mut r = HandRecord {
        points_before: [35_000, 35_000, 35_000, 0],
        ending: if situation.nagashi { HandEnding::Draw } else { HandEnding::Win },
        from: chips.from,
        ..HandRecord::EMPTY
    };
    let after = chips.points_after.unwrap_or([35_000; 3]);
    r.points_after = [after[0], after[1], after[2], 0];
    r.push_win(w);
    let mut winner = (0u8, 0u8);
    match &chips.extractions {
        Some(list) => {
            for (seat, text) in list {
                let piece = match &pieces("extractions", text, rules)?[..] {
                    [PhysTile::Flower(f)] => Extracted::Flower(*f),
                    [p] if p.kind() == Some(Tile::NORTH) => Extracted::North,
                    _ => return bad(format!("chips: extraction \"{text}\": one north (4z) or flower (1f–4f)")),
                };
                if *seat > 2 {
                    return bad(format!("chips: extraction by seat {seat}: seats 0–2"));
                }
                if *seat == w.seat {
                    match piece {
                        Extracted::North => winner.0 += 1,
                        Extracted::Flower(f) => winner.1 |= 1 << f as u8,
                    }
                }
                r.push_extraction(usize::from(*seat), piece);
            }
            if winner != (w.nuki, w.flowers) {
                return bad("chips: the winner's extractions disagree with `nuki` and `flowers`".into());
            }
        }
        None => {
            (0..w.nuki).for_each(|_| r.push_extraction(usize::from(w.seat), Extracted::North));
            for p in pieces("flowers", &situation.flowers, rules)? {
                if let Some(f) = p.flower() {
                    r.push_extraction(usize::from(w.seat), Extracted::Flower(f));
                }
            }
        }
    }
    let dora = pieces("dora_indicators", &situation.dora_indicators, rules)?;
    let ura = pieces("ura_indicators", &situation.ura_indicators, rules)?;
    if dora.len() > MAX_INDICATORS || ura.len() > dora.len() {
        return bad(format!("chips: at most {MAX_INDICATORS} indicators, an ura under each at most"));
    }
    for (i, &d) in dora.iter().enumerate() {
        r.indicators[i] = (d, ura.get(i).copied().unwrap_or(PhysTile::Plain(Tile::EAST)));
    }
    r.indicator_count = dora.len() as u8;
    let alice = pieces("alice", &chips.alice, rules)?;
    if alice.len() > MAX_ALICE {
        return bad(format!("chips: alice: at most {MAX_ALICE} tiles (the unturned indicator places)"));
    }
    r.alice[..alice.len()].copy_from_slice(&alice);
    r.alice_count = alice.len() as u8;
    Ok(r)
}

/// `text` (field `field`) as pieces of the rules' set.
fn pieces(field: &str, text: &str, rules: &Rules) -> Result<Vec<PhysTile>, ScoreError> {
    parse_tiles(text, &rules.set).map_err(|e| ScoreError::Notation(format!("{field} \"{text}\": {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::Flower;

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
        assert_eq!((w.seat, w.red, w.gold, w.nuki, w.ippatsu, w.closed), (1, 1, 1, 1, true, true));
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
            nuki: 0,
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
        assert_eq!(w.nuki, 1, "the extracted north still counts");
        let record = hand_record(table.rules(), &s, &HandChips::default()).unwrap();
        let ledger = ChipLedger::new(table.settings().chips.unwrap(), &table, true);
        let mut paid: Vec<Transfer> = Vec::new();
        ledger.settle_hand(&record, false, &mut { States::START }, &mut GameSeeds::new(1).rng(0), &mut paid);
        let items = |item: ChipItem| paid.iter().filter(|t| t.item == item).count();
        assert_eq!((items(ChipItem::Ura), items(ChipItem::Ippatsu), items(ChipItem::Red)), (0, 0, 0), "{paid:?}");
        assert!(items(ChipItem::North) > 0 && items(ChipItem::Summer) > 0, "{paid:?}");
    }
}
