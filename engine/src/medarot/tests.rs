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
