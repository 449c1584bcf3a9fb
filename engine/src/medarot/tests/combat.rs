//! Attack resolution, medaforce and medarotters.

use super::*;

// --- attack resolution ---------------------------------------------------------

#[test]
fn power_at_least_armour_destroys_and_the_owner_pays_the_cost() {
    with_game(Rules::default(), |game, pool| {
        // Beetle Gunner power 30 against Shark Diver armour 30 (cost 3): equal destroys.
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Shark Diver"), 7);
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        assert_eq!(s.players[1].hp, 17);
        assert_eq!(s.players[1].reserve.as_slice(), &[med(pool, "Shark Diver")]);
        assert_eq!((s.players[1].owed, s.at(7)), (1, None));
        assert_eq!(s.top(), Some(Step::DestroyDraw(1)));
        assert_eq!(legal(game, &s), (0..=3).map(Action::Draw).collect::<Vec<_>>());
        assert_eq!(s.players[0].stats.destroys, 1);
        s.validate();
    });
}

#[test]
fn weak_defence_discards_power_over_ten_cards() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1); // power 30
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // armour 40
        for name in ["Horn Lancer", "Cat Blade", "Bat Scout", "Crow Sniper", "Fox Medic"] {
            to_hand(&mut s, 1, med(pool, name));
        }
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        assert_eq!(s.top(), Some(Step::Discard(1, 3)), "power 30: 3 cards");
        assert_eq!(game.to_move(&s), Some(1), "the defender chooses");
        for _ in 0..3 {
            game.apply(&mut s, Action::Discard(0), &mut rng());
        }
        assert_eq!((s.players[1].hand.len(), s.players[1].trash.len()), (2, 3));
        assert!(s.at(7).is_some(), "the medarot survives");
        assert_eq!(s.players[1].hp, 20);
        s.validate();
    });
}

#[test]
fn weak_defence_with_an_emptied_hand_is_weak_destruction() {
    for changed in [false, true] {
        with_game(Rules::default(), |game, pool| {
            let mut s = blank(game);
            let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1); // power 30
            let wall = unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // armour 40, cost 3
            if changed {
                let i = to_hand(&mut s, 1, chg(pool, "Turtle Wall")); // armour 50
                let card = s.players[1].hand.take(i as usize);
                s.players[1].unit_mut(wall).change = Some(card);
            }
            to_hand(&mut s, 1, med(pool, "Horn Lancer"));
            to_hand(&mut s, 1, med(pool, "Cat Blade"));
            activate(game, &mut s, 0, gun);
            game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
            // Two cards cannot cover the 3 owed: the hand empties, the medarot is weakly destroyed.
            assert_eq!(s.at(7), None);
            assert_eq!(s.players[1].hp, if changed { 18 } else { 19 }, "1, +1 for a medachange");
            assert_eq!(s.players[1].reserve.len(), 1 + changed as usize, "a stack splits into the reserve");
            assert_eq!(s.players[0].stats.weak_destroys, 1);
            s.validate();
        });
    }
}

#[test]
fn pierce_goes_on_behind_a_destroyed_target() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let bear = unit(game, &mut s, 0, med(pool, "Bear Crusher"), 1); // melee 50, pierce
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 4);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // armour 40
        activate(game, &mut s, 0, bear);
        game.apply(&mut s, Action::Attack { cell: 4, long: false }, &mut rng());
        assert_eq!(s.top(), Some(Step::DestroyDraw(1)), "destruction processing first");
        assert!(s.at(7).is_some());
        game.apply(&mut s, Action::Draw(0), &mut rng());
        assert_eq!((s.at(4), s.at(7)), (None, None));
        assert_eq!(s.players[1].hp, 20 - 2 - 3);
        assert_eq!(s.players[0].stats.destroys, 2);
    });
}

// --- medaforce and medarotters -------------------------------------------------

