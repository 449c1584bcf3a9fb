//! Medachange, swaps, movement, locks, end phase, start phase and losses.

use super::*;

// --- medachange ------------------------------------------------------------------

#[test]
fn medachange_stacks_on_the_same_name_and_takes_over_the_stats() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        to_hand(&mut s, 0, chg(pool, "Turtle Wall"));
        let i = to_hand(&mut s, 0, chg(pool, "Beetle Gunner"));
        activate(game, &mut s, 0, gun);
        let changes: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Medachange(_))).collect();
        assert_eq!(changes, vec![Action::Medachange(i)], "only the same name");
        game.apply(&mut s, Action::Medachange(i), &mut rng());
        let u = *s.players[0].unit(gun);
        assert_eq!(u.top(), chg(pool, "Beetle Gunner"));
        assert_eq!(game.power(&s, 0, gun), 50);
        assert!(attacks(game, &s).is_empty(), "the medachange was the action");
        assert!(s.act.acted);
        assert_eq!(s.players[0].hp, 20, "each_action: no cost to change");
        game.apply(&mut s, Action::Move(Dir::F), &mut rng());
        unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6); // still to act: the phase goes on
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.players[0].hp, 20, "moved after changing: no penalty");

        // Next turn it is a power-form melee: attacking costs 1 HP.
        let mut s2 = s.clone();
        s2.clear_steps();
        unit(game, &mut s2, 1, med(pool, "Cat Blade"), 7);
        activate(game, &mut s2, 0, gun);
        assert_eq!(attacks(game, &s2), vec![Action::Attack { cell: 7, long: false }]);
        game.apply(&mut s2, Action::Attack { cell: 7, long: false }, &mut rng());
        assert_eq!(s2.players[0].hp, 19);

        // Release sends the medachange to the trash.
        let mut s3 = s.clone();
        s3.clear_steps();
        activate(game, &mut s3, 0, gun);
        game.apply(&mut s3, Action::Release, &mut rng());
        assert_eq!(s3.players[0].unit(gun).top(), med(pool, "Beetle Gunner"));
        assert_eq!(s3.players[0].trash.as_slice(), &[chg(pool, "Beetle Gunner")]);
        s3.validate();
    });
}

#[test]
fn power_change_cost_on_change_preset() {
    with_game(Rules::preset("advance-transform-cost").unwrap(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        let i = to_hand(&mut s, 0, chg(pool, "Beetle Gunner"));
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Medachange(i), &mut rng());
        assert_eq!(s.players[0].hp, 19);
    });
}

#[test]
fn swapping_trashes_the_whole_stack_and_places_face_down() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 4); // in the neutral zone
        let c = to_hand(&mut s, 0, chg(pool, "Beetle Gunner"));
        let card = s.players[0].hand.take(c as usize);
        s.players[0].unit_mut(gun).change = Some(card);
        unit(game, &mut s, 0, med(pool, "Cat Blade"), 0);
        let i = to_hand(&mut s, 0, med(pool, "Turtle Wall"));
        activate(game, &mut s, 0, gun);
        unit(game, &mut s, 1, med(pool, "Stag Cannon"), 6); // still to act: the phase goes on
        let swaps: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Swap { .. })).collect();
        assert_eq!(swaps, vec![Action::Swap { hand: i, cell: 2 }], "own side, not the centre, free");
        game.apply(&mut s, swaps[0], &mut rng());
        assert_eq!(s.players[0].trash.len(), 2);
        let (_, slot) = s.at(2).unwrap();
        let u = s.players[0].unit(slot);
        assert_eq!((u.base, u.face_up), (med(pool, "Turtle Wall"), false));
        assert_eq!(s.players[0].hp, 20, "no penalty for a swap");
        s.validate();
    });
}

// --- movement ------------------------------------------------------------------

#[test]
fn attacking_without_moving_costs_one_hp() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1); // arrows F L R, power 30
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7); // armour 10: destroyed
        activate(game, &mut s, 0, gun);
        let moves: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Move(_))).collect();
        assert_eq!(moves, vec![Action::Move(Dir::F), Action::Move(Dir::R), Action::Move(Dir::L)]);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        game.apply(&mut s, Action::Draw(0), &mut rng());
        assert_eq!(s.top(), Some(Step::Activation));
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!((s.players[0].hp, s.players[0].stats.move_penalties), (19, 1));

        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7);
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        game.apply(&mut s, Action::Draw(0), &mut rng());
        game.apply(&mut s, Action::Move(Dir::L), &mut rng());
        assert_eq!(s.at(0), Some((0, gun)));
        assert!(!legal(game, &s).iter().any(|a| matches!(a, Action::Move(_))), "one move a turn");
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.players[0].hp, 20);
        s.validate();
    });
}

#[test]
fn never_into_the_opponents_side_and_the_penalty_applies_when_stuck() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let fort = unit(game, &mut s, 1, med(pool, "Snail Fort"), 4); // seat 1, neutral, arrows F only, power 20
        unit(game, &mut s, 0, med(pool, "Turtle Wall"), 3); // armour 40, beside it in the neutral zone
        for name in ["Horn Lancer", "Cat Blade", "Bat Scout"] {
            to_hand(&mut s, 0, med(pool, name));
        }
        activate(game, &mut s, 1, fort);
        assert!(!legal(game, &s).iter().any(|a| matches!(a, Action::Move(_))));
        set_hp(&mut s, 1, 0);
        game.apply(&mut s, Action::Attack { cell: 3, long: false }, &mut rng());
        game.apply(&mut s, Action::Discard(0), &mut rng());
        game.apply(&mut s, Action::Discard(0), &mut rng());
        assert_eq!((s.top(), s.over), (Some(Step::Activation), None), "a weak defence; it cannot move after");
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.over, Some((1, LossCondition::CannotPay)), "HP 0 is fine, below 0 loses");
    });
}

