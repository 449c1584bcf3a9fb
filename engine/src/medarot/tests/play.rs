//! Whole games: invariants every step, determinism, the opening.

use super::*;
use crate::Strategy;
use crate::testing::{assert_golden, transcript};

#[test]
fn random_games_keep_cards_and_hp_consistent() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let mut total = 0;
    for i in 0..2000u64 {
        let d0 = &decks[(i % 4) as usize];
        let d1 = &decks[(i / 4 % 4) as usize];
        let game = MedarotGame::new(&pool, Rules::default(), d0, d1);
        let kinds = [both()[(i % 2) as usize], both()[(i / 2 % 2) as usize]];
        let (out, steps) = play_checked(&game, kinds, i);
        total += steps;
        assert!(out.turns <= 30);
    }
    assert!(total > 0);
}

#[test]
fn games_are_reproducible_from_the_seed() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let game = MedarotGame::new(&pool, Rules::default(), &decks[0], &decks[1]);
    for seed in 0..20 {
        let a = play_checked(&game, [StrategyConfig::Random, heuristic()], seed);
        let b = play_checked(&game, [StrategyConfig::Random, heuristic()], seed);
        assert_eq!(a, b);
    }
}

#[test]
fn the_heuristic_beats_random_play() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let mut wins = 0;
    for i in 0..200u64 {
        let game = MedarotGame::new(&pool, Rules::default(), &decks[(i % 4) as usize], &decks[(i / 4 % 4) as usize]);
        let seat = (i % 2) as usize;
        let mut kinds = [StrategyConfig::Random; 2];
        kinds[seat] = heuristic();
        wins += (play_checked(&game, kinds, i).0.winner == seat) as u32;
    }
    assert!(wins > 160, "{wins}/200");
}

/// Plays the opening with random choices and returns the state at the first start-phase decision.
fn opening(game: &MedarotGame<'_>, seed: u64) -> MedarotState {
    let mut rng = GameSeeds::new(seed).rng(0);
    let mut s = game.new_state();
    game.reset(&mut s, &mut rng);
    let mut legal = Vec::new();
    while s.turn == 0 {
        game.legal_actions(&s, &mut legal);
        let a = Random.choose(&game.view(&s, game.to_move(&s).unwrap()), &legal, &mut rng);
        game.apply(&mut s, a, &mut rng);
    }
    s
}

#[test]
fn opening_places_up_to_three_face_down_on_the_own_side_and_mulligans() {
    let pool = CardPool::example();
    // 27 medarotters and 3 medarots: no medarot in 7 cards about half the time.
    let rotters: Vec<CardId> =
        pool.iter().filter(|(_, c)| c.kind == CardKind::Medarotter).map(|(id, _)| id).take(9).collect();
    let mut ids: Vec<CardId> = rotters.iter().flat_map(|&c| [c; 3]).collect();
    ids.extend([med(&pool, "Beetle Gunner"); 3]);
    let thin = Deck::new(&pool, "thin", &ids).unwrap();
    let normal = test_deck(&pool);
    let game = MedarotGame::new(&pool, Rules::default(), &thin, &normal);
    let mut mulligans = 0;
    for seed in 0..100 {
        let s = opening(&game, seed);
        s.validate();
        for p in 0..2 {
            let pl = &s.players[p];
            assert!(pl.units.iter().flatten().all(|u| u.cell / 3 == if p == 0 { 0 } else { 2 }));
            assert_eq!(pl.unit_count() + pl.owed as usize, UNITS);
            assert!(pl.master.is_some() || !pl.hand.as_slice().iter().any(|&c| game.is(c, CardKind::Medarotter)));
        }
        assert!(s.players[0].unit_count() >= 1, "a mulligan until a medarot is drawn");
        mulligans += s.players[0].stats.mulligans;
    }
    assert!(mulligans > 30, "{mulligans}");
}

#[test]
fn placed_medarots_are_face_down_until_the_start_phase() {
    let pool = CardPool::example();
    let deck = test_deck(&pool);
    let game = MedarotGame::new(&pool, Rules::default(), &deck, &deck);
    let mut rng = GameSeeds::new(3).rng(0);
    let mut s = game.new_state();
    game.reset(&mut s, &mut rng);
    while s.top() != Some(Step::ExtraDraw(s.first)) {
        let placing = matches!(s.top(), Some(Step::OpeningPlace(_)));
        let a = legal(&game, &s)[0];
        game.apply(&mut s, a, &mut rng);
        if placing && s.turn == 0 {
            assert!(s.players.iter().flat_map(|pl| pl.units.iter().flatten()).all(|u| !u.face_up));
        }
    }
    assert!(s.players.iter().flat_map(|pl| pl.units.iter().flatten()).all(|u| u.face_up));
}

