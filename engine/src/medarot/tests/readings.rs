//! The readings that follow the seed's text (issue 15), each against the broader
//! reading kept as a preset, and the rule cases that had no test: the extra draw,
//! 【発動】 cards, the master's limits, a choice of master, HP exactly 0.

use super::*;

/// A state whose start phase begins now (turn 2), seat `first` first, with one medarot each.
fn at_start_phase(game: &MedarotGame<'_>, pool: &CardPool, first: u8) -> MedarotState {
    let mut s = blank(game);
    unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
    unit(game, &mut s, 1, med(pool, "Cat Blade"), 7);
    s.first = first;
    s.cursor = Cursor::Start(0);
    s
}

// --- the movement penalty's scope --------------------------------------------------

#[test]
fn a_turn_without_an_attack_pays_no_movement_penalty_by_default() {
    for (rules, pays) in [(Rules::default(), false), (Rules::preset("advance-every-turn-penalty").unwrap(), true)] {
        with_game(rules, |game, pool| {
            // A special without moving, and a turn doing nothing at all.
            let mut s = blank(game);
            let ape = unit(game, &mut s, 0, med(pool, "Drummer Ape"), 0); // special: boost
            unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6); // still to act: the phase goes on
            activate(game, &mut s, 0, ape);
            game.apply(&mut s, Action::Special(NO_CELL), &mut rng());
            assert_eq!(game.view(&s, 0).move_penalty_due(), pays);
            game.apply(&mut s, Action::Done, &mut rng());
            assert_eq!(s.players[0].hp, 20 - pays as i16, "special without a move, {rules:?}");

            let mut s = blank(game);
            let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
            unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6);
            activate(game, &mut s, 0, gun);
            game.apply(&mut s, Action::Done, &mut rng());
            assert_eq!(
                (s.players[0].hp, s.players[0].stats.move_penalties),
                (20 - pays as i16, pays as u16),
                "an idle turn, {rules:?}"
            );
        });
    }
}

// --- where a replacement goes ---------------------------------------------------------

/// Seat 1 holds its two non-centre squares (8 and 6; 7 is its centre) and a
/// medarot in hand; seat 0's shooter destroys the one on 8. Returns the state
/// after the destruction draw.
fn replacement_after_destruction(game: &MedarotGame<'_>, pool: &CardPool) -> MedarotState {
    let mut s = blank(game);
    let gun = unit(game, &mut s, 0, med(pool, "Crow Sniper"), 2); // power 40, shoots 2 ahead: square 8
    unit(game, &mut s, 1, med(pool, "Turtle Wall"), 6);
    unit(game, &mut s, 1, med(pool, "Cat Blade"), 8); // armour 10: destroyed
    to_hand(&mut s, 1, med(pool, "Horn Lancer"));
    activate(game, &mut s, 0, gun);
    game.apply(&mut s, Action::Attack { cell: 8, long: false }, &mut rng());
    game.apply(&mut s, Action::Draw(0), &mut rng());
    s
}

#[test]
fn a_replacement_never_goes_to_the_centre_by_default() {
    with_game(Rules::default(), |game, pool| {
        let mut s = replacement_after_destruction(game, pool);
        assert_eq!(s.top(), Some(Step::PlaceOwed(1)), "square 8 is free again");
        assert_eq!(legal(game, &s), vec![Action::Place { hand: 0, cell: 8 }]);
        // With square 8 taken too, only the centre is free: the replacement waits.
        s.players[1].owed += 1;
        game.apply(&mut s, Action::Place { hand: 0, cell: 8 }, &mut rng());
        to_hand(&mut s, 1, med(pool, "Shark Diver"));
        game.draw_up_to(&mut s, 1, 0);
        game.run(&mut s, &mut rng());
        assert_eq!((s.top(), s.players[1].owed), (Some(Step::Activation), 1), "owed, not placed on 7");
        s.validate();
    });
    with_game(Rules::preset("advance-centre-fallback").unwrap(), |game, pool| {
        let mut s = replacement_after_destruction(game, pool);
        s.players[1].owed += 1;
        game.apply(&mut s, Action::Place { hand: 0, cell: 8 }, &mut rng());
        to_hand(&mut s, 1, med(pool, "Shark Diver"));
        game.draw_up_to(&mut s, 1, 0);
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::PlaceOwed(1)));
        assert_eq!(legal(game, &s), vec![Action::Place { hand: 0, cell: 7 }], "the centre as a fallback");
    });
}