/// Seat 0's Beetle Gunner attacks seat 1's Turtle Wall; returns the state in the attack window.
fn attack_with_stock(game: &MedarotGame<'_>, pool: &CardPool, hp: i16, reserve: usize, rotter: &str) -> MedarotState {
    let mut s = blank(game);
    let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
    unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7);
    let i = to_hand(&mut s, 0, rot(pool, rotter));
    let card = s.players[0].hand.take(i as usize);
    s.players[0].stock[0] = Some(StockSlot { card, used: false });
    for name in ["Horn Lancer", "Cat Blade", "Bat Scout", "Crow Sniper", "Fox Medic"].into_iter().take(reserve) {
        to_pile(&mut s, 0, med(pool, name), |pl| &mut pl.reserve);
    }
    set_hp(&mut s, 0, hp);
    activate(game, &mut s, 0, gun);
    game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
    s
}

#[test]
fn medaforce_pays_medarotter_costs_one_card_each() {
    with_game(Rules::default(), |game, pool| {
        // Hot-Blooded Kid: cost 2, +20 power. HP 1 and 3 medaforce: 1 or 2 from the reserve.
        let mut s = attack_with_stock(game, pool, 1, 3, "Hot-Blooded Kid");
        assert_eq!(s.top(), Some(Step::AttackWindow));
        let uses: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Use { .. })).collect();
        let want = [1, 2].map(|force| Action::Use { src: Source::Stock(0), evict: u8::MAX, force });
        assert_eq!(uses, want);
        game.apply(&mut s, want[1], &mut rng());
        assert_eq!((s.players[0].hp, s.players[0].reserve.len(), s.players[0].trash.len()), (1, 1, 2));
        assert_eq!(s.players[0].stats.medaforce_spent, 2);
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.at(7), None, "30 + 20 power destroys armour 40");

        // HP 0 and no medaforce: nothing to pay with, the window is skipped.
        let s = attack_with_stock(game, pool, 0, 0, "Hot-Blooded Kid");
        assert_ne!(s.top(), Some(Step::AttackWindow));
        s.validate();
    });
}

#[test]
fn medaforce_never_pays_a_destruction_cost() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7); // cost 2
        for name in ["Horn Lancer", "Bat Scout", "Crow Sniper"] {
            to_pile(&mut s, 1, med(pool, name), |pl| &mut pl.reserve);
        }
        set_hp(&mut s, 1, 1);
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        assert_eq!(s.over, Some((1, LossCondition::CannotPay)));
        assert_eq!(game.to_move(&s), None);
        assert_eq!(game.outcome(&s).winner, 0);
    });
}

#[test]
fn defence_medarotter_and_stock_limit() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1); // power 30
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 7); // armour 10
        // Seat 1: a full stock of unused cards, Mechanic (+10 armour) in hand, Lucky Charm (cancel) stocked.
        for (slot, name) in ["Lucky Charm", "Battle Coach", "Doctor"].iter().enumerate() {
            let i = to_hand(&mut s, 1, rot(pool, name));
            let card = s.players[1].hand.take(i as usize);
            s.players[1].stock[slot] = Some(StockSlot { card, used: false });
        }
        to_hand(&mut s, 1, rot(pool, "Mechanic"));
        activate(game, &mut s, 0, gun);
        game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
        assert_eq!(s.top(), Some(Step::DefenceWindow));
        let uses: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Use { .. })).collect();
        let cancel = Action::Use { src: Source::Stock(0), evict: u8::MAX, force: 0 };
        let evicts = [0, 1, 2].map(|evict| Action::Use { src: Source::Hand(0), evict, force: 0 });
        assert_eq!(uses, [&[cancel][..], &evicts[..]].concat(), "a full stock: the hand card evicts one");
        game.apply(&mut s, evicts[1], &mut rng());
        assert_eq!(s.players[1].stock.iter().flatten().filter(|x| x.used).count(), 1);
        assert_eq!(s.players[1].trash.as_slice(), &[rot(pool, "Battle Coach")]);
        game.apply(&mut s, cancel, &mut rng());
        game.apply(&mut s, Action::Done, &mut rng());
        assert!(s.at(7).is_some(), "cancelled");
        assert_eq!(s.players[1].hp, 20 - 1 - 3);
        game.end_phase(&mut s);
        assert_eq!(s.players[1].stock.iter().flatten().count(), 1, "used medarotters are trashed in the end phase");
        s.validate();
    });
}

