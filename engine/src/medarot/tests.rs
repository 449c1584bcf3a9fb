//! Rule tests: scenarios on hand-built states, and random-play invariants.

use super::*;
use crate::{Game, GameSeeds, Strategy};

/// Plays one game, validating the state after every step; returns the outcome and the number of decisions.
fn play_checked(game: &MedarotGame<'_>, kinds: [StrategyKind; 2], seed: u64) -> (MedarotOutcome, usize) {
    let mut rng = GameSeeds::new(seed).rng(0);
    let mut state = game.new_state();
    game.reset(&mut state, &mut rng);
    state.validate();
    let mut players = kinds.map(MedarotStrategy::new);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = game.to_move(&state) {
        game.legal_actions(&state, &mut legal);
        assert!(!legal.is_empty(), "no legal action at {:?}", state.top());
        let mut sorted = legal.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "duplicate actions {legal:?}");
        let action = players[seat].choose(&game.view(&state, seat), &legal, &mut rng);
        let hp_before = [state.hp(0), state.hp(1)];
        game.apply(&mut state, action, &mut rng);
        state.validate();
        let _ = hp_before;
        steps += 1;
        assert!(steps < 100_000, "game does not end");
    }
    (game.outcome(&state), steps)
}

#[test]
fn random_games_keep_cards_and_hp_consistent() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let mut total = 0;
    for i in 0..400u64 {
        let d0 = &decks[(i % 4) as usize];
        let d1 = &decks[(i / 4 % 4) as usize];
        let game = MedarotGame::new(&pool, Rules::default(), d0, d1);
        let kinds = [StrategyKind::ALL[(i % 2) as usize], StrategyKind::ALL[(i / 2 % 2) as usize]];
        let (out, steps) = play_checked(&game, kinds, i);
        total += steps;
        assert!(out.turns <= 30);
    }
    assert!(total > 0);
}

// ---------------------------------------------------------------------------
// Scenario fixtures: both seats play the same 30-card test deck (one copy of
// each card: the 18 medarots, the 6 medachanges and 6 medarotters); cards are
// moved out of the deck by hand, so card conservation holds in every scenario.

use super::state::{Cursor, Step};

const TEST_ROTTERS: [&str; 6] = ["Battle Coach", "Mechanic", "Lucky Charm", "Doctor", "Hot-Blooded Kid", "Professor"];

fn test_deck(pool: &CardPool) -> Deck {
    let mut ids: Vec<CardId> = pool.iter().filter(|(_, c)| c.kind != CardKind::Medarotter).map(|(id, _)| id).collect();
    ids.extend(TEST_ROTTERS.iter().map(|n| pool.find(CardKind::Medarotter, n).unwrap()));
    Deck::new(pool, "test", &ids).unwrap()
}

fn med(pool: &CardPool, name: &str) -> CardId {
    pool.find(CardKind::Medarot, name).unwrap()
}
fn chg(pool: &CardPool, name: &str) -> CardId {
    pool.find(CardKind::Medachange, name).unwrap()
}
fn rot(pool: &CardPool, name: &str) -> CardId {
    pool.find(CardKind::Medarotter, name).unwrap()
}

/// A state in the action phase of turn 1 with full decks, empty hands and 20 HP.
fn blank(game: &MedarotGame<'_>) -> MedarotState {
    let mut s = game.new_state();
    for p in 0..2 {
        let deck = s.decks[p];
        deck.iter().for_each(|&c| s.players[p].deck.push(c));
        s.players[p].hp = 20;
    }
    s.turn = 1;
    s.cursor = Cursor::Action;
    s
}

/// Moves a card from the deck to the hand; returns its hand index.
fn to_hand(s: &mut MedarotState, p: usize, id: CardId) -> u8 {
    let pl = &mut s.players[p];
    let i = pl.deck.as_slice().iter().position(|&c| c == id).expect("card in deck");
    let c = pl.deck.take(i);
    pl.hand.push(c);
    (pl.hand.len() - 1) as u8
}

/// Moves a card from the deck to a pile chosen by `pile`.
fn to_pile(s: &mut MedarotState, p: usize, id: CardId, pile: fn(&mut super::state::Player) -> &mut super::state::Pile) {
    let i = to_hand(s, p, id) as usize;
    let c = s.players[p].hand.take(i);
    pile(&mut s.players[p]).push(c);
}