#[test]
fn a_deck_without_medarots_loses_after_the_mulligan_bound() {
    let pool = CardPool::example();
    let rotters: Vec<CardId> =
        pool.iter().filter(|(_, c)| c.kind == CardKind::Medarotter).map(|(id, _)| id).take(10).collect();
    let ids: Vec<CardId> = rotters.iter().flat_map(|&c| [c; 3]).collect();
    let empty = Deck::new(&pool, "no medarots", &ids).unwrap();
    let normal = test_deck(&pool);
    let game = MedarotGame::new(&pool, Rules::default(), &empty, &normal);
    let (out, _) = play_checked(&game, [StrategyConfig::Random; 2], 5);
    assert_eq!((out.winner, out.loss, out.turns), (1, LossCondition::NoMedarot, 1));
    assert_eq!(out.stats[0].mulligans, Rules::default().max_mulligans as u16);
}

#[test]
fn without_medarotters_there_is_no_master_and_hp_stays_at_base() {
    let pool = CardPool::example();
    let meds: Vec<CardId> =
        pool.iter().filter(|(_, c)| c.kind == CardKind::Medarot).map(|(id, _)| id).take(10).collect();
    let ids: Vec<CardId> = meds.iter().flat_map(|&c| [c; 3]).collect();
    let robots = Deck::new(&pool, "robots", &ids).unwrap();
    let game = MedarotGame::new(&pool, Rules::default(), &robots, &robots);
    let s = opening(&game, 1);
    assert_eq!(s.players.map(|pl| (pl.master, pl.hp)), [(None, 20); 2]);
}

#[test]
fn played_flags_mark_cards_that_reached_the_table() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let game = MedarotGame::new(&pool, Rules::default(), &decks[0], &decks[1]);
    for seed in 0..50 {
        let (out, _) = play_checked(&game, [heuristic(); 2], seed);
        for (p, deck) in decks.iter().take(2).enumerate() {
            assert!(!out.played[p].is_empty());
            assert!(out.played[p].iter().all(|c| deck.copies(c) > 0), "only own deck cards");
            if let Some(m) = out.master[p] {
                assert!(out.played[p].contains(m));
            }
        }
    }
}

/// A pinned seeded game (example decks 0 and 1, both the heuristic the
/// transcript was taken with, `heuristic-2026`: it checks the rules, not the
/// tuning; seed 42),
/// kept decision by decision in `golden/heuristic_game.txt`: seat 0 moves
/// first and wins in turn 3, when seat 1, at 0 HP, has a cost it cannot pay
/// (0 HP is survived; only a payment below 0 loses). Re-blessed for issue 15:
/// medarotters are stocked after every draw (so before the extra draw, and
/// after each destruction draw), and seat 0 pays one movement penalty fewer
/// (a turn without an attack), ending on 9 HP instead of 8.
#[test]
fn golden_game() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let game = MedarotGame::new(&pool, Rules::default(), &decks[0], &decks[1]);
    let StrategyConfig::Heuristic(config) = StrategyConfig::preset("heuristic-2026").unwrap() else {
        panic!("heuristic-2026 is a heuristic")
    };
    let (text, out) = transcript(&game, &mut [Heuristic { config }; 2], &mut GameSeeds::new(42).rng(0));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/medarot/golden/heuristic_game.txt");
    assert_golden(path, include_str!("../golden/heuristic_game.txt"), &text);
    let summary = (out.winner, out.loss, out.turns, out.first_player, out.hp);
    assert_eq!(summary, (0, LossCondition::CannotPay, 3, 0, [9, 0]), "{out:#?}");
    assert_eq!(text.lines().count(), 85 + 1, "85 decisions");
}

/// Random play on example decks 2 and 3 (seed 5), kept in
/// `golden/random_game.txt`: seat 1 moves first; seat 0 draws all 30 cards of
/// its deck by turn 7 and loses when it must draw from the empty deck
/// (deck-out). (Before issue 15's stocking after every draw, random play took
/// another course from the first such step: seat 1 decked out instead.)
#[test]
fn golden_random_game() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let game = MedarotGame::new(&pool, Rules::default(), &decks[2], &decks[3]);
    let (text, out) = transcript(&game, &mut [Random; 2], &mut GameSeeds::new(5).rng(0));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/medarot/golden/random_game.txt");
    assert_golden(path, include_str!("../golden/random_game.txt"), &text);
    assert_eq!(
        (out.winner, out.loss, out.turns, out.first_player, out.hp),
        (1, LossCondition::DeckOut, 7, 1, [17, 27])
    );
    assert_eq!(out.stats[0].cards_drawn as usize, DECK_SIZE);
}

#[test]
fn every_preset_and_odd_rules_keep_the_invariants() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let mut rules: Vec<Rules> = Rules::PRESETS.list.iter().map(|p| Rules::preset(p.0).unwrap()).collect();
    let odd = Rules {
        base_hp: 5,
        first_player: FirstPlayer::Seat1,
        centre_fallback: false,
        max_mulligans: 0,
        ..Rules::default()
    };
    rules.push(odd);
    for (k, r) in rules.into_iter().enumerate() {
        for i in 0..150u64 {
            let game = MedarotGame::new(&pool, r, &decks[(i % 4) as usize], &decks[(i / 4 % 4) as usize]);
            let kinds = [both()[(i % 2) as usize], both()[(i / 2 % 2) as usize]];
            let (out, _) = play_checked(&game, kinds, i + 1000 * k as u64);
            if r.first_player == FirstPlayer::Seat1 {
                assert_eq!(out.first_player, 1);
            }
        }
    }
}

