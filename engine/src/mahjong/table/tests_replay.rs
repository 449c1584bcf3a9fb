//! Replays: the table's own records replay clean; an injected illegal
//! action is named; a changed result is a mismatch and the replay goes on.

use super::mjai::{Event, parse_pai};
use super::replay::{FindingKind, replay};
use super::tests_scenarios::{Scene, t, wall};
use super::*;
use crate::mahjong::{PhysTile, Tile};
use crate::{GameSeeds, Table};

/// Plays game `i` with mixed bots (random ones call and kan a lot) and
/// returns its outcome and record.
fn record(game: &RiichiTable, table: &mut Table<RiichiTable>, i: u64) -> (HanchanOutcome, Vec<Event>) {
    let mut bots = [Bot::random(), Bot::efficiency(), Bot::random(), Bot::defensive()];
    let o = table.play(game, &mut bots, &mut GameSeeds::new(11).rng(i));
    (o, table.state().events.events().to_vec())
}

fn logged() -> RiichiTable {
    RiichiTable::preset("ron2-dojo").unwrap().with_event_log(true)
}

#[test]
fn the_tables_own_records_replay_clean() {
    let game = logged();
    let mut table = Table::new(&game);
    let (mut wins, mut kans) = (0, 0);
    for i in 0..200 {
        let (o, events) = record(&game, &mut table, i);
        let report = replay(&game, &events);
        assert!(report.is_clean(), "game {i}: {:?}", report.findings.first());
        assert_eq!((report.games, report.hands), (1, o.hands as usize), "game {i}");
        assert_eq!(report.wins, o.total_wins() as usize, "game {i}");
        wins += report.wins;
        kans += events.iter().filter(|e| matches!(e, Event::Ankan { .. } | Event::Kakan { .. })).count();
    }
    assert!(wins > 1000 && kans > 20, "the records cover wins and kans: {wins} wins, {kans} kans");
}

#[test]
fn two_games_in_one_record_replay_as_two() {
    let game = logged();
    let mut table = Table::new(&game);
    let (o1, mut events) = record(&game, &mut table, 1);
    let (o2, more) = record(&game, &mut table, 2);
    events.extend(more);
    let report = replay(&game, &events);
    assert!(report.is_clean(), "{:?}", report.findings);
    assert_eq!((report.games, report.hands), (2, (o1.hands + o2.hands) as usize));
}

/// The first discard in `events` of a kind its discarder does not hold,
/// made by rewriting discard `k`'s tile: returns the index changed.
fn inject_discard_not_held(events: &mut [Event]) -> usize {
    let k = events.iter().position(|e| matches!(e, Event::Dahai { .. })).unwrap();
    let Event::StartKyoku { tehais, .. } = events[1] else { panic!("a deal") };
    let Event::Dahai { actor, tsumogiri, .. } = events[k] else { unreachable!() };
    let held = |t: Tile| tehais[actor as usize].iter().any(|p| p.kind() == Some(t));
    let absent =
        Tile::all().find(|&t| !held(t) && !matches!(events[k - 1], Event::Tsumo { pai, .. } if pai.kind() == Some(t)));
    events[k] = Event::Dahai { actor, pai: PhysTile::Plain(absent.unwrap()), tsumogiri };
    k
}

#[test]
fn an_injected_illegal_discard_is_named_and_stops_the_game() {
    let game = logged();
    let mut table = Table::new(&game);
    let (_, mut events) = record(&game, &mut table, 3);
    let k = inject_discard_not_held(&mut events);
    let report = replay(&game, &events);
    assert_eq!(report.findings.len(), 1, "{:?}", report.findings);
    let f = &report.findings[0];
    assert_eq!((f.event, f.kind), (k, FindingKind::Illegal));
    assert!(f.message.contains("may not Discard"), "{}", f.message);
    assert_eq!(report.hands, 1, "the game stopped in its first hand");
}

