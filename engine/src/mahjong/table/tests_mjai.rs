//! The mjai event record: off by default, over many seeded games a
//! consistent story (hands replayed from the events, points followed from
//! deal to deal, no piece used twice), and the same events after a trip
//! through mjai JSON.

use super::mjai::{Event, UraMarkers, pai_name};
use super::*;
use crate::mahjong::{PhysTile, Tile};
use crate::{GameSeeds, Table};

/// Index of a piece among 34 kinds and the three red fives.
fn slot(p: PhysTile) -> usize {
    let t = p.kind().unwrap().index();
    if p.is_red() { 34 + t / 9 } else { t }
}

fn play(game: &RiichiTable, table: &mut Table<RiichiTable>, i: u64) -> HanchanOutcome {
    let mut bots = [Bot::efficiency(), Bot::random(), Bot::defensive(), Bot::random()];
    table.play(game, &mut bots, &mut GameSeeds::new(5).rng(i))
}

/// Counts a piece seen this hand: at most four of a kind, one red five each.
fn use_piece(used: &mut [u8; 37], p: PhysTile) {
    used[slot(p)] += 1;
    let t = p.kind().unwrap().index();
    let red = if t < 27 && t % 9 == 4 { used[34 + t / 9] } else { 0 };
    assert!(used[t] + red <= 4 && red <= 1, "more than four of {} in a hand", pai_name(p));
}

/// Replays the events of one game, asserting they tell a consistent story.
fn check(events: &[Event], start: i32, outcome: &HanchanOutcome) {
    assert_eq!(events.first(), Some(&Event::StartGame));
    assert_eq!(events.last(), Some(&Event::EndGame { scores: Some(outcome.points) }));
    let mut hands = [[0u8; 37]; MAX_SEATS];
    let mut used = [0u8; 37];
    let mut points = [start; MAX_SEATS];
    let mut sticks = 0;
    let mut wins = 0;
    // Ura indicators already counted this hand (a double ron shows them twice).
    let mut ura_seen = 0;
    for (k, e) in events.iter().enumerate() {
        let take = |hand: &mut [u8; 37], p: PhysTile| {
            assert!(hand[slot(p)] > 0, "event {k} {e:?}: {} is not in the hand", pai_name(p));
            hand[slot(p)] -= 1;
        };
        match *e {
            Event::StartKyoku { kyotaku, dora_marker, scores, tehais, .. } => {
                assert_eq!(scores, points, "scores carried from the last hand");
                assert_eq!(scores.iter().sum::<i32>() + 1000 * kyotaku as i32, 4 * start);
                sticks = kyotaku as i32;
                used = [0; 37];
                ura_seen = 0;
                use_piece(&mut used, dora_marker);
                for (h, dealt) in hands.iter_mut().zip(tehais) {
                    *h = [0; 37];
                    for p in dealt {
                        h[slot(p)] += 1;
                        use_piece(&mut used, p);
                    }
                }
            }
            Event::Tsumo { actor, pai } => {
                use_piece(&mut used, pai);
                hands[actor as usize][slot(pai)] += 1;
                let next = events[k + 1];
                let ok = match next {
                    Event::Dahai { actor: a, .. }
                    | Event::Reach { actor: a, .. }
                    | Event::Ankan { actor: a, .. }
                    | Event::Kakan { actor: a, .. }
                    | Event::Hora { actor: a, .. } => a == actor,
                    Event::Ryukyoku { deltas } => deltas == Some([0; MAX_SEATS]),
                    _ => false,
                };
                assert!(ok, "event {k}: a draw followed by {next:?}");
            }
            Event::Dahai { actor, pai, .. } => take(&mut hands[actor as usize], pai),
            Event::Chi { actor, consumed, .. } | Event::Pon { actor, consumed, .. } => {
                consumed.iter().for_each(|&p| take(&mut hands[actor as usize], p));
            }
            Event::Daiminkan { actor, consumed, .. } => {
                consumed.iter().for_each(|&p| take(&mut hands[actor as usize], p))
            }
            Event::Ankan { actor, consumed } => consumed.iter().for_each(|&p| take(&mut hands[actor as usize], p)),
            Event::Kakan { actor, pai, .. } => take(&mut hands[actor as usize], pai),
            Event::ReachAccepted { actor } => {
                points[actor as usize] -= 1000;
                sticks += 1;
            }
            Event::Dora { dora_marker } => use_piece(&mut used, dora_marker),
            Event::Hora { deltas, ura_markers, .. } => {
                let deltas = deltas.expect("the table states deltas");
                for &p in ura_markers.as_slice().iter().skip(ura_seen) {
                    use_piece(&mut used, p);
                }
                ura_seen = ura_seen.max(ura_markers.as_slice().len());
                assert_eq!(deltas.iter().sum::<i32>(), 1000 * sticks, "a win moves points plus the sticks");
                sticks = 0;
                wins += 1;
                (0..MAX_SEATS).for_each(|s| points[s] += deltas[s]);
            }
            Event::Ryukyoku { deltas } => {
                let deltas = deltas.expect("the table states deltas");
                assert_eq!(deltas.iter().sum::<i32>(), 0);
                (0..MAX_SEATS).for_each(|s| points[s] += deltas[s]);
            }
            Event::EndKyoku => assert!(matches!(events[k + 1], Event::StartKyoku { .. } | Event::EndGame { .. })),
            Event::StartGame | Event::Reach { .. } | Event::EndGame { .. } => {}
            Event::None => panic!("the table writes no `none` event"),
            Event::Nukidora { .. } | Event::Hana { .. } => panic!("no extraction at a four-player table"),
        }
    }
    assert_eq!(wins, outcome.wins.iter().map(|&w| w as u32).sum::<u32>());
    let top = outcome.ranks.iter().position(|&r| r == 0).unwrap();
    points[top] += 1000 * sticks;
    assert_eq!(points, outcome.points, "the events account for every point");
}