#[test]
fn a_lock_stops_moving_and_acting_until_the_sources_next_turn() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let frog = unit(game, &mut s, 0, med(pool, "Frog Jammer"), 1); // special: lock
        let gun = unit(game, &mut s, 1, med(pool, "Beetle Gunner"), 7);
        activate(game, &mut s, 0, frog);
        assert!(legal(game, &s).contains(&Action::Special(7)));
        game.apply(&mut s, Action::Special(7), &mut rng());
        game.apply(&mut s, Action::Move(Dir::L), &mut rng());
        game.apply(&mut s, Action::Done, &mut rng());
        s.clear_steps();
        activate(game, &mut s, 1, gun);
        assert_eq!(legal(game, &s), vec![Action::Done]);
        let mut every_turn = s.clone();
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.players[1].hp, 20, "it could not attack: no penalty");
        let strict = MedarotGame { rules: Rules::preset("advance-every-turn-penalty").unwrap(), ..*game };
        strict.apply(&mut every_turn, Action::Done, &mut rng());
        assert_eq!(every_turn.players[1].hp, 19, "every_turn: cannot move, still pays");
        s.clear_steps();
        activate(game, &mut s, 0, frog);
        assert_eq!(s.players[1].unit(gun).locked_by, None, "lifted at the source's next turn");
    });
}

// --- end phase -------------------------------------------------------------------

#[test]
fn end_phase_regains_hp_per_own_medarot_in_the_neutral_zone() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 3);
        unit(game, &mut s, 0, med(pool, "Cat Blade"), 4);
        unit(game, &mut s, 0, med(pool, "Snail Fort"), 0); // end_heal 1
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 5);
        unit(game, &mut s, 1, med(pool, "Horn Lancer"), 8);
        game.end_phase(&mut s);
        assert_eq!([s.players[0].hp, s.players[1].hp], [23, 21]);
        assert_eq!(s.players[0].stats.neutral_hp, 2);
    });
}

// --- loss conditions and the start phase -------------------------------------------

#[test]
fn drawing_from_an_empty_deck_loses() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7);
        while let Some(c) = s.players[1].deck.pop() {
            s.players[1].trash.push(c);
        }
        s.cursor = Cursor::Start(0);
        game.run(&mut s, &mut rng());
        decline_options(game, &mut s);
        assert_eq!(s.over, Some((1, LossCondition::DeckOut)));
        s.validate();
    });
}

#[test]
fn no_medarot_at_the_end_of_the_start_phase_loses() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        s.players[1].owed = 3;
        // Seat 1's deck: medarotters and medachanges only.
        let keep: Vec<CardId> =
            s.players[1].deck.as_slice().iter().copied().filter(|&c| !game.is(c, CardKind::Medarot)).collect();
        while let Some(c) = s.players[1].deck.pop() {
            if game.is(c, CardKind::Medarot) {
                s.players[1].trash.push(c);
            }
        }
        keep.iter().for_each(|&c| s.players[1].deck.push(c));
        s.cursor = Cursor::Start(0);
        game.run(&mut s, &mut rng());
        decline_options(game, &mut s);
        while let Some(Step::PickMaster(_) | Step::Discard(..)) = s.top() {
            let a = legal(game, &s)[0];
            game.apply(&mut s, a, &mut rng());
            decline_options(game, &mut s);
        }
        assert_eq!(s.over, Some((1, LossCondition::NoMedarot)));
    });
}

#[test]
fn a_drawn_medarot_fills_an_owed_place_face_down() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        s.players[1].owed = 1;
        to_pile(&mut s, 1, med(pool, "Cat Blade"), |pl| &mut pl.deck); // on top
        s.first = 1;
        s.cursor = Cursor::Start(0);
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::PlaceOwed(1)));
        let places = legal(game, &s);
        assert_eq!(places, vec![Action::Place { hand: 0, cell: 8 }, Action::Place { hand: 0, cell: 6 }]);
        game.apply(&mut s, places[0], &mut rng());
        let (_, slot) = s.at(8).unwrap();
        assert!(!s.players[1].unit(slot).face_up, "cannot act this turn");
        assert_eq!(s.players[1].owed, 0);
        s.validate();
    });
}

#[test]
fn first_medarotter_drawn_becomes_master_and_sets_hp() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7);
        to_pile(&mut s, 0, rot(pool, "Professor"), |pl| &mut pl.deck); // master HP +4
        s.first = 0;
        s.cursor = Cursor::Start(0);
        game.run(&mut s, &mut rng());
        assert_eq!(s.players[0].master, Some(rot(pool, "Professor")));
        assert_eq!(s.players[0].hp, 24);
    });
}

#[test]
fn hand_limit_discards_down_to_seven_at_once() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        for name in
            ["Horn Lancer", "Cat Blade", "Bat Scout", "Crow Sniper", "Fox Medic", "Owl Guardian", "Mole Driller"]
        {
            to_hand(&mut s, 0, med(pool, name));
        }
        game.draw_up_to(&mut s, 0, 2);
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::Discard(0, 2)));
        assert_eq!(legal(game, &s).len(), 9);
    });
}

#[test]
fn try_apply_rejects_illegal_actions() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        activate(game, &mut s, 0, gun);
        let e = game.try_apply(&mut s, Action::Move(Dir::B), &mut rng()).unwrap_err();
        assert!(e.to_string().contains("Move(B)"), "{e}");
        assert_eq!(s.players[0].unit(gun).cell, 1, "nothing applied");
        game.try_apply(&mut s, Action::Move(Dir::F), &mut rng()).unwrap();
        assert_eq!(s.players[0].unit(gun).cell, 4);
    });
}