#[test]
fn a_tsumogiri_flag_that_contradicts_the_draw_is_illegal() {
    let game = logged();
    let mut table = Table::new(&game);
    let (_, events) = record(&game, &mut table, 3);
    let flagged = |e: &Event, want: bool| matches!(e, Event::Dahai { tsumogiri: Some(f), .. } if *f == want);
    let flip = |k: usize| {
        let mut edited = events.clone();
        let Event::Dahai { actor, pai, tsumogiri: Some(f) } = events[k] else { unreachable!() };
        edited[k] = Event::Dahai { actor, pai, tsumogiri: Some(!f) };
        let report = replay(&game, &edited);
        report.findings.first().filter(|f| f.event == k && f.kind == FindingKind::Illegal).map(|f| f.message.clone())
    };
    // A discard from the hand flagged as the tile just drawn.
    let k = (0..events.len()).find(|&k| flagged(&events[k], false)).unwrap();
    let message = flip(k).expect("a finding at the edited discard");
    assert!(message.contains("flagged tsumogiri") && message.contains("not the tile just drawn"), "{message}");
    // The tile just drawn, of a kind the hand held no other of, not flagged.
    let found = (0..events.len()).filter(|&k| flagged(&events[k], true)).find_map(flip);
    let message = found.expect("a tsumogiri discard of a tile held once");
    assert!(message.contains("not flagged tsumogiri"), "{message}");
    // A record that leaves the flag out is not checked.
    let bare: Vec<Event> = events
        .iter()
        .map(|e| match *e {
            Event::Dahai { actor, pai, .. } => Event::Dahai { actor, pai, tsumogiri: None },
            e => e,
        })
        .collect();
    assert!(replay(&game, &bare).is_clean());
}

#[test]
fn an_injected_call_by_the_wrong_seat_is_illegal() {
    let game = logged();
    let mut table = Table::new(&game);
    for i in 0..50 {
        let (_, mut events) = record(&game, &mut table, i);
        // A chi by the seat across from the discarder (chi only from the left).
        let Some(k) = events.iter().position(|e| matches!(e, Event::Chi { .. })) else { continue };
        let Event::Chi { actor, target, pai, consumed } = events[k] else { unreachable!() };
        let across = (target + 2) % MAX_SEATS as u8;
        events[k] = Event::Chi { actor: across, target, pai, consumed };
        let report = replay(&game, &events);
        let f = report.findings.last().expect("a finding");
        assert_eq!((f.event, f.kind), (k, FindingKind::Illegal), "game {i}: {f:?} (chi by {actor} moved)");
        return;
    }
    panic!("no chi in 50 games");
}

#[test]
fn a_changed_win_is_a_mismatch_and_the_replay_goes_on() {
    let game = logged();
    let mut table = Table::new(&game);
    let (o, mut events) = record(&game, &mut table, 4);
    let k = events.iter().position(|e| matches!(e, Event::Hora { .. })).unwrap();
    let Event::Hora { deltas: Some(ref mut deltas), ref mut score, .. } = events[k] else { unreachable!() };
    deltas.swap(0, 1);
    if deltas[0] == deltas[1] {
        deltas[2] += 100;
        deltas[3] -= 100;
    }
    let han = score.as_mut().map(|s| s.han).unwrap();
    let report = replay(&game, &events);
    assert_eq!(report.findings.len(), 1, "{:?}", report.findings);
    let f = &report.findings[0];
    assert_eq!((f.event, f.kind), (k, FindingKind::Mismatch));
    assert!(f.message.contains("scores differently"), "{}", f.message);
    assert_eq!(report.hands, o.hands as usize, "the replay went on to the end");
    assert!(han > 0);

    let (_, mut events) = record(&game, &mut table, 4);
    let Event::Hora { ref mut score, .. } = events[k] else { unreachable!() };
    score.as_mut().unwrap().han += 1;
    let report = replay(&game, &events);
    assert_eq!(report.findings.iter().map(|f| (f.event, f.kind)).collect::<Vec<_>>(), [(k, FindingKind::Mismatch)]);
}

#[test]
fn a_record_under_other_rules_differs_from_its_first_hand() {
    // A 25,000-point start replayed under the 30,000-point dojo preset.
    let game = logged();
    let mut table = Table::new(&game);
    let (_, mut events) = record(&game, &mut table, 5);
    for e in events.iter_mut() {
        if let Event::StartKyoku { scores, .. } = e {
            scores.iter_mut().for_each(|s| *s -= 5000);
        }
    }
    let report = replay(&game, &events);
    let f = &report.findings[0];
    assert_eq!((f.event, f.kind), (1, FindingKind::Mismatch), "{f:?}");
}

