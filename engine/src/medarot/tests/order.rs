//! Action order and attack ranges.

use super::*;

// --- action order -----------------------------------------------------------

fn first_actor(game: &MedarotGame<'_>, s: &mut MedarotState, seed: u64) -> (u8, u8) {
    let mut r = GameSeeds::new(seed).rng(0);
    game.select_actor(s, &mut r);
    (s.act.p, s.act.slot)
}

#[test]
fn faster_medarot_acts_first() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Bat Scout"), 0); // speed 8
        let fast = unit(game, &mut s, 1, med(pool, "Rabbit Runner"), 8); // speed 9
        assert_eq!(first_actor(game, &mut s, 1), (1, fast));
    });
}

#[test]
fn speed_tie_goes_to_more_arrows_then_lower_cost() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Crow Sniper"), 0); // speed 6, 3 arrows, cost 3
        let wasp = unit(game, &mut s, 1, med(pool, "Wasp Striker"), 8); // speed 6, 5 arrows, cost 3
        assert_eq!(first_actor(game, &mut s, 1), (1, wasp));
        let mut s = blank(game);
        unit(game, &mut s, 0, med(pool, "Crow Sniper"), 0);
        let frog = unit(game, &mut s, 1, med(pool, "Frog Jammer"), 8); // speed 6, 3 arrows, cost 2
        assert_eq!(first_actor(game, &mut s, 1), (1, frog));
    });
}

#[test]
fn full_tie_between_players_is_a_coin_flip() {
    with_game(Rules::default(), |game, pool| {
        let mut wins = [0; 2];
        for seed in 0..400 {
            let mut s = blank(game);
            unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 0); // speed 5, 3 arrows, cost 3
            unit(game, &mut s, 1, med(pool, "Shark Diver"), 8); // speed 5, 3 arrows, cost 3
            wins[first_actor(game, &mut s, seed).0 as usize] += 1;
        }
        // 400 fair flips: 200 ± 4.5 sd.
        assert!((160..=240).contains(&wins[0]), "{wins:?}");
    });
}

#[test]
fn turn_one_records_whether_a_coin_chose_the_first_actor() {
    with_game(Rules::default(), |game, pool| {
        // A full tie (speed, arrows, cost): the coin chooses, and the state says so.
        let mut s = blank(game);
        s.turn = 1;
        unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 0);
        unit(game, &mut s, 1, med(pool, "Shark Diver"), 8);
        let (p, _) = first_actor(game, &mut s, 5);
        assert_eq!((s.first_actor, s.first_actor_by_coin), (Some(p), true));
        // A speed tie that the arrows break is no coin flip.
        let mut s = blank(game);
        s.turn = 1;
        unit(game, &mut s, 0, med(pool, "Crow Sniper"), 0);
        unit(game, &mut s, 1, med(pool, "Wasp Striker"), 8);
        first_actor(game, &mut s, 5);
        assert_eq!((s.first_actor, s.first_actor_by_coin), (Some(1), false));
    });
}

#[test]
fn own_tie_is_the_owners_choice() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let a = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 0);
        let b = unit(game, &mut s, 0, med(pool, "Shark Diver"), 2);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 8); // slower
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::PickActor(0)));
        assert_eq!(legal(game, &s), vec![Action::Pick(a), Action::Pick(b)]);
        game.apply(&mut s, Action::Pick(b), &mut rng());
        assert_eq!((s.act.p, s.act.slot, s.top()), (0, b, Some(Step::Activation)));
    });
}

// --- ranges ------------------------------------------------------------------

#[test]
fn shooting_hits_two_ahead_over_anything_but_not_one_ahead() {
    for (rules, adjacent) in [(Rules::default(), false), (Rules::preset("advance-long-shot").unwrap(), true)] {
        with_game(rules, |game, pool| {
            let mut s = blank(game);
            let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
            unit(game, &mut s, 1, med(pool, "Cat Blade"), 4); // 1 ahead, in the way
            unit(game, &mut s, 1, med(pool, "Turtle Wall"), 7); // 2 ahead
            activate(game, &mut s, 0, gun);
            let mut want = vec![Action::Attack { cell: 7, long: false }];
            if adjacent {
                want.insert(0, Action::Attack { cell: 4, long: false });
            }
            assert_eq!(attacks(game, &s), want);
        });
    }
}

#[test]
fn melee_hits_one_ahead_or_two_for_one_hp_when_clear() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let lance = unit(game, &mut s, 0, med(pool, "Horn Lancer"), 0);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 6); // 2 ahead of square 0
        activate(game, &mut s, 0, lance);
        assert_eq!(attacks(game, &s), vec![Action::Attack { cell: 6, long: true }]);
        game.apply(&mut s, Action::Attack { cell: 6, long: true }, &mut rng());
        assert_eq!(s.players[0].hp, 19, "the 2-square melee costs 1 HP");

        let mut s = blank(game);
        let lance = unit(game, &mut s, 0, med(pool, "Horn Lancer"), 0);
        unit(game, &mut s, 0, med(pool, "Turtle Wall"), 3); // own medarot in between
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 6);
        activate(game, &mut s, 0, lance);
        assert_eq!(attacks(game, &s), vec![], "blocked, and never its own side");

        let mut s = blank(game);
        let lance = unit(game, &mut s, 0, med(pool, "Horn Lancer"), 0);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 3);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 6);
        activate(game, &mut s, 0, lance);
        assert_eq!(attacks(game, &s), vec![Action::Attack { cell: 3, long: false }]);
    });
}

#[test]
fn neutral_zone_allows_side_attacks() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let lance = unit(game, &mut s, 0, med(pool, "Horn Lancer"), 4);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 3);
        unit(game, &mut s, 1, med(pool, "Turtle Wall"), 5);
        activate(game, &mut s, 0, lance);
        let want = [Action::Attack { cell: 3, long: false }, Action::Attack { cell: 5, long: false }];
        assert_eq!(attacks(game, &s), want);
        let mut s = blank(game);
        let lance = unit(game, &mut s, 0, med(pool, "Horn Lancer"), 1);
        unit(game, &mut s, 1, med(pool, "Cat Blade"), 3);
        activate(game, &mut s, 0, lance);
        assert_eq!(attacks(game, &s), vec![], "no side attacks from the own side");
    });
}