#[test]
fn medarots_owed_by_a_short_opening_may_take_the_centre() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 8);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 6);
        (s.players[1].owed, s.players[1].owed_opening) = (1, 1);
        to_hand(&mut s, 1, med(pool, "Horn Lancer"));
        game.draw_up_to(&mut s, 1, 0);
        game.run(&mut s, &mut rng());
        assert_eq!(legal(game, &s), vec![Action::Place { hand: 0, cell: 7 }]);
        game.apply(&mut s, Action::Place { hand: 0, cell: 7 }, &mut rng());
        assert_eq!((s.players[1].owed, s.players[1].owed_opening), (0, 0));
        s.validate();
    });
}

// --- pierce ---------------------------------------------------------------------------

#[test]
fn piercings_second_target_gets_its_defence_window() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let bear = unit(game, &mut s, 0, med(pool, "Bear Crusher"), 1); // melee 50, pierce
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 4);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // armour 40
        let i = to_hand(&mut s, 1, rot(pool, "Lucky Charm")); // 【防御】 cancel, cost 3
        let card = s.players[1].hand.take(i as usize);
        s.players[1].stock[0] = Some(StockSlot { card, used: false });
        let cancel = Action::Use { src: Source::Stock(0), evict: u8::MAX, force: 0 };
        activate(game, &mut s, 0, bear);
        game.apply(&mut s, Action::Attack { cell: 4, long: false }, &mut rng());
        assert_eq!(s.top(), Some(Step::DefenceWindow), "the first target's window");
        game.apply(&mut s, Action::Done, &mut rng());
        game.apply(&mut s, Action::Draw(0), &mut rng());
        assert_eq!((s.top(), game.to_move(&s)), (Some(Step::DefenceWindow), Some(1)), "the second target's window");
        assert_eq!(game.view(&s, 1).attack().map(|a| (a.target, a.power)), Some((7, 50)));
        assert!(legal(game, &s).contains(&cancel));
        game.apply(&mut s, cancel, &mut rng());
        game.apply(&mut s, Action::Done, &mut rng());
        assert!(s.at(7).is_some(), "cancelled: the piercing attack did not go through");
        assert_eq!(s.players[1].hp, 20 - 2 - 3, "Cat Blade's cost and the Lucky Charm's");
        s.validate();
    });
}

// --- stocking after any draw -------------------------------------------------------------

#[test]
fn a_medarotter_can_be_stocked_after_a_destruction_draw() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 6);
        let master = to_hand(&mut s, 1, rot(pool, "Professor"));
        game.set_master(&mut s, 1, master as usize);
        to_pile(&mut s, 1, rot(pool, "Mechanic"), |pl| &mut pl.deck); // on top
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        game.apply(&mut s, Action::Draw(1), &mut rng());
        assert_eq!((s.top(), game.to_move(&s)), (Some(Step::DrawStock(1)), Some(1)));
        assert_eq!(legal(game, &s), vec![Action::Done, Action::Stock { hand: 0, slot: 0 }]);
        game.apply(&mut s, Action::Stock { hand: 0, slot: 0 }, &mut rng());
        assert_eq!(s.players[1].stock[0].map(|x| x.card), Some(rot(pool, "Mechanic")));
        assert_eq!(s.top(), Some(Step::Activation), "nothing more to stock: back to the attacker's turn");
        s.validate();
    });
}

#[test]
fn a_medarotter_can_be_stocked_after_an_effect_draw_but_not_after_drawing_nothing() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6); // still to act
        let master = to_hand(&mut s, 0, rot(pool, "Battle Coach"));
        game.set_master(&mut s, 0, master as usize);
        let i = to_hand(&mut s, 0, rot(pool, "Professor")); // 【発動】 draw 2, cost 2
        to_pile(&mut s, 0, rot(pool, "Doctor"), |pl| &mut pl.deck);
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Use { src: Source::Hand(i), evict: u8::MAX, force: 0 }, &mut rng());
        assert_eq!(s.top(), Some(Step::DrawStock(0)), "the draw effect drew cards");
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.top(), Some(Step::Activation));

        game.draw_up_to(&mut s, 0, 0);
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::Activation), "nothing drawn: no stocking step");
    });
}

// --- the start phase's extra draw ---------------------------------------------------------