#[test]
fn a_truncated_record_is_named() {
    let game = logged();
    let mut table = Table::new(&game);
    let (_, events) = record(&game, &mut table, 6);
    let cut = events.len() / 2;
    let report = replay(&game, &events[..cut]);
    let f = report.findings.last().unwrap();
    assert_eq!(f.kind, FindingKind::Illegal);
    assert!(f.message.starts_with("the record ends"), "{}", f.message);
}

#[test]
fn pai_names_read_back() {
    for i in 0..34 {
        let t = Tile::from_index(i).unwrap();
        let p = PhysTile::Plain(t);
        assert_eq!(parse_pai(mjai::pai_name(p)), Some(p));
    }
    assert_eq!(parse_pai("5sr"), Some(PhysTile::Red(Tile::from_index(22).unwrap())));
    for bad in ["", "0m", "5zr", "1mr", "?", "Pr", "10p"] {
        assert_eq!(parse_pai(bad), None, "{bad}");
    }
}

#[test]
fn marked_first_gives_up_the_red_five() {
    let five = Tile::from_index(4).unwrap();
    let mut s = SeatState::EMPTY;
    s.add(PhysTile::Red(five));
    s.add(PhysTile::Plain(five));
    let mut t = s;
    assert!(!s.take(five, 1).first().is_red(), "the table keeps the red five");
    t.marked_first = pieces::Marked::of(&[PhysTile::Red(five)]);
    assert!(t.take(five, 1).first().is_red(), "a replay may give it up");
    assert_eq!((s.marked.red(), t.marked.red()), (1, 0));
}

/// In `events`, a seat that discards a plain five while holding the red
/// one, and later the red one, neither discard called or won on: their
/// indices.
fn plain_then_red_discards(events: &[Event]) -> Option<(usize, usize)> {
    let mut red_held = [false; MAX_SEATS * 3];
    let mut first: [Option<usize>; MAX_SEATS * 3] = [None; MAX_SEATS * 3];
    let quiet = |k: usize| matches!(events.get(k + 1), Some(Event::Tsumo { .. } | Event::ReachAccepted { .. }));
    let gain = |red_held: &mut [bool; MAX_SEATS * 3], actor: u8, p: PhysTile| {
        if p.is_red() {
            red_held[actor as usize * 3 + p.kind().unwrap().index() / 9] = true;
        }
    };
    for (k, e) in events.iter().enumerate() {
        match *e {
            Event::StartKyoku { tehais, .. } => {
                red_held = [false; MAX_SEATS * 3];
                first = [None; MAX_SEATS * 3];
                for (s, h) in tehais.iter().enumerate() {
                    h.iter().for_each(|&p| gain(&mut red_held, s as u8, p));
                }
            }
            Event::Tsumo { actor, pai } => gain(&mut red_held, actor, pai),
            Event::Dahai { actor, pai, .. } => {
                let t = pai.kind().unwrap();
                if t.index() < 27 && t.number() == 5 {
                    let slot = actor as usize * 3 + t.index() / 9;
                    match (pai.is_red(), first[slot]) {
                        (false, None) if red_held[slot] && quiet(k) => first[slot] = Some(k),
                        (true, Some(f)) if quiet(k) => return Some((f, k)),
                        (true, _) => red_held[slot] = false,
                        _ => {}
                    }
                }
            }
            Event::Chi { actor, .. } | Event::Pon { actor, .. } | Event::Daiminkan { actor, .. } => {
                // A call may use the red five: forget this seat's candidates.
                (0..3).for_each(|i| first[actor as usize * 3 + i] = None);
            }
            _ => {}
        }
    }
    None
}

#[test]
fn a_record_that_gives_up_the_red_five_first_replays_clean() {
    let game = logged();
    let mut table = Table::new(&game);
    for i in 0..100 {
        let (_, mut events) = record(&game, &mut table, i);
        let Some((plain, red)) = plain_then_red_discards(&events) else { continue };
        let (Event::Dahai { pai: p, .. }, Event::Dahai { pai: r, .. }) = (events[plain], events[red]) else {
            unreachable!()
        };
        for (k, pai) in [(plain, r), (red, p)] {
            if let Event::Dahai { pai: ref mut x, .. } = events[k] {
                *x = pai;
            }
        }
        let report = replay(&game, &events);
        assert!(report.is_clean(), "game {i}: {:?}", report.findings);
        return;
    }
    panic!("no seat discarded a plain five while holding the red one in 100 games");
}