#[test]
fn master_is_used_once_a_turn_and_never_trashed() {
    with_game(Rules::default(), |game, pool| {
        let s = attack_with_stock(game, pool, 20, 0, "Doctor");
        assert_ne!(s.top(), Some(Step::AttackWindow), "trigger cards are not for attacks");
        let mut s = {
            let mut s = blank(game);
            let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
            unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7);
            let i = to_hand(&mut s, 0, rot(pool, "Battle Coach")); // cost 1, +10, master HP +2
            game.set_master(&mut s, 0, i as usize);
            assert_eq!(s.players[0].hp, 22);
            activate(game, &mut s, 0, gun);
            game.apply(&mut s, Action::Attack { cell: 7, long: false }, &mut rng());
            s
        };
        let master = Action::Use { src: Source::Master, evict: u8::MAX, force: 0 };
        assert!(legal(game, &s).contains(&master));
        game.apply(&mut s, master, &mut rng());
        assert_eq!(s.top(), Some(Step::DestroyDraw(1)), "nothing left to use: the attack resolved");
        assert!(s.players[0].master_used);
        assert_eq!(s.players[0].hp, 21);
        assert_eq!(s.at(7), None, "30 + 10 destroys armour 40");
        let mut again = Vec::new();
        game.usable(&s, 0, Timing::Action, game.hand_kinds(&s, 0).medarotter, |src, _, _| again.push(src));
        assert!(again.is_empty(), "once a turn");
        game.end_phase(&mut s);
        assert_eq!(s.players[0].master, Some(rot(pool, "Battle Coach")));
        s.validate();
    });
}

#[test]
fn boost_and_shield_last_until_the_sources_next_turn() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let ape = unit(game, &mut s, 0, med(pool, "Drummer Ape"), 0); // special: boost 10
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1); // power 30
        let owl = unit(game, &mut s, 1, med(pool, "Owl Guardian"), 6); // special: shield 10
        let wall = unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // armour 40
        activate(game, &mut s, 0, ape);
        assert!(legal(game, &s).contains(&Action::Special(NO_CELL)));
        game.apply(&mut s, Action::Special(NO_CELL), &mut rng());
        assert_eq!(game.power(&s, 0, gun), 40);
        s.clear_steps();
        activate(game, &mut s, 1, owl);
        game.apply(&mut s, Action::Special(NO_CELL), &mut rng());
        assert_eq!(game.armour(&s, 1, wall), 50);
        s.clear_steps();
        activate(game, &mut s, 0, ape);
        assert_eq!(game.power(&s, 0, gun), 30, "the boost ends as its source's turn begins");
        assert_eq!(game.armour(&s, 1, wall), 50, "the shield's source has not acted again");
    });
}

#[test]
fn disruption_makes_the_opponent_discard() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let spider = unit(game, &mut s, 0, med(pool, "Spider Trapper"), 0); // special: disrupt 2
        for name in ["Horn Lancer", "Cat Blade", "Bat Scout"] {
            to_hand(&mut s, 1, med(pool, name));
        }
        activate(game, &mut s, 0, spider);
        game.apply(&mut s, Action::Special(NO_CELL), &mut rng());
        assert_eq!((s.top(), game.to_move(&s)), (Some(Step::Discard(1, 2)), Some(1)));
        game.apply(&mut s, Action::Discard(2), &mut rng());
        game.apply(&mut s, Action::Discard(0), &mut rng());
        assert_eq!((s.players[1].hand.len(), s.players[1].trash.len()), (1, 2));
        assert_eq!(s.top(), Some(Step::Activation), "back to the special's turn");
        s.validate();
    });
}