#[test]
fn the_outcome_records_who_acted_first_and_the_hp_of_every_turn() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let mut faster_first = 0;
    for seed in 0..100 {
        let game = MedarotGame::new(&pool, Rules::default(), &decks[(seed % 4) as usize], &decks[1]);
        let (out, _) = play_checked(&game, [heuristic(); 2], seed);
        let Some(first) = out.first_actor else { continue };
        let [a, b] = out.turn1_speed;
        if a != b {
            assert_eq!(first, usize::from(b > a), "the fastest medarot acts first: {out:?}");
            faster_first += 1;
        }
        assert_eq!(out.turns_ended + 1, out.turns, "a game ends in a start or action phase");
        let ended = usize::from(out.turns_ended).min(HP_TURNS);
        assert!(out.hp_by_turn[..ended].iter().flatten().all(|&hp| hp >= 0));
        assert!(out.hp_by_turn[ended..].iter().flatten().all(|&hp| hp == 0), "unplayed turns stay 0");
    }
    assert!(faster_first > 30, "{faster_first}");
}

/// Seat 0's Rabbit Runner in the corner, changed into its draw-2 special form; its slot.
fn rabbit_in_draw_form(game: &MedarotGame<'_>, pool: &CardPool, s: &mut MedarotState) -> u8 {
    let rabbit = unit(game, s, 0, med(pool, "Rabbit Runner"), 0);
    let i = to_hand(s, 0, chg(pool, "Rabbit Runner"));
    let card = s.players[0].hand.take(i as usize);
    s.players[0].unit_mut(rabbit).change = Some(card);
    rabbit
}

#[test]
fn the_heuristic_does_not_draw_into_a_deck_out_with_a_special() {
    with_game(Rules::default(), |game, pool| {
        for (deck_left, want_special) in [(30 - 6, true), (2, false)] {
            let mut s = blank(game);
            // Rabbit Runner changed into its draw-2 special form, unable to move (arrows F B L R from a corner).
            let rabbit = rabbit_in_draw_form(game, pool, &mut s);
            unit(game, &mut s, 0, med(pool, "Turtle Wall"), 1);
            unit(game, &mut s, 0, med(pool, "Owl Guardian"), 3);
            unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6);
            while s.players[0].deck.len() > deck_left {
                let c = s.players[0].deck.pop().unwrap();
                s.players[0].trash.push(c);
            }
            activate(game, &mut s, 0, rabbit);
            let legal = legal(game, &s);
            assert!(legal.contains(&Action::Special(NO_CELL)), "{legal:?}");
            let choice = Heuristic::shipped().choose(&game.view(&s, 0), &legal, &mut rng());
            assert_eq!(choice == Action::Special(NO_CELL), want_special, "{deck_left} cards left: {choice:?}");
        }
    });
}

#[test]
fn the_heuristic_does_not_use_a_special_that_does_nothing() {
    with_game(Rules::default(), |game, pool| {
        // A draw-2 special into a hand already at the limit only burns the deck (the excess
        // is discarded); with room in the hand it is worth playing.
        for (hand, want_special) in [(HAND_LIMIT, false), (2, true)] {
            let mut s = blank(game);
            let rabbit = rabbit_in_draw_form(game, pool, &mut s);
            unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6);
            while s.players[0].hand.len() < hand {
                let c = s.players[0].deck.pop().unwrap();
                s.players[0].hand.push(c);
            }
            activate(game, &mut s, 0, rabbit);
            let legal = legal(game, &s);
            let choice = Heuristic::shipped().choose(&game.view(&s, 0), &legal, &mut rng());
            assert_eq!(choice == Action::Special(NO_CELL), want_special, "hand {hand}: {choice:?} of {legal:?}");
        }
        // A disruption against an empty hand does nothing; against cards it is played.
        for (their_hand, want_special) in [(0, false), (3, true)] {
            let mut s = blank(game);
            let spider = unit(game, &mut s, 0, med(pool, "Spider Trapper"), 0);
            unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6);
            for _ in 0..their_hand {
                let c = s.players[1].deck.pop().unwrap();
                s.players[1].hand.push(c);
            }
            activate(game, &mut s, 0, spider);
            let legal = legal(game, &s);
            assert!(legal.contains(&Action::Special(NO_CELL)), "{legal:?}");
            let choice = Heuristic::shipped().choose(&game.view(&s, 0), &legal, &mut rng());
            assert_eq!(choice == Action::Special(NO_CELL), want_special, "their hand {their_hand}: {choice:?}");
        }
    });
}