#[test]
fn paying_one_hp_draws_one_to_three_cards() {
    with_game(Rules::default(), |game, pool| {
        let mut s = at_start_phase(game, pool, 0);
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::ExtraDraw(0)));
        let want: Vec<Action> = [Action::Done].into_iter().chain((1..=3).map(Action::ExtraDraw)).collect();
        assert_eq!(legal(game, &s), want);
        let before = s.players[0].hand.len();
        game.apply(&mut s, Action::ExtraDraw(2), &mut rng());
        decline_options(game, &mut s);
        let pl = &s.players[0];
        assert_eq!((pl.hp, pl.hand.len() - before, pl.stats.extra_draws, pl.stats.hp_paid), (19, 2, 1, 1));

        // At 0 HP the extra draw is not offered: the start phase goes on to seat 1.
        let mut s = at_start_phase(game, pool, 0);
        set_hp(&mut s, 0, 0);
        game.run(&mut s, &mut rng());
        decline_options(game, &mut s);
        assert_eq!((s.players[0].hp, s.players[0].stats.extra_draws), (0, 0));
        s.validate();
    });
}

// --- 【発動】 and the master ------------------------------------------------------------------

#[test]
fn a_trigger_card_is_used_in_ones_own_turn() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6);
        let i = to_hand(&mut s, 0, rot(pool, "Doctor")); // 【発動】 heal 3, cost 1
        let card = s.players[0].hand.take(i as usize);
        s.players[0].stock[0] = Some(StockSlot { card, used: false });
        let doctor = Action::Use { src: Source::Stock(0), evict: u8::MAX, force: 0 };
        activate(game, &mut s, 0, gun);
        assert!(legal(game, &s).contains(&doctor));
        game.apply(&mut s, doctor, &mut rng());
        assert_eq!(s.players[0].hp, 20 - 1 + 3);
        assert_eq!(s.top(), Some(Step::Activation), "still its turn: it may move and attack");
        assert!(!legal(game, &s).contains(&doctor), "used");
        s.validate();
    });
}

#[test]
fn the_master_is_never_used_for_a_trigger() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6);
        let m = to_hand(&mut s, 0, rot(pool, "Doctor"));
        game.set_master(&mut s, 0, m as usize);
        activate(game, &mut s, 0, gun);
        let uses: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Use { .. })).collect();
        assert_eq!(uses, vec![], "a 【発動】 master cannot be used");
        let i = to_hand(&mut s, 0, rot(pool, "Professor"));
        let uses: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Use { .. })).collect();
        assert_eq!(uses, vec![Action::Use { src: Source::Hand(i), evict: u8::MAX, force: 0 }], "from the hand it can");
    });
}

#[test]
fn several_medarotters_drawn_at_once_are_a_choice_of_master() {
    with_game(Rules::default(), |game, pool| {
        let mut s = at_start_phase(game, pool, 0);
        // The deck's top: a medarot (the compulsory draw), then three medarotters.
        to_hand(&mut s, 0, med(pool, "Horn Lancer"));
        for name in ["Professor", "Mechanic", "Lucky Charm"] {
            to_hand(&mut s, 0, rot(pool, name));
        }
        while let Some(c) = s.players[0].hand.pop() {
            s.players[0].deck.push(c);
        }
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::ExtraDraw(0)), "the first draw brought no medarotter");
        game.apply(&mut s, Action::ExtraDraw(3), &mut rng());
        assert_eq!(s.top(), Some(Step::PickMaster(0)));
        let hand = s.players[0].hand.as_slice().to_vec();
        let masters = legal(game, &s);
        assert_eq!(masters.len(), 3, "{masters:?}");
        let professor = hand.iter().position(|&c| c == rot(pool, "Professor")).unwrap() as u8;
        game.apply(&mut s, Action::Master(professor), &mut rng());
        assert_eq!((s.players[0].master, s.players[0].hp), (Some(rot(pool, "Professor")), 20 - 1 + 4));
        assert_eq!(s.players[0].hand.as_slice().iter().filter(|&&c| game.is(c, CardKind::Medarotter)).count(), 2);
        s.validate();
    });
}

// --- HP exactly 0 ---------------------------------------------------------------------------

#[test]
fn a_game_goes_on_at_exactly_zero_hp() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // armour 40: a weak defence
        unit(game, &mut s, 1, med(pool, "Horn Lancer"), 6);
        for name in ["Cat Blade", "Bat Scout", "Crow Sniper", "Fox Medic"] {
            to_hand(&mut s, 1, med(pool, name));
        }
        set_hp(&mut s, 0, 1);
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        for _ in 0..3 {
            game.apply(&mut s, Action::Discard(0), &mut rng());
        }
        game.apply(&mut s, Action::Done, &mut rng()); // no move: the penalty takes the last HP
        assert_eq!((s.players[0].hp, s.over), (0, None), "HP 0 is not a loss");
        decline_options(game, &mut s);
        assert_eq!((s.turn, s.over), (2, None), "the next turn begins");
        s.validate();
    });
}