#[test]
fn events_tell_a_consistent_story() {
    let game = RiichiTable::preset("ron2-dojo").unwrap().with_event_log(true);
    let mut table = Table::new(&game);
    let mut seen = [0usize; 6];
    for i in 0..300 {
        let o = play(&game, &mut table, i);
        let events = table.state().events.events();
        check(events, game.settings().start_points, &o);
        for e in events {
            let k = match e {
                Event::Chi { .. } => 0,
                Event::Pon { .. } => 1,
                Event::Daiminkan { .. } => 2,
                Event::Kakan { .. } => 3,
                Event::Ankan { .. } => 4,
                Event::Dora { .. } => 5,
                _ => continue,
            };
            seen[k] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every call kind and kan dora occurs: {seen:?}");
}

#[test]
fn recording_is_off_by_default_and_does_not_change_the_game() {
    let plain = RiichiTable::preset("ron2-dojo").unwrap();
    let logged = plain.clone().with_event_log(true);
    let (mut a, mut b) = (Table::new(&plain), Table::new(&logged));
    for i in 0..20 {
        assert_eq!(play(&plain, &mut a, i), play(&logged, &mut b, i));
        assert!(a.state().events.events().is_empty());
        assert!(b.state().events.events().len() > 100);
    }
}

#[test]
fn events_render_as_mjai_json_lines() {
    let five = Tile::from_index(13).unwrap();
    let pon = Event::Pon {
        actor: 2,
        target: 1,
        pai: PhysTile::Red(five),
        consumed: [PhysTile::Plain(five), PhysTile::Plain(five)],
    };
    let dahai = Event::Dahai { actor: 0, pai: PhysTile::Plain(Tile::HATSU), tsumogiri: Some(true) };
    let ura = [PhysTile::Plain(Tile::EAST), PhysTile::Plain(Tile::CHUN)];
    let hora = Event::Hora {
        actor: 1,
        target: 3,
        pai: Some(PhysTile::Plain(Tile::HAKU)),
        deltas: Some([0, 8000, 0, -7000]),
        ura_markers: UraMarkers::new(ura),
        score: None,
    };
    let lines: Vec<String> =
        [pon, dahai, hora, Event::EndGame { scores: None }].iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    assert_eq!(
        lines,
        [
            r#"{"type":"pon","actor":2,"target":1,"pai":"5pr","consumed":["5p","5p"]}"#,
            r#"{"type":"dahai","actor":0,"pai":"F","tsumogiri":true}"#,
            r#"{"type":"hora","actor":1,"target":3,"pai":"P","deltas":[0,8000,0,-7000],"ura_markers":["E","C"]}"#,
            r#"{"type":"end_game"}"#,
        ]
    );
}

#[test]
fn every_event_of_many_games_survives_a_trip_through_json() {
    let game = RiichiTable::preset("ron2-dojo").unwrap().with_event_log(true);
    let mut table = Table::new(&game);
    for i in 0..40 {
        play(&game, &mut table, i);
        for e in table.state().events.events() {
            let line = serde_json::to_string(e).unwrap();
            let back: Event = serde_json::from_str(&line).unwrap_or_else(|err| panic!("{line}: {err}"));
            assert_eq!(&back, e, "{line}");
        }
    }
}

#[test]
fn mortal_style_records_read() {
    let read = |line: &str| serde_json::from_str::<Event>(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let red = PhysTile::Red(Tile::from_index(22).unwrap());
    assert_eq!(read(r#"{"type":"none"}"#), Event::None);
    assert_eq!(read(r#"{"type":"start_game","names":["a","b","c","d"],"seed":[1,2]}"#), Event::StartGame);
    assert_eq!(read(r#"{"type":"tsumo","actor":2,"pai":"5sr"}"#), Event::Tsumo { actor: 2, pai: red });
    let hora = read(r#"{"type":"hora","actor":2,"target":2,"uradora_markers":["5sr"]}"#);
    let ura = UraMarkers::new([red]);
    assert_eq!(hora, Event::Hora { actor: 2, target: 2, pai: None, deltas: None, ura_markers: ura, score: None });
    let hora = read(r#"{"type":"hora","actor":0,"target":1,"pai":"C","fan":3,"fu":40,"yakus":[["made-up",1]]}"#);
    assert!(
        matches!(hora, Event::Hora { score: Some(s), .. } if (s.han, s.fu, s.yaku.as_slice().len()) == (3, 40, 0)),
        "{hora:?}"
    );
    let accepted = read(r#"{"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[1,2,3,4]}"#);
    assert_eq!(accepted, Event::ReachAccepted { actor: 1 });
    assert_eq!(read(r#"{"type":"ryukyoku"}"#), Event::Ryukyoku { deltas: None });
    assert_eq!(
        read(r#"{"type":"dahai","actor":3,"pai":"1m"}"#),
        Event::Dahai { actor: 3, pai: PhysTile::Plain(Tile::from_index(0).unwrap()), tsumogiri: None }
    );
}

#[test]
fn bad_records_say_what_is_wrong() {
    let cases = [
        (r#"{"type":"tsumo","actor":4,"pai":"1m"}"#, "seat 4 is not 0–3"),
        (r#"{"type":"tsumo","actor":0,"pai":"0m"}"#, "unknown tile `0m`"),
        (r#"{"type":"tsumo","actor":0,"pai":"?"}"#, "hidden tile `?`"),
        (r#"{"type":"pei","actor":0}"#, "unknown variant `pei`"),
        (r#"{"type":"pon","actor":0,"target":1,"pai":"C","consumed":["C"]}"#, "2 tiles expected, got 1"),
        (r#"{"type":"start_kyoku","bakaze":"X"}"#, "round wind `X`"),
        (r#"{"type":"tsumo","actor":0}"#, "missing field `pai`"),
    ];
    for (line, message) in cases {
        let e = serde_json::from_str::<Event>(line).unwrap_err().to_string();
        assert!(e.contains(message), "{line}: {e}");
    }
}

/// Three-seat records as other engines write them: three numbers in `scores` and `deltas`,
/// an extraction as `kita` without its piece.
#[test]
fn three_seat_records_of_other_engines_read_as_written() {
    let read = |line: &str| serde_json::from_str::<Event>(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let kita = read(r#"{"type":"kita","actor":2}"#);
    assert_eq!(kita, Event::Nukidora { actor: 2, pai: PhysTile::Plain(Tile::NORTH) });
    let hora = read(r#"{"type":"hora","actor":0,"target":1,"deltas":[8000,-8000,0]}"#);
    assert!(matches!(hora, Event::Hora { deltas: Some([8000, -8000, 0, 0]), .. }), "{hora:?}");
    let draw = read(r#"{"type":"ryukyoku","deltas":[1000,1000,-2000]}"#);
    assert_eq!(draw, Event::Ryukyoku { deltas: Some([1000, 1000, -2000, 0]) });
    assert_eq!(
        read(r#"{"type":"end_game","scores":[50000,30000,25000]}"#),
        Event::EndGame { scores: Some([50000, 30000, 25000, 0]) }
    );
    let deal = r#"{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1p","scores":[35000,35000,35000],"tehais":[["1p","1p","1p","2p","2p","2p","3p","3p","3p","4p","4p","4p","5p"],["1s","1s","1s","2s","2s","2s","3s","3s","3s","4s","4s","4s","5s"],["E","E","E","S","S","S","W","W","W","N","N","N","P"]]}"#;
    assert!(matches!(read(deal), Event::StartKyoku { scores: [35000, 35000, 35000, 0], .. }));
    let two = serde_json::from_str::<Event>(r#"{"type":"ryukyoku","deltas":[1,2]}"#).unwrap_err();
    assert!(two.to_string().contains("three or four"), "{two}");
}

/// A Gotō hand turns two indicators at the deal and one per kan: six ura indicators, all
/// kept by the record (and read back), a seventh refused.
#[test]
fn a_hora_keeps_all_six_ura_indicators_of_a_goto_hand() {
    let six = r#"{"type":"hora","actor":1,"target":1,"ura_markers":["E","S","W","N","P","F"]}"#;
    let hora: Event = serde_json::from_str(six).unwrap();
    let Event::Hora { ura_markers, .. } = hora else { panic!("{hora:?}") };
    assert_eq!(ura_markers.as_slice().len(), 6);
    assert_eq!(ura_markers.as_slice()[5], PhysTile::Plain(Tile::HATSU));
    assert_eq!(serde_json::to_string(&hora).unwrap(), six);
    let kinds = [Tile::EAST, Tile::SOUTH, Tile::WEST, Tile::NORTH, Tile::HAKU, Tile::HATSU, Tile::CHUN];
    assert_eq!(UraMarkers::new(kinds.map(PhysTile::Plain)).as_slice().len(), 6);
    let seven = six.replace(r#""F"]"#, r#""F","C"]"#);
    let e = serde_json::from_str::<Event>(&seven).unwrap_err().to_string();
    assert!(e.contains("more than 6 ura indicators"), "{e}");
}