#[test]
fn goto_records_round_trip_through_json_and_replay_clean() {
    let game = RiichiTable::preset("goto").unwrap().with_event_log(true);
    let mut table = Table::new(&game);
    let mut seen = [0usize; 4];
    for i in 0..150 {
        let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::random()];
        let o = table.play(&game, &mut bots, &mut GameSeeds::new(13).rng(i));
        let events = table.state().events.events();
        let lines: Vec<String> = events.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
        let read: Vec<Event> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(read, events, "game {i}: the JSON reads back as written");
        let report = replay(&game, &read);
        assert!(report.is_clean(), "game {i}: {:?}", report.findings.first());
        assert_eq!((report.hands, report.wins), (o.hands as usize, o.total_wins() as usize), "game {i}");
        for line in &lines {
            seen[0] += usize::from(line.contains("\"nukidora\""));
            seen[1] += usize::from(line.contains("\"hana\""));
            seen[2] += usize::from(line.contains("\"open\":true"));
            seen[3] += usize::from(line.contains("\"Pp\"") || line.contains("g\""));
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "nukidora, hana, open riichi, Gotō pieces: {seen:?}");
}

#[test]
fn records_without_end_kyoku_or_reach_accepted_replay_clean() {
    let game = logged();
    let mut table = Table::new(&game);
    let (_, mut events) = record(&game, &mut table, 4);
    let before = events.len();
    events.retain(|e| !matches!(e, Event::EndKyoku | Event::ReachAccepted { .. }));
    assert!(events.len() + 8 < before, "the game had hands and riichi");
    let report = replay(&game, &events);
    assert!(report.is_clean(), "{:?}", report.findings.first());
}

#[test]
fn a_tsumo_written_before_an_abortive_draw_is_accepted() {
    // 四風連打: the fourth 3z discard aborts the hand; another engine's writer adds the draw
    // seat 0 would have made before its `ryukyoku`.
    let w = wall(
        ["123m456m789m123p4p", "123s456s789s11z2z2z", "159m159p159s2z5z6z7z", "268m268p268s4z4z6z6z"],
        "3z3z3z3z",
        "",
    );
    let mut sc = Scene::new(RiichiTable::preset("ron2-dojo").unwrap().with_event_log(true), |_| {}, &w);
    for seat in 0..4 {
        sc.act(seat, Action::Discard(t("3z")));
    }
    // The record: the scene's deal, this hand and the next deal, where it stops.
    let mut events = scene_record(&sc);
    let k = events.iter().position(|e| matches!(e, Event::Ryukyoku { .. })).unwrap();
    let plain = replay(&sc.game, &events);
    assert_eq!(plain.findings.len(), 1, "only the record's end: {:?}", plain.findings);
    assert!(plain.findings[0].event > k, "{k}: {:?}", plain.findings);
    events.insert(k, Event::Tsumo { actor: 0, pai: PhysTile::Plain(t("9p")) });
    let with_draw = replay(&sc.game, &events);
    assert_eq!(with_draw.findings.len(), 1, "{:?}", with_draw.findings);
    assert_eq!(with_draw.findings[0].message, plain.findings[0].message);
    assert_eq!(with_draw.hands, 2);
}

/// A scene's record: `start_game`, then the table's events from the scene's deal (the second
/// `start_kyoku`: the first is the random deal the scene replaced) on.
fn scene_record(sc: &Scene) -> Vec<Event> {
    let table_events = sc.s.events.events();
    let deal = table_events.iter().enumerate().filter(|e| matches!(e.1, Event::StartKyoku { .. })).nth(1).unwrap().0;
    [Event::StartGame].into_iter().chain(table_events[deal..].iter().copied()).collect()
}

/// Asserts that `events` replay at `game` with one finding only, where the record ends (after
/// event `after`).
fn replays_to_its_end(game: &RiichiTable, events: &[Event], after: usize) {
    let report = replay(game, events);
    assert_eq!(report.findings.len(), 1, "only the record's end: {:?}", report.findings);
    assert!(report.findings[0].event > after, "{after}: {:?}", report.findings);
}