/// Puts a medarot from the deck face up on `cell`; returns its unit slot.
fn unit(game: &MedarotGame<'_>, s: &mut MedarotState, p: usize, id: CardId, cell: u8) -> u8 {
    let i = to_hand(s, p, id);
    game.place(s, p as u8, i as usize, cell);
    let (_, slot) = s.at(cell).unwrap();
    s.players[p].unit_mut(slot).face_up = true;
    slot
}

fn legal(game: &MedarotGame<'_>, s: &MedarotState) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(s, &mut out);
    out
}

fn rng() -> crate::GameRng {
    GameSeeds::new(99).rng(0)
}

/// Starts the turn of a unit (all other units have acted, so the phase ends after it).
fn activate(game: &MedarotGame<'_>, s: &mut MedarotState, p: usize, slot: u8) {
    for pl in &mut s.players {
        pl.units.iter_mut().flatten().for_each(|u| u.acted = true);
    }
    game.begin_activation(s, p as u8, slot);
}

fn with_game<R>(rules: Rules, f: impl FnOnce(&MedarotGame<'_>, &CardPool) -> R) -> R {
    let pool = CardPool::example();
    let deck = test_deck(&pool);
    let game = MedarotGame::new(&pool, rules, &deck, &deck);
    f(&game, &pool)
}

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

fn attacks(game: &MedarotGame<'_>, s: &MedarotState) -> Vec<Action> {
    legal(game, s).into_iter().filter(|a| matches!(a, Action::Attack { .. })).collect()
}

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
    s.players[0].hp = hp;
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
        s.players[1].hp = 1;
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
        game.usable(&s, 0, Timing::Action, |src, _, _| again.push(src));
        assert!(again.is_empty(), "once a turn");
        game.end_phase(&mut s);
        assert_eq!(s.players[0].master, Some(rot(pool, "Battle Coach")));
        s.validate();
    });
}

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
fn not_moving_costs_one_hp() {
    with_game(Rules::default(), |game, pool| {
        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1); // arrows F L R
        activate(game, &mut s, 0, gun);
        let moves: Vec<_> = legal(game, &s).into_iter().filter(|a| matches!(a, Action::Move(_))).collect();
        assert_eq!(moves, vec![Action::Move(Dir::F), Action::Move(Dir::R), Action::Move(Dir::L)]);
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!((s.players[0].hp, s.players[0].stats.move_penalties), (19, 1));

        let mut s = blank(game);
        let gun = unit(game, &mut s, 0, med(pool, "Beetle Gunner"), 1);
        activate(game, &mut s, 0, gun);
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
        let fort = unit(game, &mut s, 1, med(pool, "Snail Fort"), 4); // seat 1, neutral, arrows F only
        activate(game, &mut s, 1, fort);
        assert!(!legal(game, &s).iter().any(|a| matches!(a, Action::Move(_))));
        s.players[1].hp = 0;
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
        game.apply(&mut s, Action::Done, &mut rng());
        assert_eq!(s.players[1].hp, 19, "cannot move, still pays");
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

/// Answers the optional start-phase decisions with `Done` until another decision or the end.
fn decline_options(game: &MedarotGame<'_>, s: &mut MedarotState) {
    while matches!(s.top(), Some(Step::ExtraDraw(_) | Step::StartStock(_))) {
        game.apply(s, Action::Done, &mut rng());
    }
}

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
        let keep: Vec<CardId> = s.players[1].deck.as_slice().iter().copied().filter(|&c| !game.is(c, CardKind::Medarot)).collect();
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
        for name in ["Horn Lancer", "Cat Blade", "Bat Scout", "Crow Sniper", "Fox Medic", "Owl Guardian", "Mole Driller"] {
            to_hand(&mut s, 0, med(pool, name));
        }
        game.draw_up_to(&mut s, 0, 2);
        game.run(&mut s, &mut rng());
        assert_eq!(s.top(), Some(Step::Discard(0, 2)));
        assert_eq!(legal(game, &s).len(), 9);
    });
}