/// Found by fuzzing (`fuzz/` target `mjai_replay`): a record discarding a flower panicked
/// the replay (a flower has no kind); it is an illegal event.
#[test]
fn a_discarded_flower_is_illegal_not_a_panic() {
    let game = logged();
    let (_, mut events) = record(&game, &mut Table::new(&game), 0);
    let flower = parse_pai("1f").unwrap();
    assert!(flower.kind().is_none());
    let at = events.iter().position(|e| matches!(e, Event::Dahai { .. })).unwrap();
    if let Event::Dahai { pai, .. } = &mut events[at] {
        *pai = flower;
    }
    let report = replay(&game, &events);
    assert_eq!(report.findings.len(), 1, "{:?}", report.findings);
    assert_eq!((report.findings[0].kind, report.findings[0].event), (FindingKind::Illegal, at));
    assert!(report.findings[0].message.contains("flower"), "{}", report.findings[0].message);
}

/// A chi that takes the red five while a plain five is held, and the seat after the chi's
/// caller still to answer (it may pon): the red five is taken when the offer resolves. The
/// record is the table's own hand with the chi's pieces written as a player chose them.
#[test]
fn a_chi_taking_the_red_five_replays_while_another_seat_still_answers() {
    let w = wall(["4m123p456p789p111z", "056m222s333s444s5z", "44m666s777s888s66z", "9m111s999s222z333z"], "1z", "");
    let mut sc = Scene::new(logged(), |_| {}, &w);
    sc.act(0, Action::Discard(t("4m")));
    sc.act(1, Action::Chi(t("4m")));
    sc.act(2, Action::Pass);
    sc.act(1, Action::Discard(t("5z")));
    let mut events = scene_record(&sc);
    let k = events.iter().position(|e| matches!(e, Event::Chi { .. })).unwrap();
    let Event::Chi { actor, target, pai, consumed } = events[k] else { unreachable!() };
    assert!(!consumed.iter().any(|p| p.is_red()), "the table keeps the red five: {consumed:?}");
    let red = parse_pai("5mr").unwrap();
    events[k] = Event::Chi { actor, target, pai, consumed: [red, parse_pai("6m").unwrap()] };
    replays_to_its_end(&sc.game, &events, k);
}

/// A blue five discarded while a plain five is held, and called: the record's blue piece
/// is the one the replay plays (so the table's own record, the plain five discarded,
/// replays clean too). The record is the table's own hand with the discard written as a
/// player chose it, on a club's set with one blue 5p.
#[test]
fn a_record_that_discards_the_blue_five_replays_clean() {
    let rules = crate::mahjong::tests_blue::four_seat_rules(1);
    let w = super::tests_scenarios::fixed_wall(
        &rules.set,
        &["5bp23m67m23s678s22z", "11m4m8m9m1s4s8s9s3456z", "50p19p3m7m9m2s11z456z", "1379p258m37s4567z"],
        "4p",
        super::tests_scenarios::DEAD_START,
        "",
    );
    let game = RiichiTable::with_rules(TableSettings::preset("ron2-dojo").unwrap(), rules).unwrap();
    let mut sc = Scene::new(game.with_event_log(true), |_| {}, &w);
    sc.act(0, Action::Discard(t("5p")));
    sc.act(2, Action::Pon);
    sc.act(2, Action::Discard(t("1z")));
    let mut events = scene_record(&sc);
    let k = events.iter().position(|e| matches!(e, Event::Dahai { .. })).unwrap();
    let (blue, plain) = (parse_pai("5pb").unwrap(), parse_pai("5p").unwrap());
    assert_eq!(
        events[k],
        Event::Dahai { actor: 0, pai: plain, tsumogiri: Some(false) },
        "the table keeps the blue five"
    );
    assert!(matches!(events[k + 1], Event::Pon { actor: 2, pai, .. } if pai == plain));
    replays_to_its_end(&sc.game, &events, k + 2);
    events[k] = Event::Dahai { actor: 0, pai: blue, tsumogiri: Some(false) };
    if let Event::Pon { pai, .. } = &mut events[k + 1] {
        *pai = blue;
    }
    replays_to_its_end(&sc.game, &events, k + 2);
}
